import { formatDateTime, formatMoney } from "../../../../domain/format";
import type { CatalogueDef } from "../components/catalogue-page";
import { listSource, textColumn, titleOf, yesNoColumn } from "./common";

const packagesSource = listSource("/class_packages/admin/all", "class_packages", "class_package_id", titleOf);

/** Discount codes: an amount or a percentage, with limits of uses, dates and package. */
export const discounts: CatalogueDef = {
  slug: "descuentos",
  title: "Descuentos",
  newTitle: "Nuevo descuento",
  list: { url: "/discounts/admin/all", key: "descuentos" },
  path: "/discounts",
  idKey: "discount_id",
  nameOf: (r) => String(r.code),
  defaults: { available: true, is_percent: true },
  columns: [
    textColumn("code", "Código"),
    textColumn("amount", "Descuento", (r) =>
      r.is_percent ? `${r.amount}%` : formatMoney(r.amount as number),
    ),
    textColumn("ends_at", "Vence", (r) => (r.ends_at ? formatDateTime(r.ends_at as string) : "")),
    yesNoColumn("available", "Activo"),
  ],
  fields: [
    { key: "code", label: "Código", type: "text", required: true, half: true },
    { key: "amount", label: "Cantidad", type: "number", required: true, half: true },
    { key: "description", label: "Descripción", type: "text" },
    { key: "is_percent", label: "Es porcentaje", type: "switch", half: true },
    { key: "first_invoice_only", label: "Solo el primer cobro", type: "switch", half: true },
    { key: "max_uses", label: "Usos máximos", type: "number", half: true },
    { key: "max_uses_per_customer", label: "Usos por cliente", type: "number", half: true },
    { key: "starts_at", label: "Inicia", type: "datetime", half: true },
    { key: "ends_at", label: "Termina", type: "datetime", half: true },
    { key: "class_package_id", label: "Solo para el paquete", type: "select", source: packagesSource },
    { key: "available", label: "Activo", type: "switch" },
  ],
};
