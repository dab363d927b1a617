import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { contentMatchesExtension, crc32, zipEntryNames } from "~/lib/files/file-content";
import { LEARNING_TEMPLATES } from "../../../scripts/lib/learning-templates.mjs";

type Template = { file: string; build: () => Uint8Array };
const templates = LEARNING_TEMPLATES as Template[];

/** The stored entries of a ZIP, read through its local headers, each CRC-checked. */
function storedEntries(bytes: Uint8Array): Map<string, string> {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = new Map<string, string>();
  let at = 0;
  while (data.getUint32(at, true) === 0x04034b50) {
    expect(data.getUint16(at + 8, true)).toBe(0); // stored
    const crc = data.getUint32(at + 14, true);
    const size = data.getUint32(at + 18, true);
    const nameLength = data.getUint16(at + 26, true);
    const extraLength = data.getUint16(at + 28, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 30, at + 30 + nameLength));
    const start = at + 30 + nameLength + extraLength;
    const body = bytes.subarray(start, start + size);
    expect(crc32(body), name).toBe(crc);
    entries.set(name, new TextDecoder("utf-8", { fatal: true }).decode(body));
    at = start + size;
  }
  return entries;
}

/** A small XML well-formedness check: one root, balanced and properly nested tags, quoted attributes. */
function expectWellFormedXml(xml: string, label: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'), label).toBe(true);
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
      expect(Buffer.from(template.build()).equals(Buffer.from(committed)), "run node scripts/build-templates.mjs").toBe(
        true,
      );
      // The upload rules accept it (the console uploads it through them).
      expect(contentMatchesExtension("xlsx", committed)).toBe(true);
      const names = zipEntryNames(committed)!;
      expect([...names]).toEqual(expect.arrayContaining(["[Content_Types].xml", "_rels/.rels", "xl/workbook.xml"]));
      const entries = storedEntries(committed);
      expect([...entries.keys()].sort()).toEqual([...names].sort());
      for (const [name, xml] of entries) expectWellFormedXml(xml, `${template.file} ${name}`);
      const workbook = entries.get("xl/workbook.xml")!;
      expect(workbook).toContain('<sheet name="Instructions" sheetId="1" r:id="rId1"/>');
      expect(workbook).toContain('fullCalcOnLoad="1"');
      const sheetCount = [...workbook.matchAll(/<sheet /g)].length;
      for (let i = 1; i <= sheetCount; i++) {
        expect(entries.has(`xl/worksheets/sheet${i}.xml`)).toBe(true);
        expect(entries.get("[Content_Types].xml")).toContain(`/xl/worksheets/sheet${i}.xml`);
      }
    });
  }

  it("hold their headers, input cells and formulas for totals and variances", async () => {
    const read = async (file: string) => storedEntries(new Uint8Array(await readFile(`content/templates/${file}`)));
    const planning = await read("annual-planning.xlsx");
    const goals = planning.get("xl/worksheets/sheet2.xml")!;
    expect(goals).toContain('<t xml:space="preserve">Goal for the year</t>');
    expect(goals).toContain("<f>SUM(E2:H2)</f>");
    expect(goals).toContain("<f>IF(D2=0,&quot;&quot;,I2/D2)</f>");
    expect(goals).toContain('<c r="D2" s="2"/>');

    const budgeting = await read("annual-budgeting.xlsx");
    const budget = budgeting.get("xl/worksheets/sheet2.xml")!;
    expect(budget).toContain('<t xml:space="preserve">Total revenue</t>');
    expect(budget).toContain("<f>SUM(B3:B5)</f>");
    expect(budget).toContain("<f>SUM(B6:M6)</f>");
    expect(budget).toContain("<f>B6-B7</f>");
    const variance = budgeting.get("xl/worksheets/sheet4.xml")!;
    expect(variance).toContain("<f>Actuals!N6</f>");
    expect(variance).toContain("<f>C6-B6</f>");
    expect(variance).toContain("<f>IF(B6=0,&quot;&quot;,D6/B6)</f>");

    const scorecard = (await read("business-scorecard.xlsx")).get("xl/worksheets/sheet2.xml")!;
    expect(scorecard).toContain("<f>IF(OR(D2=&quot;&quot;,E2=&quot;&quot;),&quot;&quot;,E2-D2)</f>");
    expect(scorecard).toContain("<f>SUM(I2:I13)</f>");
    expect(scorecard).toContain("On track");
  });
});
