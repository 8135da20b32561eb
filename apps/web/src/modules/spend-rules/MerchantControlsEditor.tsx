import { MERCHANT_CONTROL_MODES, MERCHANT_GROUP_IDS, type MerchantControlMode, type MerchantGroupId } from "@kort/core";
import { Checkbox, Group, SegmentedControl, Stack, Text, Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { MERCHANT_GROUP_KEYS } from "./merchant-labels.ts";

/** What the editor edits: merchant names as typed, one a line (split when sent). */
export type MerchantControlsDraft = { mode: MerchantControlMode; groups: MerchantGroupId[]; merchantsText: string };

export const emptyDraft = (): MerchantControlsDraft => ({ mode: "BLOCK", groups: [], merchantsText: "" });

export const draftOf = (controls: { mode: string; groups: readonly string[]; merchants: readonly string[] }) =>
  ({
    mode: controls.mode === "ALLOW_ONLY" ? "ALLOW_ONLY" : "BLOCK",
    groups: MERCHANT_GROUP_IDS.filter((group) => controls.groups.includes(group)),
    merchantsText: controls.merchants.join("\n"),
  }) satisfies MerchantControlsDraft;

/** The input the API takes: names trimmed, empty lines dropped (the server checks lengths and counts). */
export const controlsOfDraft = (draft: MerchantControlsDraft) => ({
  mode: draft.mode,
  groups: draft.groups,
  merchants: draft.merchantsText
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== ""),
});

/** BLOCK with nothing listed restricts nothing: the create panel then sends no controls. */
export const isEmptyDraft = (draft: MerchantControlsDraft): boolean =>
  draft.mode === "BLOCK" && draft.groups.length === 0 && controlsOfDraft(draft).merchants.length === 0;

/** Mode, merchant groups and named merchants (issue 19). */
export function MerchantControlsEditor({
  value,
  onChange,
  testId = "merchant-controls-editor",
}: {
  value: MerchantControlsDraft;
  onChange: (next: MerchantControlsDraft) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const modeLabels = { ALLOW_ONLY: t("spendRules.mode.ALLOW_ONLY"), BLOCK: t("spendRules.mode.BLOCK") };
  return (
    <Stack gap="sm" data-testid={testId}>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t("spendRules.modeLabel")}
        </Text>
        <SegmentedControl
          value={value.mode}
          onChange={(mode) => onChange({ ...value, mode: mode === "ALLOW_ONLY" ? "ALLOW_ONLY" : "BLOCK" })}
          data={MERCHANT_CONTROL_MODES.map((mode) => ({ value: mode, label: modeLabels[mode] }))}
          data-testid="merchant-mode"
        />
      </Stack>
      <Checkbox.Group
        label={t("spendRules.groups")}
        value={value.groups}
        onChange={(groups) => onChange({ ...value, groups: MERCHANT_GROUP_IDS.filter((id) => groups.includes(id)) })}
      >
        <Group gap="md" mt={4}>
          {MERCHANT_GROUP_IDS.map((group) => (
            <Checkbox
              key={group}
              value={group}
              label={t(MERCHANT_GROUP_KEYS[group])}
              data-testid={`merchant-group-${group}`}
            />
          ))}
        </Group>
      </Checkbox.Group>
      <Textarea
        label={t("spendRules.merchants")}
        description={t("spendRules.merchantsHint")}
        autosize
        minRows={2}
        maxRows={8}
        value={value.merchantsText}
        onChange={(event) => onChange({ ...value, merchantsText: event.currentTarget.value })}
        data-testid="merchant-names"
      />
    </Stack>
  );
}
