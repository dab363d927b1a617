import { Form, Link, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { formatDate } from "~/lib/shared/dates";
import {
  DELETE_TEXTS,
  EXPORT_TEXTS,
  exportProgressText,
  PRIVACY_SCREENS,
  type PrivacyOwnerKind,
} from "~/lib/privacy/privacy-copy";
import { usePendingPost } from "~/components/ui/pending-post";

/** What the loader gives of the newest export (app/server/privacy/data-exports.server.ts exportView). */
export type DataExportState = {
  status: "queued" | "building" | "ready" | "failed";
  progress: number;
  open: boolean;
  downloadHref: string | null;
  expired: boolean;
  expiresAt: string | null;
} | null;

/** While an export is being built the page asks again every 2 seconds (without JavaScript: Refresh). */
const POLL_MS = 2000;

/**
 * "Your data" (docs/decisions/069): ask for an export of everything, see it being built, download
 * it for 7 days; and the way to delete (the business, or a consultant's own account). The export
 * form posts to its own route, which answers with a redirect back here, so it works without
 * JavaScript; a Refresh link reloads the progress.
 */
export function DataSection({
  kind,
  view: { exportState, blocker },
}: {
  kind: PrivacyOwnerKind;
  /** What the loader gives (app/server/privacy/data-section.server.ts dataSectionView). */
  view: { exportState: DataExportState; blocker: string | null };
}) {
  const {
    exportPath: exportAction,
    sectionHref: refreshHref,
    deletePath: deleteHref,
    deleteHeading,
    deleteIntro,
  } = PRIVACY_SCREENS[kind];
  const revalidator = useRevalidator();
  const open = exportState?.open ?? false;
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [open, revalidator]);
  const posting = usePendingPost(exportAction) !== null;

  return (
    <section className="stack settings-your-data" id="your-data" aria-labelledby="settings-your-data-title">
      <h2 id="settings-your-data-title" className="settings-heading">
        {EXPORT_TEXTS.heading}
      </h2>
      <p className="muted">{EXPORT_TEXTS.intro}</p>
      <div role="status" aria-live="polite" className="stack">
        {exportState ? (
          <p>
            {exportState.expired ? EXPORT_TEXTS.expired : exportProgressText(exportState.status, exportState.progress)}
          </p>
        ) : null}
        {exportState?.open ? (
          <progress max={100} value={exportState.progress} aria-label="Export progress">
            {exportState.progress}%
          </progress>
        ) : null}
      </div>
      {/* A div, not a p: a form inside a paragraph would break the paragraph (and hydration). */}
      <div className="button-row">
        {exportState?.downloadHref ? (
          <a href={exportState.downloadHref} className="button button-primary" download>
            {EXPORT_TEXTS.download}
          </a>
        ) : null}
        {exportState?.open ? (
          <a href={refreshHref} className="button button-secondary">
            {EXPORT_TEXTS.refresh}
          </a>
        ) : (
          <Form method="post" action={exportAction} replace>
            <button type="submit" className="button button-secondary" disabled={posting}>
              {EXPORT_TEXTS.request}
            </button>
          </Form>
        )}
      </div>
      {exportState?.downloadHref && exportState.expiresAt ? (
        <p className="muted">The link works until {formatDate(exportState.expiresAt)}.</p>
      ) : null}

      <h3 className="settings-heading">{deleteHeading}</h3>
      <p className="muted">{deleteIntro}</p>
      {blocker ? (
        <p className="notice">{blocker}</p>
      ) : (
        <p>
          <Link to={deleteHref} className="button button-danger">
            {DELETE_TEXTS.link}
          </Link>
        </p>
      )}
    </section>
  );
}
