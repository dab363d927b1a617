import { Form, Link } from "@remix-run/react";
import { RoleNotice, useMemberCan } from "~/components/business/role-gate";
import { FILE_ACCEPT } from "~/components/files/file-check";
import { formatFileSize, formatPercent } from "~/lib/shared/numbers";
import { DOCUMENT_COPY, DOCUMENT_SOURCE_LABELS } from "~/lib/documents/document-copy";
import {
  documentsHref,
  MAX_DOCUMENT_NAME_LENGTH,
  MAX_FOLDER_LENGTH,
  MAX_SEARCH_LENGTH,
  type DocumentGroup,
  type DocumentRow,
} from "~/lib/documents/document-rules";
import { formatDate } from "~/lib/shared/dates";
import type { DocumentsActionData, DocumentsHub } from "~/server/documents/documents.server";
import { usePosting } from "~/components/ui/pending-post";
import { Field } from "~/components/ui/field";

type Result = Pick<DocumentsActionData, "ok" | "msg" | "form" | "fileId" | "errors"> | null;

const FOLDER_LIST_ID = "document-folders";

/**
 * The Documents Hub on /features?focus=Documents: storage against the plan's quota, the upload of
 * company documents, search / sort / folder as a GET form (works without JavaScript), then every
 * document grouped by source. A company document has its own forms (rename, move, share, delete).
 */
export function DocumentsPanel({ hub, result }: { hub: DocumentsHub; result: Result }) {
  const filtering = hub.query.q !== "" || hub.query.folder !== "";
  const may = useMemberCan();
  return (
    <div className="documents-hub stack">
      <p className="documents-intro">{DOCUMENT_COPY.intro}</p>
      <StorageMeter storage={hub.storage} />
      {/* Each answer shows at the form that was used: here only a post no form makes. */}
      {result?.form === "page" ? <Outcome result={result} /> : null}
      <datalist id={FOLDER_LIST_ID}>
        {hub.folders.map((folder) => (
          <option key={folder} value={folder} />
        ))}
      </datalist>
      {/* A role that may not use the hub reads it: no upload form (docs/decisions/068). */}
      {may("useHub") ? (
        <UploadForm result={result?.form === "upload" ? result : null} />
      ) : (
        <RoleNotice action="useHub" />
      )}
      <FilterForm hub={hub} />
      {hub.groups.map((group) => (
        <DocumentGroupSection
          key={group.source}
          group={group}
          emptyText={filtering ? DOCUMENT_COPY.noMatches : DOCUMENT_COPY.noDocuments}
          hub={hub}
          result={result}
        />
      ))}
    </div>
  );
}

function StorageMeter({ storage }: { storage: DocumentsHub["storage"] }) {
  const text = DOCUMENT_COPY.storageUsed(formatFileSize(storage.usedBytes), formatFileSize(storage.quotaBytes));
  return (
    <section className="documents-storage" aria-labelledby="documents-storage-title">
      <h2 id="documents-storage-title" className="documents-subtitle">
        {DOCUMENT_COPY.storageHeading}
      </h2>
      <meter
        className="documents-meter"
        min={0}
        max={storage.quotaBytes}
        value={Math.min(storage.usedBytes, storage.quotaBytes)}
        aria-label={DOCUMENT_COPY.storageHeading}
        aria-describedby="documents-storage-text"
      >
        {formatPercent(storage.percent, { decimals: 0 })}
      </meter>
      <p id="documents-storage-text" className="documents-storage-text">
        {text}
      </p>
    </section>
  );
}

/** A form's answer: a status when it worked, an alert when it did not. */
function Outcome({ result, id }: { result: NonNullable<Result>; id?: string }) {
  return (
    <p id={id} className={result.ok ? "notice" : "notice notice-danger"} role={result.ok ? "status" : "alert"}>
      {result.msg}
    </p>
  );
}

function UploadForm({ result }: { result: Result }) {
  const busy = usePosting("document-upload");
  // A refusal names its field (the files or the folder); its message is that field's description.
  const filesError = result && !result.ok && result.errors.folder === undefined;
  const folderError = result && !result.ok && result.errors.folder !== undefined;
  return (
    <section className="documents-upload" aria-labelledby="documents-upload-title">
      <h2 id="documents-upload-title" className="documents-subtitle">
        {DOCUMENT_COPY.uploadHeading}
      </h2>
      <Form method="post" encType="multipart/form-data" className="documents-upload-form">
        <input type="hidden" name="intent" value="document-upload" />
        <Field
          id="document-files"
          label={DOCUMENT_COPY.uploadFiles}
          hint={DOCUMENT_COPY.uploadHint}
          invalid={Boolean(filesError)}
          describedBy={filesError ? "document-upload-result" : undefined}
        >
          {(control) => (
            <input {...control} className="input" type="file" name="files" multiple required accept={FILE_ACCEPT} />
          )}
        </Field>
        <Field
          id="document-upload-folder"
          label={DOCUMENT_COPY.uploadFolder}
          hint={DOCUMENT_COPY.folderHint}
          invalid={Boolean(folderError)}
          describedBy={folderError ? "document-upload-result" : undefined}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              name="folder"
              list={FOLDER_LIST_ID}
              maxLength={MAX_FOLDER_LENGTH}
              autoComplete="off"
            />
          )}
        </Field>
        {result ? <Outcome result={result} id="document-upload-result" /> : null}
        <button type="submit" className="button button-primary" disabled={busy}>
          {DOCUMENT_COPY.uploadButton}
        </button>
      </Form>
    </section>
  );
}

function FilterForm({ hub }: { hub: DocumentsHub }) {
  return (
    <section className="documents-filter" aria-labelledby="documents-filter-title">
      <h2 id="documents-filter-title" className="documents-subtitle">
        {DOCUMENT_COPY.filterHeading}
      </h2>
      {/* key: after Clear or a link to another query the fields show that query, not what was typed. */}
      <Form
        key={`${hub.query.q}\n${hub.query.sort}\n${hub.query.folder}`}
        method="get"
        action="/features"
        className="documents-filter-form"
        role="search"
      >
        <input type="hidden" name="focus" value="Documents" />
        <Field id="documents-q" label={DOCUMENT_COPY.search}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="search"
              name="q"
              defaultValue={hub.query.q}
              maxLength={MAX_SEARCH_LENGTH}
            />
          )}
        </Field>
        <Field id="documents-sort" label={DOCUMENT_COPY.sort}>
          {(control) => (
            <select {...control} className="input" name="sort" defaultValue={hub.query.sort}>
              <option value="newest">{DOCUMENT_COPY.sortNewest}</option>
              <option value="oldest">{DOCUMENT_COPY.sortOldest}</option>
              <option value="name">{DOCUMENT_COPY.sortName}</option>
            </select>
          )}
        </Field>
        <Field id="documents-folder" label={DOCUMENT_COPY.folderFilter}>
          {(control) => (
            <select {...control} className="input" name="folder" defaultValue={hub.query.folder}>
              <option value="">{DOCUMENT_COPY.allFolders}</option>
              {hub.folders.map((folder) => (
                <option key={folder} value={folder}>
                  {folder}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="documents-filter-actions">
          <button type="submit" className="button button-secondary">
            {DOCUMENT_COPY.applyFilters}
          </button>
          <Link to={documentsHref()} className="button button-ghost">
            {DOCUMENT_COPY.clearFilters}
          </Link>
        </div>
      </Form>
    </section>
  );
}

function DocumentGroupSection({
  group,
  emptyText,
  hub,
  result,
}: {
  group: DocumentGroup;
  emptyText: string;
  hub: DocumentsHub;
  result: Result;
}) {
  const titleId = `documents-group-${group.source}`;
  return (
    <section className="documents-group" aria-labelledby={titleId}>
      <h2 id={titleId} className="documents-subtitle">
        {DOCUMENT_SOURCE_LABELS[group.source]} <span className="muted">({group.rows.length})</span>
      </h2>
      {group.rows.length === 0 ? (
        <p className="empty-state">{emptyText}</p>
      ) : (
        <ul className="documents-list" aria-label={DOCUMENT_SOURCE_LABELS[group.source]}>
          {group.rows.map((row) => (
            <li key={row.key}>
              <DocumentItem
                row={row}
                hub={hub}
                result={
                  result?.form === "document" && row.fileId !== null && result.fileId === row.fileId ? result : null
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DocumentItem({ row, hub, result }: { row: DocumentRow; hub: DocumentsHub; result: Result }) {
  const nameId = `document-${row.key}-title`;
  const may = useMemberCan();
  return (
    <article className="document-row" aria-labelledby={nameId}>
      <div className="document-main">
        <h3 id={nameId} className="document-name">
          {row.name}
        </h3>
        <p className="document-meta">
          <span>
            <span className="visually-hidden">{DOCUMENT_COPY.columnSource}: </span>
            <Link to={row.sourceHref}>{row.sourceLabel}</Link>
          </span>
          <span>
            <span className="visually-hidden">{DOCUMENT_COPY.columnUploaded}: </span>
            {DOCUMENT_COPY.uploadedBy(row.uploadedBy, formatDate(row.createdAt))}
          </span>
          {row.sizeBytes !== null ? (
            <span>
              <span className="visually-hidden">{DOCUMENT_COPY.columnSize}: </span>
              {formatFileSize(row.sizeBytes)}
            </span>
          ) : null}
        </p>
        {row.folder || row.sharedWith ? (
          <p className="document-tags">
            {row.folder ? <span className="badge badge-soft">{DOCUMENT_COPY.folderLabel(row.folder)}</span> : null}
            {row.sharedWith ? (
              <span className="badge badge-soft">{DOCUMENT_COPY.sharedWith(row.sharedWith.label)}</span>
            ) : null}
          </p>
        ) : null}
        {result ? <Outcome result={result} /> : null}
      </div>
      <div className="document-actions">
        {row.downloadHref ? (
          <a className="button button-secondary" href={row.downloadHref} download>
            {DOCUMENT_COPY.download}
            <span className="visually-hidden">: {row.name}</span>
          </a>
        ) : (
          <Link className="button button-secondary" to={row.sourceHref}>
            {DOCUMENT_COPY.view}
            <span className="visually-hidden">: {row.name}</span>
          </Link>
        )}
      </div>
      {/* A role that may not use the hub reads each document: no rename, move, share or delete (docs/decisions/071). */}
      {row.fileId && may("useHub") ? (
        <ManageDocument row={row} fileId={row.fileId} hub={hub} open={result !== null && !result.ok} />
      ) : null}
    </article>
  );
}

function ManageDocument({
  row,
  fileId,
  hub,
  open,
}: {
  row: DocumentRow;
  fileId: string;
  hub: DocumentsHub;
  open: boolean;
}) {
  const busy = usePosting({ fileId });
  const id = (name: string) => `document-${fileId}-${name}`;
  return (
    <details className="document-manage" open={open || undefined}>
      <summary>
        {DOCUMENT_COPY.manage}
        <span className="visually-hidden">: {row.name}</span>
      </summary>
      <div className="document-manage-forms">
        <Form method="post" className="document-inline-form">
          <input type="hidden" name="fileId" value={fileId} />
          <Field id={id("name")} label={DOCUMENT_COPY.newName} hint={DOCUMENT_COPY.renameHint}>
            {(control) => (
              <input
                {...control}
                className="input"
                name="name"
                required
                maxLength={MAX_DOCUMENT_NAME_LENGTH}
                defaultValue={row.name}
              />
            )}
          </Field>
          <button
            type="submit"
            name="intent"
            value="document-rename"
            className="button button-secondary"
            disabled={busy}
          >
            {DOCUMENT_COPY.rename}
          </button>
        </Form>
        <Form method="post" className="document-inline-form">
          <input type="hidden" name="fileId" value={fileId} />
          <Field id={id("folder")} label={DOCUMENT_COPY.moveFolder}>
            {(control) => (
              <input
                {...control}
                className="input"
                name="folder"
                list={FOLDER_LIST_ID}
                maxLength={MAX_FOLDER_LENGTH}
                autoComplete="off"
                defaultValue={row.folder ?? ""}
              />
            )}
          </Field>
          <button type="submit" name="intent" value="document-move" className="button button-secondary" disabled={busy}>
            {DOCUMENT_COPY.move}
          </button>
        </Form>
        {row.sharedWith ? (
          <Form method="post" className="document-inline-form">
            <input type="hidden" name="fileId" value={fileId} />
            <button
              type="submit"
              name="intent"
              value="document-unshare"
              className="button button-secondary"
              disabled={busy}
            >
              {DOCUMENT_COPY.unshare}
            </button>
          </Form>
        ) : hub.matches.length > 0 ? (
          <Form method="post" className="document-inline-form">
            <input type="hidden" name="fileId" value={fileId} />
            <Field id={id("match")} label={DOCUMENT_COPY.shareWith}>
              {(control) => (
                <select {...control} className="input" name="matchId">
                  {hub.matches.map((match) => (
                    <option key={match.id} value={match.id}>
                      {match.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <button
              type="submit"
              name="intent"
              value="document-share"
              className="button button-secondary"
              disabled={busy}
            >
              {DOCUMENT_COPY.share}
            </button>
          </Form>
        ) : (
          <p className="muted">{DOCUMENT_COPY.noMatchesToShare}</p>
        )}
        <Form method="post" className="document-inline-form">
          <input type="hidden" name="fileId" value={fileId} />
          <button type="submit" name="intent" value="document-delete" className="button button-danger" disabled={busy}>
            {DOCUMENT_COPY.remove}
            <span className="visually-hidden">: {row.name}</span>
          </button>
        </Form>
      </div>
    </details>
  );
}
