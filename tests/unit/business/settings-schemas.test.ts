import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { BUSINESS_AREAS, EMPLOYEE_BANDS, SUPPORT_SUBJECTS } from "~db/schema";
import {
  BusinessInfoApiSchema,
  BusinessInfoFormSchema,
  businessInfoFromForm,
  EMPLOYEE_OPTIONS,
  FIX_ERRORS_MESSAGE,
  INSIGHT_AREAS,
  InsightPreferencesApiSchema,
  InsightPreferencesFormSchema,
  joinLocation,
  LOCATION_FORMAT_MESSAGE,
  membershipLabel,
  normalizeState,
  parsePasswordChangeForm,
  PasswordChangeSchema,
  PersonalInfoSchema,
  settingsTabFrom,
  splitLocation,
  STATE_UNKNOWN_MESSAGE,
} from "~/lib/business/settings-schemas";
import {
  MESSAGE_REQUIRED_MESSAGE,
  MESSAGE_TOO_LONG_MESSAGE,
  SUBJECT_REQUIRED_MESSAGE,
  SUPPORT_SUBJECT_OPTIONS,
  supportSubjectLabel,
  SupportMessageSchema,
} from "~/lib/support/support-schemas";
import { form } from "../../support/form";

const RULES = "Required: 8 characters, 1 uppercase, 1 number, 1 special character.";
const MISMATCH = "New passwords do not match!";

/** Messages per field, as Conform reports them to the form (and the server action replies them). */
function errorsOf(schema: Parameters<typeof parseWithZod>[1]["schema"], entries: Record<string, string>) {
  const submission = parseWithZod(form(entries), { schema });
  return submission.status === "success" ? {} : (submission.error ?? {});
}

describe("location 'City, State'", () => {
  it("splits at the first comma and trims both sides", () => {
    expect(splitLocation("Portland, ME")).toEqual({ city: "Portland", state: "ME" });
    expect(splitLocation("  Saint Paul ,  MN  ")).toEqual({ city: "Saint Paul", state: "MN" });
    expect(splitLocation("Washington, D.C., USA")).toEqual({ city: "Washington", state: "D.C., USA" });
  });

  it("is null without a comma or with an empty side", () => {
    expect(splitLocation("Portland ME")).toBeNull();
    expect(splitLocation("Portland,")).toBeNull();
    expect(splitLocation(", ME")).toBeNull();
    expect(splitLocation("")).toBeNull();
  });

  it("accepts a state as its code or its name, in any case", () => {
    expect(normalizeState("ME")).toBe("ME");
    expect(normalizeState("me")).toBe("ME");
    expect(normalizeState("Maine")).toBe("ME");
    expect(normalizeState("new york")).toBe("NY");
    expect(normalizeState("Atlantis")).toBeNull();
  });

  it("joins a stored city and state back into one field", () => {
    expect(joinLocation("Portland", "ME")).toBe("Portland, ME");
    expect(joinLocation("Portland", "")).toBe("Portland");
  });

  it("is one form field with the spec's message when there is no comma", () => {
    expect(
      errorsOf(BusinessInfoFormSchema, { name: "A", role: "Owner", location: "Portland ME", employeeCount: "0-25" }),
    ).toEqual({
      location: [LOCATION_FORMAT_MESSAGE],
    });
    expect(errorsOf(BusinessInfoFormSchema, { name: "A", role: "Owner", employeeCount: "0-25" })).toEqual({
      location: [LOCATION_FORMAT_MESSAGE],
    });
    expect(
      errorsOf(BusinessInfoFormSchema, {
        name: "A",
        role: "Owner",
        location: "Portland, Atlantis",
        employeeCount: "0-25",
      }),
    ).toEqual({
      location: [STATE_UNKNOWN_MESSAGE],
    });
  });

  it("becomes city and state for the domain function", () => {
    const submission = parseWithZod(
      form({ name: " Harbor & Pine ", role: "Owner", location: " Bangor ,  maine ", employeeCount: "50-100" }),
      { schema: BusinessInfoFormSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(businessInfoFromForm(submission.value)).toEqual({
      name: "Harbor & Pine",
      role: "Owner",
      city: "Bangor",
      state: "ME",
      employeeCount: "50-100",
    });
  });
});

describe("business form and API", () => {
  it("requires company name, role and an employee band with the spec's text", () => {
    expect(errorsOf(BusinessInfoFormSchema, { location: "Portland, ME", employeeCount: "12" })).toEqual({
      name: ["Enter your company name."],
      role: ["Enter your role."],
      employeeCount: ["Please select the number of employees"],
    });
  });

  it("offers exactly the employee bands of the data model", () => {
    expect(EMPLOYEE_OPTIONS.map((option) => option.value)).toEqual([...EMPLOYEE_BANDS]);
  });

  it("takes naics as a number or a string, and revenue as optional", () => {
    const base = { name: "A", role: "Owner", city: "Portland", state: "ME", employeeCount: "0-25" };
    expect(BusinessInfoApiSchema.parse({ ...base, naics: 459110 }).naics).toBe("459110");
    expect(BusinessInfoApiSchema.parse({ ...base, naics: "459110" }).naics).toBe("459110");
    const withoutReadOnly = BusinessInfoApiSchema.parse(base);
    expect(withoutReadOnly.naics).toBeUndefined();
    expect(withoutReadOnly.revenue).toBeUndefined();
    expect(withoutReadOnly.state).toBe("ME");
    expect(BusinessInfoApiSchema.safeParse({ ...base, state: "Nowhere" }).error?.issues[0].message).toBe(
      STATE_UNKNOWN_MESSAGE,
    );
  });
});

describe("personal form", () => {
  it("lowercases the email and requires names", () => {
    const parsed = PersonalInfoSchema.parse({
      email: "  Dana@Example.TEST ",
      phone: "(207) 555-0134",
      firstName: " Dana ",
      lastName: "Whitfield",
    });
    expect(parsed).toEqual({
      email: "dana@example.test",
      phone: "(207) 555-0134",
      firstName: "Dana",
      lastName: "Whitfield",
    });
    expect(errorsOf(PersonalInfoSchema, { email: "not-an-email", phone: "(207) 555-0134" })).toEqual({
      email: ["Enter a valid email."],
      firstName: ["Enter your first name."],
      lastName: ["Enter your last name."],
    });
  });
});

describe("account (password change)", () => {
  const good = { password: "old-password", newPassword: "Newpass1!", confirmNewPassword: "Newpass1!" };

  it("accepts the settings rules", () => {
    expect(PasswordChangeSchema.safeParse(good).success).toBe(true);
  });

  it("takes any listed special, as sign-up does, and refuses a password without one with the spec's text", () => {
    expect(
      PasswordChangeSchema.safeParse({ ...good, newPassword: "Newpass1#", confirmNewPassword: "Newpass1#" }).success,
    ).toBe(true);
    const issues = PasswordChangeSchema.safeParse({
      ...good,
      newPassword: "Newpass12",
      confirmNewPassword: "Newpass12",
    }).error?.issues;
    expect(issues?.map((issue) => [issue.path.join("."), issue.message])).toEqual([["newPassword", RULES]]);
  });

  it("says 'New passwords do not match!' on the confirmation", () => {
    expect(errorsOf(PasswordChangeSchema, { ...good, confirmNewPassword: "Newpass1?" })).toEqual({
      confirmNewPassword: [MISMATCH],
    });
    // An empty confirmation gets the one mismatch message, not two.
    expect(errorsOf(PasswordChangeSchema, { password: "x", newPassword: "Newpass1!" })).toEqual({
      confirmNewPassword: [MISMATCH],
    });
  });

  it("adds 'Please fix the errors and try again.' to the form whenever a field has an error", () => {
    const submission = parsePasswordChangeForm(
      form({ password: "x", newPassword: "short", confirmNewPassword: "short" }),
    );
    expect(submission.status).toBe("error");
    expect(submission.status === "error" ? submission.error : null).toEqual({
      newPassword: [RULES],
      "": [FIX_ERRORS_MESSAGE],
    });

    // Empty inputs too (Conform reads them as missing): every field's own text plus the form's.
    const empty = parsePasswordChangeForm(form({ password: "", newPassword: "", confirmNewPassword: "" }));
    expect(empty.status === "error" ? empty.error : null).toEqual({
      password: ["Enter your current password."],
      newPassword: [RULES],
      "": [FIX_ERRORS_MESSAGE],
    });
    const mismatchOnly = parsePasswordChangeForm(form({ ...good, confirmNewPassword: "" }));
    expect(mismatchOnly.status === "error" ? mismatchOnly.error : null).toEqual({
      confirmNewPassword: [MISMATCH],
      "": [FIX_ERRORS_MESSAGE],
    });

    const valid = parsePasswordChangeForm(form(good));
    expect(valid.status).toBe("success");
  });

  it("requires the current password", () => {
    expect(errorsOf(PasswordChangeSchema, { newPassword: "Newpass1!", confirmNewPassword: "Newpass1!" })).toEqual({
      password: ["Enter your current password."],
    });
  });
});

describe("preferences", () => {
  it("lists the nine business areas once each", () => {
    expect(INSIGHT_AREAS.map((area) => area.key).sort()).toEqual([...BUSINESS_AREAS].sort());
    expect(INSIGHT_AREAS.map((area) => area.label)).toEqual([
      "Finance",
      "HR",
      "Leadership",
      "Management",
      "Marketing",
      "Operations",
      "Sales",
      "Strategy",
      "Technology",
    ]);
  });

  it("reads ticked boxes as true and missing ones as false", () => {
    const submission = parseWithZod(form({ finance: "on", sales: "on" }), { schema: InsightPreferencesFormSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      finance: true,
      hr: false,
      leadership: false,
      management: false,
      marketing: false,
      operations: false,
      sales: true,
      strategy: false,
      technology: false,
    });
  });

  it("needs a boolean for every area in the API", () => {
    const all = Object.fromEntries(BUSINESS_AREAS.map((area) => [area, true]));
    expect(InsightPreferencesApiSchema.safeParse({ insightPreferences: all }).success).toBe(true);
    const { hr: _hr, ...missingHr } = all;
    expect(InsightPreferencesApiSchema.safeParse({ insightPreferences: missingHr }).error?.issues[0].message).toBe(
      "insightPreferences.hr must be true or false.",
    );
    expect(InsightPreferencesApiSchema.safeParse({ insightPreferences: { ...all, hr: "yes" } }).success).toBe(false);
  });
});

describe("tabs and membership", () => {
  it("defaults to the Personal tab", () => {
    expect(settingsTabFrom(null)).toBe("personal");
    expect(settingsTabFrom("nonsense")).toBe("personal");
    expect(settingsTabFrom("preferences")).toBe("preferences");
  });

  it("shows STANDARD as Starter and PREMIUM as Scale", () => {
    expect(membershipLabel("BASIC")).toBe("Basic");
    expect(membershipLabel("STANDARD")).toBe("Starter");
    expect(membershipLabel("PREMIUM")).toBe("Scale");
  });
});

describe("support form", () => {
  it("offers the four subjects of the data model", () => {
    expect(SUPPORT_SUBJECT_OPTIONS.map((option) => option.value)).toEqual([...SUPPORT_SUBJECTS]);
    expect(supportSubjectLabel("techSupport")).toBe("Tech support");
  });

  it("requires a subject and a message with its texts", () => {
    expect(errorsOf(SupportMessageSchema, {})).toEqual({
      subject: [SUBJECT_REQUIRED_MESSAGE],
      message: [MESSAGE_REQUIRED_MESSAGE],
    });
    expect(errorsOf(SupportMessageSchema, { subject: "billing", message: "   " })).toEqual({
      subject: ["Choose a subject."],
      message: ["Write your message."],
    });
  });

  it("takes at most 5,000 characters", () => {
    expect(SupportMessageSchema.safeParse({ subject: "insights", message: "x".repeat(5000) }).success).toBe(true);
    expect(
      SupportMessageSchema.safeParse({ subject: "insights", message: "x".repeat(5001) }).error?.issues[0].message,
    ).toBe(MESSAGE_TOO_LONG_MESSAGE);
  });
});
