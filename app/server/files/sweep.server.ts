import { and, asc, inArray, lt } from "drizzle-orm";
import { UNLINKED_FILE_MAX_AGE_DAYS, UNLINKED_FILE_SWEEP_LIMIT } from "~/lib/files/file-rules";
import { fileIsUnlinked } from "./files.server";
import type { AppContext } from "~/server/load-context";
import { files } from "~db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Ids per DELETE: D1 binds at most 100 parameters per query. */
const DELETE_CHUNK = 90;

/**
 * Removes abandoned uploads: files linked to nothing (no insight request, match request, message or
 * delivery item) and older than UNLINKED_FILE_MAX_AGE_DAYS, the oldest first, at most
 * UNLINKED_FILE_SWEEP_LIMIT per run. Each DELETE repeats the unlinked condition, so a file linked
 * between the SELECT and the DELETE stays; only the R2 keys the DELETE returned are removed.
 */
export async function sweepUnlinkedFiles(app: AppContext): Promise<{ removed: number }> {
  const cutoff = new Date(app.now().getTime() - UNLINKED_FILE_MAX_AGE_DAYS * DAY_MS);
  const candidates = await app.db
    .select({ id: files.id })
    .from(files)
    .where(and(fileIsUnlinked, lt(files.createdAt, cutoff)))
    .orderBy(asc(files.createdAt))
    .limit(UNLINKED_FILE_SWEEP_LIMIT);
  const ids = candidates.map((row) => row.id);
  if (ids.length === 0) return { removed: 0 };

  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += DELETE_CHUNK) chunks.push(ids.slice(i, i + DELETE_CHUNK));
  const [first, ...rest] = chunks.map((chunk) =>
    app.db
      .delete(files)
      .where(and(inArray(files.id, chunk), fileIsUnlinked))
      .returning({ r2Key: files.r2Key }),
  );
  const results = await app.db.batch([first, ...rest]);
  const keys = results.flat().map((row) => row.r2Key);
  // R2 deletes up to 1,000 keys per call.
  if (keys.length > 0) await app.files.delete(keys);
  return { removed: keys.length };
}
