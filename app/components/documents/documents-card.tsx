import { Link } from "@remix-run/react";
import { DashboardCard } from "~/components/dashboard/dashboard-card";
import { formatFileSize, formatPercent } from "~/lib/shared/numbers";
import { DOCUMENT_COPY } from "~/lib/documents/document-copy";
import { documentsHref } from "~/lib/documents/document-rules";
import { formatDate } from "~/lib/shared/dates";
import type { DocumentsSummary } from "~/server/documents/documents.server";

/**
 * The dashboard's Documents Hub card: how many documents, the storage used against the plan's
 * quota and the three newest, each linking to its download (or its page); the card opens the hub.
 */
export function DocumentsCard({ summary }: { summary: DocumentsSummary }) {
  const { storage } = summary;
  return (
    <DashboardCard id="documents-card" title={DOCUMENT_COPY.cardTitle} to={documentsHref()}>
      <p className="documents-card-figures">
        <strong>{DOCUMENT_COPY.cardCount(summary.count)}</strong>
        <span className="muted">
          {" · "}
          {DOCUMENT_COPY.storageUsed(formatFileSize(storage.usedBytes), formatFileSize(storage.quotaBytes))}
        </span>
      </p>
      <meter
        className="documents-meter"
        min={0}
        max={storage.quotaBytes}
        value={Math.min(storage.usedBytes, storage.quotaBytes)}
        aria-label={DOCUMENT_COPY.storageHeading}
      >
        {formatPercent(storage.percent, { decimals: 0 })}
      </meter>
      {summary.newest.length === 0 ? (
        <p className="empty-state">{DOCUMENT_COPY.cardEmpty}</p>
      ) : (
        <ul className="documents-card-list" aria-label={DOCUMENT_COPY.newestHeading}>
          {summary.newest.map((row) => (
            <li key={row.key}>
              {row.downloadHref ? (
                <a href={row.downloadHref} className="documents-card-link" download>
                  {row.name}
                </a>
              ) : (
                <Link to={row.sourceHref} className="documents-card-link">
                  {row.name}
                </Link>
              )}
              <span className="muted documents-card-meta">{formatDate(row.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
