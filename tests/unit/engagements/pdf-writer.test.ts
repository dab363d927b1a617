import { describe, expect, it } from "vitest";
import { encodeWinAnsi, measureText, pdfString, wrapText, writePdf, type PdfBlock } from "~/lib/engagements/pdf-writer";
import { renderSowPdf, sowPdfBlocks } from "~/lib/engagements/sow-pdf";
import { buildSowDocument, SOW_HEADINGS, type SowInput } from "~/lib/engagements/sow";

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (byte) => String.fromCharCode(byte)).join("");

/** Checks the structure a reader relies on: header, every xref offset at its object, stream lengths, startxref. */
function checkStructure(bytes: Uint8Array) {
  const text = latin1(bytes);
  expect(text.startsWith("%PDF-1.4\n")).toBe(true);
  expect(text.endsWith("%%EOF\n")).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.slice(startxref, startxref + 5)).toBe("xref\n");
  const header = /^xref\n0 (\d+)\n/.exec(text.slice(startxref))!;
  const count = Number(header[1]);
  const entries = text
    .slice(startxref + header[0].length)
    .split("\n")
    .slice(0, count);
  expect(entries[0]).toBe("0000000000 65535 f ");
  for (let id = 1; id < count; id += 1) {
    const entry = entries[id]!;
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${id} 0 obj`.length)).toBe(`${id} 0 obj`);
  }
  expect(text).toContain(`trailer\n<< /Size ${count} /Root 1 0 R /Info 5 0 R >>`);
  // Every stream's /Length is the exact number of bytes between "stream\n" and "\nendstream".
  const streams = [...text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)];
  expect(streams.length).toBeGreaterThan(0);
  for (const stream of streams) {
    const start = stream.index + stream[0].length;
    expect(text.slice(start + Number(stream[1]), start + Number(stream[1]) + "\nendstream".length)).toBe("\nendstream");
  }
  // Plain ASCII after the binary comment line.
  expect([...bytes.slice(15)].every((byte) => byte < 128)).toBe(true);
  return { text, pages: Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(text)![1]) };
}

describe("the PDF writer", () => {
  it("writes a PDF with a valid cross-reference table", () => {
    const { text, pages } = checkStructure(
      writePdf({
        title: "A test",
        blocks: [
          { type: "heading", text: "Hello" },
          { type: "paragraph", text: "World" },
        ],
      }),
    );
    expect(pages).toBe(1);
    expect(text).toContain("(Hello) Tj");
    expect(text).toContain("(World) Tj");
    expect(text).toContain("/BaseFont /Helvetica ");
    expect(text).toContain("/BaseFont /Helvetica-Bold ");
  });

  it("escapes parentheses and backslashes in strings", () => {
    expect(pdfString(encodeWinAnsi("a (b) c\\d"))).toBe("(a \\(b\\) c\\\\d)");
    const { text } = checkStructure(
      writePdf({ title: "T (1)", blocks: [{ type: "paragraph", text: "Price (USD) \\ total" }] }),
    );
    expect(text).toContain("(Price \\(USD\\) \\\\ total) Tj");
    expect(text).toContain("/Title (T \\(1\\))");
  });

  it("keeps Latin-1 and typographic marks, strips accents and replaces the rest safely", () => {
    expect(encodeWinAnsi("café")).toEqual([0x63, 0x61, 0x66, 0xe9]);
    expect(encodeWinAnsi("\u201cquote\u201d \u2013 \u2026")).toEqual([
      0x93,
      ...encodeWinAnsi("quote"),
      0x94,
      0x20,
      0x96,
      0x20,
      0x85,
    ]);
    // ő is not in WinAnsi: its base letter; Chinese and emoji: "?".
    expect(encodeWinAnsi("Erdős")).toEqual(encodeWinAnsi("Erdos"));
    expect(encodeWinAnsi("数据")).toEqual([0x3f, 0x3f]);
    expect(encodeWinAnsi("ok 😀")).toEqual([...encodeWinAnsi("ok "), 0x3f]);
    // Control characters go; tabs and line breaks become spaces.
    expect(encodeWinAnsi("a\u0000b\tc")).toEqual(encodeWinAnsi("ab c"));
    expect(pdfString(encodeWinAnsi("café"))).toBe("(caf\\351)");
    const { text } = checkStructure(writePdf({ title: "x", blocks: [{ type: "paragraph", text: "数据 café 😀" }] }));
    expect(text).toContain("(?? caf\\351 ?) Tj");
  });

  it("wraps paragraphs to the width and cuts words longer than a line", () => {
    const lines = wrapText("word ".repeat(100).trim(), "regular", 10, 200);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(measureText(line, "regular", 10)).toBeLessThanOrEqual(200);
    const cut = wrapText("x".repeat(300), "regular", 10, 100);
    expect(cut.join("")).toBe("x".repeat(300));
    for (const line of cut) expect(measureText(line, "regular", 10)).toBeLessThanOrEqual(100);
    expect(wrapText("one\n\ntwo", "regular", 10, 500)).toEqual(["one", "", "two"]);
  });

  it("spreads a long document over several pages, with page numbers in the footer", () => {
    const blocks: PdfBlock[] = Array.from({ length: 120 }, (_, index) => ({
      type: "paragraph",
      text: `Paragraph ${index + 1}: ${"lorem ipsum dolor sit amet ".repeat(6)}`,
    }));
    const { text, pages } = checkStructure(
      writePdf({
        title: "Long",
        blocks,
        footer: (page, count) => ({ left: "Footer", right: `Page ${page} of ${count}` }),
      }),
    );
    expect(pages).toBeGreaterThan(3);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`(Page ${page} of ${pages}) Tj`);
    expect(text).toContain("(Paragraph 120:");
  });

  it("continues a long table on the next pages with its header repeated", () => {
    const rows = Array.from({ length: 60 }, (_, index) => [String(index + 1), `Item ${index + 1}`, "$1.00"]);
    const { text, pages } = checkStructure(
      writePdf({
        title: "Table",
        blocks: [
          {
            type: "table",
            columns: [
              { header: "#", width: 1 },
              { header: "Deliverable", width: 6 },
              { header: "Price", width: 2, align: "right" },
            ],
            rows,
          },
        ],
      }),
    );
    expect(pages).toBeGreaterThan(1);
    expect(text.split("(Deliverable) Tj").length - 1).toBe(pages);
    expect(text).toContain("(Item 60) Tj");
  });

  it("is deterministic", () => {
    const input = { title: "Same", blocks: [{ type: "paragraph" as const, text: "Same bytes" }] };
    expect(latin1(writePdf(input))).toBe(latin1(writePdf(input)));
  });
});

const sowInput = (overrides: Partial<SowInput> = {}): SowInput => ({
  businessName: "Acme (North) Bakery",
  consultantName: "Riley Chen",
  category: "finance",
  consultingType: "fractional",
  problemStatement: "Our margins fell.",
  title: "Margin recovery plan",
  overview: "We find where the margin went.\n\nThen we put it back.",
  version: 2,
  items: [
    { title: "Phase 1", description: "Diagnose.", deliveryDate: "2027-01-01", priceCents: 150_000 },
    { title: "Phase 2", description: "Fix.", deliveryDate: "2027-02-01", priceCents: 250_000 },
  ],
  signature: { name: "Dana Reyes", date: "2026-11-23" },
  today: "2026-11-23",
  platformFeePercent: 20,
  ...overrides,
});

describe("the statement of work PDF", () => {
  it("has the three headings, the items, the total, the signature and the footer", () => {
    const document = buildSowDocument(sowInput());
    const bytes = renderSowPdf({
      document,
      outlineId: "outline-1",
      signature: { name: "Dana Reyes", date: "2026-11-23" },
      businessName: "Acme (North) Bakery",
      consultantName: "Riley Chen",
    });
    const { text, pages } = checkStructure(bytes);
    for (const heading of Object.values(SOW_HEADINGS)) expect(text).toContain(`(${heading}) Tj`);
    expect(text).toContain("(Phase 1) Tj");
    expect(text).toContain("(Jan 1, 2027) Tj");
    expect(text).toContain("($1,500.00) Tj");
    expect(text).toContain("(Total: $4,000.00) Tj");
    expect(text).toContain("(Name: Dana Reyes) Tj");
    expect(text).toContain("(Date: Nov 23, 2026) Tj");
    expect(text).toContain("(Signed by Dana Reyes on Nov 23, 2026) Tj");
    expect(text).toContain("Outline outline-1 \\267 Version 2");
    expect(text).toContain(`(Page 1 of ${pages}) Tj`);
    expect(text).toContain("Acme \\(North\\) Bakery");
  });

  it("spans several pages for a long plan", () => {
    const items = Array.from({ length: 20 }, (_, index) => ({
      title: `Deliverable ${index + 1}`,
      description: "A long description of the work. ".repeat(30),
      deliveryDate: "2027-03-01",
      priceCents: 100_000,
    }));
    const document = buildSowDocument(sowInput({ items, overview: "A long overview. ".repeat(400) }));
    const blocks = sowPdfBlocks({
      document,
      outlineId: "o",
      signature: { name: "Dana Reyes", date: "2026-11-23" },
      businessName: "Acme",
      consultantName: "Riley",
    });
    expect(blocks.some((block) => block.type === "table")).toBe(true);
    const { text, pages } = checkStructure(
      renderSowPdf({
        document,
        outlineId: "o",
        signature: { name: "Dana Reyes", date: "2026-11-23" },
        businessName: "Acme",
        consultantName: "Riley",
      }),
    );
    expect(pages).toBeGreaterThan(4);
    // The signature block stays on one page: its heading and its last line in the same content stream.
    const streams = text.split("stream\n").slice(1);
    const streamWith = (needle: string) => streams.findIndex((stream) => stream.includes(needle));
    expect(streamWith("(Signature) Tj")).toBe(streamWith("(Signed by Dana Reyes on Nov 23, 2026) Tj"));
    expect(text).toContain(`(Page ${pages} of ${pages}) Tj`);
    expect(text).toContain("(Deliverable 20) Tj");
    expect(text).toContain("(Name: Dana Reyes) Tj");
  });
});
