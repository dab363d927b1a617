import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NAICS_STRUCTURE_FILE, parseNaicsChanges } from "../../../scripts/lib/benchmark-csv.mjs";
import { naics2022Change } from "./committed-reference-data";

const STRUCTURE = path.resolve(__dirname, "../../..", "data/sources/naics", NAICS_STRUCTURE_FILE);

const SAMPLE = [
  "Table 1,,,,,",
  "2022 NAICS Structure,,,,,",
  "Change Indicator,2022 NAICS Code,2022 NAICS Title,,,",
  ",44-45,Retail TradeT,,,",
  "****,445,Food and Beverage Retailers ,,,",
  "*,445110,Supermarkets and Other Grocery Retailers (except Convenience Retailers) ,,,",
  ",,,,,",
  "**,459110,Sporting Goods Retailers ,,,",
  '**,212323,"Kaolin, Clay, and Ceramic and Refractory Minerals Mining ",,,',
  ",722511,Full-Service Restaurants ,,,",
].join("\n");

describe("the 2022 NAICS change indicators (data build)", () => {
  it("keeps every marked code with its indicator and cleaned 2022 title, and nothing unmarked", () => {
    expect(parseNaicsChanges(SAMPLE)).toEqual({
      "445": { change: "****", title: "Food and Beverage Retailers" },
      "445110": { change: "*", title: "Supermarkets and Other Grocery Retailers (except Convenience Retailers)" },
      "459110": { change: "**", title: "Sporting Goods Retailers" },
      "212323": { change: "**", title: "Kaolin, Clay, and Ceramic and Refractory Minerals Mining" },
    });
  });

  it("refuses an unknown indicator or a file without the header", () => {
    expect(() => parseNaicsChanges(SAMPLE.replace("****,445", "x,445"))).toThrow(
      '445: unexpected change indicator "x"',
    );
    expect(() => parseNaicsChanges("a,b\n1,2\n")).toThrow('Header row with "2022 NAICS Code" not found');
  });

  it("the Census file: 229 marked codes, by indicator", () => {
    const changes = parseNaicsChanges(readFileSync(STRUCTURE, "utf8"));
    const count = (c: string) => Object.values(changes).filter((x) => x.change === c).length;
    expect(Object.keys(changes)).toHaveLength(229);
    expect(count("*") + count("**") + count("***") + count("****")).toBe(229);
  });

  it("public/reference/benchmarks.json holds them for the engine", () => {
    expect(naics2022Change("457110")).toEqual({ change: "**", title: "Gasoline Stations with Convenience Stores" });
    expect(naics2022Change("456110")).toEqual({ change: "**", title: "Pharmacies and Drug Retailers" });
    expect(naics2022Change("212114")).toEqual({ change: "**", title: "Surface Coal Mining" });
    expect(naics2022Change("325315")).toEqual({ change: "**", title: "Compost Manufacturing" });
    expect(naics2022Change("32531")).toEqual({ change: "*", title: "Fertilizer and Compost Manufacturing" });
    expect(naics2022Change("21211")).toBeUndefined();
  });
});
