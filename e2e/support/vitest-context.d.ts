import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    /** Kort's SMTP listener for receipts by e-mail. */
    smtpPort: number;
  }
}
