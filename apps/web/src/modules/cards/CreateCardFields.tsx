import { CARD_NAME_MAX_LENGTH, FORM_LIMIT_PERIODS, isoDate } from "@kort/core";
import { Input, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { useFormatMoney } from "../../app/i18n/useFormatMoney.ts";
import { AmountInput } from "../../ui/amount-input/AmountInput.tsx";
import { DateField } from "../../ui/date-field/DateField.tsx";
import { Dropdown } from "../../ui/dropdown/Dropdown.tsx";
import { LIMIT_PERIOD_KEYS } from "./card-labels.ts";
import type { CardCreateHolder } from "./cards.graphql.ts";
import { type CreateCardForm, isPastDay } from "./create-card-form.ts";

export type CreateCardFieldsProps = {
  form: CreateCardForm;
  update: (patch: Partial<CreateCardForm>) => void;
  holders: readonly CardCreateHolder[];
  teams: readonly { id: string; name: string }[];
  categories: readonly { id: string; title: string; code: string }[];
  needsTeam: boolean;
  /** Limit check codes from the server (spec 5). */
  blocked: readonly string[];
  overAccountLimit: boolean;
  /** The company's credit limit and what is available of it (spec 5), named when the amount is over them. */
  accountBalance: { credit_limit: string; available: string } | undefined;
};

/** Step 1 of the create-card panel (spec 2 and 5): name, holder, team, category, amount, period, close date. */
export function CreateCardFields({ form, update, holders, teams, categories, ...state }: CreateCardFieldsProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery("(max-width: 30em)");
  const nameTooLong = form.cardName.length > CARD_NAME_MAX_LENGTH;
  const now = new Date();
  const today = isoDate(now);
  // Submit is greyed out for a past close date (canSubmitCard): the field says why.
  const closeDatePast = form.willCloseAt !== null && isPastDay(form.willCloseAt, now);
  const money = useFormatMoney();
  const overAccountLimit = () =>
    state.accountBalance
      ? t("cards.errors.overAccountLimitOf", {
          limit: money(Number(state.accountBalance.credit_limit)),
          available: money(Number(state.accountBalance.available)),
        })
      : t("cards.errors.overAccountLimit");
  const amountError = state.blocked.includes("LIMIT_BLOCKED_OVER_MAX_LIMIT")
    ? t("cards.errors.overMaxLimit")
    : state.overAccountLimit || state.blocked.includes("CARD_LIMIT_TOO_HIGH")
      ? overAccountLimit()
      : undefined;
  const selfError = state.blocked.includes("LIMIT_BLOCKED_CANT_ISSUE_TO_SELF")
    ? t("cards.errors.cantIssueToSelf")
    : null;
  return (
    <Stack gap="md">
      <TextInput
        label={t("cards.form.name")}
        withAsterisk
        maxLength={CARD_NAME_MAX_LENGTH + 1}
        value={form.cardName}
        onChange={(event) => update({ cardName: event.currentTarget.value })}
        error={nameTooLong ? t("cards.form.nameTooLong") : undefined}
        data-testid="card-name-input"
      />
      <Input.Wrapper label={t("cards.form.cardholder")} withAsterisk error={selfError} data-testid="cardholder-field">
        <Dropdown
          searchable
          placeholder={t("cards.form.cardholderPlaceholder")}
          options={holders.map((holder) => ({ id: holder.user_id, title: holder.full_name, subtitle: holder.email }))}
          value={form.userId}
          onChange={(userId) => update({ userId })}
          data-testid="cardholder-select"
        />
      </Input.Wrapper>
      <Input.Wrapper
        label={t("cards.form.team")}
        withAsterisk={state.needsTeam}
        description={state.needsTeam ? t("cards.form.teamRequired") : undefined}
      >
        <Dropdown
          toggleable
          placeholder={t("cards.form.teamPlaceholder")}
          options={teams.map((team) => ({ id: team.id, title: team.name }))}
          value={form.teamId}
          onChange={(teamId) => update({ teamId })}
          data-testid="card-team-select"
        />
      </Input.Wrapper>
      <Input.Wrapper label={t("cards.form.category")}>
        <Dropdown
          searchable
          toggleable
          placeholder={t("cards.form.categoryPlaceholder")}
          options={categories.map((category) => ({ id: category.id, title: category.title, subtitle: category.code }))}
          value={form.categoryId}
          onChange={(categoryId) => update({ categoryId })}
          data-testid="card-category-select"
        />
      </Input.Wrapper>
      <AmountInput
        label={t("cards.form.amount")}
        withAsterisk
        rightSection={<Text size="sm">{t("teams.currency")}</Text>}
        value={form.amount}
        onChange={(amount) => update({ amount })}
        error={amountError}
        data-testid="card-amount-input"
      />
      <Input.Wrapper label={t("cards.form.period")}>
        <SegmentedControl
          fullWidth
          // Four periods side by side need about 400 px: on a phone-wide panel they stand one above the other, rather
          // than the last ones being cut off (WCAG 1.4.10).
          orientation={narrow ? "vertical" : "horizontal"}
          value={String(form.limitPeriodId)}
          onChange={(value) => update({ limitPeriodId: Number(value) })}
          data={FORM_LIMIT_PERIODS.map((period, id) => ({ value: String(id), label: t(LIMIT_PERIOD_KEYS[period]) }))}
          data-testid="card-period-select"
        />
      </Input.Wrapper>
      {form.cardType === "EMPLOYEE_EXPENSE" && (
        <DateField
          label={t("cards.form.closeDate")}
          description={t("cards.form.closeDateHint")}
          firstDay={today}
          value={form.willCloseAt}
          onChange={(willCloseAt) => update({ willCloseAt })}
          error={closeDatePast ? t("cards.form.closeDatePast") : undefined}
          data-testid="card-close-date-input"
        />
      )}
    </Stack>
  );
}
