import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { isLocalDay } from "../../../domain/booking";
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

const validDays = new Set<string>();
/**
 * isLocalDay, remembered: the schedule is polled by every open calendar with the same few dates,
 * and checking them was a few per cent of its CPU. Bounded, since anyone can send dates.
 */
function isKnownLocalDay(text: string): boolean {
  if (validDays.has(text)) return true;
  if (!isLocalDay(text)) return false;
  if (validDays.size >= 10_000) validDays.clear();
  validDays.add(text);
  return true;
}
const day = z.string().refine(isKnownLocalDay, { message: "Usa una fecha AAAA-MM-DD." });
const optionalId = z.coerce.number().int().positive().optional();

const classOut = z
  .object({
    single_class_id: z.number(),
    class_date: z.string(),
    duration_minutes: z.number(),
    capacity: z.number().nullable(),
    class_type: z.object({ class_type_id: z.number(), name: z.string() }).loose(),
    location: z.object({ location_id: z.number(), name: z.string() }).loose().nullable(),
    class_instructors: z.array(z.object({ instructor: z.object({ instructor_id: z.number() }).loose() })),
    tags: z.array(z.object({ tag_id: z.number(), name: z.string(), color: z.string().nullable() })),
    reserved: z.number(),
    available: z.number(),
    taken_spots: z.array(z.string()),
    my_reservation: z.object({ class_reservation_id: z.number() }).loose().nullable(),
  })
  .loose();

/** A class in the week: counts and taken spots, no reservation (mine are listed apart). */
const weekClassOut = classOut.omit({ my_reservation: true });

const myScheduleReservationOut = z
  .object({
    single_class_id: z.number(),
    class_reservation_id: z.number(),
    spot: z.string().nullable(),
    guest: z
      .object({ class_reservation_id: z.number(), name: z.string(), spot: z.string().nullable() })
      .nullable(),
  })
  .describe("Mis reservaciones en las clases de la respuesta (lugar e invitado)");

const spotMapOut = z
  .object({ custom_spot_map_id: z.number(), rows: z.number(), columns: z.number() })
  .loose();

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
        querystring: z.object({
          start_date: day.optional(),
          end_date: day.optional(),
          instructor_id: optionalId,
          location: optionalId,
          location_id: optionalId,
          class_type_id: optionalId,
          class_category_id: optionalId,
        }),
        response: {
          200: z.object({
            days: z.array(z.object({ date: z.string(), single_classes: z.array(weekClassOut) })),
            my_reservations: z.array(myScheduleReservationOut),
          }),
        },
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
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ single_class: classOut }) },
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
        response: {
          200: z.object({
            class_types: z.array(z.object({ class_type_id: z.number(), name: z.string() }).loose()),
          }),
        },
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
        response: {
          200: z.object({
            locations: z.array(
              z.object({
                location_id: z.number(),
                name: z.string(),
                address: z.string().nullable(),
                description: z.string().nullable(),
                phone: z.string().nullable(),
                map_url: z.string().nullable(),
              }),
            ),
          }),
        },
      },
    },
    async () => ({ locations: await listLocations(app.db) }),
  );

  const categoryOut = z.object({
    class_categories: z.array(
      z.object({
        class_category_id: z.number(),
        name: z.string(),
        handle: z.string().nullable(),
        description: z.string().nullable(),
      }),
    ),
  });
  app.get(
    "/class_categories",
    { schema: { tags: ["calendario"], summary: "Categorías de clase", response: { 200: categoryOut } } },
    async () => ({ class_categories: await listCategories(app.db) }),
  );
  app.get(
    "/class_categories/available",
    {
      schema: {
        tags: ["calendario"],
        summary: "Categorías con clases próximas",
        response: { 200: categoryOut },
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
        response: { 200: z.object({ custom_spot_maps: z.array(spotMapOut) }) },
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
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ custom_spot_map: spotMapOut }) },
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
