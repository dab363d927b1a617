/**
 * Uploads one file to `POST /api/file-handling/upload-files` with upload progress (fetch cannot
 * report it, so XMLHttpRequest). Resolves with the stored file or the server's msg; never throws.
 */

export const UPLOAD_ENDPOINT = "/api/file-handling/upload-files";

/** A stored file as the upload endpoint answers it. */
export type StoredFile = { _id: string; fileName: string; originalName: string; size: number; contentType: string };

export type UploadOutcome = { ok: true; file: StoredFile } | { ok: false; msg: string };

export function uploadFile(
  file: File,
  purpose: string,
  onProgress: (fraction: number) => void,
  fallbackMessage: string,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.append("purpose", purpose);
    body.append("files", file, file.name);
    const request = new XMLHttpRequest();
    request.open("POST", UPLOAD_ENDPOINT);
    request.responseType = "json";
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      const answer = request.response as { msg?: unknown; files?: StoredFile[] } | null;
      const stored = answer?.files?.[0];
      if (request.status >= 200 && request.status < 300 && stored) {
        onProgress(1);
        resolve({ ok: true, file: stored });
        return;
      }
      resolve({ ok: false, msg: typeof answer?.msg === "string" && answer.msg ? answer.msg : fallbackMessage });
    });
    request.addEventListener("error", () => resolve({ ok: false, msg: fallbackMessage }));
    request.addEventListener("abort", () => resolve({ ok: false, msg: fallbackMessage }));
    request.send(body);
  });
}

export const DELETE_ENDPOINT = "/api/file-handling/delete-file/";

export type RemoveOutcome = { ok: true; msg: string } | { ok: false; msg: string };

/**
 * Removes a stored file that is not attached to anything yet with
 * `DELETE /api/file-handling/delete-file/{fileName}`. Resolves with the server's msg (or the
 * fallback when it gives none); never throws.
 */
export async function removeStoredFile(fileName: string, fallbackMessage: string): Promise<RemoveOutcome> {
  try {
    const response = await fetch(DELETE_ENDPOINT + encodeURIComponent(fileName), {
      method: "DELETE",
      headers: { Accept: "application/json" },
    });
    const answer = (await response.json().catch(() => null)) as { msg?: unknown } | null;
    const msg = typeof answer?.msg === "string" && answer.msg ? answer.msg : null;
    return response.ok ? { ok: true, msg: msg ?? "" } : { ok: false, msg: msg ?? fallbackMessage };
  } catch {
    return { ok: false, msg: fallbackMessage };
  }
}
