/**
 * Small but real files of every accepted type, made from scratch for the upload tests: a PNG and
 * a JPEG that browsers decode, a PDF with a correct cross-reference table, ZIP packages that unzip
 * (Office Open XML and OpenDocument) and compound files with the stream Word or Excel reads.
 * Plain TypeScript (no Node APIs), so unit tests in Node and integration tests in workerd share it.
 * Checksums are computed here independently of the app's own code.
 */

export const text = (value: string) => new TextEncoder().encode(value);

export function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function u16le(value: number) {
  return new Uint8Array([value & 0xff, (value >>> 8) & 0xff]);
}
function u32le(value: number) {
  return new Uint8Array([value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff]);
}
function u32be(value: number) {
  return new Uint8Array([(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
}

/** CRC-32, bit by bit (slow and obviously right: fine for test-sized inputs). */
export function referenceCrc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** A zlib stream holding `data` in stored (uncompressed) deflate blocks. */
function zlibStored(data: Uint8Array): Uint8Array {
  const blocks: Uint8Array[] = [new Uint8Array([0x78, 0x01])];
  for (let at = 0; at < data.length || at === 0; at += 0xffff) {
    const chunk = data.subarray(at, at + 0xffff);
    const last = at + 0xffff >= data.length;
    blocks.push(new Uint8Array([last ? 1 : 0]), u16le(chunk.length), u16le(~chunk.length & 0xffff), chunk);
    if (last) break;
  }
  blocks.push(u32be(adler32(data)));
  return concat(...blocks);
}

// ---------------------------------------------------------------------------------------------
// PNG
// ---------------------------------------------------------------------------------------------

export function pngChunk(type: string, data: Uint8Array = new Uint8Array(0)): Uint8Array {
  const typeAndData = concat(text(type), data);
  return concat(u32be(data.length), typeAndData, u32be(referenceCrc32(typeAndData)));
}

export const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A width × height 8-bit RGB PNG in one colour; `extra` chunks go between IHDR and IDAT. */
export function png(options: { width?: number; height?: number; extra?: Uint8Array[] } = {}): Uint8Array<ArrayBuffer> {
  const width = options.width ?? 2;
  const height = options.height ?? 2;
  const ihdr = concat(u32be(width), u32be(height), new Uint8Array([8, 2, 0, 0, 0]));
  const rows: Uint8Array[] = [];
  for (let y = 0; y < height; y++) {
    const row = new Uint8Array(1 + width * 3); // filter byte 0, then RGB
    for (let x = 0; x < width; x++) row.set([0x1f, 0x6f, 0xb4], 1 + x * 3);
    rows.push(row);
  }
  return concat(
    PNG_SIGNATURE,
    pngChunk("IHDR", ihdr),
    ...(options.extra ?? []),
    pngChunk("IDAT", zlibStored(concat(...rows))),
    pngChunk("IEND"),
  );
}

// ---------------------------------------------------------------------------------------------
// JPEG: an 8×8 grey baseline image. Both Huffman tables hold one 1-bit code ("0"): for the DC
// table the difference category 0, for the AC table end-of-block, so the only block is "00".
// ---------------------------------------------------------------------------------------------

function segment(marker: number, body: Uint8Array): Uint8Array {
  const length = body.length + 2;
  return concat(new Uint8Array([0xff, marker, length >>> 8, length & 0xff]), body);
}

export function jpeg(options: { comment?: string } = {}): Uint8Array<ArrayBuffer> {
  const huffmanOneCode = (tableClassAndId: number) => {
    const counts = new Uint8Array(16);
    counts[0] = 1;
    return concat(new Uint8Array([tableClassAndId]), counts, new Uint8Array([0x00]));
  };
  return concat(
    new Uint8Array([0xff, 0xd8]),
    segment(0xe0, concat(text("JFIF\0"), new Uint8Array([1, 1, 0, 0, 1, 0, 1, 0, 0]))),
    ...(options.comment === undefined ? [] : [segment(0xfe, text(options.comment))]),
    segment(0xdb, concat(new Uint8Array([0x00]), new Uint8Array(64).fill(1))),
    segment(0xc0, new Uint8Array([8, 0, 8, 0, 8, 1, 1, 0x11, 0])),
    segment(0xc4, huffmanOneCode(0x00)),
    segment(0xc4, huffmanOneCode(0x10)),
    segment(0xda, new Uint8Array([1, 1, 0x00, 0, 63, 0])),
    new Uint8Array([0x3f]),
    new Uint8Array([0xff, 0xd9]),
  );
}

// ---------------------------------------------------------------------------------------------
// PDF: one page with one line of text, with a byte-exact xref table.
// ---------------------------------------------------------------------------------------------

export function pdf(options: { pageText?: string } = {}): Uint8Array<ArrayBuffer> {
  const content = `BT /F1 12 Tf 72 720 Td (${options.pageText ?? "Quarterly stock counts"}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let body = "%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Latin-1 bytes, so the offsets above (counted in characters) are byte offsets.
  return Uint8Array.from(body, (char) => char.charCodeAt(0));
}

// ---------------------------------------------------------------------------------------------
// ZIP (stored entries) and the packages built on it
// ---------------------------------------------------------------------------------------------

export type ZipEntry = { name: string; data: Uint8Array | string };

export function zip(entries: ZipEntry[]): Uint8Array<ArrayBuffer> {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = text(entry.name);
    const data = typeof entry.data === "string" ? text(entry.data) : entry.data;
    const crc = referenceCrc32(data);
    // version 20, flags 0 (bit 11 only for non-ASCII names), method 0 (stored), DOS time and date
    const common = concat(
      u16le(20),
      u16le(0),
      u16le(0),
      u16le(0),
      u16le(0x5c21),
      u32le(crc),
      u32le(data.length),
      u32le(data.length),
      u16le(name.length),
      u16le(0),
    );
    const local = concat(u32le(0x04034b50), common, name, data);
    centrals.push(
      concat(u32le(0x02014b50), u16le(20), common, u16le(0), u16le(0), u16le(0), u32le(0), u32le(offset), name),
    );
    locals.push(local);
    offset += local.length;
  }
  const directory = concat(...centrals);
  const end = concat(
    u32le(0x06054b50),
    u16le(0),
    u16le(0),
    u16le(entries.length),
    u16le(entries.length),
    u32le(directory.length),
    u32le(offset),
    u16le(0),
  );
  return concat(...locals, directory, end);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const PACKAGE_RELS = (target: string) =>
  `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${target}"/></Relationships>`;

export function docx(paragraph = "Supplier list"): Uint8Array<ArrayBuffer> {
  return zip([
    {
      name: "[Content_Types].xml",
      data: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    },
    { name: "_rels/.rels", data: PACKAGE_RELS("word/document.xml") },
    {
      name: "word/document.xml",
      data: `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${paragraph}</w:t></w:r></w:p></w:body></w:document>`,
    },
  ]);
}

export function xlsx(): Uint8Array<ArrayBuffer> {
  return zip([
    {
      name: "[Content_Types].xml",
      data: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    },
    { name: "_rels/.rels", data: PACKAGE_RELS("xl/workbook.xml") },
    {
      name: "xl/workbook.xml",
      data: `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Revenue" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    {
      name: "xl/worksheets/sheet1.xml",
      data: `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Month</t></is></c><c r="B1"><v>1200</v></c></row></sheetData></worksheet>`,
    },
  ]);
}

export const OPENDOCUMENT_TYPES = {
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  odg: "application/vnd.oasis.opendocument.graphics",
} as const;

const OPENDOCUMENT_BODY = {
  odt: "<office:text><text:p>Supplier list</text:p></office:text>",
  ods: '<office:spreadsheet><table:table table:name="Revenue"><table:table-row><table:table-cell office:value-type="float" office:value="1200"/></table:table-row></table:table></office:spreadsheet>',
  odg: '<office:drawing><draw:page draw:name="page1"/></office:drawing>',
};

/** An OpenDocument package; `mimetype` overrides the type stored in the first entry (null: none). */
export function openDocument(
  kind: keyof typeof OPENDOCUMENT_TYPES,
  mimetype: string | null = OPENDOCUMENT_TYPES[kind],
) {
  const type = OPENDOCUMENT_TYPES[kind];
  return zip([
    ...(mimetype === null ? [] : [{ name: "mimetype", data: mimetype }]),
    {
      name: "META-INF/manifest.xml",
      data: `${XML}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="${type}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    },
    {
      name: "content.xml",
      data: `${XML}<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" office:version="1.2"><office:body>${OPENDOCUMENT_BODY[kind]}</office:body></office:document-content>`,
    },
  ]);
}

// ---------------------------------------------------------------------------------------------
// Compound File Binary (version 3, 512-byte sectors): sector 0 the allocation table, sector 1 the
// directory (root entry and one stream), sectors 2–9 the stream's 4096 bytes (at the mini-stream
// cutoff, so it lives in regular sectors).
// ---------------------------------------------------------------------------------------------

const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;

function directoryEntry(name: string, type: number, start: number, size: number, child = FREE): Uint8Array {
  const entry = new Uint8Array(128);
  const data = new DataView(entry.buffer);
  for (let i = 0; i < name.length; i++) data.setUint16(i * 2, name.charCodeAt(i), true);
  data.setUint16(64, (name.length + 1) * 2, true);
  entry[66] = type;
  entry[67] = 1; // black
  data.setUint32(68, FREE, true);
  data.setUint32(72, FREE, true);
  data.setUint32(76, child, true);
  data.setUint32(116, start, true);
  data.setUint32(120, size, true);
  return entry;
}

/** A compound file holding one 4096-byte stream `stream` ("WordDocument" for .doc, "Workbook" for .xls). */
export function compoundFile(stream: string): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(512);
  const h = new DataView(header.buffer);
  header.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  h.setUint16(24, 0x3e, true);
  h.setUint16(26, 3, true);
  h.setUint16(28, 0xfffe, true);
  h.setUint16(30, 9, true);
  h.setUint16(32, 6, true);
  h.setUint32(44, 1, true); // one FAT sector
  h.setUint32(48, 1, true); // directory starts at sector 1
  h.setUint32(56, 4096, true); // mini stream cutoff
  h.setUint32(60, END_OF_CHAIN, true); // no mini FAT
  h.setUint32(68, END_OF_CHAIN, true); // no DIFAT sectors
  for (let i = 0; i < 109; i++) h.setUint32(76 + i * 4, i === 0 ? 0 : FREE, true);

  const fat = new Uint8Array(512).fill(0xff);
  const f = new DataView(fat.buffer);
  f.setUint32(0, FAT_SECTOR, true);
  f.setUint32(4, END_OF_CHAIN, true);
  for (let s = 2; s <= 9; s++) f.setUint32(s * 4, s === 9 ? END_OF_CHAIN : s + 1, true);

  const directory = concat(
    directoryEntry("Root Entry", 5, END_OF_CHAIN, 0, 1),
    directoryEntry(stream, 2, 2, 4096),
    new Uint8Array(256),
  );
  const data = new Uint8Array(4096).fill(0x20);
  return concat(header, fat, directory, data);
}
