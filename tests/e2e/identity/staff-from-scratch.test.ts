import { execFile, type ChildProcess } from "node:child_process";
import type { WriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { APP_ARGS, applyMigrations, startWranglerDev } from "../../../scripts/lib/e2e-server.mjs";
import { ROOT, stopGroup } from "../../../scripts/lib/proc.mjs";
import {
  ACTION_TIMEOUT_MS,
  browserTest,
  DESKTOP,
  expectNoAxeViolations,
  expectPath,
  NAVIGATION_TIMEOUT_MS,
} from "../support";

/**
 * Issue #38, "Staff in production": a database with every migration and nothing else (no seed, no
 * demo flows) is brought to a working console with only `npm run staff:invite` and the browser.
 * The suite's server has the demo's staff, so this file starts a second, empty `wrangler dev` of
 * its own; every page below is opened on that server.
 */

const ADMIN_PASSWORD = "Harbor-Admin-41";
const MANAGER_PASSWORD = "Harbor-Manager-42";

/** The console's sections an engagement manager sees; an admin sees Staff too, before Settings. */
const MANAGER_SECTIONS = [
  "Home",
  "Insight requests",
  "Match requests",
  "Engagements",
  "Money desk",
  "Consultants",
  "Events",
  "Learning",
  "Support messages",
  "Messages",
  "Notifications",
  "Audit trail",
  "Settings",
];
const ADMIN_SECTIONS = [...MANAGER_SECTIONS.slice(0, -1), "Staff", "Settings"];

const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const ADMIN_EMAIL = `avery-${unique}@example.com`;
const MANAGER_EMAIL = `jordan-${unique}@example.com`;

let server: { baseURL: string; persistTo: string; child: ChildProcess; log: WriteStream } | null = null;
let persistTo: string | null = null;

/** An address on the empty server. */
const at = (pathname: string) => `${server!.baseURL}${pathname}`;

beforeAll(async () => {
  persistTo = await mkdtemp(path.join(os.tmpdir(), "partwise-from-scratch-"));
  await applyMigrations(persistTo, { label: "staff-from-scratch: migrations" });
  const started = await startWranglerDev({
    persistTo,
    logFile: path.join(ROOT, "test-results", "e2e-staff-from-scratch.log"),
    args: APP_ARGS,
    label: "staff-from-scratch",
  });
  server = { ...started, persistTo };
});

afterAll(async () => {
  if (server) {
    await stopGroup(server.child);
    await new Promise((resolve) => server!.log.end(resolve));
  }
  if (persistTo) await rm(persistTo, { recursive: true, force: true });
});

/**
 * `npm run staff:invite` as an operator runs it beside the running app. The command writes with
 * `wrangler d1 execute --local` on the server's own SQLite file while `wrangler dev` runs, and the
 * server reads the row at once (the mid-flow tests' rows reach it the same way, engagements/d1.ts): run
 * after the server has started, it is told the port the app is really served on. Nothing uses the
 * empty server meanwhile, so its writes cannot meet this one's lock (SQLITE_BUSY).
 */
async function staffInvite(args: string[]): Promise<string[]> {
  // Rejects, with the command's output, when it exits non-zero.
  const { stdout } = await promisify(execFile)(process.execPath, ["scripts/staff-invite.mjs", ...args], {
    cwd: ROOT,
    timeout: 60_000,
  });
  return stdout.trimEnd().split("\n");
}

/** The link of the newest staff invitation emailed to `email`, from the empty server's outbox. */
async function staffInvitationFromOutbox(page: Page, email: string): Promise<string> {
  let text = "";
  for (let attempt = 0; attempt < 20 && !text; attempt++) {
    await page.goto(at(`/dev/outbox?to=${encodeURIComponent(email)}`));
    await page.getByRole("heading", { name: "Local email outbox", level: 1 }).waitFor();
    const mail = page.getByRole("article").filter({ hasText: "Your invitation to the Partwise console" }).first();
    if ((await mail.count()) > 0) text = (await mail.textContent()) ?? "";
    else await page.waitForTimeout(200);
  }
  const match = /https?:\/\/[^\s"]+\/staff-invitation\/[A-Za-z0-9_-]{43}/.exec(text);
  expect(match, `no staff invitation in the outbox for ${email}`).not.toBeNull();
  return match![0];
}

/** The names of the console navigation's links, in order. */
async function consoleSections(page: Page): Promise<string[]> {
  const links = page.getByRole("navigation", { name: "Console" }).getByRole("link");
  return (await links.allTextContents()).map((text) => text.trim());
}

/** Chooses the password on an invitation page and waits for the console. */
async function acceptInvitation(page: Page, password: string) {
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create my account", exact: true }).click();
  await expectPath(page, "/manage");
}

/**
 * A second person's browser on the empty server: its own cookies, and the checks browserTest makes
 * of the main page (hydration after each visit, console errors, axe) made here by hand.
 */
async function secondBrowser(context: BrowserContext) {
  const other = await context.browser()!.newContext({ baseURL: server!.baseURL, viewport: DESKTOP });
  other.setDefaultTimeout(ACTION_TIMEOUT_MS);
  other.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  const page = await other.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    // The refused sign-in (401) and the console's 404 after removal are expected.
    if (message.type() === "error" && !/status of (401|404)/.test(message.text())) {
      problems.push(`console.error at ${page.url()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`page error at ${page.url()}: ${error.message}`));
  const visit = async (pathname: string) => {
    const response = await page.goto(pathname);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    return response;
  };
  return { context: other, page, problems, visit };
}

describe("staff from scratch", () => {
  browserTest(
    "on an empty database, staff:invite's link makes the first admin, who invites an engagement manager and removes them",
    async ({ page, context }) => {
      // The operator's command: the admin's invitation, and the link as its last line.
      const output = await staffInvite([
        "--email",
        ADMIN_EMAIL,
        "--first-name",
        "Avery",
        "--last-name",
        "Admin",
        "--persist-to",
        server!.persistTo,
        "--url",
        server!.baseURL,
      ]);
      expect(output[0]).toBe(
        `staff:invite: invited Avery Admin <${ADMIN_EMAIL}> as admin in the local database (${server!.persistTo}).`,
      );
      const adminLink = output.at(-1)!;
      expect(adminLink).toMatch(new RegExp(`^${server!.baseURL}/staff-invitation/[A-Za-z0-9_-]{43}$`));

      // The first admin chooses a password and lands in the console.
      await page.goto(adminLink);
      await page.getByRole("heading", { name: "Welcome to Partwise, Avery", level: 1 }).waitFor();
      expect(await page.locator(".auth-lead").textContent()).toBe(
        `Partwise invited you to the Partwise console as an admin. Choose a password for ${ADMIN_EMAIL}; the console opens next.`,
      );
      await acceptInvitation(page, ADMIN_PASSWORD);
      await page.getByRole("heading", { name: "Hello, Avery Admin", level: 1 }).waitFor();
      expect(await consoleSections(page)).toEqual(ADMIN_SECTIONS);

      // Staff: the admin alone, no invitation open (their own was accepted).
      await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Staff", exact: true }).click();
      await expectPath(page, "/manage/staff");
      await page.getByRole("heading", { name: "Staff", level: 1 }).waitFor();
      const people = page.getByRole("list", { name: "Staff", exact: true }).getByRole("listitem");
      expect(await people.count()).toBe(1);
      await people.getByText("Avery Admin (you)", { exact: true }).waitFor();
      expect(await people.getByRole("button", { name: /^Remove / }).count()).toBe(0);
      await page.getByText("No open invitations.", { exact: true }).waitFor();

      // The admin invites an engagement manager.
      await page.getByLabel("First name", { exact: true }).fill("Jordan");
      await page.getByLabel("Last name", { exact: true }).fill("Reyes");
      await page.getByLabel("Email", { exact: true }).fill(MANAGER_EMAIL);
      await page.getByLabel("Role", { exact: true }).selectOption({ label: "Engagement manager" });
      await page.getByRole("button", { name: "Send invitation", exact: true }).click();
      await page.getByText("Invitation sent.", { exact: true }).waitFor();
      // The notice shows as the action answers; the list follows with the page's data.
      const invitation = page.getByRole("list", { name: "Staff invitations" }).getByRole("listitem");
      await invitation.getByText(`${MANAGER_EMAIL} · Engagement manager`, { exact: true }).waitFor();
      await invitation.getByText("Pending", { exact: true }).waitFor();
      // The invitee's name, and the inviter's (the batch once shifted one into the other).
      await invitation.getByText("Jordan Reyes", { exact: true }).waitFor();
      await invitation.getByText(/^Invited by Avery Admin on /).waitFor();
      expect(await invitation.count()).toBe(1);

      // The email's link follows the port the empty server is served on.
      const managerLink = await staffInvitationFromOutbox(page, MANAGER_EMAIL);
      expect(new URL(managerLink).origin).toBe(server!.baseURL);

      // The engagement manager, in a browser of their own, accepts and lands in the console without Staff.
      const manager = await secondBrowser(context);
      try {
        await manager.visit(managerLink);
        await manager.page.getByRole("heading", { name: "Welcome to Partwise, Jordan", level: 1 }).waitFor();
        expect(await manager.page.locator(".auth-lead").textContent()).toBe(
          `Avery Admin invited you to the Partwise console as an engagement manager. Choose a password for ${MANAGER_EMAIL}; the console opens next.`,
        );
        await expectNoAxeViolations(manager.page);
        await acceptInvitation(manager.page, MANAGER_PASSWORD);
        await manager.page.getByRole("heading", { name: "Hello, Jordan Reyes", level: 1 }).waitFor();
        expect(await consoleSections(manager.page)).toEqual(MANAGER_SECTIONS);
        expect((await manager.page.request.get("/manage/staff", { maxRedirects: 0 })).status()).toBe(404);

        // Back as the admin: the manager is listed, the invitation is gone; remove them.
        await page.goto(at("/manage/staff"));
        const managerRow = people.filter({ hasText: MANAGER_EMAIL });
        await managerRow.getByText("Jordan Reyes", { exact: true }).waitFor();
        expect(await managerRow.locator(".badge").textContent()).toBe("Engagement manager");
        expect(await managerRow.getByLabel("Role of Jordan Reyes", { exact: true }).inputValue()).toBe("manager");
        await page.getByText("No open invitations.", { exact: true }).waitFor();
        await page.getByRole("button", { name: "Remove Jordan Reyes", exact: true }).click();
        await page
          .getByText("Removed. They were signed out everywhere and can no longer sign in.", { exact: true })
          .waitFor();
        await managerRow.waitFor({ state: "detached" });
        expect(await people.count()).toBe(1);

        // The audit trail of the staff's matters, newest first: the command's invitation, the
        // admin joining, the invitation, the manager joining, the removal.
        await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Audit trail" }).click();
        await expectPath(page, "/manage/audit");
        // No business has signed up on this empty server: the search says so.
        await page.getByText("No business has signed up yet.", { exact: true }).waitFor();
        await page
          .getByRole("navigation", { name: "Trails" })
          .getByRole("link", { name: "Staff (the team, consultant vetting)", exact: true })
          .click();
        await page.getByRole("heading", { name: "Staff", level: 2 }).waitFor();
        const what = await page.locator('td[data-label="What"]').allTextContents();
        expect(what).toEqual([
          "Removed a staff member",
          "Joined the staff",
          "Invited a staff member",
          "Joined the staff",
          "Invited a staff member",
        ]);
        const who = await page.locator('td[data-label="Who"]').allTextContents();
        expect(who.at(-1)).toBe("Partwise");
        expect(who[0]).toBe(`Avery Admin (${ADMIN_EMAIL}) · Admin`);

        // The manager's next page load is signed out: the console is a plain 404, as for anyone
        // signed out, and the password no longer signs in.
        const after = await manager.visit("/manage");
        expect(after?.status()).toBe(404);
        await manager.page.getByRole("heading", { name: "Page not found", level: 1 }).waitFor();
        await manager.visit("/login");
        await manager.page.getByLabel("Email", { exact: true }).fill(MANAGER_EMAIL);
        await manager.page.getByLabel("Password", { exact: true }).fill(MANAGER_PASSWORD);
        await manager.page.getByRole("button", { name: "Login", exact: true }).click();
        await manager.page.getByText("The email or password you entered is incorrect.", { exact: true }).waitFor();
        expect(new URL(manager.page.url()).pathname).toBe("/login");
        await expectNoAxeViolations(manager.page);
        expect(manager.problems).toEqual([]);
      } finally {
        await manager.context.close();
      }
    },
    { timeout: 90_000 },
  );
});
