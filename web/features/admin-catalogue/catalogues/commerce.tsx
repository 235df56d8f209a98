import { formatMoney } from "../../../../domain/format";
import type { CatalogueDef } from "../components/catalogue-page";
import { HomeListsMenu } from "../components/home-lists-menu";
import { imageField, listSource, nameOf, orderColumn, textColumn, titleOf, yesNoColumn } from "./common";

const period = [
  { value: "day", label: "Día" },
  { value: "month", label: "Mes" },
  { value: "year", label: "Año" },
];
// A free trial's length is counted in these ("7 Días").
const trialPeriod = [
  { value: "day", label: "Días" },
  { value: "month", label: "Meses" },
  { value: "year", label: "Años" },
];

export const packages: CatalogueDef = {
  slug: "paquetes",
  title: "Paquetes",
  newTitle: "Nuevo paquete",
  list: { url: "/class_packages/admin/all", key: "class_packages" },
  path: "/class_packages",
  idKey: "class_package_id",
  nameOf: titleOf,
  // A subscription renews every month unless the owner says otherwise (the form shows it
  // chosen as soon as "Suscripción" is switched on).
  defaults: {
    available: true,
    class_amount: 1,
    order: 0,
    price: 0,
    iva_rate: "16",
    subscription_period: "month",
    subscription_interval: 1,
  },
  modalSize: "xl",
  rowActions: (r) => <HomeListsMenu packageId={Number(r.class_package_id)} title={String(r.title)} />,
  columns: [
    textColumn("title", "Título", titleOf),
    {
      key: "price",
      header: "Precio",
      align: "right",
      value: (r) => Number(r.price),
      render: (r) => formatMoney(r.price as number),
    },
    {
      key: "sale_price",
      header: "Oferta",
      align: "right",
      value: (r) => (r.sale_price as number) ?? "",
      render: (r) => (r.sale_price === null ? "—" : formatMoney(r.sale_price as number)),
    },
    textColumn("class_amount", "Clases", (r) =>
      r.class_amount === -1 ? "Ilimitadas" : Number(r.class_amount),
    ),
    textColumn("expiration_days", "Vigencia (días)", (r) => (r.expiration_days as number) ?? ""),
    orderColumn,
    yesNoColumn("available", "A la venta"),
  ],
  fields: [
    { key: "title", label: "Título", type: "text", required: true },
    { key: "price", label: "Precio", type: "money", required: true, half: true },
    { key: "sale_price", label: "Precio de oferta", type: "money", half: true },
    { key: "class_amount", label: "Clases (-1 = ilimitadas)", type: "number", half: true },
    { key: "expiration_days", label: "Vigencia (días)", type: "number", half: true },
    { key: "limit_per_customer", label: "Límite por cliente", type: "number", half: true },
    { key: "people_limit", label: "Cupo de personas", type: "number", half: true },
    { key: "order", label: "Orden", type: "number", half: true },
    { key: "allowed_times", label: "Horarios permitidos (ej. 07:00,08:00)", type: "text", half: true },
    { key: "short_description", label: "Descripción corta", type: "text" },
    { key: "description", label: "Descripción", type: "textarea" },
    imageField("image", "Imagen"),
    { key: "is_special_event", label: "Evento especial", type: "switch", half: true },
    { key: "is_trial", label: "Clase de prueba", type: "switch", half: true },
    { key: "is_online", label: "Acceso a clases online", type: "switch", half: true },
    { key: "is_unlimited_membership", label: "Membresía ilimitada", type: "switch", half: true },
    { key: "is_subscription", label: "Suscripción", type: "switch", half: true },
    {
      key: "allow_discount_over_sale_price",
      label: "Permitir descuento sobre precio de oferta",
      type: "switch",
      half: true,
    },
    // Prices include IVA (decision 0032); receipts and lists show its part.
    {
      key: "iva_rate",
      label: "IVA incluido en el precio",
      type: "select",
      options: [
        { value: "16", label: "16 %" },
        { value: "8", label: "8 % (región fronteriza)" },
        { value: "0", label: "Tasa 0 %" },
        { value: "exento", label: "Exento" },
      ],
      half: true,
    },
    {
      key: "subscription_period",
      label: "Periodo de la suscripción",
      type: "select",
      options: period,
      half: true,
      shownWith: "is_subscription",
    },
    {
      key: "subscription_interval",
      label: "Cada cuántos periodos",
      type: "number",
      half: true,
      shownWith: "is_subscription",
    },
    {
      key: "free_trial_length",
      label: "Prueba gratis (duración)",
      type: "number",
      half: true,
      shownWith: "is_subscription",
    },
    {
      key: "free_trial_period",
      label: "Prueba gratis (periodo)",
      type: "select",
      options: trialPeriod,
      half: true,
      shownWith: "is_subscription",
    },
    { key: "downloadable", label: "Descargable", type: "downloadable" },
    { key: "file_url", label: "Archivo (URL)", type: "text", half: true },
    { key: "receipt_file", label: "Comprobante (URL)", type: "text", half: true },
    {
      key: "class_package_types",
      label: "Créditos por tipo de clase",
      type: "packageTypes",
      source: listSource("/admin/class_types", "class_types", "class_type_id"),
    },
    { key: "available", label: "A la venta", type: "switch" },
  ],
};

export const paymentMethods: CatalogueDef = {
  slug: "metodos-de-pago",
  title: "Métodos de pago",
  newTitle: "Nuevo método de pago",
  list: { url: "/payment_methods?all=1", key: "payment_methods" },
  path: "/payment_methods",
  idKey: "payment_method_id",
  nameOf,
  defaults: { available: true, provider: "cash", order: 0 },
  modalSize: "xl",
  columns: [
    textColumn("name", "Nombre"),
    textColumn("provider", "Tipo"),
    orderColumn,
    yesNoColumn("available", "Activo"),
  ],
  fields: [
    { key: "name", label: "Nombre", type: "text", required: true, half: true },
    {
      key: "provider",
      label: "Tipo",
      type: "select",
      required: true,
      half: true,
      options: [
        { value: "cash", label: "Efectivo / transferencia" },
        { value: "card", label: "Tarjeta" },
        { value: "paypal", label: "PayPal" },
      ],
    },
    { key: "description", label: "Descripción", type: "text" },
    { key: "instructions", label: "Instrucciones (HTML)", type: "html" },
    { key: "order", label: "Orden", type: "number", half: true },
    { key: "available", label: "Activo", type: "switch", half: true },
  ],
};

// Discount codes have their own file; re-exported with the rest of the shop.
export { discounts } from "./discounts";
