/**
 * CSV formula injection (OWASP "CSV Injection"): a spreadsheet opening a CSV runs any cell that
 * begins with `=`, `+`, `-` or `@` (and, after trimming, a tab or carriage return) as a formula,
 * e.g. `=HYPERLINK(...)` or a DDE call. Uploaded CSVs are stored as they came; this makes the copy
 * that is downloaded inert by putting a `'` before such a cell's content (ADR
 * ADR 014). Pure; works on the UTF-8 bytes, so nothing else in the file changes.
 */

const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const LF = 0x0a;
const CR = 0x0d;

const isTrigger = (b: number) => b === 0x3d || b === 0x2b || b === 0x2d || b === 0x40 || b === 0x09 || b === CR;

/**
 * The separators a spreadsheet may split on: `,`, `;` (the list separator of many locales) and
 * tab. Which one the reader uses is unknown, and quotes only group text at the start of a cell
 * under that separator, so each is read on its own and the formula cells of all three are made
 * inert: a crafted file cannot hide a formula from one reading behind the quotes of another.
 */
const SEPARATORS = [0x2c, 0x3b, 0x09];

/**
 * Whether a cell that starts like a formula cannot do anything: without letters there is no
 * function (HYPERLINK, WEBSERVICE, a DDE `cmd|`), reference or name, only arithmetic on constants,
 * so negative amounts (`-1,200.50`), signs and phone numbers (`+1 555 0100`) stay as they are.
 * Any non-ASCII byte counts as a letter, since function names are localised.
 */
function isInert(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = bytes[i];
    if (b >= 0x80 || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a)) return false;
  }
  return true;
}

/** The ascending offsets of the first character of each formula cell when the CSV is split on `separator`. */
function formulaCellsWith(bytes: Uint8Array, separator: number): number[] {
  const found: number[] = [];
  const length = bytes.length;
  let pos = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (pos < length) {
    let end = pos;
    if (bytes[pos] === QUOTE) {
      let close = pos + 1;
      for (;;) {
        close = bytes.indexOf(QUOTE, close);
        if (close === -1 || bytes[close + 1] !== QUOTE) break;
        close += 2;
      }
      end = close === -1 ? length : close;
      if (pos + 1 < end && isTrigger(bytes[pos + 1]) && !isInert(bytes, pos + 1, end)) found.push(pos + 1);
    }
    const start = end;
    for (; end < length; end++) {
      const b = bytes[end];
      if (b === separator || b === LF || b === CR) break;
    }
    if (start === pos && end > pos && isTrigger(bytes[pos]) && !isInert(bytes, pos, end)) found.push(pos);
    pos = end + 1;
  }
  return found;
}

/** The byte offsets before which a `'` goes: the first character of each formula cell, ascending. */
export function formulaCellOffsets(bytes: Uint8Array): number[] {
  const [a, b, c] = SEPARATORS.map((separator) => formulaCellsWith(bytes, separator));
  // Three ascending lists merged without duplicates.
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length || j < b.length || k < c.length) {
    const next = Math.min(a[i] ?? Infinity, b[j] ?? Infinity, c[k] ?? Infinity);
    merged.push(next);
    if (a[i] === next) i++;
    if (b[j] === next) j++;
    if (c[k] === next) k++;
  }
  return merged;
}

/** The CSV with a `'` before every formula cell's content; the same bytes when there is none. */
export function neutralizeCsvFormulas(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const offsets = formulaCellOffsets(bytes);
  if (offsets.length === 0) return bytes;
  const out = new Uint8Array(bytes.length + offsets.length);
  let from = 0;
  let to = 0;
  for (const offset of offsets) {
    out.set(bytes.subarray(from, offset), to);
    to += offset - from;
    out[to++] = APOSTROPHE;
    from = offset;
  }
  out.set(bytes.subarray(from), to);
  return out;
}
