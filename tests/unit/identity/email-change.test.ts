import { describe, expect, it } from "vitest";
import { emailChangedNotice } from "~/server/identity/email-change.server";
import { parseEmailChangeForm } from "~/lib/identity/email-change";
import { form } from "../../support/form";

describe("the email change form", () => {
  it("trims and lowercases the new email and keeps the password as typed", () => {
    const submission = parseEmailChangeForm(form({ email: "  New.Me@Example.TEST ", password: " Pass word-1 " }));
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      email: "new.me@example.test",
      password: " Pass word-1 ",
    });
  });

  it("names each missing or invalid field, with the settings' form-level text", () => {
    const submission = parseEmailChangeForm(form({ email: "not-an-email", password: "" }));
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toEqual({
      "": ["Please fix the errors and try again."],
      email: ["Enter a valid email."],
      password: ["Enter your current password."],
    });
    const empty = parseEmailChangeForm(form({}));
    expect(empty.status === "error" && empty.error?.email).toEqual(["Enter your email."]);
  });
});

describe("the notice to the previous address", () => {
  it("says what the new sign-in email is, escaped in the HTML part", () => {
    const notice = emailChangedNotice("Rowan", "a&b@example.test");
    expect(notice.subject).toBe("Your Partwise sign-in email changed");
    expect(notice.text).toContain("Hi Rowan,");
    expect(notice.text).toContain("The email you sign in to Partwise with was changed to a&b@example.test.");
    expect(notice.text).toContain("If you did not, contact Partwise support at once.");
    expect(notice.html).toContain("changed to a&amp;b@example.test.");
  });
});
