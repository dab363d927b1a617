import { describe, expect, it } from "vitest";
import { EMPLOYEE_BANDS, REVENUE_BANDS } from "~db/schema";
import {
  BusinessDetailsSchema,
  EMPLOYEE_BAND_MEDIANS,
  EMPLOYEE_OPTIONS,
  REVENUE_OPTIONS,
  US_STATES,
} from "~/lib/business/business-schemas";
import { NAICS_FORMAT_MESSAGE } from "~/lib/business/naics";
import { PASSWORD_RULES_MESSAGE, PASSWORDS_DO_NOT_MATCH } from "~/lib/identity/password-rules";
import { isValidPhone, PersonalDetailsSchema } from "~/lib/identity/signup-schemas";

const person = {
  firstName: "Avery",
  lastName: "Nguyen",
  email: "Avery.Nguyen@Example.com",
  phone: "+1 (207) 555-0142",
  password: "Harbor-light-42",
  confirmPassword: "Harbor-light-42",
};

/** The first message per field of a failed parse, or {} when it passes. */
function errorsOf(
  schema: {
    safeParse: (value: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
) {
  const result = schema.safeParse(value);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

describe("personal details schema", () => {
  it("accepts a complete sign-up, trimming names and lowercasing the email", () => {
    const result = PersonalDetailsSchema.safeParse({
      ...person,
      firstName: "  Avery ",
      email: "  Avery.Nguyen@Example.com ",
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ ...person, email: "avery.nguyen@example.com" });
  });

  it("names every missing field", () => {
    expect(errorsOf(PersonalDetailsSchema, {})).toEqual({
      firstName: "Enter your first name.",
      lastName: "Enter your last name.",
      email: "Enter your email.",
      phone: "Enter your phone number.",
      password: PASSWORD_RULES_MESSAGE,
      confirmPassword: "Confirm your password.",
    });
    expect(errorsOf(PersonalDetailsSchema, { ...person, firstName: "   ", lastName: "", email: " " })).toEqual({
      firstName: "Enter your first name.",
      lastName: "Enter your last name.",
      email: "Enter your email.",
    });
  });

  it("limits names to 60 characters", () => {
    expect(errorsOf(PersonalDetailsSchema, { ...person, firstName: "a".repeat(60), lastName: "b".repeat(60) })).toEqual(
      {},
    );
    expect(errorsOf(PersonalDetailsSchema, { ...person, firstName: "a".repeat(61), lastName: "b".repeat(61) })).toEqual(
      {
        firstName: "First name must be 60 characters or fewer.",
        lastName: "Last name must be 60 characters or fewer.",
      },
    );
  });

  it("rejects a malformed or overlong email", () => {
    for (const email of ["avery", "avery@", "@example.com", "avery at example.com", `${"a".repeat(250)}@example.com`]) {
      expect(errorsOf(PersonalDetailsSchema, { ...person, email })).toEqual({ email: "Enter a valid email." });
    }
  });

  it("accepts phone numbers as people type them and rejects others", () => {
    for (const phone of ["207-555-0142", "(207) 555 0142", "+44 20 7946 0958", "207.555.0142", "5550142"]) {
      expect(isValidPhone(phone)).toBe(true);
    }
    for (const phone of ["555-014", "call me", "207-555-0142 x12", "1".repeat(21), "+1 (207) 555-0142#"]) {
      expect(isValidPhone(phone)).toBe(false);
      expect(errorsOf(PersonalDetailsSchema, { ...person, phone })).toEqual({ phone: "Enter a valid phone number." });
    }
  });

  it("applies the sign-up password rules with the spec's message", () => {
    for (const password of ["short1!A", "harbor-light-42", "HARBOR-LIGHT-42", "Harbor-light", "Harborlight42"]) {
      const expected = password === "short1!A" ? {} : { password: PASSWORD_RULES_MESSAGE };
      expect(errorsOf(PersonalDetailsSchema, { ...person, password, confirmPassword: password })).toEqual(expected);
    }
    expect(errorsOf(PersonalDetailsSchema, { ...person, password: "Ab1!", confirmPassword: "Ab1!" })).toEqual({
      password: PASSWORD_RULES_MESSAGE,
    });
  });

  it("says 'Passwords do not match' on the confirmation, even while other fields are wrong", () => {
    expect(errorsOf(PersonalDetailsSchema, { ...person, confirmPassword: "Harbor-light-43" })).toEqual({
      confirmPassword: PASSWORDS_DO_NOT_MATCH,
    });
    expect(errorsOf(PersonalDetailsSchema, { password: "Harbor-light-42", confirmPassword: "nope" })).toMatchObject({
      firstName: "Enter your first name.",
      confirmPassword: PASSWORDS_DO_NOT_MATCH,
    });
  });
});

const business = {
  name: "Tidewater Bicycle Works",
  clientRole: "Owner",
  city: "Portland",
  state: "ME",
  naics: "459110",
  revenue: "5-10 million",
  employeeCount: "0-25",
};

describe("business details schema", () => {
  it("accepts the form's values, and the NAICS code as a number (spec §9)", () => {
    expect(BusinessDetailsSchema.parse(business)).toEqual(business);
    expect(BusinessDetailsSchema.parse({ ...business, naics: 459110 }).naics).toBe("459110");
    expect(BusinessDetailsSchema.parse({ ...business, name: "  Tidewater  " }).name).toBe("Tidewater");
  });

  it("names every missing field with the spec's texts", () => {
    expect(errorsOf(BusinessDetailsSchema, {})).toEqual({
      name: "Enter your company name.",
      clientRole: "Enter your role.",
      city: "Enter your city.",
      state: "Select your state.",
      naics: NAICS_FORMAT_MESSAGE,
      revenue: "Please select your revenue",
      employeeCount: "Please select the number of employees",
    });
    expect(NAICS_FORMAT_MESSAGE).toBe("NAICS must be a 6-digit number");
  });

  it("treats the placeholders and the old '25 - 50' default as not chosen", () => {
    expect(errorsOf(BusinessDetailsSchema, { ...business, revenue: "", employeeCount: "" })).toEqual({
      revenue: "Please select your revenue",
      employeeCount: "Please select the number of employees",
    });
    expect(errorsOf(BusinessDetailsSchema, { ...business, revenue: "5-10 Million", employeeCount: "25 - 50" })).toEqual(
      {
        revenue: "Please select your revenue",
        employeeCount: "Please select the number of employees",
      },
    );
  });

  it("needs exactly six digits for NAICS", () => {
    for (const naics of ["45911", "4591100", "45911a", "459 110", "", 45911, 4591100, 459110.5, -459110]) {
      expect(errorsOf(BusinessDetailsSchema, { ...business, naics })).toEqual({ naics: NAICS_FORMAT_MESSAGE });
    }
  });

  it("limits the text fields and knows only US states and DC", () => {
    expect(
      errorsOf(BusinessDetailsSchema, {
        ...business,
        name: "n".repeat(121),
        clientRole: "r".repeat(81),
        city: "c".repeat(81),
        state: "Maine",
      }),
    ).toEqual({
      name: "Company name must be 120 characters or fewer.",
      clientRole: "Role must be 80 characters or fewer.",
      city: "City must be 80 characters or fewer.",
      state: "Select your state.",
    });
    expect(US_STATES).toHaveLength(51);
    expect(US_STATES.find((state) => state.code === "DC")?.name).toBe("District of Columbia");
    expect(new Set(US_STATES.map((state) => state.code)).size).toBe(51);
  });

  it("offers exactly the bands of the data model, with capital-M revenue labels", () => {
    expect(REVENUE_OPTIONS.map((option) => option.value)).toEqual([...REVENUE_BANDS]);
    expect(REVENUE_OPTIONS.map((option) => option.label)).toEqual([
      "< 5 Million",
      "5-10 Million",
      "10-15 Million",
      "15-20 Million",
      "> 20 Million",
    ]);
    expect(EMPLOYEE_OPTIONS.map((option) => option.value)).toEqual([...EMPLOYEE_BANDS]);
    expect(EMPLOYEE_BAND_MEDIANS).toEqual({ "0-25": 13, "25-50": 38, "50-100": 75, "100-150": 125, "150+": 150 });
  });
});
