import { IconGridDots } from "@tabler/icons-react";
import { spotMapSummary } from "../../../../domain/format";
import { parseRowSizes } from "../../../../domain/spot-map";
import type { CatalogueDef } from "../components/catalogue-page";
import { catalogueCopy } from "../copy";
import {
  catalogueLink,
  colourNameColumn,
  imageField,
  listSource,
  nameOf,
  textColumn,
  yesNoColumn,
} from "./common";

const available = { key: "available", label: "Activa (visible para clientes)", type: "switch" } as const;

export const locations: CatalogueDef = {
  slug: "ubicaciones",
  title: "Ubicaciones",
  newTitle: "Nueva ubicación",
  list: { url: "/admin/locations", key: "locations" },
  path: "/locations",
  idKey: "location_id",
  nameOf,
  defaults: { available: true },
  columns: [
    textColumn("name", "Nombre"),
    textColumn("address", "Dirección"),
    textColumn("phone", "Teléfono"),
    yesNoColumn("available", "Activa"),
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
  nameOf,
  defaults: { available: true },
  modalSize: "xl",
  headerActions: catalogueLink("mapas-de-lugares", catalogueCopy.customMaps, IconGridDots),
  columns: [
    colourNameColumn,
    textColumn("spot_map", "Mapa de lugares", (r) => {
      if (r.custom_spot_map_id) return "Personalizado";
      const sizes = parseRowSizes(r.spot_map as string | null);
      // "4 filas, 20 lugares": the owner reads the room, not the stored "4,5,5,6".
      return sizes ? spotMapSummary(sizes) : "Sin mapa";
    }),
    yesNoColumn("available", "Activo"),
  ],
  fields: [
    { key: "name", label: "Nombre", type: "text", required: true },
    { key: "color", label: "Color", type: "color", half: true },
    imageField("icon", "Ícono"),
    imageField("image", "Imagen"),
    { key: "description", label: "Descripción", type: "textarea" },
    { key: "spot_map", label: "Mapa de lugares por filas", type: "spotMap" },
    {
      key: "custom_spot_map_id",
      label: "Mapa personalizado (reemplaza al de filas)",
      type: "select",
      source: listSource("/custom_spot_maps", "custom_spot_maps", "custom_spot_map_id"),
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
  nameOf,
  modalSize: "xl",
  columns: [
    textColumn("name", "Nombre"),
    textColumn("size", "Filas × columnas", (r) => `${r.rows} × ${r.columns}`),
    textColumn(
      "seats",
      "Lugares",
      (r) =>
        Object.values((r.spots as Record<string, { selectable?: boolean }>) ?? {}).filter(
          (s) => s.selectable !== false,
        ).length,
    ),
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
  nameOf,
  defaults: { available: true },
  columns: [
    textColumn("name", "Nombre"),
    textColumn("handle", "Identificador"),
    yesNoColumn("available", "Activa"),
  ],
  fields: [
    { key: "name", label: "Nombre", type: "text", required: true, half: true },
    { key: "handle", label: "Identificador (minúsculas y guiones)", type: "text", half: true },
    { key: "description", label: "Descripción", type: "textarea" },
    available,
  ],
};
