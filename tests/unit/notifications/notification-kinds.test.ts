import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CLIENT_NOTIFICATION_GROUPS,
  CONSULTANT_NOTIFICATION_GROUPS,
  NOTIFICATION_GROUPS,
  NOTIFICATION_KINDS,
  isNotificationKind,
  notificationKind,
} from "~/lib/notifications/notification-kinds";
import {
  GROUP_LABELS,
  bellBadge,
  bellLabel,
  inAppPath,
  pageSummary,
  unreadSummary,
} from "~/lib/notifications/notification-copy";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("the notification kinds registry", () => {
  it("lists every kind the code passes to notify() or writes as a notification", () => {
    const written = new Set<string>();
    for (const file of sources("app/server")) {
      const text = readFileSync(file, "utf8");
      if (!/notify\(|Notice\b|insert\(notifications\)/.test(text)) continue;
      for (const match of text.matchAll(/kind(?::|,)?\s*(?:[^"'\n]*?)["'`]([a-z_]+)["'`]/g)) written.add(match[1]!);
    }
    // The deliverable notices take their kind from a union type; the benchmarking one from a constant.
    for (const match of readFileSync("app/server/engagements/deliverable-notices.server.ts", "utf8")
      .split("DeliverableNoticeKind =")[1]!
      .split(";")[0]!
      .matchAll(/"([a-z_]+)"/g))
      written.add(match[1]!);
    const constant = /BENCHMARKING_READY_KIND = "([a-z_]+)"/.exec(
      readFileSync("app/server/benchmarking/benchmark-build.server.ts", "utf8"),
    );
    written.add(constant![1]!);
    // Other `kind`s the scan meets in those files: direct emails (sendEmail, not notify), a job
    // kind, an engagement note kind, a local parameter and a purchase kind; the identity emails (ADR 050).
    const notNotifications = new Set([
      "consultant_invitation",
      "email_changed",
      "email_change_verify",
      "email_change_requested",
      // A /verify-email link's kind (docs/decisions/070): it changes the address or confirms it.
      "change",
      "verify",
      "email_verification",
      "password_changed",
      "password_reset",
      "benchmarking",
      "note",
      "ready",
      "subscription",
      // An outline's kind and a match's type (docs/decisions/082), an audit actor's kind, and the
      // item review's answer kinds, in files that also notify (or name giveNotice).
      "retainer",
      "coaching",
      "fractional",
      "client",
      "consultant",
      "reply",
      "checkout",
      // A purchase's kind (the retainers' declined charge, docs/decisions/082).
      "delivery_item",
    ]);
    const missing = [...written].filter((kind) => !notNotifications.has(kind) && !isNotificationKind(kind));
    expect(missing).toEqual([]);
    // And no entry is dead: every registered kind is a string the server code uses.
    const literals = new Set(
      sources("app/server").flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(/"([a-z_]+)"/g)].map((m) => m[1]!),
      ),
    );
    expect(Object.keys(NOTIFICATION_KINDS).filter((kind) => !literals.has(kind))).toEqual([]);
    expect(Object.keys(NOTIFICATION_KINDS)).toHaveLength(49);
  });

  it("marks payments, signatures, the export the person asked for and the review deadlines essential, and nothing else", () => {
    const essential = Object.entries(NOTIFICATION_KINDS)
      .filter(([, entry]) => entry.essential)
      .map(([kind]) => kind)
      .sort();
    expect(essential).toEqual([
      "data_export_ready",
      // A dispute holds or moves money (docs/decisions/079).
      "dispute_settled",
      "duplicate_payment_refunded",
      "duplicate_subscription_canceled",
      // The monthly statements of money (docs/decisions/081).
      "earnings_statement_ready",
      // Extra hours to approve are a purchase the business decides on (docs/decisions/084).
      "extra_hours_requested",
      // A delivery nobody reviewed is paid from the business's prepayment (docs/decisions/078).
      "item_accepted_automatically",
      "item_disputed",
      "item_paid",
      // A declined charge of the card on file: the deliverable waits for its payment (docs/decisions/082).
      "item_payment_declined",
      "item_refunded",
      "item_review_reminder",
      "payouts_enabled",
      "plan_signed",
      // Notice ending a retainer ends its billing (docs/decisions/082).
      "retainer_notice_given",
      "statement_ready",
    ]);
  });

  it("puts every kind in a known group, with a label", () => {
    for (const [kind, entry] of Object.entries(NOTIFICATION_KINDS)) {
      expect(NOTIFICATION_GROUPS, kind).toContain(entry.group);
      expect(entry.label.length, kind).toBeGreaterThan(0);
    }
    for (const group of [...CLIENT_NOTIFICATION_GROUPS, ...CONSULTANT_NOTIFICATION_GROUPS]) {
      expect(GROUP_LABELS[group].label.length).toBeGreaterThan(0);
    }
  });

  it("treats an unknown kind as essential, so its email is never lost", () => {
    expect(notificationKind("brand_new_kind")).toEqual({
      label: "brand_new_kind",
      essential: true,
      group: "engagements",
    });
    expect(notificationKind("insight_ready")).toEqual({ label: "Insight ready", essential: false, group: "insights" });
  });
});

describe("notification texts", () => {
  it("names the unread count in the bell", () => {
    expect(bellLabel(0)).toBe("Notifications");
    expect(bellLabel(3)).toBe("Notifications, 3 unread");
    expect(bellLabel(3, 1)).toBe("Notifications, 4 unread: 3 notifications and 1 message");
    expect(bellLabel(1, 2)).toBe("Notifications, 3 unread: 1 notification and 2 messages");
    expect(bellLabel(0, 2)).toBe("Notifications, 2 unread: 2 messages");
    expect(bellBadge(0)).toBeNull();
    expect(bellBadge(7)).toBe("7");
    expect(bellBadge(120)).toBe("99+");
    expect(unreadSummary(0)).toBe("No unread notifications");
    expect(unreadSummary(2)).toBe("2 unread");
    expect(pageSummary(2, 5)).toBe("Page 2 of 5");
  });

  it("follows only in-app links", () => {
    expect(inAppPath("/insights/1")).toBe("/insights/1");
    expect(inAppPath("//evil.test")).toBeNull();
    expect(inAppPath("/\\evil.test")).toBeNull();
    expect(inAppPath("https://evil.test")).toBeNull();
    expect(inAppPath(null)).toBeNull();
  });
});
