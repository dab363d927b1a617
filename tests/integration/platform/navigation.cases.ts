import { describe, expect, it } from "vitest";
import { signedInClient } from "../../factories";
import { call } from "../helpers";

/** The main navigation (app/components/shell/main-nav.tsx): every issue #16 page is an entry. */

const mainNav = (text: string) => /<nav id="main-nav"[\s\S]*?<\/nav>/.exec(text)?.[0] ?? "";
/** The <li> of the entry labelled `label`. */
const entry = (nav: string, label: string) =>
  nav.match(new RegExp(`<li>(?:(?!<li>)[\\s\\S])*?>${label}</span>[\\s\\S]*?</li>`))?.[0] ?? "";

describe("the main navigation", () => {
  it("links Documents Hub, Learning Center and Events, and marks the page open as current", async () => {
    const client = await signedInClient();
    const dashboard = mainNav(await (await call("/dashboard", { cookie: client.token })).text());
    expect(entry(dashboard, "Documents Hub")).toContain('href="/features?focus=Documents"');
    expect(entry(dashboard, "Learning Center")).toContain('href="/learning"');
    expect(entry(dashboard, "Events")).toContain('href="/events"');
    for (const label of ["Documents Hub", "Learning Center", "Events"]) {
      expect(entry(dashboard, label)).not.toContain("aria-disabled");
      expect(entry(dashboard, label)).not.toContain("aria-current");
    }
    // Only Engagements (no engagement yet) is still unavailable.
    expect(dashboard.match(/aria-disabled="true"/g)).toHaveLength(1);
    expect(entry(dashboard, "Engagements").replaceAll("<!-- -->", "")).toContain(
      "(available once a plan with a consultant is approved)",
    );
    expect(entry(dashboard, "Engagements")).not.toContain("Soon");

    const documents = mainNav(await (await call("/features?focus=documents", { cookie: client.token })).text());
    expect(entry(documents, "Documents Hub")).toContain('aria-current="page"');
    expect(entry(documents, "Insights")).not.toContain("aria-current");

    // Messages (issue #39): always available; current on the list and on a thread.
    expect(entry(dashboard, "Messages")).toContain('href="/messages"');
    expect(entry(dashboard, "Messages")).not.toContain("aria-disabled");
    const messages = mainNav(await (await call("/messages", { cookie: client.token })).text());
    expect(entry(messages, "Messages")).toContain('aria-current="page"');

    const events = mainNav(await (await call("/events", { cookie: client.token })).text());
    expect(entry(events, "Events")).toContain('aria-current="page"');
    expect(entry(events, "Dashboard")).not.toContain("aria-current");
  });
});
