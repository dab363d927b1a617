import { describe, expect, it } from "vitest";
import {
  carriesContactDetails,
  engagementEventText,
  messageLabel,
  messageParts,
  unreadMessagesText,
} from "~/lib/conversations/thread-copy";
import { parseCursor } from "~/lib/conversations/thread-schemas";
import { businessSeesThread, threadClosed } from "~/lib/conversations/thread-rules";
import { threadTitle } from "~/lib/conversations/thread-labels";

describe("contact details before the plan is signed (issue #39 item 7)", () => {
  it.each([
    ["Write to marcus@okafor-advisory.com", true],
    ["Call 207 555 0142", true],
    ["Call +1 (207) 555-0142 after 5", true],
    ["Our margin fell 12.5% in 2025 on 3 stores", false],
    ["Order 1234567 shipped", false],
    ["The email is on the invoice", false],
  ])("%s → %s", (body, expected) => {
    expect(carriesContactDetails(body)).toBe(expected);
  });
});

describe("a message's links", () => {
  it("cuts web addresses out of the text, without the sentence's punctuation; nothing else is a link", () => {
    expect(messageParts("See https://example.com/a?b=1. Or javascript:alert(1) and ftp://x.")).toEqual([
      { kind: "text", text: "See " },
      { kind: "link", href: "https://example.com/a?b=1", text: "https://example.com/a?b=1" },
      { kind: "text", text: ". Or javascript:alert(1) and ftp://x." },
    ]);
    expect(messageParts("(http://a.test/x)")).toEqual([
      { kind: "text", text: "(" },
      { kind: "link", href: "http://a.test/x", text: "http://a.test/x" },
      { kind: "text", text: ")" },
    ]);
    expect(messageParts("plain")).toEqual([{ kind: "text", text: "plain" }]);
  });
});

describe("thread rules", () => {
  const facts = (
    status: "proposed" | "accepted" | "declined" | "withdrawn",
    decision = "pending",
    responded = true,
  ) => ({
    status,
    businessDecisionStatus: decision as "pending" | "accepted" | "rejected",
    consultantRespondedAt: responded ? new Date() : null,
  });
  it("the business sees a candidate who said yes, also once withdrawn; never one who did not answer", () => {
    expect(businessSeesThread(facts("proposed", "pending", false))).toBe(false);
    expect(businessSeesThread(facts("accepted"))).toBe(true);
    expect(businessSeesThread(facts("declined"))).toBe(false);
    expect(businessSeesThread(facts("withdrawn"))).toBe(true);
    expect(businessSeesThread(facts("withdrawn", "pending", false))).toBe(false);
  });
  it("a thread closes when the candidacy ends without a match", () => {
    expect(threadClosed(facts("accepted"))).toBe(false);
    expect(threadClosed(facts("accepted", "accepted"))).toBe(false);
    expect(threadClosed(facts("accepted", "rejected"))).toBe(true);
    expect(threadClosed(facts("declined"))).toBe(true);
    expect(threadClosed(facts("withdrawn"))).toBe(true);
  });
});

describe("texts", () => {
  it("names, counts, cursors and the engagement's events", () => {
    const thread = {
      id: "t",
      matchRequestId: "m",
      category: "finance" as const,
      businessName: "Harbor & Pine",
      consultantFirstName: "Marcus",
      consultantLastName: "Okafor",
      outlineId: null,
    };
    expect(threadTitle("business", thread)).toBe("Marcus Okafor · Finance match");
    expect(threadTitle("consultant", thread)).toBe("Harbor & Pine · Finance match");
    expect(threadTitle("manager", thread)).toBe("Harbor & Pine and Marcus Okafor · Finance match");
    expect(unreadMessagesText(1)).toBe("1 unread message");
    expect(unreadMessagesText(1200)).toBe("1,200 unread messages");
    expect(messageLabel("Aisha")).toBe("Message Aisha");
    expect(parseCursor("1764489600000.m00001")).toEqual({ createdAt: 1764489600000, id: "m00001" });
    expect(parseCursor("x.1")).toBeNull();
    expect(parseCursor(null)).toBeNull();
    expect(engagementEventText({ kind: "plan_signed", version: 2, title: null, who: "Dana Whitfield" })).toBe(
      "Dana Whitfield signed version 2 of the statement of work.",
    );
    expect(engagementEventText({ kind: "item_revision", version: null, title: "Cash model", who: null })).toBe(
      "The business asked for changes to the deliverable “Cash model”.",
    );
    // Accepted by the daily run (docs/decisions/078), never said to be the business's acceptance.
    expect(
      engagementEventText({ kind: "item_accepted_automatically", version: null, title: "Cash model", who: null }),
    ).toBe(
      "The deliverable “Cash model” was accepted automatically: nobody reviewed it within 14 days of its delivery.",
    );
  });
});
