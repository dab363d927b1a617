import { SHARED_DOCUMENTS_COPY as COPY, type SharedDocument } from "~/lib/files/shared-documents";

/**
 * The documents shared with one match or engagement (listSharedDocuments): name, where it comes
 * from, who added it and when, its size and the download. One list for the consultant's Documents
 * page and the console's match and engagement pages; rows wrap on a phone, nothing scrolls sideways.
 */
export function SharedDocumentList({
  documents,
  emptyText,
}: {
  documents: readonly SharedDocument[];
  emptyText: string;
}) {
  if (documents.length === 0) return <p className="console-muted">{emptyText}</p>;
  return (
    <ul className="shared-documents">
      {documents.map((document) => (
        <li key={document.key} className="shared-document">
          <p className="shared-document-name">{document.name}</p>
          <dl className="shared-document-facts">
            <div>
              <dt>{COPY.columns.source}</dt>
              <dd>{document.sourceLabel}</dd>
            </div>
            <div>
              <dt>{COPY.columns.addedBy}</dt>
              <dd>{document.addedBy}</dd>
            </div>
            <div>
              <dt>{COPY.columns.date}</dt>
              <dd>
                <time dateTime={document.dateIso}>{document.date}</time>
              </dd>
            </div>
            <div>
              <dt>{COPY.columns.size}</dt>
              <dd>{document.size}</dd>
            </div>
          </dl>
          <a
            className="button button-secondary shared-document-download"
            href={document.href}
            download={document.name}
            aria-label={COPY.downloadLabel(document.name)}
          >
            {COPY.download}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The console's "Documents" card of a match or engagement: the list for the request's assigned
 * manager, only how many for another manager (the downloads would refuse them).
 */
export function SharedDocumentsCard({
  titleId,
  shared,
}: {
  titleId: string;
  shared: { assignedToMe: boolean; count: number; documents: readonly SharedDocument[] };
}) {
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        {COPY.heading}
      </h2>
      {shared.assignedToMe || shared.count === 0 ? (
        <SharedDocumentList documents={shared.documents} emptyText={COPY.none} />
      ) : (
        <p className="console-muted">{COPY.hiddenUntilAssigned(shared.count)}</p>
      )}
    </section>
  );
}
