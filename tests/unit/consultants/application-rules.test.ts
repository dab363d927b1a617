import { parse } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { APPLICATION_CONSTRAINT, applicationErrors } from "~/lib/consultants/application-rules";
import { ApplicationSchema } from "~/lib/consultants/invitation-schemas";
import { form } from "../../support/form";

// The consultant application is checked in the browser with application-rules.ts (no Zod there)
// and on the server with ApplicationSchema: every input must get the same messages from both.
const valid: Record<string, string | string[] | undefined> = {
  name: "Grace Liu",
  email: "grace@example.com",
  linkedinUrl: "https://www.linkedin.com/in/grace",
  businessAreas: ["finance"],
  message: "Ten years of finance work.",
};
const variants: Record<string, (string | string[] | undefined)[]> = {
  name: [undefined, "", "  ", "x".repeat(120), "x".repeat(121)],
  email: [undefined, "", " ", "x@", ` ${"a".repeat(245)}@partwise.test`],
  linkedinUrl: [
    undefined,
    "",
    "  ",
    "http://www.linkedin.com/in/x",
    "https://linkedin.com/in/x",
    "https://evil.test",
    "not a url",
    `https://www.linkedin.com/${"x".repeat(300)}`,
  ],
  businessAreas: [undefined, [], ["finance", "finance"], ["nope"], ["finance", "nope", "also-nope"]],
  message: [undefined, "", "  ", "x".repeat(2000), "x".repeat(2001)],
};

const errorsOf = (reply: { error?: Record<string, string[] | null> | null }) =>
  Object.fromEntries(Object.entries(reply.error ?? {}).filter(([, messages]) => messages?.length));

function bothAnswers(values: Record<string, string | string[] | undefined>) {
  const formData = form(values);
  const zod = errorsOf(parseWithZod(formData, { schema: ApplicationSchema }).reply());
  const light = errorsOf(
    parse(formData, {
      resolve(payload) {
        const error = applicationErrors(payload);
        return Object.keys(error).length > 0 ? { error } : { value: payload };
      },
    }).reply(),
  );
  return { zod, light };
}

describe("consultant application without Zod", () => {
  it("gives ApplicationSchema's messages, one field varied at a time", () => {
    for (const [name, values] of Object.entries(variants)) {
      for (const value of values) {
        const { zod, light } = bothAnswers({ ...valid, [name]: value });
        expect(light, JSON.stringify({ [name]: value })).toEqual(zod);
      }
    }
  });

  it("gives the same messages for an empty form", () => {
    const { zod, light } = bothAnswers({});
    expect(Object.keys(zod).length).toBeGreaterThan(2);
    expect(light).toEqual(zod);
  });

  it("has the schema's constraint attributes", () => {
    expect(APPLICATION_CONSTRAINT).toEqual(getZodConstraint(ApplicationSchema));
  });
});
