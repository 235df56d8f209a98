import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("toCsv", () => {
  it("quotes commas, quotes and line breaks, keeps accents and empties nulls", () => {
    expect(
      toCsv(
        ["Nombre", "Nota"],
        [
          ["José Pérez", 'dijo "hola", adiós'],
          ["Ana\nLópez", null],
        ],
      ),
    ).toBe('Nombre,Nota\r\nJosé Pérez,"dijo ""hola"", adiós"\r\n"Ana\nLópez",');
  });

  it("neutralises text that looks like a spreadsheet formula but keeps negative numbers", () => {
    expect(toCsv(["a", "b"], [["=SUM(A1)", -5]])).toBe("a,b\r\n'=SUM(A1),-5");
  });
});
