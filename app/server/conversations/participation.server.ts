import { eq } from "drizzle-orm";
import { matchCandidates } from "~db/schema";
import { getViewer } from "~/server/identity/session.server";
import type { AppContext } from "~/server/load-context";

// A stand-in for the conversations domain's participation rules (issue #39), written against the
// signature the domain publishes; the domain's own module replaces this file when it lands.

export type ThreadReader = { userId: string; threadId: string };

/** The signed-in person who may read this thread (session checked, role and participation checked), or null. */
export async function threadReaderFromRequest(
  app: AppContext,
  request: Request,
  threadId: string,
): Promise<ThreadReader | null> {
  const viewer = await getViewer(app, request);
  if (!viewer) return null;
  const [candidate] = await app.db
    .select({ businessId: matchCandidates.businessId, consultantId: matchCandidates.consultantId })
    .from(matchCandidates)
    .where(eq(matchCandidates.id, threadId))
    .limit(1);
  if (!candidate) return null;
  const { user } = viewer;
  const reads =
    user.role === "manager" ||
    (user.role === "consultant" && candidate.consultantId === user.id) ||
    (user.role === "client" && viewer.business?.id === candidate.businessId);
  return reads ? { userId: user.id, threadId } : null;
}
