import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { invitationSql, namesFromEmail, newInvitationToken, parseArgs } from "../../../scripts/lib/staff-invite.mjs";

/** `npm run staff:invite` (scripts/staff-invite.mjs): its arguments, token and SQL. The browser test runs it for real. */

describe("staff:invite", () => {
  it("reads the email (lowercased), names from it unless given, the role and where to write", () => {
    expect(parseArgs(["--email", " Dana.Lee@Example.COM "])).toEqual({
      options: {
        email: "dana.lee@example.com",
        firstName: "Dana",
        lastName: "Lee",
        role: "admin",
        remote: false,
        persistTo: null,
        url: null,
      },
    });
    expect(
      parseArgs(["--email=ops@example.com", "--first-name", "Sam", "--role", "manager", "--persist-to", "/tmp/x"]),
    ).toMatchObject({ options: { firstName: "Sam", lastName: "", role: "manager", persistTo: "/tmp/x" } });
    expect(
      parseArgs(["--email", "a@example.com", "--remote", "--url", "https://app.partwise.example/some/path"]),
    ).toMatchObject({ options: { remote: true, url: "https://app.partwise.example" } });
    expect(namesFromEmail("jo-ann_smith+ops@example.com")).toEqual(["Jo", "Ann Smith Ops"]);
  });

  it("refuses what it cannot do, saying why", () => {
    expect(parseArgs([])).toEqual({ error: "--email is required." });
    expect(parseArgs(["--email", "nope"])).toEqual({ error: "nope is not an email address." });
    expect(parseArgs(["--email", "a@example.com", "--role", "owner"])).toEqual({
      error: "--role is admin or manager.",
    });
    expect(parseArgs(["--email", "a@example.com", "--remote"])).toEqual({
      error: "--remote needs --url, the deployed app's origin.",
    });
    expect(
      parseArgs(["--email", "a@example.com", "--remote", "--url", "https://x.example", "--persist-to", "d"]),
    ).toEqual({ error: "--persist-to is for the local database only." });
    expect(parseArgs(["--email", "a@example.com", "--url", "not a url"])).toEqual({ error: "not a url is not a URL." });
    expect(parseArgs(["--email"])).toEqual({ error: "--email needs a value." });
    expect(parseArgs(["--email", "a@example.com", "--force"])).toEqual({ error: "unknown argument --force." });
  });

  it("makes a link token the invitation page takes, keeping only its SHA-256", () => {
    const { token, tokenHash } = newInvitationToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(newInvitationToken().token).not.toBe(token);
  });

  it("writes the invitation unless the email has an account, quoting what it is given, valid 7 days", () => {
    const sql = invitationSql({
      email: "o'brien@example.com",
      firstName: "Pat",
      lastName: "O'Brien",
      role: "admin",
      tokenHash: "ab".repeat(32),
      now: 1_800_000_000_000,
    });
    expect(sql).toContain(
      "'o''brien@example.com', 'Pat', 'O''Brien', 'admin', '" +
        "ab".repeat(32) +
        "', NULL, 1800000000000, 1800604800000",
    );
    expect(sql).toContain("WHERE NOT EXISTS (SELECT 1 FROM users WHERE email = 'o''brien@example.com')");
    expect(sql).toContain("ON CONFLICT (email) WHERE accepted_at IS NULL AND revoked_at IS NULL DO UPDATE SET");
    // Recorded in the audit trail, by Partwise through the command, under the same condition.
    expect(sql).toContain(
      `'system', 'staff.invited', 'staff_invitation', 'o''brien@example.com', '{"email":"o''brien@example.com","staffRole":"admin","via":"npm run staff:invite"}', NULL, NULL, 1800000000000`,
    );
  });
});
