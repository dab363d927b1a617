import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

/**
 * A ZIP written as it is made (docs/decisions/069): fflate's streaming `Zip`, one entry at a time,
 * each chunk it produces handed to `sink` and awaited before the next chunk goes in, so nothing
 * but the chunk in hand is held here. Records are deflated; stored files (PDFs, images: already
 * compressed) go in as they are, streamed from their source.
 */
export class StreamedZip {
  private pending: Uint8Array[] = [];
  private failure: Error | null = null;
  private readonly zip: Zip;

  constructor(private readonly sink: (chunk: Uint8Array) => Promise<void>) {
    this.zip = new Zip((error, chunk) => {
      if (error) this.failure = error;
      else this.pending.push(chunk);
    });
  }

  /** An entry deflated (level 6, as the records always were), from bytes in hand. */
  async addDeflated(name: string, data: Uint8Array): Promise<void> {
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    entry.push(data, true);
    await this.drain();
  }

  /** An entry stored as it is, read chunk by chunk from `body`. */
  async addStored(name: string, body: ReadableStream<Uint8Array>): Promise<void> {
    const entry = new ZipPassThrough(name);
    this.zip.add(entry);
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        entry.push(value);
        await this.drain();
      }
    } catch (error) {
      await reader.cancel().catch(() => undefined);
      throw error;
    } finally {
      reader.releaseLock();
    }
    entry.push(new Uint8Array(0), true);
    await this.drain();
  }

  /** The central directory: the ZIP is complete once this resolves. */
  async end(): Promise<void> {
    this.zip.end();
    await this.drain();
  }

  private async drain() {
    if (this.failure) throw this.failure;
    while (this.pending.length > 0) {
      const chunk = this.pending.shift()!;
      await this.sink(chunk);
    }
  }
}
