import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { matchCandidates, users } from "~db/schema";
import { createCandidateRow, createConsultant, createMatchRequestRow, db, sessionTokenFrom, signIn } from "../helpers";
import { signedInManager, signedInTeam } from "../../factories";

/**
 * What the conversations tests share (docs/decisions/072): a named consultant signed in, and a
 * thread (a match candidacy) of a business with them at a given state.
 */

/** A one-time form key (a message's or a call's id). */
export const key = () => crypto.randomUUID();

/** A consultant with the given name, signed in. */
export async function consultantSession(firstName: string, lastName: string) {
  const created = await createConsultant({}, { firstName, lastName });
  await db().update(users).set({ firstName, lastName }).where(eq(users.id, created.user.id));
  const response = await signIn(created.user.email);
  expect(response.status).toBe(200);
  return { ...created, token: sessionTokenFrom(response)! };
}

export type ThreadOptions = {
  /** The candidacy's state (default: accepted by the consultant, the business not decided). */
  state?: Partial<Pick<typeof matchCandidates.$inferInsert, "status" | "businessDecisionStatus">>;
  /** Whether the consultant answered (default true): from then on the business takes part. */
  responded?: boolean;
  /** The match's engagement manager. */
  assignedManagerId?: string;
};

/** A thread of business `businessId` with consultant `consultantId`, and each side's page of it. */
export async function openThread(businessId: string, consultantId: string, options: ThreadOptions = {}) {
  const request = await createMatchRequestRow(businessId, {
    status: "candidates_proposed",
    ...(options.assignedManagerId ? { assignedManagerId: options.assignedManagerId } : {}),
  });
  const row = await createCandidateRow(request.id, businessId, consultantId, { status: "accepted", ...options.state });
  if (options.responded !== false) {
    await db().update(matchCandidates).set({ consultantRespondedAt: new Date() }).where(eq(matchCandidates.id, row.id));
  }
  return {
    ...row,
    requestId: request.id,
    business: `/messages/${row.id}`,
    consultant: `/consultant/messages/${row.id}`,
    manager: `/manage/messages/${row.id}`,
  };
}

/** The people of the conversations tests: a business with a member of each role, a consultant, a manager. */
export async function threadPeople() {
  return {
    team: await signedInTeam(),
    consultant: await consultantSession("Marcus", "Okafor"),
    manager: await signedInManager({ staffRole: "manager" }),
  };
}

export type ThreadPeople = Awaited<ReturnType<typeof threadPeople>>;
export type Team = ThreadPeople["team"];
