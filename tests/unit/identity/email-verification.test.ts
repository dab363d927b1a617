import { describe, expect, it } from "vitest";
import { isResendOutcome, resendReturnPath } from "~/lib/identity/email-verification";
import { verificationEmail } from "~/server/identity/email-verification.server";

/** Verified email's pure rules (docs/decisions/070). */
describe("where 'Send the link again' returns", () => {
  it("to the page it came from, with the outcome and without an earlier one", () => {
    expect(resendReturnPath("/dashboard", "sent")).toBe("/dashboard?verify-email=sent");
    expect(resendReturnPath("/features?focus=Insights&verify-email=sent", "limited")).toBe(
      "/features?focus=Insights&verify-email=limited",
    );
  });

  it("home for anything that is not a path of this site", () => {
    for (const value of ["//evil.test/x", "/\\evil.test", "https://evil.test/", "dashboard", null, 3]) {
      expect(resendReturnPath(value, "failed")).toBe("/?verify-email=failed");
    }
  });

  it("knows only its own outcomes", () => {
    expect(["sent", "limited", "failed"].every(isResendOutcome)).toBe(true);
    expect(isResendOutcome("toString")).toBe(false);
    expect(isResendOutcome(null)).toBe(false);
  });
});

describe("the verification email", () => {
  it("names the address, the link and how long it works, escaped in the HTML part", () => {
    const mail = verificationEmail("Nia <b>", "nia@example.test", "https://partwise.test/verify-email?token=abc");
    expect(mail.subject).toBe("Confirm your email address for Partwise");
    expect(mail.text).toContain("Open this link to confirm that nia@example.test is your email address.");
    expect(mail.text).toContain("expires in 7 days");
    expect(mail.text).toContain("https://partwise.test/verify-email?token=abc");
    expect(mail.html).not.toContain("<b>");
  });
});
