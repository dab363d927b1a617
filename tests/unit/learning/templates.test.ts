import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { contentMatchesExtension, zipEntryNames } from "~/lib/files/file-content";
import { LEARNING_TEMPLATES, workbookParts } from "../../../scripts/lib/learning-templates.mjs";

type Template = { file: string; build: () => Promise<Uint8Array> };
const templates = LEARNING_TEMPLATES as Template[];
const parts = workbookParts as (bytes: Uint8Array) => Record<string, string>;

const readParts = async (file: string) =>
  new Map(Object.entries(parts(new Uint8Array(await readFile(`content/templates/${file}`)))));

/** The style (<xf> of styles.xml) of a cell, by its reference, e.g. "D2". */
function styleOf(sheet: string, styles: string, ref: string): string {
  const cell = new RegExp(`<c r="${ref}"(?: [^>]*)? s="(\\d+)"`).exec(sheet);
  expect(cell, `cell ${ref} has a style`).not.toBeNull();
  const xfs = /<cellXfs[^>]*>(.*?)<\/cellXfs>/s.exec(styles)![1]!.match(/<xf [^>]*?(?:\/>|>.*?<\/xf>)/gs)!;
  return xfs[Number(cell![1])]!;
}

/** The n-th (0-based) entry of the given table in styles.xml (fonts, fills, borders). */
function entryOf(styles: string, table: "fonts" | "fills" | "borders", tag: string, index: number): string {
  const body = new RegExp(`<${table}[^>]*>(.*?)</${table}>`, "s").exec(styles)![1]!;
  return body.match(new RegExp(`<${tag}>.*?</${tag}>`, "gs"))![index]!;
}

/** A cell's font, fill and border, and its number format code. */
function lookOf(sheet: string, styles: string, ref: string) {
  const xf = styleOf(sheet, styles, ref);
  const id = (name: string) => Number(new RegExp(`${name}="(\\d+)"`).exec(xf)?.[1] ?? 0);
  const numFmtId = id("numFmtId");
  const format = new RegExp(`<numFmt numFmtId="${numFmtId}" formatCode="([^"]*)"`).exec(styles)?.[1] ?? "General";
  return {
    font: entryOf(styles, "fonts", "font", id("fontId")),
    fill: entryOf(styles, "fills", "fill", id("fillId")),
    border: entryOf(styles, "borders", "border", id("borderId")),
    format,
    xf,
  };
}

/** The shared string of a cell holding text. */
function textOf(sheet: string, strings: string, ref: string): string {
  const cell = new RegExp(`<c r="${ref}"[^>]* t="s"[^>]*><v>(\\d+)</v></c>`).exec(sheet);
  expect(cell, `cell ${ref} holds a shared string`).not.toBeNull();
  return [...strings.matchAll(/<si><t[^>]*>(.*?)<\/t><\/si>/gs)][Number(cell![1])]![1]!;
}

/** A small XML well-formedness check: one root, balanced and properly nested tags, quoted attributes. */
function expectWellFormedXml(xml: string, label: string) {
  expect(xml, label).toMatch(/^<\?xml version="1\.0"[^?]*\?>/);
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, "");
  const stack: string[] = [];
  let roots = 0;
  const tag = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  for (const match of body.matchAll(tag)) {
    if (match[6]) throw new Error(`${label}: a stray "<" at ${match.index}`);
    if (match[5] !== undefined) {
      expect(/&(?!(amp|lt|gt|quot|apos);)/.test(match[5]), `${label}: a bare & in text`).toBe(false);
      if (stack.length === 0) expect(match[5].trim(), `${label}: text outside the root`).toBe("");
      continue;
    }
    const [, closing, name, , selfClosing] = match;
    if (closing) {
      expect(stack.pop(), `${label}: </${name}>`).toBe(name);
    } else if (!selfClosing) {
      if (stack.length === 0) roots++;
      stack.push(name!);
    } else if (stack.length === 0) {
      roots++;
    }
  }
  expect(stack, label).toEqual([]);
  expect(roots, label).toBe(1);
}

describe("the Tools & Templates workbooks", () => {
  for (const template of templates) {
    it(`${template.file} is a valid .xlsx whose parts parse and is up to date`, async () => {
      const committed = new Uint8Array(await readFile(`content/templates/${template.file}`));
      expect(parts(await template.build()), "run node scripts/build-templates.mjs").toEqual(parts(committed));
      // The upload rules accept it (the console uploads it through them).
      expect(contentMatchesExtension("xlsx", committed)).toBe(true);
      const names = zipEntryNames(committed)!;
      expect([...names]).toEqual(expect.arrayContaining(["[Content_Types].xml", "_rels/.rels", "xl/workbook.xml"]));
      const entries = new Map(Object.entries(parts(committed)));
      expect([...entries.keys()].sort()).toEqual([...names].sort());
      for (const [name, xml] of entries) expectWellFormedXml(xml, `${template.file} ${name}`);
      const workbook = entries.get("xl/workbook.xml")!;
      expect(workbook).toContain('<sheet r:id="rId1" sheetId="1" name="Instructions"/>');
      expect(workbook).toContain('<calcPr fullCalcOnLoad="1"/>');
      const sheetCount = [...workbook.matchAll(/<sheet /g)].length;
      for (let i = 1; i <= sheetCount; i++) {
        expect(entries.has(`xl/worksheets/sheet${i}.xml`)).toBe(true);
        expect(entries.get("[Content_Types].xml")).toContain(`/xl/worksheets/sheet${i}.xml`);
      }
    });
  }

  it("hold their headers, input cells and formulas for totals and variances", async () => {
    const planning = await readParts("annual-planning.xlsx");
    const goals = planning.get("xl/worksheets/sheet2.xml")!;
    const planningStyles = planning.get("xl/styles.xml")!;
    expect(planning.get("xl/workbook.xml")).toContain('<sheet r:id="rId2" sheetId="2" name="Goals"/>');
    expect(textOf(goals, planning.get("xl/sharedStrings.xml")!, "B1")).toBe("Goal for the year");
    expect(goals).toContain("<f>SUM(E2:H2)</f>");
    expect(goals).toContain('<f>IF(D2=0,"",I2/D2)</f>');
    expect(goals).toContain('<pane ySplit="1" xSplit="0" topLeftCell="A2"');
    expect(goals).toContain('<col min="2" max="2" width="40" customWidth="1"/>');
    // A header: bold on grey. An input: empty, yellow, whole numbers. A total: bold under a thin line.
    const header = lookOf(goals, planningStyles, "B1");
    expect(header.font).toContain("<b/>");
    expect(header.fill).toContain('<fgColor rgb="FFE7ECEF"/>');
    expect(goals).toMatch(/<c r="D2" s="\d+"\/>/);
    const input = lookOf(goals, planningStyles, "D2");
    expect(input.fill).toContain('<fgColor rgb="FFFFF7D6"/>');
    expect(input.format).toBe("#,##0");
    const yearToDate = lookOf(goals, planningStyles, "I2");
    expect(yearToDate.font).toContain("<b/>");
    expect(yearToDate.border).toContain('<top style="thin"/>');
    expect(yearToDate.format).toBe("#,##0");
    expect(lookOf(goals, planningStyles, "J2").format).toBe("0.0%");
    const instructions = planning.get("xl/worksheets/sheet1.xml")!;
    expect(lookOf(instructions, planningStyles, "A1").font).toMatch(/<sz val="14"\/>.*<b\/>/);
    expect(lookOf(instructions, planningStyles, "A3").xf).toContain('<alignment vertical="top" wrapText="1"/>');

    const budgeting = await readParts("annual-budgeting.xlsx");
    const budget = budgeting.get("xl/worksheets/sheet2.xml")!;
    expect(textOf(budget, budgeting.get("xl/sharedStrings.xml")!, "A6")).toBe("Total revenue");
    expect(budget).toContain("<f>SUM(B3:B5)</f>");
    expect(budget).toContain("<f>SUM(B6:M6)</f>");
    expect(budget).toContain("<f>B6-B7</f>");
    const variance = budgeting.get("xl/worksheets/sheet4.xml")!;
    expect(variance).toContain("<f>Actuals!N6</f>");
    expect(variance).toContain("<f>C6-B6</f>");
    expect(variance).toContain('<f>IF(B6=0,"",D6/B6)</f>');

    const scorecardBook = await readParts("business-scorecard.xlsx");
    const scorecard = scorecardBook.get("xl/worksheets/sheet2.xml")!;
    expect(scorecard).toContain('<f>IF(OR(D2="",E2=""),"",E2-D2)</f>');
    expect(scorecard).toContain("<f>SUM(I2:I13)</f>");
    expect(scorecard).toContain("On track");
    expect(scorecard).toMatch(/<c r="H2" s="\d+"><v>1<\/v><\/c>/);
  });
});
