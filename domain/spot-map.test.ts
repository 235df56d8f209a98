import { describe, expect, it } from "vitest";
import { gridFromCustomMap, parseRowSizes, selectableSpots, spotGridFor, spotLabel } from "./spot-map";

describe("spot maps", () => {
  it("parses row sizes and numbers spots row by row", () => {
    expect(parseRowSizes("4,5,5,6")).toEqual([4, 5, 5, 6]);
    expect(parseRowSizes(" 2 , 3 ")).toEqual([2, 3]);
    expect(parseRowSizes("")).toBeNull();
    expect(parseRowSizes("a,b")).toBeNull();
    const grid = spotGridFor({ spot_map: "2,3", custom_spot_map: null });
    expect(grid?.rows.map((r) => r.map((c) => c.key))).toEqual([
      ["1", "2"],
      ["3", "4", "5"],
    ]);
  });
  it("draws custom grids with labels, aisles and unselectable cells", () => {
    const grid = gridFromCustomMap({
      rows: 2,
      columns: 2,
      spots: {
        A1: { label: "Coach", selectable: false },
        A2: { label: "1", selectable: true },
        B2: { label: "2" },
      },
    });
    expect(grid.rows[0]?.[0]).toEqual({ key: "A1", label: "Coach", selectable: false });
    expect(grid.rows[1]?.[0]).toEqual({ key: "B1", label: "", selectable: false });
    expect(selectableSpots(grid)).toEqual(["A2", "B2"]);
    expect(spotLabel(grid, "B2")).toBe("2");
    expect(spotGridFor({ spot_map: "3", custom_spot_map: { rows: 1, columns: 1, spots: {} } })?.kind).toBe(
      "custom",
    );
  });
});
