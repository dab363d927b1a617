import { useId } from "react";
import { formatFileSize } from "~/lib/shared/numbers";
import { formatDate } from "~/lib/shared/dates";
import { DOWNLOAD_SOW_LABEL, NO_SIGNED_STATEMENTS, SIGNED_STATEMENTS_HEADING } from "~/lib/engagements/engagement-copy";
import { formatDateTime, isoDateTime } from "~/lib/shared/dates";

/** One signed version of the statement of work (loadSignedStatements / toSignedStatements). */
export type SignedStatementItem = {
  version: number;
  signerName: string;
  /** YYYY-MM-DD as written by the signer. */
  signatureDate: string;
  /** ISO instant of the signature. */
  signedAt: string;
  sha256: string;
  size: number;
  /** sowPdfPath(outlineId, version). */
  url: string;
};

/**
 * The signed statements of work of an engagement, newest version first: who signed, the date they
 * wrote, when, the PDF's size and SHA-256 (to check a copy against), and the download. Shown to the
 * business, the consultant and the engagement manager alike.
 */
export function SignedStatements({
  statements,
  headingLevel = 3,
}: {
  statements: readonly SignedStatementItem[];
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as "h2" | "h3" | "h4";
  const headingId = useId();
  return (
    <section className="signed-statements" aria-labelledby={headingId}>
      <Heading id={headingId}>{SIGNED_STATEMENTS_HEADING}</Heading>
      {statements.length === 0 ? (
        <p className="signed-statements-empty">{NO_SIGNED_STATEMENTS}</p>
      ) : (
        <ul className="signed-statements-list">
          {statements.map((statement) => (
            <li key={statement.version} className="signed-statement card">
              <div className="signed-statement-head">
                <span className="badge badge-soft">Version {statement.version}</span>
                <a
                  className="button button-secondary"
                  href={statement.url}
                  download
                  aria-label={`${DOWNLOAD_SOW_LABEL}: statement of work version ${statement.version}`}
                >
                  {DOWNLOAD_SOW_LABEL}
                </a>
              </div>
              <dl className="signed-statement-facts">
                <div>
                  <dt>Signed by</dt>
                  <dd>{statement.signerName}</dd>
                </div>
                <div>
                  <dt>Signature date</dt>
                  <dd>{formatDate(statement.signatureDate)}</dd>
                </div>
                <div>
                  <dt>Signed at</dt>
                  <dd>
                    <time dateTime={isoDateTime(statement.signedAt)}>{formatDateTime(statement.signedAt)}</time>
                  </dd>
                </div>
                <div>
                  <dt>PDF size</dt>
                  <dd>{formatFileSize(statement.size)}</dd>
                </div>
                <div className="signed-statement-hash">
                  <dt>SHA-256</dt>
                  <dd>
                    <code>{statement.sha256}</code>
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
