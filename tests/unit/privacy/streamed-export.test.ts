import { strFromU8, strToU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { PartBuffer, R2_PART_BYTES } from "~/server/platform/r2-multipart.server";
import { StreamedZip } from "~/server/privacy/streamed-zip.server";

const MiB = 1024 * 1024;

/** Bytes that differ at every position (so a part cut or joined in the wrong place shows). */
function pattern(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + seed * 7 + (i >> 8)) & 0xff;
  return bytes;
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** Byte equality without comparing megabytes element by element in the matcher. */
const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

/** A stream that hands out `bytes` in chunks of `size`. */
function streamOf(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

describe("the part buffer of a multipart upload", () => {
  it("cuts chunks of any size into parts of exactly 5 MiB, the last one smaller, in order", async () => {
    expect(R2_PART_BYTES).toBe(5 * MiB);
    const parts: { bytes: Uint8Array; number: number }[] = [];
    let heldAtMost = 0;
    const buffer = new PartBuffer(R2_PART_BYTES, async (part, number) => {
      parts.push({ bytes: part, number });
    });
    // Odd sizes across part boundaries, and one chunk larger than two parts.
    const chunks = [pattern(700 * 1024, 1), pattern(3 * MiB + 17, 2), pattern(11 * MiB + 5, 3), pattern(1, 4)];
    for (const chunk of chunks) {
      await buffer.write(chunk);
      heldAtMost = Math.max(heldAtMost, buffer.buffered);
    }
    const count = await buffer.end();

    const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    expect(count).toBe(Math.ceil(total / R2_PART_BYTES));
    expect(parts.map((part) => part.number)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    for (const part of parts.slice(0, -1)) expect(part.bytes.length).toBe(R2_PART_BYTES);
    expect(parts.at(-1)!.bytes.length).toBe(total % R2_PART_BYTES);
    expect(parts.at(-1)!.bytes.length).toBeLessThan(R2_PART_BYTES);
    expect(sameBytes(concat(parts.map((part) => part.bytes)), concat(chunks))).toBe(true);
    expect(heldAtMost).toBeLessThan(R2_PART_BYTES);
  });

  it("waits for each part's upload before it takes more, and hands over nothing when nothing is left", async () => {
    const events: string[] = [];
    let release: () => void = () => undefined;
    const buffer = new PartBuffer(4, (part, number) => {
      events.push(`part ${number}: ${Array.from(part).join(",")}`);
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    let written = false;
    const writing = buffer.write(new Uint8Array([1, 2, 3, 4, 5, 6])).then(() => {
      written = true;
    });
    await Promise.resolve();
    expect(events).toEqual(["part 1: 1,2,3,4"]);
    expect(written).toBe(false);
    release();
    await writing;
    expect(written).toBe(true);
    expect(buffer.buffered).toBe(2);
    const ending = buffer.end();
    await Promise.resolve();
    release();
    expect(await ending).toBe(2);
    expect(events).toEqual(["part 1: 1,2,3,4", "part 2: 5,6"]);

    const exact = new PartBuffer(3, async (part, number) => {
      events.push(`exact ${number}: ${part.length}`);
    });
    await exact.write(new Uint8Array(6));
    expect(await exact.end()).toBe(2);
    expect(events.slice(-2)).toEqual(["exact 1: 3", "exact 2: 3"]);
  });
});

describe("the streamed ZIP", () => {
  it("holds the records deflated and the files stored, byte for byte, each file read as a stream", async () => {
    const out: Uint8Array[] = [];
    const zip = new StreamedZip(async (chunk) => {
      out.push(chunk.slice());
    });
    const records = JSON.stringify([{ id: "a", name: "Harbor & Pine" }], null, 2);
    const photo = pattern(300_000, 9);
    await zip.addDeflated("data/users.json", strToU8(records));
    await zip.addStored("files/photo-1.jpg", streamOf(photo, 65_536));
    await zip.addStored("files/empty.txt", streamOf(new Uint8Array(0), 1));
    await zip.end();

    const bytes = concat(out);
    const entries = unzipSync(bytes);
    expect(Object.keys(entries)).toEqual(["data/users.json", "files/photo-1.jpg", "files/empty.txt"]);
    expect(strFromU8(entries["data/users.json"]!)).toBe(records);
    expect(sameBytes(entries["files/photo-1.jpg"]!, photo)).toBe(true);
    expect(entries["files/empty.txt"]).toEqual(new Uint8Array(0));
    // The photo is stored (not deflated): its bytes appear as they are in the archive.
    const at = Buffer.from(bytes).indexOf(Buffer.from(photo.subarray(0, 64)));
    expect(at).toBeGreaterThan(0);
  });

  it("passes on a failure of the file's stream", async () => {
    const zip = new StreamedZip(async () => undefined);
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([1, 2, 3]));
        controller.error(new Error("network connection lost"));
      },
    });
    await expect(zip.addStored("files/x.pdf", broken)).rejects.toThrow("network connection lost");
  });
});
