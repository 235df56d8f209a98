import { Button, ColorSwatch, Group, Text } from "@mantine/core";
import { IconGridDots } from "@tabler/icons-react";
import { Link } from "react-router";
import { parseRowSizes } from "../../../../domain/spot-map";
import type { Row } from "../api";
import { type CatalogueDef, yesNo } from "../components/catalogue-page";
import { catalogueCopy } from "../copy";

const available = { key: "available", label: "Activa (visible para clientes)", type: "switch" } as const;

export const locations: CatalogueDef = {
  slug: "ubicaciones",
  title: "Ubicaciones",
  newTitle: "Nueva ubicación",
  list: { url: "/admin/locations", key: "locations" },
  path: "/locations",
  idKey: "location_id",
  nameOf: (r) => String(r.name),
  defaults: { available: true },
  columns: [
    { key: "name", header: "Nombre", value: (r) => String(r.name) },
    { key: "address", header: "Dirección", value: (r) => (r.address as string) ?? "" },
    { key: "phone", header: "Teléfono", value: (r) => (r.phone as string) ?? "" },
    {
      key: "available",
      header: "Activa",
      value: (r) => (r.available ? "Sí" : "No"),
      render: (r) => yesNo(r.available),
    },
  ],
  fields: [
    { key: "name", label: "Nombre", type: "text", required: true },
    { key: "address", label: "Dirección", type: "text" },
    { key: "phone", label: "Teléfono", type: "text", half: true },
    { key: "map_url", label: "Liga del mapa", type: "text", half: true },
    { key: "description", label: "Descripción", type: "textarea" },
    available,
  ],
};

export const classTypes: CatalogueDef = {
  slug: "tipos-de-clase",
  title: "Tipos de clase",
  newTitle: "Nuevo tipo de clase",
  list: { url: "/admin/class_types", key: "class_types" },
  path: "/class_types",
  idKey: "class_type_id",
  nameOf: (r) => String(r.name),
  defaults: { available: true },
  modalSize: "xl",
  headerActions: (
    <Button
      component={Link}
      to="/admin/catalogo/mapas-de-lugares"
      variant="default"
      leftSection={<IconGridDots size={16} />}
    >
      {catalogueCopy.customMaps}
    </Button>
  ),
  columns: [
    {
      key: "name",
      header: "Nombre",
      value: (r) => String(r.name),
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={(r.color as string) || "#ced4da"} size={14} />
          <Text size="sm">{String(r.name)}</Text>
        </Group>
      ),
    },
    {
      key: "spot_map",
      header: "Mapa de lugares",
      value: (r) => {
        if (r.custom_spot_map_id) return "Personalizado";
        const sizes = parseRowSizes(r.spot_map as string | null);
        return sizes ? `${r.spot_map} (${sizes.reduce((a, b) => a + b, 0)} lugares)` : "Sin mapa";
      },
    },
    {
      key: "available",
      header: "Activo",
      value: (r) => (r.available ? "Sí" : "No"),
      render: (r) => yesNo(r.available),
    },
  ],
  fields: [
    { key: "name", label: "Nombre", type: "text", required: true },
    { key: "color", label: "Color", type: "color", half: true },
    { key: "icon", label: "Ícono (URL)", type: "text", half: true },
    { key: "image", label: "Imagen (URL)", type: "text" },
    { key: "description", label: "Descripción", type: "textarea" },
    { key: "spot_map", label: "Mapa de lugares por filas", type: "spotMap" },
    {
      key: "custom_spot_map_id",
      label: "Mapa personalizado (reemplaza al de filas)",
      type: "select",
      source: {
        url: "/custom_spot_maps",
        key: "custom_spot_maps",
        id: "custom_spot_map_id",
        label: (r: Row) => String(r.name),
      },
    },
    { ...available, label: "Activo (visible para clientes)" },
  ],
};

export const customSpotMaps: CatalogueDef = {
  slug: "mapas-de-lugares",
  title: "Mapas de lugares personalizados",
  newTitle: "Nuevo mapa de lugares",
  list: { url: "/admin/custom_spot_maps", key: "custom_spot_maps" },
  path: "/custom_spot_maps",
  idKey: "custom_spot_map_id",
  nameOf: (r) => String(r.name),
  modalSize: "xl",
  columns: [
    { key: "name", header: "Nombre", value: (r) => String(r.name) },
    { key: "size", header: "Filas × columnas", value: (r) => `${r.rows} × ${r.columns}` },
    {
      key: "seats",
      header: "Lugares",
      value: (r) =>
        Object.values((r.spots as Record<string, { selectable?: boolean }>) ?? {}).filter(
          (s) => s.selectable !== false,
        ).length,
    },
  ],
  fields: [
    { key: "name", label: "Nombre", type: "text", required: true },
    { key: "grid", label: "Lugares", type: "customSpotMap" },
  ],
};

export const categories: CatalogueDef = {
  slug: "categorias",
  title: "Categorías de clase",
  newTitle: "Nueva categoría",
  list: { url: "/admin/class_categories", key: "class_categories" },
  path: "/class_categories",
  idKey: "class_category_id",
  nameOf: (r) => String(r.name),
  defaults: { available: true },
  columns: [
    { key: "name", header: "Nombre", value: (r) => String(r.name) },
    { key: "handle", header: "Identificador", value: (r) => (r.handle as string) ?? "" },
    {
      key: "available",
      header: "Activa",
      value: (r) => (r.available ? "Sí" : "No"),
      render: (r) => yesNo(r.available),
    },
  ],
  fields: [
    { key: "name", label: "Nombre", type: "text", required: true, half: true },
    { key: "handle", label: "Identificador (minúsculas y guiones)", type: "text", half: true },
    { key: "description", label: "Descripción", type: "textarea" },
    available,
  ],
};
