import { useId, useRef, useState, type DragEvent } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { addedMessage, FILE_ACCEPT, partitionFiles } from "./file-check";
import { formatFileSize, formatPercent } from "~/lib/shared/numbers";
import { removeStoredFile, uploadFile } from "./upload-files";

/** A file the business attached: the stored name the server made and what the person called it. */
export type AttachedFile = { fileName: string; originalName: string; size: number };

type Upload = { key: string; name: string; progress: number };

type FileDropProps = {
  /** The visible label of the picker, e.g. 'Attach files'. */
  label: string;
  /** One line under the label: the accepted types and the limit. */
  hint: string;
  files: readonly AttachedFile[];
  onAdd: (file: AttachedFile) => void;
  onRemove: (fileName: string) => void;
  /** The upload's `purpose` (insight_request, match_request …). */
  purpose: string;
  maxFiles: number;
  tooManyMessage: string;
  /** Shown when the upload fails without a message from the server. */
  failedMessage: string;
  /** Shown when removing a file fails without a message from the server. */
  removeFailedMessage: string;
  /** When set, one hidden input per attached file carries its stored name in the surrounding form. */
  name?: string;
};

/**
 * Drag-and-drop zone plus a labelled file picker (keyboard reachable: the picker is a real
 * `<input type=file>`). Every file is checked with the server's rules before upload (extension,
 * 16 MB), uploaded at once with a progress bar, and listed with a Remove button that deletes the stored
 * file on the server (the file stays listed, with the server's msg, when that fails). The success text
 * is announced in a status region, refusals in an alert. Needs JavaScript; without it a note says so.
 */
export function FileDrop({
  label,
  hint,
  files,
  onAdd,
  onRemove,
  purpose,
  maxFiles,
  tooManyMessage,
  failedMessage,
  removeFailedMessage,
  name,
}: FileDropProps) {
  const hydrated = useHydrated();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ReadonlySet<string>>(() => new Set());
  const counter = useRef(0);
  const pickerRef = useRef<HTMLInputElement>(null);

  /** Removes the stored file on the server; the file stays listed, with the server's msg, if that fails. */
  async function removeFile(fileName: string) {
    if (removing.has(fileName)) return;
    setSuccess(null);
    setProblem(null);
    setRemoving((current) => new Set(current).add(fileName));
    const outcome = await removeStoredFile(fileName, removeFailedMessage);
    setRemoving((current) => {
      const next = new Set(current);
      next.delete(fileName);
      return next;
    });
    if (outcome.ok) {
      onRemove(fileName);
      setSuccess(outcome.msg || null);
      // The Remove button is gone with its row: keyboard focus goes back to the picker.
      pickerRef.current?.focus();
    } else {
      setProblem(outcome.msg);
    }
  }

  async function addFiles(list: readonly File[]) {
    if (list.length === 0) return;
    setSuccess(null);
    setProblem(null);
    if (files.length + uploads.length + list.length > maxFiles) {
      setProblem(tooManyMessage);
      return;
    }
    const { accepted, problem: refused } = partitionFiles(list);
    let firstProblem = refused;
    let stored = 0;
    await Promise.all(
      accepted.map(async (file) => {
        const key = `upload-${counter.current++}`;
        setUploads((current) => [...current, { key, name: file.name, progress: 0 }]);
        const outcome = await uploadFile(
          file,
          purpose,
          (progress) =>
            setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, progress } : upload))),
          failedMessage,
        );
        setUploads((current) => current.filter((upload) => upload.key !== key));
        if (outcome.ok) {
          stored += 1;
          onAdd({ fileName: outcome.file.fileName, originalName: outcome.file.originalName, size: outcome.file.size });
        } else {
          firstProblem ??= outcome.msg;
        }
      }),
    );
    setProblem(firstProblem);
    setSuccess(stored > 0 ? addedMessage(stored) : null);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void addFiles(Array.from(event.dataTransfer.files));
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    if (!dragging) setDragging(true);
  }

  return (
    <div className="file-drop-field">
      {hydrated ? (
        <div
          className={dragging ? "file-drop file-drop-active" : "file-drop"}
          onDragOver={onDragOver}
          onDragEnter={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <p className="file-drop-text">Drag and drop files here, or</p>
          <input
            ref={pickerRef}
            id={inputId}
            type="file"
            multiple
            accept={FILE_ACCEPT}
            aria-describedby={hintId}
            className="file-drop-input"
            onChange={(event) => {
              const chosen = Array.from(event.currentTarget.files ?? []);
              event.currentTarget.value = "";
              void addFiles(chosen);
            }}
          />
          <label htmlFor={inputId} className="button button-secondary file-drop-button">
            {label}
          </label>
          <p id={hintId} className="field-hint file-drop-hint">
            {hint}
          </p>
        </div>
      ) : (
        <p className="field-hint">Attaching files needs JavaScript. You can send your request without files.</p>
      )}

      {uploads.length > 0 ? (
        <ul className="file-uploads" aria-label="Uploads in progress">
          {uploads.map((upload) => {
            const percent = Math.round(upload.progress * 100);
            return (
              <li key={upload.key} className="file-upload">
                <span className="file-name">{upload.name}</span>
                <progress max={100} value={percent} aria-label={`Uploading ${upload.name}`} />
                <span className="file-percent">{formatPercent(percent, { decimals: 0 })}</span>
              </li>
            );
          })}
        </ul>
      ) : null}

      <div role="status" className={success ? "file-drop-success" : "file-drop-status-empty"}>
        {success}
      </div>
      {problem ? (
        <p role="alert" className="field-error">
          {problem}
        </p>
      ) : null}

      {files.length > 0 ? (
        <ul className="file-list" aria-label="Attached files">
          {files.map((file) => {
            const busy = removing.has(file.fileName);
            return (
              <li key={file.fileName} className="file-item" aria-busy={busy || undefined}>
                <span className="file-name">{file.originalName}</span>
                <span className="file-size muted">{formatFileSize(file.size)}</span>
                <button
                  type="button"
                  className="link-button file-remove"
                  aria-label={`Remove ${file.originalName}`}
                  disabled={busy}
                  onClick={() => void removeFile(file.fileName)}
                >
                  {busy ? "Removing…" : "Remove"}
                </button>
                {name ? <input type="hidden" name={name} value={file.fileName} /> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
