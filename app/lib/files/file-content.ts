/**
 * Content checks of uploaded files: the bytes must be a well-formed file of the kind the extension
 * names, not only start with its magic bytes (ADR 014). Each checker parses
 * the structure a reader relies on (chunks, segments, ZIP directory, compound-file header) without
 * decoding pixels or inflating streams, so a 16 MB file costs milliseconds of CPU on a Worker.
 * Pure and synchronous; used by the server only.
 */
import type { FileExtension } from "./file-rules";

type Bytes = Uint8Array;

const view = (bytes: Bytes) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function startsWith(bytes: Bytes, prefix: readonly number[], at = 0): boolean {
  if (at + prefix.length > bytes.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[at + i] !== prefix[i]) return false;
  return true;
}

const ascii = (value: string) => Array.from(value, (char) => char.charCodeAt(0));

const latin1 = (bytes: Bytes) => {
  let out = "";
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
};

// ---------------------------------------------------------------------------------------------
// CRC-32 (ISO 3309, as PNG and ZIP use it), slicing by 8: about 1 ns a byte, so even a 16 MB PNG
// is checked in a few tens of milliseconds.
// ---------------------------------------------------------------------------------------------

let crcTables: Uint32Array[] | null = null;

function crcTablesOnce(): Uint32Array[] {
  if (crcTables) return crcTables;
  const tables = Array.from({ length: 8 }, () => new Uint32Array(256));
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[0][n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    let c = tables[0][n];
    for (let t = 1; t < 8; t++) {
      c = tables[0][c & 0xff] ^ (c >>> 8);
      tables[t][n] = c >>> 0;
    }
  }
  crcTables = tables;
  return tables;
}

export function crc32(bytes: Bytes, start = 0, end = bytes.length): number {
  const [t0, t1, t2, t3, t4, t5, t6, t7] = crcTablesOnce();
  let crc = 0xffffffff;
  let i = start;
  for (; i + 8 <= end; i += 8) {
    const a = crc ^ (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24));
    crc =
      t7[a & 0xff] ^
      t6[(a >>> 8) & 0xff] ^
      t5[(a >>> 16) & 0xff] ^
      t4[a >>> 24] ^
      t3[bytes[i + 4]] ^
      t2[bytes[i + 5]] ^
      t1[bytes[i + 6]] ^
      t0[bytes[i + 7]];
  }
  for (; i < end; i++) crc = t0[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// ---------------------------------------------------------------------------------------------
// HTML inside a binary file. A browser's HTML parser reads any bytes and runs what it finds, so a
// file that is also an HTML page ("polyglot") is dangerous wherever it is ever served inline. We
// refuse PDFs and images that hold an element able to run script or load content, or any tag with
// an event-handler attribute. Namespaced XML (XMP metadata `<x:xmpmeta`, `<rdf:li`) and the XHTML
// `<body>`/`<p>` of PDF rich-text annotations are not matched, so ordinary files pass.
// ---------------------------------------------------------------------------------------------

const ACTIVE_TAGS = new Set([
  "html",
  "head",
  "script",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "svg",
  "math",
  "img",
  "video",
  "audio",
  "meta",
  "base",
  "form",
]);

const isLetter = (b: number) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;
const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d;
const lower = (b: number) => (b >= 0x41 && b <= 0x5a ? b + 0x20 : b);
/** What ends an HTML tag name: whitespace, `/` or `>`. */
const endsTagName = (b: number) => isSpace(b) || b === 0x2f || b === 0x3e;

function matchesLower(bytes: Bytes, at: number, word: string): boolean {
  if (at + word.length > bytes.length) return false;
  for (let i = 0; i < word.length; i++) if (lower(bytes[at + i]) !== word.charCodeAt(i)) return false;
  return true;
}

/** Within a tag opened at `from`, an attribute `on<letters>=` (an event handler) before `>` or `<`. */
function hasEventHandler(bytes: Bytes, from: number): boolean {
  const end = Math.min(bytes.length, from + 2048);
  for (let i = from; i < end; i++) {
    const b = bytes[i];
    if (b === 0x3e || b === 0x3c) return false;
    if (!(isSpace(b) || b === 0x2f || b === 0x22 || b === 0x27)) continue;
    if (lower(bytes[i + 1]) !== 0x6f || lower(bytes[i + 2]) !== 0x6e) continue;
    let j = i + 3;
    while (j < end && isLetter(bytes[j])) j++;
    if (j - (i + 3) < 3) continue;
    while (j < end && isSpace(bytes[j])) j++;
    if (bytes[j] === 0x3d) return true;
  }
  return false;
}

export function containsHtmlMarkup(bytes: Bytes): boolean {
  let at = bytes.indexOf(0x3c);
  while (at !== -1 && at + 1 < bytes.length) {
    const next = bytes[at + 1];
    if (next === 0x21 && matchesLower(bytes, at + 2, "doctype")) {
      let i = at + 9;
      while (i < bytes.length && isSpace(bytes[i])) i++;
      if (matchesLower(bytes, i, "html")) return true;
    } else if (isLetter(next)) {
      let end = at + 1;
      while (end < bytes.length && end - at <= 16 && (isLetter(bytes[end]) || isDigit(bytes[end]))) end++;
      if (end < bytes.length && endsTagName(bytes[end])) {
        let name = "";
        for (let i = at + 1; i < end; i++) name += String.fromCharCode(lower(bytes[i]));
        if (ACTIVE_TAGS.has(name) || hasEventHandler(bytes, end)) return true;
      }
    }
    at = bytes.indexOf(0x3c, at + 1);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// PDF: `%PDF-<major>.<minor>` at the start, an `%%EOF` marker in the last 1024 bytes (where readers
// look for it), a `startxref` offset inside the file when one is given, and no HTML anywhere.
// ---------------------------------------------------------------------------------------------

export function isPdf(bytes: Bytes): boolean {
  if (!startsWith(bytes, ascii("%PDF-"))) return false;
  if (!(isDigit(bytes[5]) && bytes[6] === 0x2e && isDigit(bytes[7]))) return false;
  const tailStart = Math.max(8, bytes.length - 1024);
  const tail = latin1(bytes.subarray(tailStart));
  const eof = tail.lastIndexOf("%%EOF");
  if (eof === -1) return false;
  const startxref = /startxref\s+(\d+)\s*$/.exec(tail.slice(0, eof));
  if (startxref && Number(startxref[1]) >= bytes.length) return false;
  return !containsHtmlMarkup(bytes);
}

// ---------------------------------------------------------------------------------------------
// PNG: the signature, IHDR first and well-formed, every chunk whole with a valid CRC, no unknown
// critical chunk, a palette where the colour type needs one, consecutive IDAT chunks opening a
// zlib stream, IEND last with nothing after it, and no HTML in text chunks.
// ---------------------------------------------------------------------------------------------

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_BIT_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const PNG_KNOWN_CRITICAL = new Set(["IHDR", "PLTE", "IDAT", "IEND"]);

export function isPng(bytes: Bytes): boolean {
  if (!startsWith(bytes, PNG_SIGNATURE)) return false;
  const data = view(bytes);
  let pos = 8;
  let index = 0;
  let colorType = -1;
  let sawPalette = false;
  let idatState: "before" | "in" | "after" = "before";
  const zlibHeader: number[] = [];
  while (pos + 12 <= bytes.length) {
    const length = data.getUint32(pos);
    if (length > 0x7fffffff || pos + 12 + length > bytes.length) return false;
    const typeBytes = bytes.subarray(pos + 4, pos + 8);
    if (!typeBytes.every(isLetter)) return false;
    const type = String.fromCharCode(...typeBytes);
    const body = pos + 8;
    if (crc32(bytes, pos + 4, body + length) !== data.getUint32(body + length)) return false;

    if (index === 0) {
      if (type !== "IHDR" || length !== 13) return false;
      const width = data.getUint32(body);
      const height = data.getUint32(body + 4);
      const bitDepth = bytes[body + 8];
      colorType = bytes[body + 9];
      if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) return false;
      if (!PNG_BIT_DEPTHS[colorType]?.includes(bitDepth)) return false;
      if (bytes[body + 10] !== 0 || bytes[body + 11] !== 0 || bytes[body + 12] > 1) return false;
    } else if (type === "IHDR") {
      return false;
    } else if (type === "PLTE") {
      if (sawPalette || idatState !== "before" || length === 0 || length % 3 !== 0 || length > 768) return false;
      sawPalette = true;
    } else if (type === "IDAT") {
      if (idatState === "after") return false;
      idatState = "in";
      for (let i = 0; i < length && zlibHeader.length < 2; i++) zlibHeader.push(bytes[body + i]);
    } else if (type === "IEND") {
      if (length !== 0 || idatState === "before") return false;
      if (colorType === 3 && !sawPalette) return false;
      // A zlib stream: deflate, a window of at most 32 KB, no preset dictionary, a valid check.
      const [cmf, flg] = zlibHeader;
      if (zlibHeader.length < 2 || (cmf & 0x0f) !== 8 || cmf >> 4 > 7 || flg & 0x20 || ((cmf << 8) | flg) % 31 !== 0) {
        return false;
      }
      return pos + 12 === bytes.length && !containsHtmlMarkup(bytes);
    } else {
      // Bit 5 of the first letter clear: a critical chunk, which a decoder that does not know it must refuse.
      if (PNG_KNOWN_CRITICAL.has(type) || !(typeBytes[0] & 0x20)) return false;
      if (idatState === "in") idatState = "after";
    }
    pos = body + length + 4;
    index++;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// JPEG: SOI, then marker segments with consistent lengths, exactly one frame header (SOF) before
// the first scan, scans whose entropy-coded data runs to the next marker, and EOI. Bytes after the
// EOI are allowed: cameras and phones append further images there (Multi-Picture Format, Ultra HDR
// gain maps) or a motion-photo video; the HTML check covers the whole file.
// ---------------------------------------------------------------------------------------------

const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
const isRst = (m: number) => m >= 0xd0 && m <= 0xd7;

/** The offset just after the EOI of the JPEG image starting at `start`, or -1 when malformed. */
function jpegEnd(bytes: Bytes, start: number): number {
  if (bytes[start] !== 0xff || bytes[start + 1] !== 0xd8) return -1;
  const data = view(bytes);
  let pos = start + 2;
  let sawFrame = false;
  let sawScan = false;
  while (pos < bytes.length) {
    if (bytes[pos] !== 0xff) return -1;
    while (pos < bytes.length && bytes[pos] === 0xff) pos++; // fill bytes
    if (pos >= bytes.length) return -1;
    const marker = bytes[pos++];
    if (marker === 0xd9) return sawFrame && sawScan ? pos : -1;
    if (marker === 0x01) continue; // TEM has no length
    if (marker === 0x00 || marker === 0xd8 || isRst(marker) || (marker >= 0x02 && marker <= 0xbf)) return -1;
    if (pos + 2 > bytes.length) return -1;
    const length = data.getUint16(pos);
    if (length < 2 || pos + length > bytes.length) return -1;
    const body = pos + 2;
    if (isSof(marker)) {
      const components = bytes[body + 5];
      const width = data.getUint16(body + 3);
      if (sawFrame || length < 8 || components === 0 || length !== 8 + 3 * components || width === 0) return -1;
      if (![8, 12, 16].includes(bytes[body])) return -1;
      sawFrame = true;
    }
    pos += length;
    if (marker !== 0xda) continue;
    const scanComponents = bytes[body];
    if (!sawFrame || scanComponents < 1 || scanComponents > 4 || length !== 6 + 2 * scanComponents) return -1;
    sawScan = true;
    // Entropy-coded data: FF is followed by 00 (a stuffed byte) or a restart marker inside a scan.
    for (;;) {
      const ff = bytes.indexOf(0xff, pos);
      if (ff === -1 || ff + 1 >= bytes.length) return -1;
      const next = bytes[ff + 1];
      if (next === 0x00 || isRst(next) || next === 0xff) {
        pos = next === 0xff ? ff + 1 : ff + 2;
        continue;
      }
      pos = ff;
      break;
    }
  }
  return -1;
}

export function isJpeg(bytes: Bytes): boolean {
  return jpegEnd(bytes, 0) !== -1 && !containsHtmlMarkup(bytes);
}

// ---------------------------------------------------------------------------------------------
// ZIP (OOXML and OpenDocument packages): a local file header at the start, the end-of-central-
// directory record (ZIP64 too) where the comment length puts it, and a central directory whose
// every entry points at a matching local header with its data inside the archive. Entries are
// stored or deflated (the only methods the package standards allow), unencrypted and unique.
// ---------------------------------------------------------------------------------------------

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;

function uint64(data: DataView, at: number): number {
  return data.getUint32(at, true) + data.getUint32(at + 4, true) * 0x1_0000_0000;
}

/** The entry names of a well-formed ZIP archive, or null. */
export function zipEntryNames(bytes: Bytes): Set<string> | null {
  if (bytes.length < 22 + 30 || !startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return null;
  const data = view(bytes);
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (data.getUint32(at, true) === ZIP_END && at + 22 + data.getUint16(at + 20, true) === bytes.length) {
      end = at;
      break;
    }
  }
  if (end === -1) return null;
  if (data.getUint16(end + 4, true) !== 0 || data.getUint16(end + 6, true) !== 0) return null; // one disk only
  let total = data.getUint16(end + 10, true);
  if (data.getUint16(end + 8, true) !== total) return null;
  let directorySize = data.getUint32(end + 12, true);
  let directoryOffset = data.getUint32(end + 16, true);
  let directoryLimit = end;
  if (total === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locator = end - 20;
    if (locator < 0 || data.getUint32(locator, true) !== ZIP64_LOCATOR) return null;
    const record = uint64(data, locator + 8);
    if (record + 56 > locator || data.getUint32(record, true) !== ZIP64_END) return null;
    total = uint64(data, record + 32);
    directorySize = uint64(data, record + 40);
    directoryOffset = uint64(data, record + 48);
    directoryLimit = record;
  }
  if (total === 0 || directoryOffset + directorySize > directoryLimit) return null;

  const names = new Set<string>();
  const decoder = new TextDecoder();
  let pos = directoryOffset;
  for (let n = 0; n < total; n++) {
    if (pos + 46 > directoryOffset + directorySize || data.getUint32(pos, true) !== ZIP_CENTRAL) return null;
    const flags = data.getUint16(pos + 8, true);
    const method = data.getUint16(pos + 10, true);
    let compressedSize = data.getUint32(pos + 20, true);
    const uncompressedSize = data.getUint32(pos + 24, true);
    const nameLength = data.getUint16(pos + 28, true);
    const extraLength = data.getUint16(pos + 30, true);
    const commentLength = data.getUint16(pos + 32, true);
    let localOffset = data.getUint32(pos + 42, true);
    const next = pos + 46 + nameLength + extraLength + commentLength;
    if (next > directoryOffset + directorySize) return null;
    if (flags & 0x0001 || (method !== 0 && method !== 8)) return null;
    if (compressedSize === 0xffffffff || localOffset === 0xffffffff) {
      // The ZIP64 extra field holds, in this order, only the sizes and offset that overflowed.
      let field = pos + 46 + nameLength;
      const fieldsEnd = field + extraLength;
      while (field + 4 <= fieldsEnd && data.getUint16(field, true) !== 0x0001)
        field += 4 + data.getUint16(field + 2, true);
      if (field + 4 > fieldsEnd) return null;
      let value = field + 4;
      if (uncompressedSize === 0xffffffff) value += 8;
      if (compressedSize === 0xffffffff) {
        compressedSize = uint64(data, value);
        value += 8;
      }
      if (localOffset === 0xffffffff) localOffset = uint64(data, value);
    }
    const nameBytes = bytes.subarray(pos + 46, pos + 46 + nameLength);
    if (localOffset + 30 > directoryOffset || data.getUint32(localOffset, true) !== ZIP_LOCAL) return null;
    const localNameLength = data.getUint16(localOffset + 26, true);
    const localExtraLength = data.getUint16(localOffset + 28, true);
    if (localNameLength !== nameLength || !startsWith(bytes, Array.from(nameBytes), localOffset + 30)) return null;
    if (localOffset + 30 + localNameLength + localExtraLength + compressedSize > directoryOffset) return null;
    const name = decoder.decode(nameBytes);
    if (nameLength === 0 || names.has(name)) return null;
    names.add(name);
    pos = next;
  }
  return pos === directoryOffset + directorySize ? names : null;
}

/** The parts an Office Open XML package of each kind must hold (OPC, ECMA-376 part 2). */
const OOXML_PARTS: Record<"docx" | "xlsx", string[]> = {
  docx: ["[Content_Types].xml", "_rels/.rels", "word/document.xml"],
  xlsx: ["[Content_Types].xml", "_rels/.rels", "xl/workbook.xml"],
};

export function isOoxml(bytes: Bytes, ext: "docx" | "xlsx"): boolean {
  const names = zipEntryNames(bytes);
  return names !== null && OOXML_PARTS[ext].every((part) => names.has(part));
}

const OPENDOCUMENT_TYPES: Record<"odt" | "ods" | "odg", string> = {
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  odg: "application/vnd.oasis.opendocument.graphics",
};

/**
 * An OpenDocument package: a ZIP with its manifest and content parts. When the first entry is
 * `mimetype` (recommended, not required, by the standard) it is stored uncompressed and must name
 * the type of the extension.
 */
export function isOpenDocument(bytes: Bytes, ext: "odt" | "ods" | "odg"): boolean {
  const names = zipEntryNames(bytes);
  if (!names || !names.has("META-INF/manifest.xml") || !names.has("content.xml")) return false;
  const data = view(bytes);
  const method = data.getUint16(8, true);
  const compressedSize = data.getUint32(18, true);
  const nameLength = data.getUint16(26, true);
  const extraLength = data.getUint16(28, true);
  const name = new TextDecoder().decode(bytes.subarray(30, 30 + nameLength));
  if (name !== "mimetype") return true;
  const start = 30 + nameLength + extraLength;
  if (method !== 0 || start + compressedSize > bytes.length) return false;
  return new TextDecoder().decode(bytes.subarray(start, start + compressedSize)) === OPENDOCUMENT_TYPES[ext];
}

// ---------------------------------------------------------------------------------------------
// Compound File Binary (.doc, .xls): a consistent header; the directory, read through the
// allocation table, must hold the stream the application keeps its document in, and that stream's
// sectors must all be in the file.
// ---------------------------------------------------------------------------------------------

const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const CFB_END_OF_CHAIN = 0xfffffffe;

type CompoundEntry = { start: number; size: number };

/** The streams (by lowercase name) of a compound file whose data is all present, or null when it is malformed. */
export function compoundFileStreams(bytes: Bytes): Set<string> | null {
  if (bytes.length < 512 || !startsWith(bytes, CFB_SIGNATURE)) return null;
  const data = view(bytes);
  const major = data.getUint16(26, true);
  const sectorShift = data.getUint16(30, true);
  if (data.getUint16(28, true) !== 0xfffe || data.getUint16(32, true) !== 6) return null;
  if (!((major === 3 && sectorShift === 9) || (major === 4 && sectorShift === 12))) return null;
  const sectorSize = 1 << sectorShift;
  const sectorAt = (sector: number) => sectorSize + sector * sectorSize;
  // Sectors wholly in the file; a writer may leave the last one short, so stream data may end in it.
  const wholeSectors = Math.floor((bytes.length - sectorSize) / sectorSize);
  const fatSectorCount = data.getUint32(44, true);
  if (fatSectorCount === 0 || fatSectorCount > wholeSectors) return null;

  // The allocation table's own sectors: 109 in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109 && fatSectors.length < fatSectorCount; i++) fatSectors.push(data.getUint32(76 + i * 4, true));
  let difat = data.getUint32(68, true);
  const perDifat = sectorSize / 4 - 1;
  for (let hops = 0; fatSectors.length < fatSectorCount; hops++) {
    if (difat >= wholeSectors || hops > wholeSectors) return null;
    for (let i = 0; i < perDifat && fatSectors.length < fatSectorCount; i++) {
      fatSectors.push(data.getUint32(sectorAt(difat) + i * 4, true));
    }
    difat = data.getUint32(sectorAt(difat) + perDifat * 4, true);
  }
  if (fatSectors.some((sector) => sector >= wholeSectors)) return null;
  const perFat = sectorSize / 4;
  const next = (sector: number) => {
    const fatIndex = Math.floor(sector / perFat);
    return fatIndex < fatSectors.length
      ? data.getUint32(sectorAt(fatSectors[fatIndex]) + (sector % perFat) * 4, true)
      : -1;
  };
  /** The sectors of the chain from `start`, each beginning inside the file; null for a broken or looping chain. */
  const chain = (start: number): number[] | null => {
    const sectors: number[] = [];
    for (let sector = start; sector !== CFB_END_OF_CHAIN; sector = next(sector)) {
      if (sector < 0 || sectorAt(sector) >= bytes.length || sectors.length > wholeSectors) return null;
      sectors.push(sector);
    }
    return sectors;
  };

  const directory = chain(data.getUint32(48, true));
  if (!directory || directory.length === 0 || directory.some((sector) => sector >= wholeSectors)) return null;
  const entries = new Map<string, CompoundEntry>();
  let root: CompoundEntry | null = null;
  for (const sector of directory) {
    for (let entry = sectorAt(sector); entry < sectorAt(sector) + sectorSize; entry += 128) {
      const type = bytes[entry + 66];
      const nameLength = data.getUint16(entry + 64, true);
      if ((type !== 2 && type !== 5) || nameLength < 2 || nameLength > 64 || nameLength % 2) continue;
      let name = "";
      for (let i = 0; i < nameLength - 2; i += 2) name += String.fromCharCode(data.getUint16(entry + i, true));
      const found = { start: data.getUint32(entry + 116, true), size: data.getUint32(entry + 120, true) };
      if (type === 5) root ??= found;
      else entries.set(name.toLowerCase(), found);
    }
  }
  if (!root) return null;

  // Streams under the cutoff live in the mini stream, which the root entry's chain holds.
  const miniCutoff = data.getUint32(56, true);
  const rootSectors = root.size === 0 ? [] : chain(root.start);
  if (!rootSectors || rootSectors.length * sectorSize < root.size) return null;
  const complete = new Set<string>();
  for (const [name, entry] of entries) {
    if (entry.size === 0) continue;
    if (entry.size < miniCutoff) {
      if (root.size >= entry.size) complete.add(name);
      continue;
    }
    const sectors = chain(entry.start);
    if (
      sectors &&
      sectors.length === Math.ceil(entry.size / sectorSize) &&
      sectorAt(sectors.at(-1)!) + (entry.size - (sectors.length - 1) * sectorSize) <= bytes.length
    ) {
      complete.add(name);
    }
  }
  return complete;
}

/** The stream each binary Office format keeps its document in (Word 97+; Excel 97+, or Excel 5/95). */
const CFB_STREAMS: Record<"doc" | "xls", string[]> = { doc: ["worddocument"], xls: ["workbook", "book"] };

export function isCompoundDocument(bytes: Bytes, ext: "doc" | "xls"): boolean {
  const streams = compoundFileStreams(bytes);
  return streams !== null && CFB_STREAMS[ext].some((name) => streams.has(name));
}

// ---------------------------------------------------------------------------------------------
// CSV: UTF-8 text without NUL bytes that does not start like markup. Formula cells are accepted
// and neutralised when the file is downloaded (app/lib/files/csv-formulas.ts).
// ---------------------------------------------------------------------------------------------

export function isCsvText(bytes: Bytes): boolean {
  if (bytes.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return !text
    .replace(/^\uFEFF/, "")
    .trimStart()
    .startsWith("<");
}

/** Whether the bytes are a well-formed file of the kind the extension names. Empty files never are. */
export function contentMatchesExtension(ext: FileExtension, bytes: Bytes): boolean {
  if (bytes.length === 0) return false;
  try {
    return checkContent(ext, bytes);
  } catch (error) {
    // A length or offset in a malformed file pointing past its end makes DataView throw.
    if (error instanceof RangeError) return false;
    throw error;
  }
}

function checkContent(ext: FileExtension, bytes: Bytes): boolean {
  switch (ext) {
    case "pdf":
      return isPdf(bytes);
    case "png":
      return isPng(bytes);
    case "jpg":
    case "jpeg":
      return isJpeg(bytes);
    case "doc":
    case "xls":
      return isCompoundDocument(bytes, ext);
    case "docx":
    case "xlsx":
      return isOoxml(bytes, ext);
    case "odt":
    case "ods":
    case "odg":
      return isOpenDocument(bytes, ext);
    case "csv":
      return isCsvText(bytes);
  }
}
