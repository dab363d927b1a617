import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { coachingSessions, deliveryItems, threadMeetings } from "~db/schema";
import { MEETING_LOCATION_MESSAGE } from "~/lib/conversations/meeting-copy";
import { threadPath } from "~/lib/conversations/thread-copy";
import { cancelRuleLabel, COACHING_TEXTS, SESSION_MONTH_FULL, SESSION_OUTSIDE_MONTH } from "~/lib/engagements/coaching";
import { businessEngagementPath, consultantDeliveryPath } from "~/lib/engagements/engagement-paths";
import { call, db, html, noticesOf, postForm } from "../helpers";
import { createRunningCoaching } from "../helpers/deliverables";
import { signedInClient, signedInConsultant, signedInMember } from "../../factories";

/**
 * Coaching through the pages (issue #41 item 3, docs/decisions/085): the coach proposes a session
 * on the month's page, the business books it in the conversation, the coach marks it held and the
 * business confirms it on its engagement. Bad input gets the field's message; another party gets
 * 404 (a viewer 403) and writes nothing.
 */

const page = async (path: string, token: string) =>
  (await (await call(path, { cookie: token })).text()).replace(/<!-- -->/g, "");
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe("coaching sessions through the pages", () => {
  it("proposes, books, marks held and confirms a session, each once, refusing others", async () => {
    const client = await signedInClient();
    const consultant = await signedInConsultant();
    const { outline, month, threadId } = await createRunningCoaching(client.business.id, consultant.user.id, day(0));
    const monthPath = consultantDeliveryPath(outline.id, month.id);
    const propose = (overrides: Record<string, string> = {}) => ({
      intent: "propose",
      key: crypto.randomUUID(),
      zone: "UTC",
      slot1Date: day(1),
      slot1Time: "15:00",
      slot2Date: day(2),
      slot2Time: "15:00",
      duration: "60",
      location: "https://meet.example.com/coaching",
      note: "",
      ...overrides,
    });

    // The month's page: the places, the rule, and the form at the plan's length.
    const before = await page(monthPath, consultant.token);
    expect(before).toContain(html(COACHING_TEXTS.tally(0, 2, 2)));
    expect(before).toContain(html(cancelRuleLabel(24)));
    expect(before).toContain(COACHING_TEXTS.proposeTitle);
    expect(before).toContain(html(COACHING_TEXTS.proposeIntro(60)));

    // Bad input: the field's message; a time outside the month; another consultant: 404.
    const bad = await postForm(monthPath, propose({ location: "somewhere" }), consultant.token);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(html(MEETING_LOCATION_MESSAGE));
    const outside = await postForm(monthPath, propose({ slot2Date: day(45) }), consultant.token);
    expect(outside.status).toBe(400);
    expect(await outside.text()).toContain(html(SESSION_OUTSIDE_MONTH));
    const other = await signedInConsultant();
    expect((await postForm(monthPath, propose(), other.token)).status).toBe(404);
    expect(await db().select().from(coachingSessions).where(eq(coachingSessions.itemId, month.id))).toEqual([]);

    // Proposed: a call in the conversation at the plan's length (the form's 30 minutes ignored).
    const first = propose({ duration: "30" });
    const proposed = await postForm(monthPath, first, consultant.token);
    expect(proposed.status).toBe(302);
    expect(proposed.headers.get("Location")).toBe(`${monthPath}?session=proposed`);
    expect(await page(`${monthPath}?session=proposed`, consultant.token)).toContain(
      html(COACHING_TEXTS.notices.proposed),
    );
    const [call1] = await db().select().from(threadMeetings).where(eq(threadMeetings.id, first.key));
    expect(call1).toMatchObject({ threadId, status: "proposed", durationMinutes: 60 });

    // The business sees it waiting on its engagement, and books it in the conversation.
    const engagementPath = businessEngagementPath(outline.id);
    const panel = await page(engagementPath, client.token);
    expect(panel).toContain(COACHING_TEXTS.states.proposed);
    expect(panel).toContain(COACHING_TEXTS.inConversation);
    const booked = await postForm(
      threadPath("business", threadId),
      { intent: "book", meetingId: first.key, slot: "1" },
      client.token,
    );
    expect(booked.status).toBeLessThan(400);

    // A second session takes the last place; a third is refused.
    expect((await postForm(monthPath, propose(), consultant.token)).status).toBe(302);
    const full = await postForm(monthPath, propose(), consultant.token);
    expect(full.status).toBe(409);
    expect(await full.text()).toContain(html(SESSION_MONTH_FULL));

    // The session's time passes; the coach marks it held (another coach: 404), the business is told.
    await db()
      .update(threadMeetings)
      .set({ startsAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(threadMeetings.id, first.key));
    const mark = { intent: "mark-held", sessionId: first.key };
    expect((await postForm(monthPath, mark, other.token)).status).toBe(404);
    const marked = await postForm(monthPath, mark, consultant.token);
    expect(marked.headers.get("Location")).toBe(`${monthPath}?session=held`);
    expect(await noticesOf(client.user.id, "session_held")).toHaveLength(1);

    // The business confirms it: a viewer may not (403), another business gets 404, nothing changes.
    const answer = { intent: "confirm-session", deliveryOutlineId: outline.id, sessionId: first.key };
    expect(await page(engagementPath, client.token)).toContain(COACHING_TEXTS.confirm);
    const viewer = await signedInMember(client.business.id, "viewer");
    expect((await postForm(engagementPath, answer, viewer.token)).status).toBe(403);
    const stranger = await signedInClient();
    expect((await postForm(engagementPath, answer, stranger.token)).status).toBe(404);
    const [held] = await db().select().from(coachingSessions).where(eq(coachingSessions.id, first.key));
    expect(held).toMatchObject({ confirmedAt: null, missedAt: null });
    const confirmed = await postForm(engagementPath, answer, client.token);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(html(COACHING_TEXTS.notices.confirmed));
    const [after] = await db().select().from(coachingSessions).where(eq(coachingSessions.id, first.key));
    expect(after).toMatchObject({ confirmedByUserId: client.user.id });
    expect(await page(monthPath, consultant.token)).toContain(COACHING_TEXTS.states.confirmed);
    // One place of two is held: the month waits for the other (or its end).
    const [stillActive] = await db().select().from(deliveryItems).where(eq(deliveryItems.id, month.id));
    expect(stillActive).toMatchObject({ status: "active" });
  });
});
