import { describe, expect, it } from "vitest";
import {
  compoundFileStreams,
  containsHtmlMarkup,
  contentMatchesExtension,
  crc32,
  zipEntryNames,
} from "~/lib/files/file-content";
import {
  compoundFile,
  concat,
  docx,
  jpeg,
  openDocument,
  OPENDOCUMENT_TYPES,
  pdf,
  png,
  pngChunk,
  PNG_SIGNATURE,
  referenceCrc32,
  text,
  xlsx,
  zip,
} from "../../support/sample-files";

const bytes = (...values: number[]) => new Uint8Array(values);
const MZ = text("MZ\x90\x00\x03\x00\x00\x00");
const latin1 = (value: string) => Uint8Array.from(value, (char) => char.charCodeAt(0));

/** A copy of `source` with the byte at `at` changed. */
function withByte(source: Uint8Array, at: number, value: number): Uint8Array {
  const copy = source.slice();
  copy[at] = value;
  return copy;
}

/** Deterministic pseudo-random bytes (xorshift32), like compressed data. */
function noise(length: number, seed = 0x9e3779b9): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** A PDF with `insert` placed right after its header line (offsets shift, as a polyglot's would). */
function pdfWith(insert: string): Uint8Array {
  const base = pdf();
  const headerEnd = base.indexOf(0x0a) + 1;
  return concat(base.subarray(0, headerEnd), latin1(insert), base.subarray(headerEnd));
}

describe("crc32", () => {
  it("matches the bitwise reference on every length around the 8-byte stride", () => {
    const data = noise(100);
    for (let length = 0; length <= 100; length += 7) {
      expect(crc32(data, 0, length)).toBe(referenceCrc32(data.subarray(0, length)));
    }
    expect(crc32(text("123456789"))).toBe(0xcbf43926);
  });
});

describe("HTML markup inside binary files", () => {
  it("finds script-capable elements, a doctype and event handlers, in any case", () => {
    for (const markup of [
      "<script>alert(1)</script>",
      "<SCRIPT src=//x>",
      "<!DOCTYPE html>",
      "<!doctype   HTML>",
      "<html lang=en>",
      "<svg/onload=alert(1)>",
      "<img src=x onerror=alert(1)>",
      "<iframe src=//evil>",
      "<meta http-equiv=refresh content=0;url=//evil>",
      '<div onmouseover="alert(1)">',
      "<p\nonclick = 'x'>",
      "<body onload=alert(1)>",
      "<form action=//evil>",
    ]) {
      expect(containsHtmlMarkup(text(`binary\x00${markup}\x00more`)), markup).toBe(true);
    }
  });

  it("leaves PDF syntax, namespaced XML metadata and rich-text XHTML alone", () => {
    for (const harmless of [
      "<< /Type /Page >> <48656C6C6F> Tj <a1b2c3>",
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><dc:title><rdf:Alt><rdf:li xml:lang="x-default">Q3</rdf:li></rdf:Alt></dc:title></rdf:RDF></x:xmpmeta>',
      '<?xml version="1.0"?><body xmlns="http://www.w3.org/1999/xhtml" xfa:APIVersion="Acrobat:11.0.0"><p dir="ltr">Checked<span style="color:red">ok</span></p></body>',
      "if a < b and c > d then",
      "<!-- comment -->",
    ]) {
      expect(containsHtmlMarkup(text(harmless)), harmless).toBe(false);
    }
  });

  it("does not see markup in 4 MB of compressed-looking noise", () => {
    expect(containsHtmlMarkup(noise(4_000_000))).toBe(false);
  });
});

describe("pdf", () => {
  it("accepts a real PDF, also with rich-text annotations and XMP metadata", () => {
    expect(contentMatchesExtension("pdf", pdf())).toBe(true);
    expect(contentMatchesExtension("pdf", pdfWith("%comment line\n"))).toBe(true);
    expect(
      contentMatchesExtension(
        "pdf",
        pdfWith(
          '6 0 obj << /RC (<?xml version="1.0"?><body xmlns="http://www.w3.org/1999/xhtml"><p>Note</p></body>) >> endobj\n',
        ),
      ),
    ).toBe(true);
    expect(
      contentMatchesExtension(
        "pdf",
        pdfWith(`7 0 obj << /Length 9 >>\nstream\n${String.fromCharCode(...noise(3000))}\nendstream\nendobj\n`),
      ),
    ).toBe(true);
  });

  it("refuses a PDF that is also an HTML page", () => {
    expect(
      contentMatchesExtension("pdf", pdfWith("%<html><body><script>alert(document.domain)</script></body></html>\n")),
    ).toBe(false);
    expect(contentMatchesExtension("pdf", pdfWith("<!DOCTYPE html>\n"))).toBe(false);
    expect(contentMatchesExtension("pdf", pdfWith("8 0 obj (<img src=x onerror=alert(1)>) endobj\n"))).toBe(false);
    expect(contentMatchesExtension("pdf", concat(pdf(), text("<svg onload=alert(1)>\n%%EOF\n")))).toBe(false);
    expect(contentMatchesExtension("pdf", text("%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n"))).toBe(
      false,
    );
  });

  it("refuses a wrong header, a missing or distant %%EOF and a startxref past the end", () => {
    const good = pdf();
    expect(contentMatchesExtension("pdf", text("<html><body>%PDF-</body></html>"))).toBe(false);
    expect(contentMatchesExtension("pdf", MZ)).toBe(false);
    expect(contentMatchesExtension("pdf", text("%PDF"))).toBe(false);
    expect(contentMatchesExtension("pdf", concat(text("%PDF-x"), good.subarray(6)))).toBe(false);
    expect(contentMatchesExtension("pdf", good.subarray(0, good.length - 7))).toBe(false); // no %%EOF
    expect(contentMatchesExtension("pdf", concat(good, new Uint8Array(2000).fill(0x20)))).toBe(false);
    expect(contentMatchesExtension("pdf", text("%PDF-1.7\n1 0 obj << >> endobj\nstartxref\n999999\n%%EOF\n"))).toBe(
      false,
    );
  });
});

describe("png", () => {
  it("accepts a real PNG, also with an ancillary text chunk", () => {
    expect(contentMatchesExtension("png", png())).toBe(true);
    expect(contentMatchesExtension("png", png({ width: 1, height: 1 }))).toBe(true);
    expect(contentMatchesExtension("png", png({ width: 300, height: 200 }))).toBe(true);
    expect(contentMatchesExtension("png", png({ extra: [pngChunk("tEXt", text("Software\0Partwise"))] }))).toBe(true);
  });

  it("refuses an SVG or HTML behind the PNG signature", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';
    expect(contentMatchesExtension("png", concat(PNG_SIGNATURE, text(svg)))).toBe(false);
    expect(contentMatchesExtension("png", concat(PNG_SIGNATURE, bytes(0, 0, 0, 13), text("IHDR<html>")))).toBe(false);
    expect(contentMatchesExtension("png", text(svg))).toBe(false);
    // Valid chunks and CRCs, but a text chunk an HTML parser would run.
    expect(
      contentMatchesExtension("png", png({ extra: [pngChunk("tEXt", text("Comment\0<script>alert(1)</script>"))] })),
    ).toBe(false);
  });

  it("refuses broken structure: CRC, order, IHDR fields, unknown critical chunks, bytes after IEND", () => {
    const good = png();
    expect(contentMatchesExtension("png", good.subarray(0, 8))).toBe(false);
    expect(contentMatchesExtension("png", withByte(good, good.length - 20, good[good.length - 20] ^ 1))).toBe(false); // IDAT CRC
    expect(contentMatchesExtension("png", good.subarray(0, good.length - 12))).toBe(false); // no IEND
    expect(contentMatchesExtension("png", concat(good, bytes(0)))).toBe(false);
    expect(contentMatchesExtension("png", concat(good, text("<html></html>")))).toBe(false);
    const ihdr = good.subarray(8, 33);
    const rest = good.subarray(33);
    expect(contentMatchesExtension("png", concat(PNG_SIGNATURE, pngChunk("tEXt", text("a\0b")), ihdr, rest))).toBe(
      false,
    );
    expect(contentMatchesExtension("png", concat(PNG_SIGNATURE, ihdr, pngChunk("IEND")))).toBe(false); // no IDAT
    const header = (width: number, depth: number, color: number) =>
      pngChunk("IHDR", bytes(0, 0, 0, width, 0, 0, 0, 2, depth, color, 0, 0, 0));
    expect(contentMatchesExtension("png", concat(PNG_SIGNATURE, header(0, 8, 2), rest))).toBe(false); // zero width
    expect(contentMatchesExtension("png", concat(PNG_SIGNATURE, header(2, 4, 2), rest))).toBe(false); // RGB at 4 bits
    expect(contentMatchesExtension("png", concat(PNG_SIGNATURE, header(2, 8, 3), rest))).toBe(false); // palette without PLTE
    expect(contentMatchesExtension("png", concat(PNG_SIGNATURE, ihdr, pngChunk("ABCD", bytes(1)), rest))).toBe(false);
    expect(
      contentMatchesExtension("png", concat(PNG_SIGNATURE, ihdr, pngChunk("IDAT", text("<svg/>")), pngChunk("IEND"))),
    ).toBe(false); // not zlib
    expect(contentMatchesExtension("png", MZ)).toBe(false);
  });
});

describe("jpg and jpeg", () => {
  it("accept a real JPEG, with a comment, and with a second image after the first (MPF)", () => {
    expect(contentMatchesExtension("jpg", jpeg())).toBe(true);
    expect(contentMatchesExtension("jpeg", jpeg())).toBe(true);
    expect(contentMatchesExtension("jpg", jpeg({ comment: "Harbor & Pine" }))).toBe(true);
    expect(contentMatchesExtension("jpg", concat(jpeg(), jpeg()))).toBe(true);
  });

  it("refuse markup behind the JPEG magic, in a comment or after the image", () => {
    expect(
      contentMatchesExtension("jpg", concat(bytes(0xff, 0xd8, 0xff), text("<html><script>alert(1)</script></html>"))),
    ).toBe(false);
    expect(contentMatchesExtension("jpg", jpeg({ comment: "<script>alert(1)</script>" }))).toBe(false);
    expect(contentMatchesExtension("jpg", concat(jpeg(), text("<svg onload=alert(1)>")))).toBe(false);
  });

  it("refuse broken segment structure", () => {
    const good = jpeg();
    expect(contentMatchesExtension("jpg", bytes(0xff, 0xd8, 0xff))).toBe(false);
    expect(contentMatchesExtension("jpg", bytes(0xff, 0xd8, 0xff, 0xd9))).toBe(false); // no frame or scan
    expect(contentMatchesExtension("jpg", good.subarray(0, good.length - 2))).toBe(false); // no EOI
    expect(contentMatchesExtension("jpg", withByte(good, 5, 0xff))).toBe(false); // APP0 length past the end
    const sof = good.indexOf(0xc0, 2) - 1;
    const sos = good.indexOf(0xda, sof) - 1;
    // The scan moved before the frame header.
    expect(
      contentMatchesExtension("jpg", concat(good.subarray(0, sof), good.subarray(sos), good.subarray(sof, sos))),
    ).toBe(false);
    expect(contentMatchesExtension("jpg", png())).toBe(false);
  });
});

describe("docx and xlsx", () => {
  it("accept real Office Open XML packages", () => {
    expect(contentMatchesExtension("docx", docx())).toBe(true);
    expect(contentMatchesExtension("xlsx", xlsx())).toBe(true);
    expect(zipEntryNames(docx())).toEqual(new Set(["[Content_Types].xml", "_rels/.rels", "word/document.xml"]));
  });

  it("refuse HTML behind the ZIP magic", () => {
    expect(contentMatchesExtension("docx", text("PK\x03\x04<html><body><script>alert(1)</script></body></html>"))).toBe(
      false,
    );
    expect(contentMatchesExtension("xlsx", concat(text("PK\x03\x04"), new Uint8Array(200), text("PK\x05\x06")))).toBe(
      false,
    );
  });

  it("refuse a package without the parts its type needs", () => {
    expect(contentMatchesExtension("docx", xlsx())).toBe(false);
    expect(contentMatchesExtension("xlsx", docx())).toBe(false);
    expect(
      contentMatchesExtension(
        "docx",
        zip([
          { name: "word/document.xml", data: "<w:document/>" },
          { name: "_rels/.rels", data: "<r/>" },
        ]),
      ),
    ).toBe(false);
    expect(contentMatchesExtension("docx", openDocument("odt"))).toBe(false);
  });

  it("refuse a broken archive", () => {
    const good = docx();
    expect(contentMatchesExtension("docx", good.subarray(0, good.length - 22))).toBe(false); // no end record
    expect(contentMatchesExtension("docx", concat(good, text("<html></html>")))).toBe(false); // bytes after the end record
    const directory = good.length - 22 - new DataView(good.buffer).getUint32(good.length - 22 + 12, true);
    expect(contentMatchesExtension("docx", withByte(good, directory + 42, 7))).toBe(false); // entry points at no local header
    expect(contentMatchesExtension("docx", withByte(good, directory + 8, 1))).toBe(false); // encrypted entry
    expect(contentMatchesExtension("docx", withByte(good, good.length - 22 + 10, 9))).toBe(false); // wrong entry count
    expect(contentMatchesExtension("docx", compoundFile("WordDocument"))).toBe(false);
    expect(contentMatchesExtension("xlsx", text("PK\x05\x06"))).toBe(false);
  });
});

describe("odt, ods and odg", () => {
  it("accept real OpenDocument packages, with or without the mimetype entry", () => {
    for (const kind of ["odt", "ods", "odg"] as const) {
      expect(contentMatchesExtension(kind, openDocument(kind)), kind).toBe(true);
      expect(contentMatchesExtension(kind, openDocument(kind, null)), kind).toBe(true);
    }
  });

  it("refuse a mimetype of another type, a compressed mimetype, missing parts or HTML behind the magic", () => {
    expect(contentMatchesExtension("odt", openDocument("ods"))).toBe(false);
    expect(contentMatchesExtension("ods", openDocument("odg"))).toBe(false);
    expect(contentMatchesExtension("odt", openDocument("odt", "application/epub+zip"))).toBe(false);
    expect(contentMatchesExtension("odt", withByte(openDocument("odt"), 8, 8))).toBe(false); // method: deflate
    expect(
      contentMatchesExtension(
        "odt",
        zip([
          { name: "mimetype", data: OPENDOCUMENT_TYPES.odt },
          { name: "content.xml", data: "<x/>" },
        ]),
      ),
    ).toBe(false);
    expect(contentMatchesExtension("odg", docx())).toBe(false);
    expect(contentMatchesExtension("odt", text("PK\x03\x04<html><script>alert(1)</script></html>"))).toBe(false);
  });
});

describe("doc and xls", () => {
  it("accept compound files holding the Word or Excel stream", () => {
    expect(contentMatchesExtension("doc", compoundFile("WordDocument"))).toBe(true);
    expect(contentMatchesExtension("xls", compoundFile("Workbook"))).toBe(true);
    expect(contentMatchesExtension("xls", compoundFile("Book"))).toBe(true);
    expect(compoundFileStreams(compoundFile("WordDocument"))).toEqual(new Set(["worddocument"]));
  });

  it("refuse another application's compound file, HTML behind the magic and a broken header", () => {
    expect(contentMatchesExtension("doc", compoundFile("Workbook"))).toBe(false);
    expect(contentMatchesExtension("xls", compoundFile("PowerPoint Document"))).toBe(false);
    const ole2 = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
    expect(
      contentMatchesExtension("doc", concat(ole2, text("<html><script>alert(1)</script></html>".padEnd(600)))),
    ).toBe(false);
    const good = compoundFile("WordDocument");
    expect(contentMatchesExtension("doc", withByte(good, 28, 0))).toBe(false); // byte order mark
    expect(contentMatchesExtension("doc", withByte(good, 48, 40))).toBe(false); // directory past the end
    expect(contentMatchesExtension("doc", good.subarray(0, 1024))).toBe(false); // directory cut off
    expect(contentMatchesExtension("doc", docx())).toBe(false);
    expect(contentMatchesExtension("xls", MZ)).toBe(false);
  });
});

describe("csv", () => {
  it("needs UTF-8 text without NUL that is not markup; formulas are allowed (neutralised on download)", () => {
    expect(contentMatchesExtension("csv", text("month,revenue\n2026-01,1200\n"))).toBe(true);
    expect(contentMatchesExtension("csv", text("\uFEFFname,city\nDana,Portland\n"))).toBe(true);
    expect(contentMatchesExtension("csv", text("café,naïve\n"))).toBe(true);
    expect(contentMatchesExtension("csv", text('name,link\nDana,=HYPERLINK("https://evil.test","Click")\n'))).toBe(
      true,
    );
    expect(contentMatchesExtension("csv", text("<html><script>alert(1)</script></html>"))).toBe(false);
    expect(contentMatchesExtension("csv", text("  \n<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBe(false);
    expect(contentMatchesExtension("csv", text("\uFEFF<!doctype html>"))).toBe(false);
    expect(contentMatchesExtension("csv", text("a,b\u0000c"))).toBe(false);
    expect(contentMatchesExtension("csv", bytes(0x61, 0x2c, 0xff, 0xfe))).toBe(false); // not UTF-8
    expect(contentMatchesExtension("csv", MZ)).toBe(false);
  });
});

describe("every type", () => {
  it("refuses empty files", () => {
    for (const ext of [
      "pdf",
      "png",
      "jpg",
      "jpeg",
      "doc",
      "xls",
      "docx",
      "xlsx",
      "odt",
      "ods",
      "odg",
      "csv",
    ] as const) {
      expect(contentMatchesExtension(ext, new Uint8Array(0)), ext).toBe(false);
    }
  });

  it("refuses truncations of every valid sample without throwing", () => {
    const samples = {
      pdf: pdf(),
      png: png(),
      jpg: jpeg(),
      docx: docx(),
      xlsx: xlsx(),
      odt: openDocument("odt"),
      doc: compoundFile("WordDocument"),
    } as const;
    for (const [ext, sample] of Object.entries(samples) as [keyof typeof samples, Uint8Array][]) {
      for (let length = 1; length < sample.length; length += Math.max(1, Math.floor(sample.length / 97))) {
        expect(contentMatchesExtension(ext, sample.subarray(0, length)), `${ext} cut at ${length}`).toBe(false);
      }
    }
  });
});
