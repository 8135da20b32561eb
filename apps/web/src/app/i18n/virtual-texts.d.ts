/** A share of a language's catalogue, served by text-groups.plugin.ts. */
declare module "virtual:texts/*" {
  const texts: Record<string, unknown>;
  export default texts;
}
