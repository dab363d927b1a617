import { chromium } from "playwright-core";
const BASE = "http://127.0.0.1:8911";
const OUT = "/tmp/shots";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
async function session(width, email) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (email) {
    await page.goto(`${BASE}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Partwise-demo-1");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  }
  return { context, page };
}
for (const width of [375, 1280]) {
  {
    const { context, page } = await session(width);
    await page.goto(`${BASE}/login`);
    await page.getByLabel("Email").click();
    await page.waitForTimeout(300);
    await page.getByLabel("Email").fill("x@");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}/login-errors-${width}.png`, fullPage: true });
    await page.goto(`${BASE}/signup/client-personal-details`);
    await page.getByLabel("First name").click();
    await page.getByLabel("First name").fill("A");
    await page.getByLabel("Email").fill("x@");
    await page.getByLabel("Email").press("Tab");
    await page.getByLabel("Phone", { exact: true }).fill("12");
    await page.getByLabel("Phone", { exact: true }).press("Tab");
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${OUT}/signup-personal-${width}.png`, fullPage: true });
    await page.goto(`${BASE}/Signup/consultant`);
    await page.getByRole("button", { name: /Send|Apply/ }).first().click();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${OUT}/consultant-apply-${width}.png`, fullPage: true });
    await context.close();
  }
  {
    const { context, page } = await session(width, "demo@partwise.test");
    await page.goto(`${BASE}/company-profile?tab=business`);
    await page.screenshot({ path: `${OUT}/settings-business-${width}.png`, fullPage: true });
    await page.goto(`${BASE}/company-profile?tab=account`);
    await page.screenshot({ path: `${OUT}/settings-account-${width}.png`, fullPage: true });
    await context.close();
  }
  {
    const { context, page } = await session(width, "consultant7@partwise.test");
    await page.goto(`${BASE}/consultant/profile`);
    await page.screenshot({ path: `${OUT}/consultant-profile-${width}.png`, fullPage: false });
    await context.close();
  }
  {
    const { context, page } = await session(width, "manager@partwise.test");
    await page.goto(`${BASE}/manage/consultants/invitations`);
    await page.getByRole("button", { name: /Send invitation|Invite/ }).first().click();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${OUT}/manager-invite-${width}.png`, fullPage: true });
    await context.close();
  }
}
await browser.close();
console.log("shots done");
