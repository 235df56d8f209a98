import { Badge, Button, ColorSwatch, Group, Text } from "@mantine/core";
import type { Icon } from "@tabler/icons-react";
import { Link } from "react-router";
import type { AdminColumn } from "../../../components/admin/admin-table";
import type { Row } from "../api";
import { catalogueCopy } from "../copy";
import type { FieldDef } from "../fields";

/**
 * The pieces the catalogue definitions (studio, content, commerce) are built from, so a column,
 * a field or a link that means the same looks and exports the same on every screen.
 */

type Column = AdminColumn<Row>;

export const nameOf = (r: Row) => String(r.name);
export const titleOf = (r: Row) => String(r.title);
export const personName = (r: Row) => [r.name, r.last_name].filter(Boolean).join(" ");

/** Yes/No badge for boolean cells. */
export function yesNo(value: unknown) {
  return (
    <Badge variant="light" color={value ? "green" : "gray"}>
      {value ? catalogueCopy.yes : catalogueCopy.no}
    </Badge>
  );
}

/** A column of a text field (empty when missing). */
export const textColumn = (key: string, header: string, value?: Column["value"]): Column => ({
  key,
  header,
  value: value ?? ((r) => (r[key] as string) ?? ""),
});

/** A boolean column: "Sí"/"No" in the CSV and searches, a badge on screen. */
export function yesNoColumn(key: string, header: string, isYes = (r: Row) => Boolean(r[key])): Column {
  return { key, header, value: (r) => (isYes(r) ? "Sí" : "No"), render: (r) => yesNo(isYes(r)) };
}

export const orderColumn: Column = { key: "order", header: "Orden", value: (r) => Number(r.order ?? 0) };

/** The name with the row's colour before it, as customers see it on the calendar. */
export const colourNameColumn: Column = {
  key: "name",
  header: "Nombre",
  value: nameOf,
  render: (r) => (
    <Group gap="xs" wrap="nowrap">
      <ColorSwatch color={(r.color as string) || "#ced4da"} size={14} />
      <Text size="sm">{nameOf(r)}</Text>
    </Group>
  ),
};

/** A header button that opens a related catalogue (e.g. video types from videos). */
export function catalogueLink(slug: string, label: string, LinkIcon: Icon) {
  return (
    <Button
      component={Link}
      to={`/admin/catalogo/${slug}`}
      variant="default"
      leftSection={<LinkIcon size={16} />}
    >
      {label}
    </Button>
  );
}

/** Choices of a select read from an API list `{ [key]: rows }`. */
export const listSource = (url: string, key: string, id: string, label: (r: Row) => string = nameOf) => ({
  url,
  key,
  id,
  label,
});

/** An image kept as its address: the admin uploads it or pastes a URL (components/image-field). */
export const imageField = (key: string, label: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  key,
  label,
  type: "image",
  ...extra,
});
