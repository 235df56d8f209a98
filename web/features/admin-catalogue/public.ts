import { CATALOGUES } from "./catalogues";

/**
 * What the catalogue screens offer the rest of the back office: the label of each form field
 * ("sale_price" → "Precio de oferta"), so the Bitácora names a catalogue change's fields with the
 * very words of the form it was made in (one owner for each label).
 */
export const CATALOGUE_FIELD_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(CATALOGUES)
    .flatMap((def) => def.fields)
    .reverse()
    .map((field) => [field.key, field.label]),
);

/** The HTML field with its toolbar and sanitised preview, for other back-office texts (the carta responsiva). */
export { HtmlField } from "./components/html-field";
