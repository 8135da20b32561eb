import { Anchor, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from "../../app/support.ts";
import { LEGAL_DOCUMENTS, type LegalDocument } from "./legal-texts.ts";

function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation();
  const texts = LEGAL_DOCUMENTS[document];
  return (
    <Stack gap="md" component="article" data-testid={`legal-${document}`}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t(texts.title)}
        </Title>
        <Text size="sm" c="dimmed">
          {t(texts.updated)}
        </Text>
      </Stack>
      <Text>{t(texts.intro)}</Text>
      {texts.sections.map((section) => (
        <Stack gap={4} component="section" key={section.title}>
          <Title order={2} size="h4">
            {t(section.title)}
          </Title>
          <Text>{t(section.body)}</Text>
        </Stack>
      ))}
      <Text>
        {t(texts.contact)}{" "}
        <Anchor href={SUPPORT_MAILTO} data-testid="legal-support">
          {SUPPORT_EMAIL}
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

/** `/terms`: Kort's terms of service, linked from the sign-up's consent. */
export function TermsPage() {
  return <LegalPage document="terms" />;
}

/** `/privacy`: Kort's privacy policy, linked from the sign-up's consent. */
export function PrivacyPage() {
  return <LegalPage document="privacy" />;
}
