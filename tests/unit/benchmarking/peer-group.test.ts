import { describe, expect, it } from "vitest";
import type { IndustryFigures, NaicsChange, SizeClassFigures } from "~/lib/benchmarking/benchmarks";
import { chooseIndustry, choosePeerGroup, naicsLevelsUp, type ReferenceLookups } from "~/lib/benchmarking/peer-group";
import { naics2022Change, REFERENCE_DATA } from "./committed-reference-data";

const ref = REFERENCE_DATA;
const pick = (code: string, employees: number | null = 64, title: string | null = null) =>
  choosePeerGroup(code, employees, ref, title);

describe("NAICS levels", () => {
  it("walks a 2022 code up to its ABS sector, range sectors included", () => {
    expect(naicsLevelsUp("459110")).toEqual(["459110", "45911", "4591", "459", "44-45"]);
    expect(naicsLevelsUp("722511")).toEqual(["722511", "72251", "7225", "722", "72"]);
    expect(naicsLevelsUp("325315")).toEqual(["325315", "32531", "3253", "325", "31-33"]);
    expect(() => naicsLevelsUp("45-11")).toThrow('Not a NAICS code: "45-11"');
  });

  it("reads the 2022 change indicators with their 2022 titles; unchanged codes have none", () => {
    expect(naics2022Change("459110")).toEqual({ change: "**", title: "Sporting Goods Retailers" });
    expect(naics2022Change("445110")).toEqual({
      change: "*",
      title: "Supermarkets and Other Grocery Retailers (except Convenience Retailers)",
    });
    expect(naics2022Change("4451")).toEqual({ change: "****", title: "Grocery and Convenience Retailers" });
    expect(naics2022Change("42512")?.change).toBe("***");
    expect(naics2022Change("722511")).toBeUndefined();
    expect(naics2022Change("541211")).toBeUndefined();
    expect(naics2022Change("44-45")).toBeUndefined();
  });
});

describe("the peer group: unchanged codes are compared at their own level", () => {
  it("722511 full-service restaurants: the code itself, and the sector's size class by name", () => {
    const { peerGroup, industry, sizeClass, sector } = pick("722511", 64);
    expect(peerGroup).toEqual({
      requestedCode: "722511",
      industry: { code: "722511", label: "Full-service restaurants", level: 6, source: "abs2017", year: 2017 },
      sizeClass: {
        sector: "72",
        sectorLabel: "Accommodation and food services",
        code: "642",
        label: "Firms with 50 to 99 employees",
        year: 2017,
      },
      name: "Full-service restaurants (NAICS 722511), 2017; Accommodation and food services (NAICS 72) firms with 50 to 99 employees, 2017",
      note: null,
    });
    expect(industry.revenuePerEmployee).toBe(54134);
    expect(sizeClass?.sizeClass).toBe("642");
    expect(sector).toBe("72");
  });

  it("541211 offices of CPAs: the code itself", () => {
    const { peerGroup } = pick("541211", 8);
    expect(peerGroup.industry).toEqual({
      code: "541211",
      label: "Offices of certified public accountants",
      level: 6,
      source: "abs2017",
      year: 2017,
    });
    expect(peerGroup.name).toBe(
      "Offices of certified public accountants (NAICS 541211), 2017; Professional, scientific, and technical services (NAICS 54) firms with 5 to 9 employees, 2017",
    );
    expect(peerGroup.note).toBeNull();
  });

  it("441110 new car dealers: unchanged in 2022 although its subsector 441 changed", () => {
    expect(pick("441110").peerGroup.industry.code).toBe("441110");
    expect(pick("441110").peerGroup.note).toBeNull();
  });
});

describe("the peer group: codes the 2022 revision changed go up to a level that means the same industry", () => {
  const retail = (code: string, title: string, words: string) => {
    const { peerGroup } = pick(code, 64);
    expect(peerGroup.industry).toEqual({
      code: "44-45",
      label: "Retail trade",
      level: 2,
      source: "abs2017",
      year: 2017,
    });
    expect(peerGroup.name).toBe("Retail trade (NAICS 44-45), firms with 50 to 99 employees, 2017");
    expect(peerGroup.note).toBe(
      `NAICS ${code} (${title}) ${words} in the 2022 NAICS revision, so the 2017 figures under the same digits may describe different firms; the nearest level that means the same industry and has published figures is Retail trade (NAICS 44-45) (the levels in between changed in 2022 or have no published figures).`,
    );
  };

  it("459110 sporting goods retailers (new code; 2017 had 451110): retail trade", () => {
    retail("459110", "Sporting Goods Retailers", "is new");
  });

  it("445110 supermarkets (retitled; 4451 and 445 changed content): retail trade", () => {
    retail("445110", "Supermarkets and Other Grocery Retailers (except Convenience Retailers)", "was retitled");
  });

  it("457110 gasoline stations with convenience stores (new code, was 447110): retail trade", () => {
    retail("457110", "Gasoline Stations with Convenience Stores", "is new");
  });

  it("456110 pharmacies (new code, was 446110): retail trade", () => {
    retail("456110", "Pharmacies and Drug Retailers", "is new");
  });

  it("212114 surface coal mining (new; 2017 split coal mining differently): coal mining 21211", () => {
    const { peerGroup } = pick("212114", 120);
    expect(peerGroup.industry).toEqual({
      code: "21211",
      label: "Coal mining",
      level: 5,
      source: "abs2017",
      year: 2017,
    });
    expect(peerGroup.name).toBe(
      "Coal mining (NAICS 21211), 2017; Mining, quarrying, and oil and gas extraction (NAICS 21) firms with 100 to 249 employees, 2017",
    );
    expect(peerGroup.note).toBe(
      "NAICS 212114 (Surface Coal Mining) is new in the 2022 NAICS revision, so the 2017 figures under the same digits may describe different firms; the nearest level that means the same industry and has published figures is Coal mining (NAICS 21211).",
    );
  });

  it("325315 compost manufacturing (new; 32531 retitled): 3253", () => {
    const { peerGroup } = pick("325315", 30);
    expect(peerGroup.industry.code).toBe("3253");
    expect(peerGroup.industry.label).toBe("Pesticide, fertilizer, and other agricultural chemical manufacturing");
    expect(peerGroup.note).toBe(
      "NAICS 325315 (Compost Manufacturing) is new in the 2022 NAICS revision, so the 2017 figures under the same digits may describe different firms; the nearest level that means the same industry and has published figures is Pesticide, fertilizer, and other agricultural chemical manufacturing (NAICS 3253) (the levels in between changed in 2022 or have no published figures).",
    );
  });
});

describe("the peer group: codes without published figures, construction, and ABS's scope", () => {
  it("541120 offices of notaries (unchanged, not published): legal services 5411, with the title given", () => {
    const { peerGroup } = pick("541120", 3, "Offices of Notaries");
    expect(peerGroup.industry.code).toBe("5411");
    expect(peerGroup.note).toBe(
      "NAICS 541120 (Offices of Notaries) has no published Census figures of its own; the nearest level that means the same industry and has published figures is Legal services (NAICS 5411) (the levels in between changed in 2022 or have no published figures).",
    );
  });

  it("311211 flour milling (withheld by ABS): 31121", () => {
    const { peerGroup } = pick("311211", 40);
    expect(peerGroup.industry.code).toBe("31121");
    expect(peerGroup.note).toBe(
      "NAICS 311211 has no published Census figures of its own; the nearest level that means the same industry and has published figures is Flour milling and malt manufacturing (NAICS 31121).",
    );
  });

  it("238220 plumbing and HVAC: the 2022 Economic Census, 2022-coded, used directly", () => {
    const { peerGroup, industry } = pick("238220", 30);
    expect(peerGroup.industry).toEqual({
      code: "238220",
      label: "Plumbing, heating, and air-conditioning contractors",
      level: 6,
      source: "ec2022construction",
      year: 2022,
    });
    expect(peerGroup.name).toBe(
      "Plumbing, heating, and air-conditioning contractors (NAICS 238220), 2022; Construction (NAICS 23) firms with 20 to 49 employees, 2017",
    );
    expect(peerGroup.note).toBeNull();
    expect(industry.revenuePerEmployee).toBe(254434);
  });

  it("238140 masonry (not in the 2022 Economic Census extract): ABS 2017 238140, more specific than EC 238", () => {
    expect(pick("238140").peerGroup.industry).toMatchObject({ code: "238140", source: "abs2017", level: 6 });
  });

  it("482111 line-haul railroads (outside ABS's scope): the rest of the sector, said so", () => {
    const { peerGroup } = pick("482111", 300);
    expect(peerGroup.industry.code).toBe("48-49");
    expect(peerGroup.note).toBe(
      "The Annual Business Survey does not cover rail transportation (NAICS 482), so NAICS 482111 is compared with the rest of its sector, Transportation and warehousing (NAICS 48-49).",
    );
  });

  it("921110 executive offices (public administration, no ABS sector): all industries", () => {
    const { peerGroup, sector } = pick("921110", 30);
    expect(peerGroup.industry).toEqual({
      code: "00",
      label: "All industries",
      level: 0,
      source: "abs2017",
      year: 2017,
    });
    expect(sector).toBe("00");
    expect(peerGroup.name).toBe("All industries, firms with 20 to 49 employees, 2017");
    expect(peerGroup.note).toBe(
      "The Annual Business Survey does not cover public administration (NAICS 92), so NAICS 921110 is compared with all industries.",
    );
  });
});

describe("the size class", () => {
  it("is the ABS employment-size class of the headcount in the sector: 0, 4, 5, 499 and 500 employees", () => {
    expect(pick("722511", 0).peerGroup.sizeClass?.code).toBe("611");
    expect(pick("722511", 4).peerGroup.sizeClass?.code).toBe("612");
    expect(pick("722511", 5).peerGroup.sizeClass?.code).toBe("620");
    expect(pick("722511", 499).peerGroup.sizeClass?.code).toBe("652");
    expect(pick("722511", 500).peerGroup.sizeClass?.label).toBe("Firms with 500 employees or more");
  });

  it("is left out without a headcount, and the name says all employer firms", () => {
    const { peerGroup, sizeClass } = pick("459110", null);
    expect(sizeClass).toBeNull();
    expect(peerGroup.sizeClass).toBeNull();
    expect(peerGroup.name).toBe("Retail trade (NAICS 44-45), all employer firms, 2017");
  });

  it("is left out when ABS withholds the class (mining, no employees)", () => {
    expect(pick("212114", 0).peerGroup.sizeClass).toBeNull();
    expect(pick("212114", 0).peerGroup.name).toBe("Coal mining (NAICS 21211), all employer firms, 2017");
  });
});

describe("with small tables", () => {
  const fig = (code: string, label: string, level: number, m: Partial<IndustryFigures>, key = "abs2017") =>
    ({
      code,
      label,
      level,
      ...m,
      source: { key, name: key, year: key === "ec2017retail" ? 2017 : 2017, naicsEdition: 2017 },
    }) as IndustryFigures;
  const full = { firms: 10, receipts: 1000, employees: 20 };
  const lookups = (
    abs: Record<string, IndustryFigures>,
    retail: Record<string, IndustryFigures> = {},
    changes: Record<string, NaicsChange> = {},
  ): ReferenceLookups => ({
    absIndustry: (c) => abs[c],
    retailIndustry: (c) => retail[c],
    constructionIndustry: () => undefined,
    absByEmployerSize: () => undefined as SizeClassFigures | undefined,
    sectorDistribution: () => [],
    naics2022Change: (c) => changes[c],
  });

  it("falls back to the 2017 Economic Census in retail when ABS withholds the code", () => {
    const ref2 = lookups(
      { "441110": fig("441110", "New car dealers", 6, { firms: 5 }), "44-45": fig("44-45", "Retail trade", 2, full) },
      { "441110": fig("441110", "New car dealers", 6, full, "ec2017retail") },
    );
    const { industry, peerGroup } = choosePeerGroup("441110", 10, ref2);
    expect(industry.source.key).toBe("ec2017retail");
    expect(peerGroup.note).toBeNull();
    expect(peerGroup.name).toBe("New car dealers (NAICS 441110), all employer firms, 2017");
  });

  it("a published code under a changed parent is still used; a changed code with figures is not", () => {
    const ref2 = lookups(
      {
        "722511": fig("722511", "Full-service restaurants", 6, full),
        "72251": fig("72251", "Restaurants", 5, full),
        "72": fig("72", "Accommodation and food services", 2, full),
      },
      {},
      { "72251": { change: "***", title: "Restaurants" }, "722512": { change: "**", title: "X" } },
    );
    expect(chooseIndustry("722511", ref2).industry.code).toBe("722511");
    expect(chooseIndustry("722512", ref2).industry.code).toBe("72");
  });
});
