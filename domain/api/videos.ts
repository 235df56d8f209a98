import { z } from "zod";

/**
 * The videos library and programs (server/modules/videos): requests and answers. Paths' `:id` is
 * idParams and a write that only confirms answers messageAnswer (domain/api/wire.ts).
 */

const flag = z.enum(["true", "false", "1", "0"]);
const idList = z.union([z.string().regex(/^\d+(,\d+)*$/), z.array(z.string().regex(/^\d+$/)).max(50)]);
const optionalId = z.coerce.number().int().positive().optional();

/** GET /videos: a page of the library, filtered. */
export const videoListQuery = z.object({
  query: z.string().max(200).optional().describe("Busca en el nombre del video"),
  page: z.coerce.number().int().positive().max(100_000).default(1).describe("Páginas de 32 videos"),
  instructor_id: optionalId,
  class_category_id: optionalId.describe(
    "Categoría de clase: videos de los tipos de clase que tienen las clases de esa categoría",
  ),
  class_type_id: optionalId,
  video_type_id: optionalId,
  program_id: optionalId,
  tags: idList
    .optional()
    .describe("Etiquetas (repetido o separado por comas): videos con cualquiera de ellas"),
  tag_id: idList.optional().describe("Igual que tags"),
  favorites: flag.optional().describe("true: solo favoritos del cliente; false: los demás"),
  completed: flag.optional().describe("true: solo completados por el cliente; false: los no completados"),
  duration: z.coerce.number().int().positive().max(1000).optional().describe("Duración máxima en minutos"),
});

const tagOut = z.object({ tag_id: z.number(), name: z.string(), color: z.string().nullable() });

export const videoOut = z.object({
  video_id: z.number(),
  url: z.string().nullable().describe("Id del video en el host externo, o la ruta del archivo propio"),
  host: z.string().describe("local | vimeo | youtube"),
  file: z.string().nullable().describe("Dirección reproducible del archivo propio (host local)"),
  embed_url: z.string().nullable().describe("Dirección del iframe para vimeo o youtube"),
  name: z.string(),
  description: z.string().nullable(),
  thumbnail: z.string().nullable(),
  duration: z.number().describe("Segundos"),
  instructor_id: z.number().nullable(),
  instructor: z
    .object({ instructor_id: z.number(), name: z.string(), last_name: z.string().nullable() })
    .nullable(),
  class_type_id: z.number().nullable(),
  class_type: z.object({ class_type_id: z.number(), name: z.string() }).nullable(),
  video_type_id: z.number().nullable(),
  program_id: z.number().nullable(),
  tags: z.array(tagOut),
  favorite: z.union([z.literal(0), z.literal(1)]),
  completed: z.boolean(),
  rating: z.number().nullable().describe("Calificación del cliente (1 a 5)"),
  playbacks: z.number().describe("Reproducciones: una por cliente y día"),
  release_date: z.string().nullable(),
  createdAt: z.string(),
});

/** A page of videos and how many match in all. */
export const videoPageAnswer = z.object({ videos: z.array(videoOut), total: z.number() });

/** GET /videos/filters: what the library can be filtered by. */
export const videoFiltersAnswer = z.object({
  instructors: z.array(
    z.object({ instructor_id: z.number(), name: z.string(), last_name: z.string().nullable() }),
  ),
  class_types: z.array(z.object({ class_type_id: z.number(), name: z.string() })),
  tags: z.array(tagOut),
});

export const rateVideoBody = z.object({
  video_id: z.coerce.number().int().positive(),
  rating: z.coerce.number().int().min(1).max(5),
  comment: z.string().trim().max(2000).nullish(),
});

/** POST /programs; PUT /programs takes any of its fields with program_id (changeProgramBody). */
export const programBody = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(5000).nullish(),
  image: z.string().trim().max(1000).nullish(),
  available: z.boolean().optional(),
  order: z.coerce.number().int().min(0).max(100_000).optional(),
});

export const programOut = z.object({
  program_id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  available: z.boolean(),
  order: z.number(),
});
export const changeProgramBody = programBody
  .partial()
  .extend({ program_id: z.coerce.number().int().positive() });
export const programsAnswer = z.object({ programs: z.array(programOut) });
export const programAnswer = z.object({ program: programOut });
/** A program created or changed, and "Programa guardado." */
export const programSavedAnswer = z.object({ program: programOut, message: z.string() });

export const videoTypesAnswer = z.object({
  video_types: z.array(
    z.object({
      video_type_id: z.number(),
      name: z.string(),
      description: z.string().nullable(),
      order: z.number(),
    }),
  ),
});

/** GET /videos/tag/:id and /videos/program/:id: only the page (the path is the filter). */
export const videoPageQuery = z.object({ page: videoListQuery.shape.page });

export type VideoTag = z.input<typeof tagOut>;
export type Video = z.input<typeof videoOut>;
export type VideoFilterOptions = z.input<typeof videoFiltersAnswer>;
export const videoAnswer = z.object({ video: videoOut });
export const videosAnswer = z.object({ videos: z.array(videoOut) });
export const playbackAnswer = z.object({ counted: z.boolean(), playbacks: z.number() });
export const videoMarkedAnswer = z.object({ video: videoOut, message: z.string() });
export const videoIdBody = z.object({ video_id: z.coerce.number().int().positive() });
export const favoriteAnswer = z.object({
  favorite: z.object({
    favorite_id: z.number().optional(),
    video_id: z.number(),
    favorite: z.union([z.literal(0), z.literal(1)]),
  }),
  message: z.string(),
});
export const ratingAnswer = z.object({
  video_rating: z.object({
    video_rating_id: z.number(),
    video_id: z.number(),
    rating: z.number(),
    comment: z.string().nullable(),
  }),
  message: z.string(),
});
export const favoritesAnswer = z.object({
  favorites: z.array(
    z.object({
      favorite_id: z.number(),
      video_id: z.number(),
      createdAt: z.string(),
      video: videoOut,
    }),
  ),
});
