import { parse } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { BUSINESS_DETAILS_CONSTRAINT, businessDetailsErrors } from "~/lib/business/business-rules";
import { BusinessDetailsSchema } from "~/lib/business/business-schemas";
import { form } from "../../support/form";

// Sign-up's business step is checked in the browser with business-rules.ts (no Zod there) and on
// the server with BusinessDetailsSchema: every input must get the same messages from both.
const valid = {
  name: "Acme Tools",
  clientRole: "Owner",
  city: "Denver",
  state: "CO",
  naics: "332216",
  revenue: "< 5 million",
  employeeCount: "25-50",
};
const variants: Record<string, (string | undefined)[]> = {
  name: [undefined, "", "   ", "A", "x".repeat(120), "x".repeat(121), ` ${"x".repeat(120)} `],
  clientRole: [undefined, "", " ", "x".repeat(80), "x".repeat(81)],
  city: [undefined, "", " ", "x".repeat(81)],
  state: [undefined, "", "co", "ZZ", "DC", "WY"],
  naics: [undefined, "", "  ", "33221", "3322161", " 332216 ", "33221a", "000000"],
  revenue: [undefined, "", "> 20 million", "5-10 Million", "other"],
  employeeCount: [undefined, "", "150+", "0-25", "1000"],
};

const errorsOf = (reply: { error?: Record<string, string[] | null> | null }) =>
  Object.fromEntries(Object.entries(reply.error ?? {}).filter(([, messages]) => messages?.length));

function bothAnswers(values: Record<string, string | undefined>) {
  const formData = form(values);
  const zod = errorsOf(parseWithZod(formData, { schema: BusinessDetailsSchema }).reply());
  const light = errorsOf(
    parse(formData, {
      resolve(payload) {
        const error = businessDetailsErrors(payload);
        return Object.keys(error).length > 0 ? { error } : { value: payload };
      },
    }).reply(),
  );
  return { zod, light };
}

describe("business details without Zod", () => {
  it("gives BusinessDetailsSchema's messages, one field varied at a time", () => {
    for (const [name, values] of Object.entries(variants)) {
      for (const value of values) {
        const { zod, light } = bothAnswers({ ...valid, [name]: value });
        expect(light, JSON.stringify({ [name]: value })).toEqual(zod);
      }
    }
  });

  it("gives the same messages when every field is wrong at once, and for an empty form", () => {
    const wrong = { name: "", clientRole: "x".repeat(81), city: " ", state: "ZZ", naics: "1", revenue: "x" };
    for (const values of [wrong, {}]) {
      const { zod, light } = bothAnswers(values);
      expect(Object.keys(zod).length).toBeGreaterThan(5);
      expect(light).toEqual(zod);
    }
  });

  it("has the schema's constraint attributes", () => {
    expect(BUSINESS_DETAILS_CONSTRAINT).toEqual(getZodConstraint(BusinessDetailsSchema));
  });
});
