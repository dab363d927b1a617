// Portrait placeholders for the demo consultants: a head-and-shoulders silhouette on a soft
// gradient, one hue per person, drawn pixel by pixel and encoded as a real PNG (zlib, CRC-32),
// so the demo uploads genuine images through the profile editor without shipping photos of
// anyone.
import { deflateSync } from "node:zlib";

const SIZE = 256;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** HSL (h in degrees, s and l from 0 to 1) → [r, g, b] from 0 to 255. */
function hsl(h, s, l) {
  const a = s * Math.min(l, 1 - l);
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** How much of the pixel (x, y) the silhouette covers, from 0 to 1 (4×4 samples per pixel). */
function coverage(x, y) {
  let inside = 0;
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      const px = x + (i + 0.5) / 4;
      const py = y + (j + 0.5) / 4;
      const head = (px - 128) ** 2 + (py - 104) ** 2 <= 48 ** 2;
      const shoulders = py >= 170 && ((px - 128) / 98) ** 2 + ((py - 262) / 92) ** 2 <= 1;
      if (head || shoulders) inside++;
    }
  }
  return inside / 16;
}

/** A 256×256 PNG portrait placeholder; `index` picks the person's hue. */
export function demoPortraitPng(index) {
  const hue = (index * 137.5) % 360;
  const raw = Buffer.alloc(SIZE * (SIZE * 3 + 1));
  for (let y = 0; y < SIZE; y++) {
    const row = y * (SIZE * 3 + 1);
    raw[row] = 0; // no filter
    const background = hsl(hue, 0.45, 0.82 - (y / SIZE) * 0.22);
    const figure = hsl(hue, 0.35, 0.36);
    for (let x = 0; x < SIZE; x++) {
      const cover = coverage(x, y);
      for (let c = 0; c < 3; c++) {
        raw[row + 1 + x * 3 + c] = Math.round(background[c] * (1 - cover) + figure[c] * cover);
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
