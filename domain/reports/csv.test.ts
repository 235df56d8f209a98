import { describe, expect, it } from "vitest";
import { reportCsv, reportCsvPieces } from "./csv";

describe("a report's CSV in pieces (docs/decisions/0141)", () => {
  it("a short list is one piece, the same text as the whole CSV", () => {
    const rows = [["Ana", 2, "=1+1"]];
    expect([...reportCsvPieces(["Cliente", "Meses", "Nota"], rows)]).toEqual([
      "\uFEFFCliente,Meses,Nota\r\nAna,2,'=1+1\r\n",
    ]);
    expect(reportCsv(["Cliente", "Meses", "Nota"], rows)).toBe("\uFEFFCliente,Meses,Nota\r\nAna,2,'=1+1\r\n");
  });

  it("a long list comes in pieces of about 64 KiB, whole rows each, that add up to the CSV", () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`Cliente ${i}, "apodo"`, i]);
    const pieces = [...reportCsvPieces(["Cliente", "Meses"], rows)];
    expect(pieces.length).toBeGreaterThan(5);
    for (const piece of pieces) {
      expect(piece.endsWith("\r\n")).toBe(true);
      expect(piece.length).toBeLessThan(64 * 1024 + 100);
    }
    const text = pieces.join("");
    expect(text.split("\r\n")).toHaveLength(1 + 20_000 + 1);
    expect(text.split("\r\n")[1]).toBe('"Cliente 0, ""apodo""",0');
  });
});
