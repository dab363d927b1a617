/**
 * File upload rules (spec §5 "File upload", §7 /api/file-handling/*): accepted types, the size
 * limit, the user-facing texts and the download headers. Pure functions, shared by the server and
 * (for the texts and limits) the browser. The content checks live in file-content.ts.
 */

/** Spec §5: at most 16,000,000 bytes per file (the files table checks the same bound). */
export const MAX_FILE_BYTES = 16_000_000;
/** At most this many files in one upload request. */
export const MAX_FILES_PER_REQUEST = 10;
/** Room for the multipart boundaries, part headers and the purpose field. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** A declared request body over this is refused before it is read. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_FILES_PER_REQUEST * MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES;

/** At most this many files with one message of a conversation (docs/decisions/076). */
export const MAX_FILES_PER_MESSAGE = 5;
/** A message form's multipart body over this is refused (its files, its text and the boundaries). */
export const MAX_MESSAGE_REQUEST_BYTES = MAX_FILES_PER_MESSAGE * MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES;

export const FILE_TOO_LARGE_MESSAGE = "This file is too large. Maximum file size is 16 MB.";
/** The hint under a request wizard's optional files (the insight and match requests). */
export const REQUEST_FILES_HINT =
  "Optional. Accepted: .pdf, .png, .jpg, .csv, .doc, .docx, .xls, .xlsx, .odt, .ods, .odg — up to 16 MB each.";
export const FILE_REJECTED_MESSAGE =
  "File was not added. Accepted file types: .doc, .docx, .pdf, .xlsx, .csv, .odt, .ods, .odg, .png, & .jpg";
export const FILE_ADDED_MESSAGE = "Your file has been added!";
export const FILES_ADDED_MESSAGE = "Your files have been added!";
export const NO_FILE_MESSAGE = "Choose a file to upload.";
export const TOO_MANY_FILES_MESSAGE = `Upload at most ${MAX_FILES_PER_REQUEST} files at a time.`;
export const UPLOAD_UNREADABLE_MESSAGE = "The upload could not be read.";
export const FILE_NOT_FOUND_MESSAGE = "File not found.";
export const INVALID_PURPOSE_MESSAGE = "The file purpose is not valid.";
export const FILE_REMOVED_MESSAGE = "File removed.";
export const FILE_REMOVE_CLIENTS_ONLY_MESSAGE = "Only business accounts can remove files.";
export const FILE_LINKED_MESSAGE = "This file is attached to a request and can't be removed.";
/** Shown in the browser when removing a file fails without a message from the server. */
export const FILE_REMOVE_FAILED_MESSAGE = "The file could not be removed. Please try again.";
/** Files linked to nothing and older than this are removed by the monthly sweep. */
export const UNLINKED_FILE_MAX_AGE_DAYS = 7;
/** At most this many abandoned files are removed per sweep. */
export const UNLINKED_FILE_SWEEP_LIMIT = 500;

/** Extension (lowercase, no dot) → the Content-Type the file is stored and served with. */
export const FILE_CONTENT_TYPES = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  csv: "text/csv; charset=utf-8",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  odg: "application/vnd.oasis.opendocument.graphics",
} as const;

export type FileExtension = keyof typeof FILE_CONTENT_TYPES;
export const ACCEPTED_EXTENSIONS = Object.keys(FILE_CONTENT_TYPES) as FileExtension[];

export function isAcceptedExtension(value: string): value is FileExtension {
  return Object.prototype.hasOwnProperty.call(FILE_CONTENT_TYPES, value);
}

/** The lowercase extension of a file name (after the last dot of its last path segment), or null. */
export function fileExtension(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  if (dot <= 0 || dot === base.length - 1) return null;
  return base.slice(dot + 1).toLowerCase();
}

/**
 * What is wrong with a file before its bytes are read, in the words the upload answers with: a type
 * not accepted, then a size over the limit; null when neither. The server then checks its content.
 */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!acceptedExtension(file.name)) return FILE_REJECTED_MESSAGE;
  if (file.size > MAX_FILE_BYTES) return FILE_TOO_LARGE_MESSAGE;
  return null;
}

/** The accepted extension of a file name, or null when it has none or another one. */
export function acceptedExtension(name: string): FileExtension | null {
  const ext = fileExtension(name);
  return ext !== null && isAcceptedExtension(ext) ? ext : null;
}

export const MAX_ORIGINAL_NAME_LENGTH = 200;

/**
 * A client-given file name made safe to store and show: the last path segment only, control
 * characters removed, whitespace trimmed, at most 200 characters (the extension kept). Never empty.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // C0, DEL and C1 controls, plus the Unicode line/paragraph separators and bidi overrides.
  const cleaned = Array.from(base)
    .filter((char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return false;
      if (code === 0x2028 || code === 0x2029) return false;
      if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return false;
      return true;
    })
    .join("")
    .trim();
  const chars = Array.from(cleaned);
  if (chars.length === 0 || cleaned === "." || cleaned === "..") return "file";
  if (chars.length <= MAX_ORIGINAL_NAME_LENGTH) return cleaned;
  const ext = fileExtension(cleaned);
  const suffix = ext && ext.length <= 10 ? `.${ext}` : "";
  return chars.slice(0, MAX_ORIGINAL_NAME_LENGTH - suffix.length).join("") + suffix;
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const STORED_NAME = new RegExp(`^${UUID}\\.(${ACCEPTED_EXTENSIONS.join("|")})$`);

/** A server-made stored file name `<uuid>.<ext>` (the last segment of the R2 key). */
export function isStoredFileName(value: string): boolean {
  return STORED_NAME.test(value);
}

// ---------------------------------------------------------------------------------------------
// Download headers
// ---------------------------------------------------------------------------------------------

/** RFC 5987 value: percent-encoded UTF-8 where only attr-chars stay literal. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  );
}

/**
 * `attachment; filename="<ascii fallback>"; filename*=UTF-8''<encoded>` for a (sanitised) name:
 * the fallback replaces non-ASCII, quotes and backslashes with '_'.
 */
export function contentDisposition(name: string): string {
  const safe = sanitizeFileName(name);
  const ascii = Array.from(safe, (char) => {
    const code = char.codePointAt(0) ?? 0;
    return code < 0x20 || code > 0x7e || char === '"' || char === "\\" ? "_" : char;
  }).join("");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(safe)}`;
}
