import { describe, expect, it } from "vitest";
import { type FieldDef, toBody, toValues } from "./fields";

const fields: FieldDef[] = [
  { key: "name", label: "Nombre", type: "text", required: true },
  { key: "address", label: "Dirección", type: "text" },
  { key: "price", label: "Precio", type: "money", required: true },
  { key: "limit", label: "Límite", type: "number" },
  {
    key: "location_id",
    label: "Ubicación",
    type: "select",
    source: { url: "/x", key: "x", id: "id", label: String },
  },
  { key: "period", label: "Periodo", type: "select", options: [{ value: "month", label: "Mes" }] },
  { key: "tag_ids", label: "Etiquetas", type: "multiselect" },
  { key: "available", label: "Activa", type: "switch" },
  { key: "grid", label: "Lugares", type: "customSpotMap" },
];

describe("catalogue form values", () => {
  it("round-trips a row: ids as numbers, empty optional text as null, the grid spread into the body", () => {
    const row = {
      name: "Roma",
      address: "",
      price: 350.5,
      limit: null,
      location_id: 4,
      period: "month",
      tag_ids: [1, 2],
      available: false,
      rows: 2,
      columns: 3,
      spots: { A1: { label: "1" } },
    };
    const values = toValues(fields, row);
    expect(values).toMatchObject({ location_id: "4", tag_ids: ["1", "2"], available: false, limit: "" });
    expect(toBody(fields, values)).toEqual({
      name: "Roma",
      address: null,
      price: 350.5,
      limit: null,
      location_id: 4,
      period: "month",
      tag_ids: [1, 2],
      available: false,
      rows: 2,
      columns: 3,
      spots: { A1: { label: "1" } },
    });
  });

  it("fills defaults for a new row and clears a select to null", () => {
    const values = toValues(fields, null, { available: true });
    expect(values.available).toBe(true);
    expect(values.grid).toEqual({ rows: 3, columns: 5, spots: {} });
    const body = toBody(fields, { ...values, name: "Nueva", price: "" });
    expect(body).toMatchObject({ location_id: null, price: 0, tag_ids: [] });
  });

  it("keeps an image as its address and a coach photo as its file id, previewed from the row", () => {
    const images: FieldDef[] = [
      { key: "image", label: "Imagen", type: "image" },
      { key: "file_id", label: "Foto", type: "imageFile", previewKey: "photo" },
    ];
    const values = toValues(images, { image: "/files/a.png", file_id: 7, photo: "/files/b.png" });
    expect(values).toEqual({ image: "/files/a.png", file_id: { file_id: 7, src: "/files/b.png" } });
    expect(toBody(images, values)).toEqual({ image: "/files/a.png", file_id: 7 });
    expect(toBody(images, { image: "", file_id: { file_id: null, src: null } })).toEqual({
      image: null,
      file_id: null,
    });
  });

  it("a new subscription package starts at every 1 month; a package that is no subscription sends none", async () => {
    const { packages } = await import("./catalogues/commerce");
    const values = toValues(packages.fields, null, packages.defaults);
    expect(values).toMatchObject({ subscription_period: "month", subscription_interval: 1 });
    const plain = toBody(packages.fields, { ...values, title: "10 clases", is_subscription: false });
    expect(plain).toMatchObject({ subscription_period: null, subscription_interval: null });
    const monthly = toBody(packages.fields, { ...values, title: "Mensual", is_subscription: true });
    expect(monthly).toMatchObject({
      is_subscription: true,
      subscription_period: "month",
      subscription_interval: 1,
    });
  });
});
