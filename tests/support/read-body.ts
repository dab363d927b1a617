import type { IncomingMessage } from "node:http";

/** Bodies the loopback stubs accept: far above any real request they get. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Reads a request body as UTF-8, refusing more than MAX_BODY_BYTES. Shared by the test stubs. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error("body too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
