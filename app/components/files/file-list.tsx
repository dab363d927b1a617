import type { ReactNode } from "react";
import { fileDownloadHref, type ListedFile } from "~/lib/files/listed-file";

type FileListProps = {
  files: readonly { fileName: string; originalName: string; size: string }[];
  className?: string;
  sizeClassName?: string;
};

/** A request's files, each a download link with its size beside it. */
export function FileList({ files, className = "insight-files", sizeClassName = "console-muted" }: FileListProps) {
  return (
    <ul className={className}>
      {files.map((file) => (
        <li key={file.fileName}>
          <a href={fileDownloadHref(file.fileName)} download={file.originalName}>
            {file.originalName}
          </a>{" "}
          <span className={sizeClassName}>({file.size})</span>
        </li>
      ))}
    </ul>
  );
}

type FilesCardProps = {
  /** The heading's id, which names the card's region. */
  titleId: string;
  /** null while the viewer may not download them yet; `hiddenText` says when they may. */
  files: readonly ListedFile[] | null;
  hiddenText: ReactNode;
  emptyText: ReactNode;
};

/** The "Files" card of a request in the manager's console and the consultant's portal. */
export function FilesCard({ titleId, files, hiddenText, emptyText }: FilesCardProps) {
  let body;
  if (files === null) body = <p className="console-muted">{hiddenText}</p>;
  else if (files.length === 0) body = <p className="console-muted">{emptyText}</p>;
  else body = <FileList files={files} />;
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        Files
      </h2>
      {body}
    </section>
  );
}
