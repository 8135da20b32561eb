import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    /** Kort's SMTP listener for receipts by e-mail. */
    smtpPort: number;
    /** The server's process id, for the measurements (measure/) that wait until it is idle; undefined if unknown. */
    serverPid: number | undefined;
  }
}
