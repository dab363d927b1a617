import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { fieldErrorsOf, loadSchemaCheck, schemaCheckIfReady } from "~/components/ui/schema-check";
import { BusinessDetailsSchema } from "~/lib/business/business-schemas";
import { ApplicationSchema } from "~/lib/consultants/invitation-schemas";
import { SignInSchema } from "~/lib/identity/auth-schemas";
import { PasswordResetRequestSchema } from "~/lib/identity/password-reset-schema";
import { EMAIL_PATTERN } from "~/lib/identity/sign-in-rules";
import { normalizeEmail } from "~/lib/identity/signup-rules";
import { PersonalDetailsSchema } from "~/lib/identity/signup-schemas";
import {
  applicationSchema,
  businessDetailsSchema,
  passwordResetRequestSchema,
  personalDetailsSchema,
  signInSchema,
} from "~/lib/shared/form-schemas";
import { form } from "../../support/form";

// The login and sign-up pages load no Zod up front: each form fetches its action's own schema on
// first focus and checks with it (ADR 062). One schema per form, so there is nothing to keep in
// step; these tests hold the wiring and the texts people read.

const forms = [
  { name: "sign-in", load: signInSchema, schema: SignInSchema },
  { name: "reset request", load: passwordResetRequestSchema, schema: PasswordResetRequestSchema },
  { name: "personal details", load: personalDetailsSchema, schema: PersonalDetailsSchema },
  { name: "business details", load: businessDetailsSchema, schema: BusinessDetailsSchema },
  { name: "consultant application", load: applicationSchema, schema: ApplicationSchema },
];

/** What the browser shows for these fields: the fetched check's field errors. */
async function browserErrors(load: () => Promise<z.core.$ZodType>, values: Parameters<typeof form>[0]) {
  const check = await loadSchemaCheck(load);
  return fieldErrorsOf(check(form(values)));
}

describe("each form's check is its action's schema", () => {
  it.each(forms)("the $name form fetches the schema its action validates with", async ({ load, schema }) => {
    expect(await load()).toBe(schema);
    const check = await loadSchemaCheck(load);
    expect(schemaCheckIfReady(load)).toBe(check);
    // Fetched once per page: a second ask answers the same check.
    expect(await loadSchemaCheck(load)).toBe(check);
  });

  it("answers every field as the action does, the form's own errors left out", async () => {
    const values = { email: " x@ ", password: "x".repeat(257) };
    const action = parseWithZod(form(values), { schema: SignInSchema }).reply();
    expect(await browserErrors(signInSchema, values)).toEqual(action.error);
    expect(
      fieldErrorsOf(parseWithZod(form({ email: "demo@partwise.test", password: "p" }), { schema: SignInSchema })),
    ).toEqual({});
  });

  it("says what is wrong at login, in the spec's words", async () => {
    expect(await browserErrors(signInSchema, {})).toEqual({
      email: ["Enter your email."],
      password: ["Enter your password."],
    });
    expect(await browserErrors(signInSchema, { email: "a@b", password: "x".repeat(257) })).toEqual({
      email: ["Enter a valid email."],
      password: ["Password is too long."],
    });
    expect(await browserErrors(signInSchema, { email: "  Demo@Partwise.test ", password: "anything" })).toEqual({});
    expect(await browserErrors(passwordResetRequestSchema, { email: `${"a".repeat(245)}@partwise.test` })).toEqual({
      email: ["Enter a valid email."],
    });
  });

  it("says what is wrong in sign-up's first step", async () => {
    expect(
      await browserErrors(personalDetailsSchema, {
        firstName: " ",
        lastName: "x".repeat(61),
        email: "x@",
        phone: "12",
        password: "short1!",
        confirmPassword: "other",
      }),
    ).toEqual({
      firstName: ["Enter your first name."],
      lastName: ["Last name must be 60 characters or fewer."],
      email: ["Enter a valid email."],
      phone: ["Enter a valid phone number."],
      password: ["Required: 8 characters, 1 uppercase, 1 number, 1 special character."],
      confirmPassword: ["Passwords do not match"],
    });
    expect(await browserErrors(personalDetailsSchema, { password: "Partwise-demo-1" })).toMatchObject({
      phone: ["Enter your phone number."],
      confirmPassword: ["Confirm your password."],
    });
  });

  it("says what is wrong in the business step", async () => {
    expect(await browserErrors(businessDetailsSchema, { name: "x".repeat(121), state: "ZZ", naics: "33221" })).toEqual({
      name: ["Company name must be 120 characters or fewer."],
      clientRole: ["Enter your role."],
      city: ["Enter your city."],
      state: ["Select your state."],
      naics: ["NAICS must be a 6-digit number"],
      revenue: ["Please select your revenue"],
      employeeCount: ["Please select the number of employees"],
    });
    const valid = {
      name: "Acme Tools",
      clientRole: "Owner",
      city: "Denver",
      state: "CO",
      naics: " 332216 ",
      revenue: "< 5 million",
      employeeCount: "25-50",
    };
    expect(await browserErrors(businessDetailsSchema, valid)).toEqual({});
  });

  it("says what is wrong in a consultant's application", async () => {
    expect(
      await browserErrors(applicationSchema, {
        name: "Grace Liu",
        email: "grace@example.com",
        linkedinUrl: "http://www.linkedin.com/in/grace",
        businessAreas: ["finance", "nope"],
        message: "x".repeat(2001),
      }),
    ).toEqual({
      linkedinUrl: ["Enter a LinkedIn profile link starting with https://www.linkedin.com/."],
      "businessAreas[1]": ["Choose at least one business area."],
      message: ["Your message must be 2,000 characters or fewer."],
    });
    expect(
      await browserErrors(applicationSchema, { name: "Grace Liu", email: "grace@example.com", message: "Hi" }),
    ).toEqual({
      businessAreas: ["Choose at least one business area."],
    });
  });
});

describe("the email pattern sign-up asks availability with", () => {
  it("is Zod's, and gives the address as the server stores it", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(normalizeEmail("  Ada@Example.COM ")).toBe("ada@example.com");
    expect(normalizeEmail("x@")).toBeNull();
  });
});
