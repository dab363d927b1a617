/**
 * Writing one large R2 object from a stream of chunks without holding it (docs/decisions/069):
 * the chunks are cut into parts of one fixed size and each part is uploaded through an R2
 * multipart upload as soon as it is full, so a writer holds at most one part (plus the chunk it
 * is given). R2's rules: every part but the last is at least 5 MiB and all of them the same
 * size; the last may be smaller; at most 10,000 parts. An upload that fails is aborted, so no
 * incomplete upload is left behind (one whose worker died is aborted by R2's default lifecycle
 * rule after 7 days).
 */

/** The size of every part but the last: R2's minimum. 10,000 parts of it allow about 50 GB. */
export const R2_PART_BYTES = 5 * 1024 * 1024;

/**
 * Cuts chunks into parts of exactly `partSize` bytes, the last one smaller, handing each full part
 * to `onPart` and waiting for it before taking more: the memory held is one part. A part handed
 * over is the callee's (a new one is started for the next bytes).
 */
export class PartBuffer {
  private part: Uint8Array | null = null;
  private filled = 0;
  private parts = 0;

  constructor(
    private readonly partSize: number,
    private readonly onPart: (part: Uint8Array, partNumber: number) => Promise<void>,
  ) {
    if (!Number.isInteger(partSize) || partSize <= 0) throw new Error(`A part size must be a positive integer.`);
  }

  /** The bytes waiting for their part to fill. */
  get buffered(): number {
    return this.filled;
  }

  async write(chunk: Uint8Array): Promise<void> {
    let offset = 0;
    while (offset < chunk.length) {
      this.part ??= new Uint8Array(this.partSize);
      const taken = Math.min(this.partSize - this.filled, chunk.length - offset);
      this.part.set(chunk.subarray(offset, offset + taken), this.filled);
      this.filled += taken;
      offset += taken;
      if (this.filled === this.partSize) await this.flush(this.part);
    }
  }

  /** Hands over what is left as the last part (none when nothing is left). Answers the number of parts. */
  async end(): Promise<number> {
    if (this.part && this.filled > 0) await this.flush(this.part.subarray(0, this.filled));
    return this.parts;
  }

  private async flush(part: Uint8Array) {
    this.part = null;
    this.filled = 0;
    this.parts += 1;
    await this.onPart(part, this.parts);
  }
}

/** What a multipart write gives the function that writes: where its bytes go. */
export type MultipartWriter = { write(chunk: Uint8Array): Promise<void> };

export type MultipartResult<T> = { object: R2Object; bytes: number; parts: number; result: T };

/**
 * Starts a multipart upload of `key`, lets `produce` write to it, and completes it; if anything
 * throws (the producer, a part's upload, the completion) the upload is aborted and the error
 * passed on, so the key is left as it was and no upload stays open.
 */
export async function writeMultipart<T>(
  bucket: R2Bucket,
  key: string,
  options: R2MultipartOptions,
  produce: (writer: MultipartWriter) => Promise<T>,
  partSize = R2_PART_BYTES,
): Promise<MultipartResult<T>> {
  const upload = await bucket.createMultipartUpload(key, options);
  const uploaded: R2UploadedPart[] = [];
  const parts = new PartBuffer(partSize, async (part, partNumber) => {
    uploaded.push(await upload.uploadPart(partNumber, part));
  });
  let bytes = 0;
  try {
    const result = await produce({
      write: (chunk) => {
        bytes += chunk.length;
        return parts.write(chunk);
      },
    });
    const count = await parts.end();
    const object = await upload.complete(uploaded);
    return { object, bytes, parts: count, result };
  } catch (error) {
    try {
      await upload.abort();
    } catch (abortError) {
      // The first error is the one worth reporting; R2's lifecycle rule removes the upload later.
      console.error(`Could not abort the multipart upload of ${key}:`, abortError);
    }
    throw error;
  }
}
