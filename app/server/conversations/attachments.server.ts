import type { AppContext } from "~/server/load-context";
import type { Viewer } from "~/server/identity/session.server";
import { messageAttachmentQuery, storedFileOf, type StoredFile } from "~/server/files/files.server";
import { accessOf, threadRowById } from "./participation.server";

/**
 * A file attached to a message of thread `threadId`, for a reader of the thread (docs/decisions/076):
 * the thread's facts and the file read in one batch, the reader's part checked in code (the same
 * accessOf as the pages), a hidden message's file only for engagement managers. Null for anyone
 * else, another thread's file, a malformed name or a missing object (the route answers 404 alike).
 */
export async function readAttachment(
  app: AppContext,
  viewer: Viewer,
  threadId: string,
  fileName: string,
): Promise<StoredFile | null> {
  const [threads, found] = await app.db.batch([
    threadRowById(app, threadId),
    messageAttachmentQuery(app, threadId, fileName),
  ]);
  const access = accessOf(viewer, threads[0]);
  const file = found[0];
  if (!access || !file || (file.hidden && access.party !== "manager")) return null;
  return storedFileOf(app, file);
}
