import { IconCategory } from "@tabler/icons-react";
import { formatDateTime, videoLengthLabel } from "../../../../domain/format";
import { api } from "../../../lib/api-client";
import type { Row } from "../api";
import type { CatalogueDef } from "../components/catalogue-page";
import { catalogueCopy } from "../copy";
import {
  catalogueLink,
  imageField,
  listSource,
  nameOf,
  orderColumn,
  personName,
  textColumn,
  yesNoColumn,
} from "./common";

/** The video library: its types, and each video with its coach, type and access. */
export const videoTypes: CatalogueDef = {
  slug: "tipos-de-video",
  title: "Tipos de video",
  newTitle: "Nuevo tipo de video",
  list: { url: "/admin/video_types", key: "video_types" },
  path: "/video_types",
  idKey: "video_type_id",
  nameOf,
  defaults: { order: 0 },
  columns: [textColumn("name", "Nombre"), orderColumn],
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
  nameOf,
  defaults: { host: "youtube", published: true, duration: 0 },
  loadItem: async (id) => (await api.get<{ video: Row }>(`/admin/videos/${id}`)).video,
  headerActions: catalogueLink("tipos-de-video", catalogueCopy.videoTypes, IconCategory),
  columns: [
    textColumn("name", "Nombre"),
    textColumn("host", "Origen"),
    textColumn("duration", "Duración", (r) => videoLengthLabel(Number(r.duration ?? 0))),
    textColumn("release_date", "Publicación", (r) =>
      r.release_date ? formatDateTime(r.release_date as string) : "",
    ),
    yesNoColumn("published", "Publicado"),
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
    imageField("thumbnail", "Miniatura"),
    { key: "description", label: "Descripción", type: "textarea" },
    { key: "duration", label: "Duración (segundos)", type: "number", half: true },
    { key: "release_date", label: "Se publica el", type: "datetime", half: true },
    {
      key: "instructor_id",
      label: "Coach",
      type: "select",
      half: true,
      source: listSource("/instructors", "instructors", "instructor_id", personName),
    },
    {
      key: "class_type_id",
      label: "Tipo de clase",
      type: "select",
      half: true,
      source: listSource("/admin/class_types", "class_types", "class_type_id"),
    },
    {
      key: "video_type_id",
      label: "Tipo de video",
      type: "select",
      half: true,
      source: listSource("/admin/video_types", "video_types", "video_type_id"),
    },
    {
      key: "program_id",
      label: "Programa",
      type: "select",
      half: true,
      source: listSource("/programs", "programs", "program_id"),
    },
    {
      key: "tag_ids",
      label: "Etiquetas",
      type: "multiselect",
      source: listSource("/tags?type=video", "tags", "tag_id"),
    },
    { key: "published", label: "Publicado", type: "switch" },
  ],
};
