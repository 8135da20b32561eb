import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { projects } from "../../platform/db/schema/index.ts";
import { client, type ErrorJson, uniqueEmail, uniquePhone } from "../auth/testing/auth-fixtures.ts";
import { randomKennitala } from "./testing/kennitala.ts";
import { complete, readyCompanySignUp } from "./testing/sign-up.ts";

/** Issue 9: a company's kennitala belongs to one project; a second sign-up with it is refused with a clear code. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const projectsWith = (kennitala: string) =>
  t.db
    .select()
    .from(projects)
    .where(eq(projects.kennitala, kennitala.replace("-", "")));

const person = () => ({ email: uniqueEmail("stofnandi"), phone: uniquePhone() });

describe("one company per kennitala", () => {
  it("refuses a second sign-up with the kennitala where it is entered, with 422", async () => {
    const kennitala = randomKennitala("company");
    const first = client(t.app);
    await complete(first, await readyCompanySignUp(first, t.db, { name: "Fyrsta ehf.", kennitala }, person()));

    const stranger = client(t.app);
    const response = await stranger({
      method: "POST",
      url: "/v1/onboarding",
      payload: { email: uniqueEmail("okunnugur"), company: { name: "Fyrsta ehf.", kennitala } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorJson>().error).toMatchObject({
      code: "COMPANY_ALREADY_REGISTERED",
      details: { path: "company.kennitala" },
    });
    expect(await projectsWith(kennitala)).toHaveLength(1);
  });

  it("refuses at completion a sign-up started before the company existed", async () => {
    const kennitala = randomKennitala("company");
    const early = client(t.app);
    const late = client(t.app);
    const earlyId = await readyCompanySignUp(early, t.db, { name: "Snemma ehf.", kennitala }, person());
    const lateId = await readyCompanySignUp(late, t.db, { name: "Seint ehf.", kennitala }, person());
    await complete(early, earlyId);
    const refused = await late({ method: "POST", url: `/v1/onboarding/${lateId}/complete` });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ErrorJson>().error.code).toBe("COMPANY_ALREADY_REGISTERED");
    expect((await projectsWith(kennitala)).map((project) => project.title)).toEqual(["Snemma ehf."]);
  });

  it("gives exactly one company to ten sign-ups completing at once with one kennitala", async () => {
    const kennitala = randomKennitala("company");
    const signUps = await Promise.all(
      Array.from({ length: 10 }, async (_, index) => {
        const send = client(t.app);
        const id = await readyCompanySignUp(send, t.db, { name: `Kapphlaup ${index} ehf.`, kennitala }, person());
        return { send, id };
      }),
    );
    const answers = await Promise.all(
      signUps.map(({ send, id }) => send({ method: "POST", url: `/v1/onboarding/${id}/complete` })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(422)]);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.json<ErrorJson>().error.code).toBe("COMPANY_ALREADY_REGISTERED");
    }
    expect(await projectsWith(kennitala)).toHaveLength(1);
  });

  it("keeps the rule in the database too: a second live project with the kennitala is refused", async () => {
    const kennitala = randomKennitala("company").replace("-", "");
    await t.db.insert(projects).values({ title: "Fyrir ehf.", kennitala });
    await expect(t.db.insert(projects).values({ title: "Afrit ehf.", kennitala })).rejects.toThrow();
  });
});
