import { describe, expect, it } from "vitest";
import {
  assertSixDigitCount,
  cleanTitle,
  parseCsv,
  parseNaicsCsv,
  parseNaicsIndexCsv,
  sectorOf,
} from "../../../scripts/lib/naics-csv.mjs";
import data from "~/data/naics-2022.json";
import indexData from "../../../public/reference/naics-2022-index.json";
import { isSixDigitNumber, NAICS_FORMAT_MESSAGE, NAICS_UNKNOWN_MESSAGE } from "~/lib/business/naics";
import { queryWords, rootOf, searchKey, stemWord } from "~/lib/business/naics-words.mjs";
import {
  naicsIndexFromAssets,
  parseNaicsIndex,
  searchNaics as searchThroughSource,
  searchNaicsIndex,
} from "~/server/business/naics-search.server";
import { findNaics, naicsTitle } from "~/server/business/naics.server";

/** The committed index, parsed as the Worker parses the asset's text. */
const INDEX = parseNaicsIndex(JSON.stringify(indexData));
const search = (query: string, limit?: number) => searchNaicsIndex(INDEX, query, limit);

/** The industries of a search, best first, with the old (results only) shape. */
const searchNaics = (query: string, limit?: number) => search(query, limit).results;
const searchNaicsPage = (query: string, limit?: number) => search(query, limit);

const HEAD = "Table 1\n2022 NAICS Structure,,,,,\nChange Indicator,2022 NAICS Code,2022 NAICS Title,,,\n";

describe("parseCsv (csv-parse, configured for the Census files)", () => {
  it("drops a byte-order mark and keeps title lines shorter than the header row", () => {
    expect(
      parseCsv('\uFEFFTable 1\r\nChange Indicator,2022 NAICS Code,2022 NAICS Title\r\n,11,"Crop, Animal"\r\n'),
    ).toEqual([["Table 1"], ["Change Indicator", "2022 NAICS Code", "2022 NAICS Title"], ["", "11", "Crop, Animal"]]);
  });

  it("refuses a file that ends inside a quoted field", () => {
    expect(() => parseCsv('a,"unterminated\n')).toThrow("Quote Not Closed");
  });
});

describe("cleanTitle", () => {
  it("strips the trailing T superscript marker and spaces", () => {
    expect(cleanTitle("Crop ProductionT ")).toBe("Crop Production");
    expect(cleanTitle("Agriculture, Forestry, Fishing and HuntingT")).toBe(
      "Agriculture, Forestry, Fishing and Hunting",
    );
    expect(cleanTitle("Oilseed (except Soybean) Farming ")).toBe("Oilseed (except Soybean) Farming");
    expect(cleanTitle("Something (except Other)T")).toBe("Something (except Other)");
  });

  it("leaves a real capital T (an acronym) alone and collapses inner spaces", () => {
    expect(cleanTitle("Services for IT ")).toBe("Services for IT");
    expect(cleanTitle("Dry  Pea and Bean Farming")).toBe("Dry Pea and Bean Farming");
  });
});

describe("parseNaicsCsv", () => {
  const sample =
    HEAD +
    ',11,"Agriculture, Forestry, Fishing and HuntingT",,,\n' +
    ",111,Crop ProductionT ,,,\n" +
    ",1111,Oilseed and Grain FarmingT,,,\n" +
    ",11111,Soybean FarmingT,,,\n" +
    ",111110,Soybean Farming,,,\n" +
    ",,,,,\n" +
    ",31-33,ManufacturingT,,,\n" +
    ",311,Food ManufacturingT ,,,\n" +
    ",3111,Animal Food ManufacturingT ,,,\n" +
    ",31111,Animal Food ManufacturingT ,,,\n" +
    "**,311111,Dog and Cat Food Manufacturing ,,,\n" +
    '*,311119,"Other Animal Food Manufacturing, Except Dogs ",,,\n' +
    "\n";

  it("skips the title lines, the header and blank rows, and builds [code, title, level, parent]", () => {
    expect(parseNaicsCsv(sample)).toEqual([
      ["11", "Agriculture, Forestry, Fishing and Hunting", 2, null],
      ["111", "Crop Production", 3, "11"],
      ["1111", "Oilseed and Grain Farming", 4, "111"],
      ["11111", "Soybean Farming", 5, "1111"],
      ["111110", "Soybean Farming", 6, "11111"],
      ["31-33", "Manufacturing", 2, null],
      ["311", "Food Manufacturing", 3, "31-33"],
      ["3111", "Animal Food Manufacturing", 4, "311"],
      ["31111", "Animal Food Manufacturing", 5, "3111"],
      ["311111", "Dog and Cat Food Manufacturing", 6, "31111"],
      ["311119", "Other Animal Food Manufacturing, Except Dogs", 6, "31111"],
    ]);
  });

  it("ignores the change-indicator column", () => {
    const codes = parseNaicsCsv(sample).map((e) => e[0]);
    expect(codes).toContain("311111");
    expect(codes.some((c) => c.includes("*"))).toBe(false);
  });

  it("maps two-digit codes of range sectors to the range", () => {
    expect(sectorOf("31")).toBe("31-33");
    expect(sectorOf("332710")).toBe("31-33");
    expect(sectorOf("459110")).toBe("44-45");
    expect(sectorOf("493110")).toBe("48-49");
    expect(sectorOf("541611")).toBe("54");
  });

  it("fails on a missing header, a malformed code, a duplicate, or a code before its parent", () => {
    expect(() => parseNaicsCsv(",11,Agriculture,,,\n")).toThrow('Header row with "2022 NAICS Code" not found');
    expect(() => parseNaicsCsv(HEAD + ",11,AgricultureT,,,\n,11x,Oops,,,\n")).toThrow('unexpected NAICS code "11x"');
    expect(() => parseNaicsCsv(HEAD + ",11,A,,,\n,11,B,,,\n")).toThrow("duplicate NAICS code 11");
    expect(() => parseNaicsCsv(HEAD + ",11,A,,,\n,1111,B,,,\n")).toThrow("NAICS code 1111 comes before its parent 111");
    expect(() => parseNaicsCsv(HEAD + ",11,,,,\n")).toThrow("NAICS code 11 has no title");
  });

  it("asserts the number of six-digit codes", () => {
    const entries = parseNaicsCsv(sample);
    expect(assertSixDigitCount(entries, 3)).toBe(3);
    expect(() => assertSixDigitCount(entries)).toThrow("Expected 1012 six-digit NAICS codes, found 3");
  });
});

describe("the committed app/data/naics-2022.json", () => {
  const entries = data as unknown as [string, string, number, string | null][];

  it("has exactly 1,012 six-digit industries, every level, and clean titles", () => {
    expect(entries.filter((e) => e[2] === 6)).toHaveLength(1012);
    expect(new Set(entries.map((e) => e[2]))).toEqual(new Set([2, 3, 4, 5, 6]));
    expect(entries.filter((e) => e[2] === 2).map((e) => e[0])).toEqual([
      "11",
      "21",
      "22",
      "23",
      "31-33",
      "42",
      "44-45",
      "48-49",
      "51",
      "52",
      "53",
      "54",
      "55",
      "56",
      "61",
      "62",
      "71",
      "72",
      "81",
      "92",
    ]);
    for (const [, title] of entries) {
      expect(title).toBe(title.trim());
      expect(title).not.toMatch(/[a-z)]T$/);
    }
  });
});

describe("isSixDigitNumber and messages", () => {
  it("accepts exactly six ASCII digits", () => {
    expect(isSixDigitNumber("459110")).toBe(true);
    expect(isSixDigitNumber("045911")).toBe(true);
    expect(isSixDigitNumber(459110)).toBe(true);
    for (const bad of ["45911", "4591100", "45911a", " 459110", "４５９１１０", "", null, undefined, 45911, 4591.1]) {
      expect(isSixDigitNumber(bad)).toBe(false);
    }
  });

  it("has the spec's texts", () => {
    expect(NAICS_FORMAT_MESSAGE).toBe("NAICS must be a 6-digit number");
    expect(NAICS_UNKNOWN_MESSAGE).toBe("That isn't a 2022 NAICS industry code. Use the NAICS lookup to find yours.");
  });
});

describe("findNaics", () => {
  it("finds a six-digit industry with its sector", () => {
    expect(findNaics("459110")).toEqual({
      code: "459110",
      title: "Sporting Goods Retailers",
      sector: { code: "44-45", title: "Retail Trade" },
    });
    expect(findNaics("111110")?.sector).toEqual({ code: "11", title: "Agriculture, Forestry, Fishing and Hunting" });
  });

  it("refuses higher levels, unknown and malformed codes", () => {
    expect(findNaics("45911")).toBeNull();
    expect(findNaics("44-45")).toBeNull();
    expect(findNaics("999999")).toBeNull();
    expect(findNaics("abc")).toBeNull();
    // A 2017 code retired in 2022 (Sporting Goods Stores).
    expect(findNaics("451110")).toBeNull();
  });
});

describe("naicsTitle", () => {
  it("names a code at every level, sectors included", () => {
    expect(naicsTitle("44-45")).toBe("Retail Trade");
    expect(naicsTitle("459")).toBe("Sporting Goods, Hobby, Musical Instrument, Book, and Miscellaneous Retailers");
    expect(naicsTitle("4591")).toBe("Sporting Goods, Hobby, and Musical Instrument Retailers");
    expect(naicsTitle("459110")).toBe("Sporting Goods Retailers");
  });

  it("answers null for a code that names nothing", () => {
    expect(naicsTitle("44")).toBeNull();
    expect(naicsTitle("999")).toBeNull();
    expect(naicsTitle("")).toBeNull();
  });
});

describe("searchNaics through the index's source (the Worker's ASSETS binding)", () => {
  it("reads the index once per isolate, and again after a failed read", async () => {
    const text = JSON.stringify(indexData);
    const missing = naicsIndexFromAssets({
      fetch: async () => new Response("Not found", { status: 404 }),
    } as unknown as Fetcher);
    await expect(searchThroughSource(missing, "bakery")).rejects.toThrow("The NAICS index asset answered 404.");
    await expect(searchThroughSource(naicsIndexFromAssets(undefined), "bakery")).rejects.toThrow(
      "The NAICS index needs the ASSETS binding (wrangler.toml [assets]).",
    );
    const requested: string[] = [];
    const assets = {
      fetch: async (request: string | Request) => {
        requested.push(new URL(typeof request === "string" ? request : request.url).pathname);
        return new Response(text);
      },
    } as unknown as Fetcher;
    const first = await searchThroughSource(naicsIndexFromAssets(assets), "soybean farm");
    const second = await searchThroughSource(naicsIndexFromAssets(assets), "SPORTING goods", 3);
    expect(first.results.map((r) => r.code)).toEqual(["111110"]);
    expect(second).toEqual(search("SPORTING goods", 3));
    expect(requested).toEqual(["/reference/naics-2022-index.json"]);
    // An empty query needs no index.
    expect(await searchThroughSource(missing, "  ")).toEqual({ results: [], total: 0, partial: false });
  });
});

describe("searchNaics", () => {
  it("matches every word case-insensitively, best match first", () => {
    const results = searchNaics("SPORTING goods");
    expect(results[0]).toMatchObject({ code: "459110", title: "Sporting Goods Retailers" });
    expect(results.map((r) => r.code)).toEqual(expect.arrayContaining(["339920", "423910", "532284"]));
    // The title matched, or else the index description shown with it.
    for (const r of results) expect((r.match ?? r.title).toLowerCase()).toMatch(/sporting.*goods/);
  });

  it("matches word beginnings, ignores filler words and never matches an exclusion", () => {
    // "Oilseed (except Soybean) Farming" is not a soybean farm.
    expect(searchNaics("soybean farm").map((r) => r.code)).toEqual(["111110"]);
    expect(searchNaics("sporting and goods")[0].code).toBe("459110");
    for (const r of searchNaics("bakery", 100)) expect(r.code).not.toBe("311520"); // Frozen desserts (except bakery)
  });

  it("finds industries by code prefix, in code order", () => {
    expect(searchNaics("4591").map((r) => r.code)).toEqual(["459110", "459120", "459130", "459140"]);
    expect(searchNaics("459110").map((r) => r.code)).toEqual(["459110"]);
    expect(searchNaics("1234567")).toEqual([]);
  });

  it("returns only six-digit industries and honours the limit", () => {
    expect(searchNaics("11", 5)).toHaveLength(5);
    expect(search("11", 5).total).toBe(64);
    expect(searchNaics("farming").every((r) => r.code.length === 6)).toBe(true);
    const page = searchNaicsPage("manufacturing", 10);
    expect(page.results).toHaveLength(10);
    expect(page.total).toBeGreaterThan(100);
  });

  it("returns nothing for an empty query or no match", () => {
    expect(searchNaics("")).toEqual([]);
    expect(searchNaics("   ")).toEqual([]);
    expect(searchNaics("zzzqqq")).toEqual([]);
  });
});

describe("parseNaicsIndexCsv", () => {
  const titles = new Map([
    ["722515", "Snack and Nonalcoholic Beverage Bars"],
    ["812112", "Beauty Salons"],
  ]);
  const csv =
    "NAICS22,INDEX ITEM DESCRIPTION\r\n" +
    '722515,"Coffee shops, on premise brewing"\r\n' +
    "722515,Snack and nonalcoholic beverage bars\r\n" +
    "812112,Beauty salons\r\n" +
    "812112,Hairdresser  services \r\n" +
    "812112,hairdresser services\r\n" +
    '******,"Shops -- see type "\r\n' +
    "\r\n";

  it("groups descriptions by code, collapses spaces, drops repeats of the title or of each other and cross-references", () => {
    expect(parseNaicsIndexCsv(csv, titles)).toEqual({
      entries: { "722515": ["Coffee shops, on premise brewing"], "812112": ["Hairdresser services"] },
      rows: 5,
      kept: 2,
      crossReferences: 1,
    });
  });

  it("fails on a missing header, an unknown code or an empty description", () => {
    expect(() => parseNaicsIndexCsv("722515,Coffee shops\n", titles)).toThrow(
      'Header row "NAICS22,INDEX ITEM DESCRIPTION" not found',
    );
    expect(() => parseNaicsIndexCsv("NAICS22,INDEX ITEM DESCRIPTION\n451110,Sporting goods stores\n", titles)).toThrow(
      'Line 2: "451110" is not a six-digit 2022 NAICS code',
    );
    expect(() => parseNaicsIndexCsv('NAICS22,INDEX ITEM DESCRIPTION\n722515," "\n', titles)).toThrow(
      "Line 2: NAICS code 722515 has an empty description",
    );
  });
});

describe("search words", () => {
  it("keys a text by its words, marks asides and leaves exclusions out", () => {
    expect(searchKey("Sports gear stores (e.g., outdoors, scuba, skiing)")).toBe(
      " sports gear stores ~outdoors ~scuba ~skiing",
    );
    expect(searchKey("Frozen desserts (except bakery) manufacturing")).toBe(" frozen desserts manufacturing");
    expect(searchKey("Batteries, except automotive, dealers")).toBe(" batteries dealers");
    expect(searchKey("Hair stylist salons or shops, unisex or women's")).toBe(
      " hair stylist salons shops unisex womens",
    );
    expect(searchKey("Nurse practitioners’ offices")).toBe(" nurse practitioners offices");
  });

  it("compares singular and plural and finds half-typed words", () => {
    expect(stemWord("bakeries")).toBe(stemWord("bakery"));
    expect(stemWord("plumbers")).toBe("plumber");
    expect(stemWord("agencies")).toBe("agency");
    expect(stemWord("glasses")).toBe("glass");
    expect(rootOf("bakery")).toBe("baker");
    expect(rootOf("bakeri")).toBe("baker");
    expect(rootOf("agency")).toBe("agenc");
    expect(rootOf("shops")).toBe("shop");
    expect(rootOf("gym")).toBe("gym");
  });

  it("drops filler words and single letters from a query unless nothing else is left", () => {
    expect(queryWords("the Coffee-shop on Main").map((w) => w.word)).toEqual(["coffee", "shop", "main"]);
    expect(queryWords("a").map((w) => w.word)).toEqual(["a"]);
  });
});

describe("the committed public/reference/naics-2022-index.json", () => {
  const index = indexData as unknown as Record<string, string[]>;
  const sixDigit = (data as unknown as [string, string, number, string | null][]).filter((e) => e[2] === 6);

  it("has every six-digit industry, its title key, and each description with its current key", () => {
    expect(Object.keys(index)).toEqual(sixDigit.map((e) => e[0]));
    let descriptions = 0;
    for (const [code, title] of sixDigit) {
      const flat = index[code];
      expect(flat[0]).toBe(searchKey(title));
      expect(flat.length % 2).toBe(1);
      for (let i = 1; i < flat.length; i += 2) {
        // A stale key means the word rules changed without `node scripts/build-naics.mjs`.
        expect(flat[i + 1]).toBe(searchKey(flat[i]));
        descriptions++;
      }
    }
    expect(descriptions).toBe(20225);
  });
});

describe("searchNaics ranking of everyday words", () => {
  const top = (query: string, n = 3) => search(query, n).results.map((r) => r.code);

  it("finds a bakery", () => {
    expect(search("bakery", 3).results[0]).toMatchObject({ code: "311811", title: "Retail Bakeries", match: null });
    expect(top("bakeries")[0]).toBe("311811");
    // Half-typed, as it is while someone types.
    expect(top("bakeri")[0]).toBe("311811");
  });

  it("finds a coffee shop through its index entry", () => {
    expect(search("coffee shop", 3).results[0]).toEqual({
      code: "722515",
      title: "Snack and Nonalcoholic Beverage Bars",
      sector: { code: "72", title: "Accommodation and Food Services" },
      match: "Coffee shops, on premise brewing",
    });
    expect(top("Coffee Shops")[0]).toBe("722515");
  });

  it("finds a plumber", () => {
    expect(search("plumber", 3).results[0]).toMatchObject({ code: "238220", match: "Plumbers" });
  });

  it("finds a hair salon", () => {
    expect(top("hair salon")[0]).toBe("812112");
    expect(top("hairdresser")[0]).toBe("812112");
  });

  it("finds a marketing agency although no single text has both words", () => {
    const found = search("marketing agency", 5);
    expect(found.partial).toBe(true);
    expect(found.results[0].code).toBe("541613");
    expect(top("advertising agency", 1)).toEqual(["541810"]);
  });

  it("finds outdoor gear", () => {
    expect(search("outdoor gear", 3).results[0]).toMatchObject({
      code: "459110",
      title: "Sporting Goods Retailers",
      match: "Sports gear stores (e.g., outdoors, scuba, skiing)",
    });
  });

  it("ranks the title and the whole description above a word in a longer text", () => {
    expect(top("dentist", 1)).toEqual(["621210"]);
    expect(top("law firm", 1)).toEqual(["541110"]);
    expect(top("food truck", 1)).toEqual(["722330"]);
  });

  it("says when nothing matches every word, and finds nothing for single letters or nonsense", () => {
    expect(search("coffee shop", 5).partial).toBe(false);
    expect(search("c", 5)).toEqual({ results: [], total: 0, partial: false });
    expect(search("zzzqqq xxyyzz", 5)).toEqual({ results: [], total: 0, partial: true });
  });
});
