/**
 * A small PDF writer: text documents in the standard Helvetica fonts (no embedded fonts, no
 * images), US Letter pages, word-wrapped paragraphs, headings, tables whose rows may continue on
 * the next page (with the header repeated), rules and a footer on every page ("Page 2 of 3").
 * Pure TypeScript, no Node or DOM API, so the Worker renders the signed statement of work itself;
 * the output is deterministic for the same input (the same bytes, the same SHA-256).
 *
 * Text is encoded in WinAnsiEncoding: Latin-1 and the usual typographic marks (curly quotes,
 * dashes, ellipsis, bullet, euro) are kept; accented letters outside it lose their accent; any
 * other character becomes "?". Every byte above 126 is written as an octal escape, so the file is
 * plain ASCII and its cross-reference offsets are string lengths.
 */

export type PdfFont = "regular" | "bold";

/** A table cell: one string, or paragraphs each in its own font (a title in bold, then its description). */
export type PdfCell = string | { text: string; font?: PdfFont }[];

export type PdfColumn = {
  header: string;
  /** Share of the text width (the shares are scaled to add up to the whole width). */
  width: number;
  align?: "left" | "right";
};

export type PdfBlock =
  | { type: "title"; text: string }
  | { type: "heading"; text: string }
  | { type: "paragraph"; text: string; font?: PdfFont; size?: number; align?: "left" | "right" }
  | { type: "table"; columns: PdfColumn[]; rows: PdfCell[][] }
  | { type: "rule" }
  | { type: "space"; height: number }
  /** Starts a new page unless `height` points are left: keeps what follows (a signature block) together. */
  | { type: "keep"; height: number };

export type PdfInput = {
  /** The document's title (its Info dictionary). */
  title: string;
  author?: string;
  blocks: readonly PdfBlock[];
  /** The footer of page `page` of `pages`: a left and a right text. */
  footer?: (page: number, pages: number) => { left: string; right: string };
  /** The Info dictionary's CreationDate; left out when not given (so the output stays deterministic). */
  creationDate?: Date;
};

export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;
const MARGIN_X = 64;
const MARGIN_TOP = 64;
const MARGIN_BOTTOM = 72;
const FOOTER_Y = 40;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;

const BODY_SIZE = 10.5;
const HEADING_SIZE = 14;
const TITLE_SIZE = 20;
const TABLE_SIZE = 9.5;
const FOOTER_SIZE = 8;
const LEADING = 1.35;
const CELL_PADDING = 4;

// Glyph widths (per 1000 units of the font size) of the printable ASCII characters 32–126, from
// Adobe's Helvetica and Helvetica-Bold metrics.
// prettier-ignore
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
// prettier-ignore
const HELVETICA_BOLD_WIDTHS = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
  975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
  333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

/** Unicode characters of WinAnsiEncoding's 0x80–0x9F range. */
const WIN_ANSI_EXTRA: Record<string, number> = {
  "\u20ac": 0x80,
  "\u201a": 0x82,
  "\u0192": 0x83,
  "\u201e": 0x84,
  "\u2026": 0x85,
  "\u2020": 0x86,
  "\u2021": 0x87,
  "\u02c6": 0x88,
  "\u2030": 0x89,
  "\u0160": 0x8a,
  "\u2039": 0x8b,
  "\u0152": 0x8c,
  "\u017d": 0x8e,
  "\u2018": 0x91,
  "\u2019": 0x92,
  "\u201c": 0x93,
  "\u201d": 0x94,
  "\u2022": 0x95,
  "\u2013": 0x96,
  "\u2014": 0x97,
  "\u02dc": 0x98,
  "\u2122": 0x99,
  "\u0161": 0x9a,
  "\u203a": 0x9b,
  "\u0153": 0x9c,
  "\u017e": 0x9e,
  "\u0178": 0x9f,
};

function winAnsiByte(char: string): number | null {
  const code = char.codePointAt(0)!;
  if (code >= 0x20 && code <= 0x7e) return code;
  if (code >= 0xa0 && code <= 0xff) return code;
  return WIN_ANSI_EXTRA[char] ?? null;
}

/**
 * The text as WinAnsiEncoding bytes: tabs and line breaks become spaces, other control
 * characters are dropped, a letter outside the encoding loses its accent when that brings it in
 * (ő → o), anything else is "?".
 */
export function encodeWinAnsi(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    if (code === 0x09 || code === 0x0a || code === 0x0d) {
      bytes.push(0x20);
      continue;
    }
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    const direct = winAnsiByte(char);
    if (direct !== null) {
      bytes.push(direct);
      continue;
    }
    const base = char.normalize("NFD").replace(/\p{M}/gu, "");
    const bases = [...base].map(winAnsiByte);
    if (base.length > 0 && bases.every((byte) => byte !== null)) bytes.push(...(bases as number[]));
    else bytes.push(0x3f);
  }
  return bytes;
}

/** A PDF literal string `( … )` of WinAnsi bytes: `(`, `)` and `\` escaped, bytes above 126 as octal. */
export function pdfString(bytes: readonly number[]): string {
  let out = "(";
  for (const byte of bytes) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, "0")}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

function byteWidth(byte: number, font: PdfFont): number {
  const table = font === "bold" ? HELVETICA_BOLD_WIDTHS : HELVETICA_WIDTHS;
  if (byte >= 0x20 && byte <= 0x7e) return table[byte - 0x20]!;
  if (byte === 0xa0) return 278;
  if (byte === 0x95) return 350;
  if (byte === 0x85 || byte === 0x97 || byte === 0x89) return 1000;
  return 556;
}

/** The width in points of the text in that font and size. */
export function measureText(text: string, font: PdfFont, size: number): number {
  return (encodeWinAnsi(text).reduce((sum, byte) => sum + byteWidth(byte, font), 0) * size) / 1000;
}

/** The text broken into lines no wider than `width`; a word longer than a line is cut. Paragraph breaks (\n) kept. */
export function wrapText(text: string, font: PdfFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    const words = paragraph.split(/[ \t]+/).filter(Boolean);
    if (words.length === 0) {
      lines.push("");
      continue;
    }
    let line = "";
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (measureText(candidate, font, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      // A word wider than the line: cut it into pieces that fit.
      let rest = word;
      while (measureText(rest, font, size) > width) {
        let cut = 1;
        while (cut < rest.length && measureText(rest.slice(0, cut + 1), font, size) <= width) cut += 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

type Op = string;

function textOp(text: string, font: PdfFont, size: number, x: number, y: number): Op {
  return `BT /${font === "bold" ? "F2" : "F1"} ${fmt(size)} Tf ${fmt(x)} ${fmt(y)} Td ${pdfString(encodeWinAnsi(text))} Tj ET`;
}

function lineOp(x1: number, y1: number, x2: number, y2: number, width = 0.5): Op {
  return `${fmt(width)} w ${fmt(x1)} ${fmt(y1)} m ${fmt(x2)} ${fmt(y2)} l S`;
}

function fmt(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/\.?0+$/, "");
}

/** Lays the blocks out on pages: each page a list of drawing operators. */
class Layout {
  pages: Op[][] = [[]];
  y = PAGE_HEIGHT - MARGIN_TOP;

  get page(): Op[] {
    return this.pages[this.pages.length - 1]!;
  }

  get fresh(): boolean {
    return this.page.length === 0;
  }

  newPage() {
    this.pages.push([]);
    this.y = PAGE_HEIGHT - MARGIN_TOP;
  }

  /** Room for `height` points below the cursor, or a new page. */
  ensure(height: number) {
    if (this.y - height < MARGIN_BOTTOM && !this.fresh) this.newPage();
  }

  text(text: string, font: PdfFont, size: number, options: { align?: "left" | "right" } = {}) {
    const lineHeight = size * LEADING;
    for (const line of wrapText(text, font, size, TEXT_WIDTH)) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      const x = options.align === "right" ? MARGIN_X + TEXT_WIDTH - measureText(line, font, size) : MARGIN_X;
      if (line) this.page.push(textOp(line, font, size, x, this.y + size * 0.25));
    }
  }

  table(columns: PdfColumn[], rows: PdfCell[][]) {
    const share = columns.reduce((sum, column) => sum + column.width, 0) || 1;
    const widths = columns.map((column) => (column.width / share) * TEXT_WIDTH);
    const lefts = widths.map((_, index) => MARGIN_X + widths.slice(0, index).reduce((sum, w) => sum + w, 0));
    const lineHeight = TABLE_SIZE * LEADING;
    const cellLines = (cell: PdfCell, index: number): { text: string; font: PdfFont }[] => {
      const paragraphs = typeof cell === "string" ? [{ text: cell }] : cell;
      return paragraphs.flatMap((paragraph) =>
        wrapText(paragraph.text, paragraph.font ?? "regular", TABLE_SIZE, widths[index]! - 2 * CELL_PADDING).map(
          (text) => ({ text, font: paragraph.font ?? "regular" }),
        ),
      );
    };
    const drawLine = (cells: { text: string; font: PdfFont }[][], lineIndex: number) => {
      this.y -= lineHeight;
      cells.forEach((lines, index) => {
        const line = lines[lineIndex];
        if (!line || !line.text) return;
        const width = measureText(line.text, line.font, TABLE_SIZE);
        const x =
          columns[index]!.align === "right"
            ? lefts[index]! + widths[index]! - CELL_PADDING - width
            : lefts[index]! + CELL_PADDING;
        this.page.push(textOp(line.text, line.font, TABLE_SIZE, x, this.y + TABLE_SIZE * 0.25));
      });
    };
    const header = columns.map((column, index) =>
      wrapText(column.header, "bold", TABLE_SIZE, widths[index]! - 2 * CELL_PADDING).map((text) => ({
        text,
        font: "bold" as const,
      })),
    );
    const headerLines = Math.max(...header.map((lines) => lines.length));
    const drawHeader = () => {
      for (let line = 0; line < headerLines; line += 1) drawLine(header, line);
      this.y -= CELL_PADDING;
      this.page.push(lineOp(MARGIN_X, this.y, MARGIN_X + TEXT_WIDTH, this.y, 0.75));
    };
    this.ensure((headerLines + 2) * lineHeight + CELL_PADDING);
    drawHeader();
    for (const row of rows) {
      const cells = row.map((cell, index) => cellLines(cell, index));
      const height = Math.max(1, ...cells.map((lines) => lines.length));
      // Keep a row on one page when it fits on one; a longer row continues on the next.
      if (this.y - (height * lineHeight + CELL_PADDING) < MARGIN_BOTTOM) {
        this.newPage();
        drawHeader();
      }
      for (let line = 0; line < height; line += 1) {
        if (this.y - lineHeight < MARGIN_BOTTOM) {
          this.newPage();
          drawHeader();
        }
        drawLine(cells, line);
      }
      this.y -= CELL_PADDING;
      this.page.push(lineOp(MARGIN_X, this.y, MARGIN_X + TEXT_WIDTH, this.y, 0.25));
    }
  }

  block(block: PdfBlock) {
    switch (block.type) {
      case "title":
        this.text(block.text, "bold", TITLE_SIZE);
        this.y -= 6;
        return;
      case "heading":
        // Keep a heading with at least three lines of what follows.
        this.ensure(HEADING_SIZE * LEADING + 12 + 3 * BODY_SIZE * LEADING);
        this.y -= 12;
        this.text(block.text, "bold", HEADING_SIZE);
        this.y -= 4;
        return;
      case "paragraph":
        this.text(block.text, block.font ?? "regular", block.size ?? BODY_SIZE, { align: block.align });
        this.y -= 6;
        return;
      case "table":
        this.table(block.columns, block.rows);
        this.y -= 6;
        return;
      case "rule":
        this.ensure(12);
        this.y -= 6;
        this.page.push(lineOp(MARGIN_X, this.y, MARGIN_X + TEXT_WIDTH, this.y, 0.75));
        this.y -= 6;
        return;
      case "keep":
        this.ensure(block.height);
        return;
      case "space":
        this.y -= block.height;
        if (this.y < MARGIN_BOTTOM) this.newPage();
        return;
    }
  }
}

function pdfDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `D:${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
}

/** The PDF's bytes. */
export function writePdf(input: PdfInput): Uint8Array<ArrayBuffer> {
  const layout = new Layout();
  for (const block of input.blocks) layout.block(block);
  const pages = layout.pages;
  if (input.footer) {
    pages.forEach((ops, index) => {
      const { left, right } = input.footer!(index + 1, pages.length);
      ops.push(lineOp(MARGIN_X, FOOTER_Y + 12, MARGIN_X + TEXT_WIDTH, FOOTER_Y + 12, 0.25));
      ops.push(textOp(left, "regular", FOOTER_SIZE, MARGIN_X, FOOTER_Y));
      ops.push(
        textOp(
          right,
          "regular",
          FOOTER_SIZE,
          MARGIN_X + TEXT_WIDTH - measureText(right, "regular", FOOTER_SIZE),
          FOOTER_Y,
        ),
      );
    });
  }

  // Objects: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, 5 info, then a page and its content per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 6 + index * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  const info = [
    `/Title ${pdfString(encodeWinAnsi(input.title))}`,
    ...(input.author ? [`/Author ${pdfString(encodeWinAnsi(input.author))}`] : []),
    "/Producer (Partwise)",
    ...(input.creationDate ? [`/CreationDate (${pdfDate(input.creationDate)})`] : []),
  ];
  objects[5] = `<< ${info.join(" ")} >>`;
  pages.forEach((ops, index) => {
    const pageId = pageIds[index]!;
    const content = ops.join("\n");
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  });

  // Every character is ASCII, so a string's length is its byte count.
  let out = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = latin1Length(out);
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = latin1Length(out);
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) out += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  const bytes = new Uint8Array(out.length);
  for (let index = 0; index < out.length; index += 1) bytes[index] = out.charCodeAt(index) & 0xff;
  return bytes;
}

/** Bytes of a string whose characters are all below 256 (one byte each). */
function latin1Length(text: string): number {
  return text.length;
}
