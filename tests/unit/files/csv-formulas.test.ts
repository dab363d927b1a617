import { describe, expect, it } from "vitest";
import { formulaCellOffsets, neutralizeCsvFormulas } from "~/lib/files/csv-formulas";

const encode = (value: string) => new TextEncoder().encode(value);
const neutralize = (value: string) =>
  new TextDecoder("utf-8", { ignoreBOM: true }).decode(neutralizeCsvFormulas(encode(value)));

describe("CSV formula neutralising", () => {
  it("puts a ' before cells starting with = + - @", () => {
    expect(neutralize('name,link\nDana,=HYPERLINK("https://evil.test","Click")\n')).toBe(
      `name,link\nDana,'=HYPERLINK("https://evil.test","Click")\n`,
    );
    expect(neutralize("=A1+2,+A1,-2+B3,@SUM(A1:A2)")).toBe("'=A1+2,'+A1,'-2+B3,'@SUM(A1:A2)");
    expect(neutralize("=ГИПЕРССЫЛКА(1)")).toBe("'=ГИПЕРССЫЛКА(1)");
    expect(neutralize("a,b\r\n=cmd|' /C calc'!A0,x\r\n")).toBe("a,b\r\n'=cmd|' /C calc'!A0,x\r\n");
  });

  it("puts it inside the quotes of a quoted cell, also before a leading tab or carriage return", () => {
    expect(neutralize('a,"=HYPERLINK(""https://evil.test"")",b')).toBe(`a,"'=HYPERLINK(""https://evil.test"")",b`);
    expect(neutralize('"\t=A1+1"\n"\r=A2+2"')).toBe(`"'\t=A1+1"\n"'\r=A2+2"`);
    // A separator or newline inside quotes does not start a cell.
    expect(neutralize('"text, =not a cell",x')).toBe('"text, =not a cell",x');
  });

  it("treats semicolons and tabs as separators too, so no reading of the file hides a formula", () => {
    expect(neutralize("a;=A1+1\tb\t@x")).toBe("a;'=A1+1\tb\t'@x");
    // Read with ';', the quote opens a cell that ends at the next quote; read with ',', it does not.
    expect(neutralize('x;"y,=HYPERLINK(1)\n')).toBe(`x;"y,'=HYPERLINK(1)\n`);
    // Read with ',', the tab starts the cell (spreadsheets trim it, then see a formula).
    expect(neutralize("a,\t=B1")).toBe("a,'\t'=B1");
    // Read with ';' (where ',' is the decimal mark), the whole line is one formula cell.
    expect(neutralize('-5,5+HYPERLINK("https://evil.test")\n')).toBe(`'-5,5+HYPERLINK("https://evil.test")\n`);
  });

  it("leaves cells without letters (numbers, signs, phone numbers, arithmetic) and ordinary text as they are", () => {
    const plain = 'month,revenue,change\n2026-01,"-1,200.50",+3.5\n2026-02,-,1e-3\nnote,"Dana, Portland",ok\n';
    expect(neutralize(plain)).toBe(plain);
    expect(neutralizeCsvFormulas(encode(plain))).toEqual(encode(plain));
    expect(neutralize("-5,+1 555 0100,=1+2,-,--\n")).toBe("-5,+1 555 0100,=1+2,-,--\n");
    expect(neutralize("- first item\n")).toBe("'- first item\n");
  });

  it("keeps a byte order mark and multi-byte UTF-8 intact", () => {
    expect(neutralize("\uFEFF=1,café\n€,=Ω")).toBe("\uFEFF'=1,café\n€,'=Ω");
    expect(formulaCellOffsets(encode("\uFEFF=A1"))).toEqual([3]);
  });

  it("handles empty input, empty cells and an unterminated quote", () => {
    expect(neutralize("")).toBe("");
    expect(neutralize(",,\n\n,")).toBe(",,\n\n,");
    expect(neutralize('a,"=unclosed, still one cell')).toBe(`a,"'=unclosed, still one cell`);
  });
});
