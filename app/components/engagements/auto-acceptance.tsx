import { formatDateTime, isoDateTime } from "~/lib/shared/dates";

/**
 * When a delivery waiting for review is accepted without one (docs/decisions/078), in the words of
 * its reader: the business's panel and the consultant's deliverable page. Nothing when it is not
 * waiting (`at` null).
 */
export function AutoAcceptanceNote({ at, before, after }: { at: string | null; before: string; after: string }) {
  if (!at) return null;
  return (
    <p className="console-muted auto-acceptance">
      {before} <time dateTime={isoDateTime(at)}>{formatDateTime(at)}</time> {after}
    </p>
  );
}
