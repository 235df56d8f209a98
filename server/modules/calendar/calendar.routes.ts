import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  categoriesAnswer,
  classTypesAnswer,
  locationsAnswer,
  scheduleAnswer,
  scheduleQuery,
  singleClassAnswer,
  spotMapAnswer,
  spotMapsAnswer,
} from "../../../domain/api/calendar";
import { idParams } from "../../../domain/api/wire";
import { notFound } from "../../../domain/errors";
import { ENCODES_ITS_OWN_ANSWER, preferredEncoding, sendSerializedJson } from "../../plugins/serialized";
import {
  findCustomSpotMap,
  listCategories,
  listClassTypes,
  listCustomSpotMaps,
  listLocations,
} from "./calendar.repository";
import { classTypeOut, getScheduleBody, getSingleClass } from "./calendar.service";

async function viewerCustomerId(request: { getUser(): Promise<{ customer_id: number | null } | null> }) {
  return (await request.getUser())?.customer_id ?? null;
}

/**
 * How to send the week: brotli or gzip when the client takes them (the service has those
 * pre-compressed), else plain (also for a client that only takes deflate, rare: plain is always
 * acceptable). `x-no-compression` is honoured as @fastify/compress does.
 */
function scheduleEncoding(headers: { "accept-encoding"?: string; "x-no-compression"?: unknown }) {
  if (headers["x-no-compression"] !== undefined) return null;
  const preferred = preferredEncoding(headers["accept-encoding"]);
  return preferred === "br" || preferred === "gzip" ? preferred : null;
}

/** The public schedule (visitors too) and the catalogue it is filtered by. */
const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/single_class",
    {
      // The answer comes compressed from the service (gzip or brotli, by Accept-Encoding) and a GET
      // has no body to inflate: @fastify/compress's per-request hooks would only cost time here.
      ...ENCODES_ITS_OWN_ANSWER,
      schema: {
        tags: ["calendario"],
        summary:
          "Clases entre dos días locales del estudio (inclusive), agrupadas por día. Con sesión, my_reservations trae mis reservaciones en ellas",
        querystring: scheduleQuery,
        response: { 200: scheduleAnswer },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const config = await app.appConfig.get();
      const { body, encoding } = await getScheduleBody(
        app.db,
        { shared: app.readCache, viewer: app.viewerCache },
        config,
        {
          start_date: q.start_date,
          end_date: q.end_date,
          instructor_id: q.instructor_id,
          location_id: q.location ?? q.location_id,
          class_type_id: q.class_type_id,
          class_category_id: q.class_category_id,
        },
        await viewerCustomerId(request),
        scheduleEncoding(request.headers),
      );
      reply.header("cache-control", "no-store").header("vary", "accept-encoding");
      // Already compressed: @fastify/compress passes on a reply that has a Content-Encoding.
      if (encoding) reply.header("content-encoding", encoding);
      return sendSerializedJson(reply, body);
    },
  );

  app.get(
    "/single_class/single/:id",
    {
      schema: {
        tags: ["calendario"],
        summary: "Una clase con lugares ocupados (sin datos de otros clientes)",
        params: idParams,
        response: { 200: singleClassAnswer },
        errors: ["CLASS_NOT_FOUND"],
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return {
        single_class: await getSingleClass(app.db, request.params.id, await viewerCustomerId(request)),
      };
    },
  );

  app.get(
    "/class_types",
    {
      schema: {
        tags: ["calendario"],
        summary: "Tipos de clase con su mapa de lugares",
        response: { 200: classTypesAnswer },
      },
    },
    async () => ({ class_types: (await listClassTypes(app.db)).map(classTypeOut) }),
  );

  app.get(
    "/locations",
    {
      schema: {
        tags: ["calendario"],
        summary: "Ubicaciones del estudio",
        response: { 200: locationsAnswer },
      },
    },
    async () => ({ locations: await listLocations(app.db) }),
  );

  app.get(
    "/class_categories",
    { schema: { tags: ["calendario"], summary: "Categorías de clase", response: { 200: categoriesAnswer } } },
    async () => ({ class_categories: await listCategories(app.db) }),
  );
  app.get(
    "/class_categories/available",
    {
      schema: {
        tags: ["calendario"],
        summary: "Categorías con clases próximas",
        response: { 200: categoriesAnswer },
      },
    },
    async () => ({ class_categories: await listCategories(app.db, new Date()) }),
  );

  app.get(
    "/custom_spot_maps",
    {
      schema: {
        tags: ["calendario"],
        summary: "Mapas de lugares personalizados",
        response: { 200: spotMapsAnswer },
      },
    },
    async () => ({ custom_spot_maps: await listCustomSpotMaps(app.db) }),
  );
  app.get(
    "/custom_spot_maps/:id",
    {
      schema: {
        tags: ["calendario"],
        summary: "Un mapa de lugares personalizado",
        params: idParams,
        response: { 200: spotMapAnswer },
      },
    },
    async (request) => {
      const map = await findCustomSpotMap(app.db, request.params.id);
      if (!map) throw notFound();
      return { custom_spot_map: map };
    },
  );
};

export default calendarRoutes;
