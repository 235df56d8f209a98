import { Badge, Button, ColorSwatch, Group, Text } from "@mantine/core";
import { IconCategory } from "@tabler/icons-react";
import { Link } from "react-router";
import { formatDateTime } from "../../../../domain/format";
import { api } from "../../../lib/api-client";
import type { Row } from "../api";
import { type CatalogueDef, yesNo } from "../components/catalogue-page";
import { catalogueCopy } from "../copy";

const ref = (url: string, key: string, id: string, label: (r: Row) => string) => ({ url, key, id, label });
const personName = (r: Row) => [r.name, r.last_name].filter(Boolean).join(" ");

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
    { key: "name", header: "Nombre", value: personName },
    { key: "nick_name", header: "Apodo", value: (r) => (r.nick_name as string) ?? "" },
    { key: "instagram", header: "Instagram", value: (r) => (r.instagram as string) ?? "" },
    { key: "order", header: "Orden", value: (r) => Number(r.order ?? 0) },
    {
      key: "active",
      header: "Activo",
      value: (r) => (r.active ? "Sí" : "No"),
      render: (r) => yesNo(r.active),
    },
  ],
  fields: [
    { key: "name", label: "Nombre", type: "text", required: true, half: true },
    { key: "last_name", label: "Apellido", type: "text", half: true },
    { key: "nick_name", label: "Apodo", type: "text", half: true },
    { key: "instagram", label: "Instagram", type: "text", half: true },
    { key: "birthdate", label: "Fecha de nacimiento", type: "date", half: true },
    { key: "music_type", label: "Música favorita", type: "text", half: true },
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
  nameOf: (r) => String(r.title),
  defaults: { published: true },
  modalSize: "xl",
  columns: [
    { key: "title", header: "Título", value: (r) => String(r.title) },
    {
      key: "published",
      header: "Publicado",
      value: (r) => (r.published === false ? "No" : "Sí"),
      render: (r) => yesNo(r.published !== false),
    },
  ],
  fields: [
    { key: "title", label: "Título", type: "text", required: true },
    { key: "image", label: "Imagen (URL)", type: "text" },
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
  nameOf: (r) => String(r.title),
  defaults: { order: 0 },
  modalSize: "xl",
  columns: [
    { key: "title", header: "Título", value: (r) => String(r.title) },
    { key: "slug", header: "Dirección", value: (r) => `/${r.slug}` },
    {
      key: "required",
      header: "Aceptación obligatoria",
      value: (r) => (r.required ? "Sí" : "No"),
      render: (r) => (r.required ? <Badge color="orange">{catalogueCopy.yes}</Badge> : yesNo(false)),
    },
    {
      key: "show_in_footer",
      header: "En el pie",
      value: (r) => (r.show_in_footer ? "Sí" : "No"),
      render: (r) => yesNo(r.show_in_footer),
    },
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
  nameOf: (r) => String(r.name),
  defaults: { type: "class" },
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
    { key: "type", header: "Tipo", value: (r) => (r.type === "video" ? "Video" : "Clase") },
  ],
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

export const videoTypes: CatalogueDef = {
  slug: "tipos-de-video",
  title: "Tipos de video",
  newTitle: "Nuevo tipo de video",
  list: { url: "/admin/video_types", key: "video_types" },
  path: "/video_types",
  idKey: "video_type_id",
  nameOf: (r) => String(r.name),
  defaults: { order: 0 },
  columns: [
    { key: "name", header: "Nombre", value: (r) => String(r.name) },
    { key: "order", header: "Orden", value: (r) => Number(r.order ?? 0) },
  ],
  fields: [
    { key: "name", label: "Nombre", type: "text", required: true },
    { key: "description", label: "Descripción", type: "textarea" },
    { key: "order", label: "Orden", type: "number" },
  ],
};

export const videos: CatalogueDef = {
  slug: "videos",
  title: "Videos",
  newTitle: "Nuevo video",
  list: { url: "/admin/videos", key: "videos" },
  path: "/videos",
  idKey: "video_id",
  nameOf: (r) => String(r.name),
  defaults: { host: "youtube", published: true, duration: 0 },
  loadItem: async (id) => (await api.get<{ video: Row }>(`/admin/videos/${id}`)).video,
  headerActions: (
    <Button
      component={Link}
      to="/admin/catalogo/tipos-de-video"
      variant="default"
      leftSection={<IconCategory size={16} />}
    >
      {catalogueCopy.videoTypes}
    </Button>
  ),
  columns: [
    { key: "name", header: "Nombre", value: (r) => String(r.name) },
    { key: "host", header: "Origen", value: (r) => String(r.host) },
    { key: "duration", header: "Minutos", value: (r) => Math.round(Number(r.duration ?? 0) / 60) },
    {
      key: "release_date",
      header: "Publicación",
      value: (r) => (r.release_date ? formatDateTime(r.release_date as string) : ""),
    },
    {
      key: "published",
      header: "Publicado",
      value: (r) => (r.published ? "Sí" : "No"),
      render: (r) => yesNo(r.published),
    },
  ],
  fields: [
    { key: "name", label: "Nombre", type: "text", required: true },
    {
      key: "host",
      label: "Origen",
      type: "select",
      required: true,
      half: true,
      options: [
        { value: "youtube", label: "YouTube" },
        { value: "vimeo", label: "Vimeo" },
        { value: "local", label: "Archivo del estudio" },
      ],
    },
    { key: "url", label: "Id o dirección del video", type: "text", half: true },
    { key: "thumbnail", label: "Miniatura (URL)", type: "text" },
    { key: "description", label: "Descripción", type: "textarea" },
    { key: "duration", label: "Duración (segundos)", type: "number", half: true },
    { key: "release_date", label: "Se publica el", type: "datetime", half: true },
    {
      key: "instructor_id",
      label: "Coach",
      type: "select",
      half: true,
      source: ref("/instructors", "instructors", "instructor_id", personName),
    },
    {
      key: "class_type_id",
      label: "Tipo de clase",
      type: "select",
      half: true,
      source: ref("/admin/class_types", "class_types", "class_type_id", (r) => String(r.name)),
    },
    {
      key: "video_type_id",
      label: "Tipo de video",
      type: "select",
      half: true,
      source: ref("/admin/video_types", "video_types", "video_type_id", (r) => String(r.name)),
    },
    {
      key: "program_id",
      label: "Programa",
      type: "select",
      half: true,
      source: ref("/programs", "programs", "program_id", (r) => String(r.name)),
    },
    {
      key: "tag_ids",
      label: "Etiquetas",
      type: "multiselect",
      source: ref("/tags?type=video", "tags", "tag_id", (r) => String(r.name)),
    },
    { key: "published", label: "Publicado", type: "switch" },
  ],
};

export const programs: CatalogueDef = {
  slug: "programas",
  title: "Programas",
  newTitle: "Nuevo programa",
  list: { url: "/programs", key: "programs" },
  path: "/programs",
  idKey: "program_id",
  nameOf: (r) => String(r.name),
  defaults: { available: true, order: 0 },
  columns: [
    { key: "name", header: "Nombre", value: (r) => String(r.name) },
    { key: "order", header: "Orden", value: (r) => Number(r.order ?? 0) },
    {
      key: "available",
      header: "Activo",
      value: (r) => (r.available ? "Sí" : "No"),
      render: (r) => yesNo(r.available),
    },
  ],
  fields: [
    { key: "name", label: "Nombre", type: "text", required: true },
    { key: "image", label: "Imagen (URL)", type: "text" },
    { key: "description", label: "Descripción", type: "textarea" },
    { key: "order", label: "Orden", type: "number", half: true },
    { key: "available", label: "Activo", type: "switch", half: true },
  ],
};
