import { getCollectionProps, type FieldMetadata } from "@conform-to/react";
import { formatFileSize } from "~/lib/shared/numbers";
import { FieldsetField } from "~/components/ui/fieldset-field";

/**
 * The request wizards' first page (spec §2): the business areas as a grid of radio cards, one
 * chosen, with the field's errors below. Each wizard passes its own areas and their names.
 */
export function AreaRadioGrid<Schema, FormSchema extends Record<string, unknown>>({
  meta,
  options,
  labelFor,
}: {
  meta: FieldMetadata<Schema, FormSchema, string[]>;
  options: readonly string[];
  labelFor: (key: string) => string;
}) {
  return (
    <FieldsetField
      className="insight-areas"
      legend="Business area"
      legendClassName="visually-hidden"
      errors={meta.errors}
      errorId={meta.errorId}
    >
      <div className="insight-area-grid">
        {getCollectionProps(meta, { type: "radio", options: [...options] }).map(({ key, ...props }) => (
          <label key={key} htmlFor={props.id} className="insight-area">
            <input {...props} />
            <span>{labelFor(props.value)}</span>
          </label>
        ))}
      </div>
    </FieldsetField>
  );
}

/** The files of a request wizard's summary, with their sizes, or that there are none. */
export function SummaryFileList({
  files,
}: {
  files: readonly { fileName: string; originalName: string; size: number }[];
}) {
  return files.length > 0 ? (
    <ul className="insight-summary-files">
      {files.map((file) => (
        <li key={file.fileName}>
          <span>{file.originalName}</span> <span className="muted">({formatFileSize(file.size)})</span>
        </li>
      ))}
    </ul>
  ) : (
    <span className="muted">No files attached</span>
  );
}
