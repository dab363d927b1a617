import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { PersonalDetailsSchema } from "~/lib/identity/signup-schemas";
import { normalizeEmail, PERSONAL_DETAILS_CONSTRAINT, personalDetailsErrors } from "~/lib/identity/signup-rules";
import { parse } from "@conform-to/react";
import { form } from "../../support/form";

// Sign-up step one is checked in the browser with signup-rules.ts (no Zod there) and on the server
// with PersonalDetailsSchema: every input must get the same messages from both.
const valid = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "Ada@Example.com",
  phone: "+1 (555) 010-2000",
  password: "Partwise-demo-1",
  confirmPassword: "Partwise-demo-1",
};
const variants: Record<string, (string | undefined)[]> = {
  firstName: [undefined, "", "   ", "A", " Ada ", "x".repeat(60), "x".repeat(61), ` ${"x".repeat(60)} `],
  lastName: [undefined, "", "  ", "x".repeat(61)],
  email: [undefined, "", "  ", "x@", "a@b.co", ` ${"a".repeat(245)}@partwise.test`, "a..b@x.io"],
  phone: [
    undefined,
    "",
    "   ",
    "123456",
    "1234567",
    "555-0100 ext 12",
    "1".repeat(21),
    "1".repeat(41),
    "(555) 010.2000",
  ],
  password: [undefined, "", "short1!", "alllower1!", "ALLUPPER1!", "NoDigits!!", "NoSpecial11", "x".repeat(129)],
  confirmPassword: [undefined, "", "Partwise-demo-1", "other", "x".repeat(129)],
};

const errorsOf = (reply: { error?: Record<string, string[] | null> | null }) =>
  Object.fromEntries(Object.entries(reply.error ?? {}).filter(([, messages]) => messages?.length));

function bothAnswers(values: Record<string, string | undefined>) {
  const formData = form(values);
  const zod = errorsOf(parseWithZod(formData, { schema: PersonalDetailsSchema }).reply());
  const light = errorsOf(
    parse(formData, {
      resolve(payload) {
        const error = personalDetailsErrors(payload);
        return Object.keys(error).length > 0 ? { error } : { value: payload };
      },
    }).reply(),
  );
  return { zod, light };
}

describe("sign-up step one without Zod", () => {
  it("gives PersonalDetailsSchema's messages, one field varied at a time", () => {
    for (const [name, values] of Object.entries(variants)) {
      for (const value of values) {
        const { zod, light } = bothAnswers({ ...valid, [name]: value });
        expect(light, JSON.stringify({ [name]: value })).toEqual(zod);
      }
    }
  });

  it("gives the same messages when every field is wrong at once", () => {
    for (const password of variants.password) {
      for (const confirmPassword of variants.confirmPassword) {
        const values = { firstName: "", lastName: "x".repeat(61), email: "x@", phone: "12", password, confirmPassword };
        const { zod, light } = bothAnswers(values);
        expect(light, JSON.stringify(values)).toEqual(zod);
      }
    }
  });

  it("has the schema's constraint attributes and its normalised email", () => {
    expect(PERSONAL_DETAILS_CONSTRAINT).toEqual(getZodConstraint(PersonalDetailsSchema));
    expect(normalizeEmail("  Ada@Example.COM ")).toBe("ada@example.com");
    expect(normalizeEmail("x@")).toBeNull();
  });
});
