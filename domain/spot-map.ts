/**
 * Spot maps (class_type.spot_map "4,5,5,6" row sizes, or a custom map: a grid of rows
 * lettered A.. and numbered columns, each cell `{ label, selectable }`). One normalised shape for
 * both so the server validates a chosen spot and the web draws the same map.
 */

export type SpotCell = {
  /** Value stored in class_reservations.spot: "7" for row-size maps, "B4" for custom maps. */
  key: string;
  label: string;
  selectable: boolean;
};

export type SpotGrid = { rows: SpotCell[][]; kind: "rows" | "custom" };

export type CustomSpotMapInput = {
  rows: number;
  columns: number;
  spots: Record<string, { label?: string; selectable?: boolean } | undefined>;
};

/** "4,5,5,6" → [4,5,5,6]; null for empty or malformed text (no map). */
export function parseRowSizes(spotMap: string | null | undefined): number[] | null {
  const text = (spotMap ?? "").trim();
  if (!/^\d+(\s*,\s*\d+)*$/.test(text)) return null;
  const sizes = text.split(",").map((s) => Number(s.trim()));
  if (sizes.some((n) => n > 200) || sizes.every((n) => n === 0)) return null;
  return sizes;
}

/** Row-size map: spots numbered 1..N left to right, row by row. */
export function gridFromRowSizes(sizes: number[]): SpotGrid {
  let n = 0;
  return {
    kind: "rows",
    rows: sizes.map((size) =>
      Array.from({ length: size }, () => {
        n += 1;
        return { key: String(n), label: String(n), selectable: true };
      }),
    ),
  };
}

export function rowLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

/**
 * Custom map: every cell of rows x columns. A cell missing from `spots` is an empty, unselectable
 * space (aisle); a cell with selectable false is shown with its label (e.g. "Coach") but cannot
 * be chosen.
 */
export function gridFromCustomMap(map: CustomSpotMapInput): SpotGrid {
  const rows: SpotCell[][] = [];
  for (let r = 0; r < Math.min(map.rows, 26); r++) {
    const row: SpotCell[] = [];
    for (let c = 1; c <= Math.min(map.columns, 100); c++) {
      const key = `${rowLetter(r)}${c}`;
      const spot = map.spots[key];
      row.push({ key, label: spot?.label ?? "", selectable: Boolean(spot && spot.selectable !== false) });
    }
    rows.push(row);
  }
  return { kind: "custom", rows };
}

/** The map a class type uses: its custom map wins over its row sizes; null when it has none. */
export function spotGridFor(classType: {
  spot_map: string | null;
  custom_spot_map?: CustomSpotMapInput | null;
}): SpotGrid | null {
  if (classType.custom_spot_map) return gridFromCustomMap(classType.custom_spot_map);
  const sizes = parseRowSizes(classType.spot_map);
  return sizes ? gridFromRowSizes(sizes) : null;
}

/** Keys a customer may choose on this map. */
export function selectableSpots(grid: SpotGrid): string[] {
  return grid.rows
    .flat()
    .filter((cell) => cell.selectable)
    .map((cell) => cell.key);
}

/** Display label of a stored spot ("B4" → "5" on a custom map whose B4 is labelled 5). */
export function spotLabel(grid: SpotGrid | null, key: string | null): string {
  if (!key) return "";
  const cell = grid?.rows.flat().find((c) => c.key === key);
  return cell?.label || key;
}
