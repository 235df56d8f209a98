import type { Row } from "./api";

/** How one form field is edited. The server validates everything again. */
export type FieldDef = {
  key: string;
  label: string;
  type:
    | "text"
    | "textarea"
    | "number"
    | "money"
    | "switch"
    | "color"
    | "select"
    | "multiselect"
    | "datetime"
    | "date"
    | "html"
    | "spotMap"
    | "customSpotMap"
    | "packageTypes"
    | "downloadable"
    /** An image kept as its address: uploaded here or typed as a URL. */
    | "image"
    /** An image kept as an uploaded file's id (coach photos); `previewKey` names its address. */
    | "imageFile";
  required?: boolean;
  description?: string;
  /** Fixed choices (select). */
  options?: { value: string; label: string }[];
  /** Choices read from a list (select, multiselect): url, key and how to name a row. */
  source?: { url: string; key: string; id: string; label: (row: Row) => string };
  /** Empty text is sent as null (nullable columns) instead of "". */
  nullable?: boolean;
  /** imageFile: the row's field with the image's address, for the preview. */
  previewKey?: string;
  /** Only these fields share a row on wide screens. */
  half?: boolean;
  /** Shown only while this switch of the same form is on (subscription settings, say). */
  shownWith?: string;
};

/** The form value of an imageFile field: the file the server keeps and where it is shown. */
export type ImageValue = { file_id: number | null; src: string | null };

/** Form values → request body: numbers as numbers, empty optional text as null. */
export function toBody(fields: FieldDef[], values: Row): Row {
  const out: Row = {};
  for (const f of fields) {
    if (f.type === "customSpotMap") {
      Object.assign(out, values[f.key] as Row);
      continue;
    }
    // A field hidden with its switch off (a subscription's period on a package that is not one)
    // is not part of the row: its form default must not reach the server.
    if (f.shownWith && !values[f.shownWith]) {
      out[f.key] = null;
      continue;
    }
    const v = values[f.key];
    if (f.type === "imageFile") {
      out[f.key] = (v as ImageValue | undefined)?.file_id ?? null;
    } else if (f.type === "number" || f.type === "money") {
      out[f.key] = v === "" || v === null || v === undefined ? null : Number(v);
      if (out[f.key] === null && f.required) out[f.key] = 0;
    } else if (f.type === "select") {
      out[f.key] =
        v === "" || v === null || v === undefined
          ? null
          : /^\d+$/.test(String(v)) && f.source
            ? Number(v)
            : v;
    } else if (f.type === "multiselect") {
      out[f.key] = ((v as string[] | undefined) ?? []).map(Number);
    } else if (f.type === "datetime") {
      out[f.key] = v ? new Date(String(v)).toISOString() : null;
    } else if (typeof v === "string" && v.trim() === "" && !f.required) {
      out[f.key] = null;
    } else {
      out[f.key] = v;
    }
  }
  return out;
}

/** Row → form values (select values are strings, datetimes as the input's local text). */
export function toValues(fields: FieldDef[], row: Row | null, defaults: Row = {}): Row {
  const values: Row = {};
  for (const f of fields) {
    const v = row?.[f.key] ?? defaults[f.key];
    if (f.type === "customSpotMap") {
      values[f.key] = {
        rows: row?.rows ?? 3,
        columns: row?.columns ?? 5,
        spots: (row?.spots as Row) ?? {},
      };
    } else if (f.type === "switch") values[f.key] = Boolean(v ?? false);
    else if (f.type === "select") values[f.key] = v === null || v === undefined ? "" : String(v);
    else if (f.type === "multiselect") values[f.key] = ((v as unknown[]) ?? []).map(String);
    else if (f.type === "datetime") values[f.key] = v ? toLocalInput(String(v)) : "";
    else if (f.type === "packageTypes") values[f.key] = (v as Row[]) ?? [];
    else if (f.type === "downloadable") values[f.key] = v ?? null;
    else if (f.type === "imageFile") {
      const src = f.previewKey ? row?.[f.previewKey] : null;
      const image: ImageValue = {
        file_id: (v as number | null) ?? null,
        src: (src as string | null) ?? null,
      };
      values[f.key] = image;
    } else values[f.key] = v ?? "";
  }
  return values;
}

/** ISO instant → "YYYY-MM-DDTHH:mm" in the browser's zone, the format of datetime-local inputs. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
