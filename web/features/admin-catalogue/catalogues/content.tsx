import { Badge } from "@mantine/core";
import { instagramLabel } from "../../../../domain/instagram";
import type { CatalogueDef } from "../components/catalogue-page";
import { catalogueCopy } from "../copy";
import {
  colourNameColumn,
  imageField,
  nameOf,
  orderColumn,
  personName,
  textColumn,
  titleOf,
  yesNo,
  yesNoColumn,
} from "./common";

export const coaches: CatalogueDef = {
  slug: "coaches",
  title: "Coaches",
  newTitle: "Nuevo coach",
  list: { url: "/instructors", key: "instructors" },
  path: "/instructors",
  idKey: "instructor_id",
  nameOf: personName,
  defaults: { active: true, order: 0 },
  columns: [
    textColumn("name", "Nombre", personName),
    textColumn("nick_name", "Apodo"),
    textColumn("instagram", "Instagram", (r) => instagramLabel(r.instagram as string | null)),
    orderColumn,
    yesNoColumn("active", "Activo"),
  ],
  fields: [
    { key: "name", label: "Nombre", type: "text", required: true, half: true },
    { key: "last_name", label: "Apellido", type: "text", half: true },
    { key: "nick_name", label: "Apodo", type: "text", half: true },
    { key: "instagram", label: "Instagram", type: "text", half: true },
    { key: "birthdate", label: "Fecha de nacimiento", type: "date", half: true },
    { key: "music_type", label: "Música favorita", type: "text", half: true },
    // The server keeps a coach's photo as an uploaded file (instructors.file_id), not as a URL.
    { key: "file_id", label: "Foto", type: "imageFile", previewKey: "image" },
    { key: "quote", label: "Frase", type: "text" },
    { key: "short_bio", label: "Biografía", type: "textarea" },
    { key: "order", label: "Orden", type: "number", half: true },
    { key: "active", label: "Activo", type: "switch", half: true },
  ],
};

export const announcements: CatalogueDef = {
  slug: "avisos",
  title: "Avisos",
  newTitle: "Nuevo aviso",
  list: { url: "/announcements", key: "announcements" },
  path: "/announcements",
  idKey: "announcement_id",
  nameOf: titleOf,
  defaults: { published: true },
  modalSize: "xl",
  columns: [
    textColumn("title", "Título", titleOf),
    yesNoColumn("published", "Publicado", (r) => r.published !== false),
  ],
  fields: [
    { key: "title", label: "Título", type: "text", required: true },
    imageField("image", "Imagen"),
    { key: "content", label: "Contenido", type: "html" },
    { key: "published", label: "Publicado", type: "switch" },
  ],
};

export const pages: CatalogueDef = {
  slug: "paginas",
  title: "Páginas",
  newTitle: "Nueva página",
  list: { url: "/pages", key: "pages" },
  path: "/pages",
  idKey: "page_id",
  nameOf: titleOf,
  defaults: { order: 0 },
  modalSize: "xl",
  columns: [
    textColumn("title", "Título", titleOf),
    textColumn("slug", "Dirección", (r) => `/${r.slug}`),
    {
      ...yesNoColumn("required", "Aceptación obligatoria"),
      // Pages customers must accept stand out: they block booking until accepted.
      render: (r) => (r.required ? <Badge color="orange">{catalogueCopy.yes}</Badge> : yesNo(false)),
    },
    yesNoColumn("show_in_footer", "En el pie"),
  ],
  fields: [
    { key: "title", label: "Título", type: "text", required: true, half: true },
    { key: "slug", label: "Dirección (ej. aviso-de-privacidad)", type: "text", required: true, half: true },
    { key: "content", label: "Contenido", type: "html" },
    { key: "required", label: "Los clientes deben aceptarla", type: "switch", half: true },
    { key: "required_at_signup", label: "Se acepta al registrarse", type: "switch", half: true },
    { key: "show_in_footer", label: "Mostrar en el pie de página", type: "switch", half: true },
    { key: "order", label: "Orden", type: "number", half: true },
  ],
};

export const tags: CatalogueDef = {
  slug: "etiquetas",
  title: "Etiquetas",
  newTitle: "Nueva etiqueta",
  list: { url: "/tags", key: "tags" },
  path: "/tags",
  idKey: "tag_id",
  nameOf,
  defaults: { type: "class" },
  columns: [colourNameColumn, textColumn("type", "Tipo", (r) => (r.type === "video" ? "Video" : "Clase"))],
  fields: [
    { key: "name", label: "Nombre", type: "text", required: true },
    { key: "color", label: "Color", type: "color", half: true },
    {
      key: "type",
      label: "Tipo",
      type: "select",
      required: true,
      half: true,
      options: [
        { value: "class", label: "Clase" },
        { value: "video", label: "Video" },
      ],
    },
  ],
};

export const programs: CatalogueDef = {
  slug: "programas",
  title: "Programas",
  newTitle: "Nuevo programa",
  list: { url: "/programs", key: "programs" },
  path: "/programs",
  idKey: "program_id",
  nameOf,
  defaults: { available: true, order: 0 },
  columns: [textColumn("name", "Nombre"), orderColumn, yesNoColumn("available", "Activo")],
  fields: [
    { key: "name", label: "Nombre", type: "text", required: true },
    imageField("image", "Imagen"),
    { key: "description", label: "Descripción", type: "textarea" },
    { key: "order", label: "Orden", type: "number", half: true },
    { key: "available", label: "Activo", type: "switch", half: true },
  ],
};

// The video library has its own file; re-exported with the rest of the content.
export { videos, videoTypes } from "./videos";
