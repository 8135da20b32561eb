import { percentageToBasisPoints } from "@kort/core";
import { Group, Stack, Tabs } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { MenuPage } from "../../app/shell/menu/MenuPage.tsx";
import { ExportAccountsTab } from "../exports/ExportAccountsTab.tsx";
import { SpendRulesTab } from "../spend-rules/SpendRulesTab.tsx";
import type { AccountingCategory } from "./accounting.graphql.ts";
import { useAccountingSettings, useDimensions, useTaxCategories } from "./accounting-queries.ts";
import { CaptureToleranceSetting } from "./CaptureToleranceSetting.tsx";
import { CategoriesTab } from "./CategoriesTab.tsx";
import { CategoryPanel } from "./CategoryPanel.tsx";
import { DimensionsTab } from "./DimensionsTab.tsx";
import { PlanSummary } from "./PlanSummary.tsx";
import { ReceiptRuleSetting } from "./ReceiptRuleSetting.tsx";
import { RulesTab } from "./RulesTab.tsx";
import { TaxCategoriesTab } from "./TaxCategoriesTab.tsx";
import { useAccountingPermissions } from "./useAccountingPermissions.ts";

type Panel = { opened: boolean; category: AccountingCategory | null };

const TABS = ["categories", "dimensions", "tax", "export-accounts", "rules", "spend-rules"] as const;

/** The tab the address names (`?tab=rules`), the categories otherwise. */
const tabOf = (asked: string | null): string => TABS.find((tab) => tab === asked) ?? "categories";

/**
 * `/accounting` (spec 2, needs category manage): the company's categories, its dimensions with their values and its
 * tax categories, its categorisation rules with Kort's proposals (issue 19), each in a tab, and the journal exports'
 * accounts; the plan above them; the create and edit category panel. Each tab has its own "new" button, so none
 * shows where it creates something else.
 */
export function AccountingPage() {
  return (
    <MenuPage item="accounting">
      <Accounting />
    </MenuPage>
  );
}

function Accounting() {
  const { t } = useTranslation();
  const permissions = useAccountingPermissions();
  const settings = useAccountingSettings();
  const taxes = useTaxCategories();
  const dimensions = useDimensions();
  const [panel, setPanel] = useState<Panel>({ opened: false, category: null });
  // The tab lives in the address, so a link (a rule proposal's notice) opens it and reload keeps it.
  const [params, setParams] = useSearchParams();

  return (
    <Stack gap="lg" data-testid="accounting-page">
      {settings.data && (
        <Group gap="xl">
          <PlanSummary settings={settings.data} />
          <ReceiptRuleSetting key={settings.data.receipt_missing_days} settings={settings.data} />
          <CaptureToleranceSetting settings={settings.data} />
        </Group>
      )}
      <Tabs
        value={tabOf(params.get("tab"))}
        onChange={(tab) => setParams(tab && tab !== "categories" ? { tab } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="categories" data-testid="tab-categories">
            {t("accounting.tabs.categories")}
          </Tabs.Tab>
          <Tabs.Tab value="dimensions" data-testid="tab-dimensions">
            {t("accounting.tabs.dimensions")}
          </Tabs.Tab>
          <Tabs.Tab value="tax" data-testid="tab-tax">
            {t("accounting.tabs.tax")}
          </Tabs.Tab>
          <Tabs.Tab value="export-accounts" data-testid="tab-export-accounts">
            {t("accounting.tabs.exportAccounts")}
          </Tabs.Tab>
          <Tabs.Tab value="rules" data-testid="tab-rules">
            {t("accounting.tabs.rules")}
          </Tabs.Tab>
          <Tabs.Tab value="spend-rules" data-testid="tab-spend-rules">
            {t("accounting.tabs.spendRules")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="categories" pt="md">
          <CategoriesTab
            onCreate={() => setPanel({ opened: true, category: null })}
            onEdit={(category) => setPanel({ opened: true, category })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="dimensions" pt="md">
          <DimensionsTab />
        </Tabs.Panel>
        <Tabs.Panel value="tax" pt="md">
          <TaxCategoriesTab canManage={permissions.taxCategories} />
        </Tabs.Panel>
        <Tabs.Panel value="export-accounts" pt="md">
          <ExportAccountsTab
            taxRates={(taxes.data ?? []).flatMap((tax) => {
              const rate = percentageToBasisPoints(tax.percentage);
              return rate === null ? [] : [rate];
            })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="rules" pt="md">
          <RulesTab canManage={permissions.categories} />
        </Tabs.Panel>
        <Tabs.Panel value="spend-rules" pt="md">
          <SpendRulesTab />
        </Tabs.Panel>
      </Tabs>
      <CategoryPanel
        opened={panel.opened}
        onClose={() => setPanel((previous) => ({ ...previous, opened: false }))}
        category={panel.category}
        plan={settings.data?.plan ?? "basic"}
        taxCategories={taxes.data ?? []}
        dimensions={dimensions.data?.nodes ?? []}
      />
    </Stack>
  );
}
