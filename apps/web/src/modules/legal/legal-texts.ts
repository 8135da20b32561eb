/**
 * The sections of the terms and the privacy policy, in order: the keys of their titles and bodies in the
 * catalogues (public.terms, public.privacy), so each document is written once per language.
 */
export const LEGAL_DOCUMENTS = {
  terms: {
    title: "public.terms.title",
    updated: "public.terms.updated",
    intro: "public.terms.intro",
    contact: "public.terms.contact",
    sections: [
      { title: "public.terms.service.title", body: "public.terms.service.body" },
      { title: "public.terms.access.title", body: "public.terms.access.body" },
      { title: "public.terms.cards.title", body: "public.terms.cards.body" },
      { title: "public.terms.company.title", body: "public.terms.company.body" },
      { title: "public.terms.ending.title", body: "public.terms.ending.body" },
      { title: "public.terms.changes.title", body: "public.terms.changes.body" },
    ],
  },
  privacy: {
    title: "public.privacy.title",
    updated: "public.privacy.updated",
    intro: "public.privacy.intro",
    contact: "public.privacy.contact",
    sections: [
      { title: "public.privacy.controller.title", body: "public.privacy.controller.body" },
      { title: "public.privacy.data.title", body: "public.privacy.data.body" },
      { title: "public.privacy.purpose.title", body: "public.privacy.purpose.body" },
      { title: "public.privacy.sharing.title", body: "public.privacy.sharing.body" },
      { title: "public.privacy.retention.title", body: "public.privacy.retention.body" },
      { title: "public.privacy.rights.title", body: "public.privacy.rights.body" },
    ],
  },
} as const;

export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;
