import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { SignInSchema } from "~/lib/identity/auth-schemas";
import { PasswordResetRequestSchema } from "~/lib/identity/password-reset-schema";
import { EMAIL_PATTERN, resetRequestErrors, signInErrors } from "~/lib/identity/sign-in-rules";
import { form } from "../../support/form";

// The login screen checks its forms in the browser with sign-in-rules.ts (no Zod there); the server
// with the Zod schemas. Both must answer every input with the same messages.
const emails = [
  undefined,
  "",
  "   ",
  "demo@partwise.test",
  "  demo@partwise.test  ",
  "Demo.User+tag@Example.CO.uk",
  "x@",
  "@partwise.test",
  "a@b",
  "a@b.c",
  "a..b@partwise.test",
  ".a@partwise.test",
  "a.@partwise.test",
  "a b@partwise.test",
  "o'brien@partwise.test",
  "a@-partwise.test",
  "a@partwise..test",
  `${"a".repeat(244)}@partwise.test`,
  `${"a".repeat(245)}@partwise.test`,
  "ünïcode@partwise.test",
];
const passwords = [undefined, "", " ", "Partwise-demo-1", "x".repeat(256), "x".repeat(257)];

function zodErrors(schema: z.ZodType, formData: FormData): Record<string, string[]> {
  const reply = parseWithZod(formData, { schema }).reply();
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(reply.error ?? {})) if (messages?.length) errors[name] = messages;
  return errors;
}

describe("sign-in rules without Zod", () => {
  it("copies Zod's email pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });

  it("gives the sign-in schema's messages for every input", () => {
    for (const email of emails) {
      for (const password of passwords) {
        const formData = form({ email, password });
        expect(signInErrors(formData), JSON.stringify({ email, password })).toEqual(zodErrors(SignInSchema, formData));
      }
    }
  });

  it("gives the reset-request schema's messages for every input", () => {
    for (const email of emails) {
      const formData = form({ email });
      expect(resetRequestErrors(formData), JSON.stringify({ email })).toEqual(
        zodErrors(PasswordResetRequestSchema, formData),
      );
    }
  });
});
