import { z } from "zod";
import { messageAnswer } from "./wire";

/**
 * The back office's generic catalogues (server/modules/admin-catalogue: locations, class types,
 * categories, spot maps, packages, video types, videos), one set of routes per spec. A row is its
 * table's columns as stored (each spec has its own), answered as they come.
 */
export const catalogueItem = z.object({}).loose();

/** GET /api/admin/<path>: every row, under the spec's list key ("locations"). */
export const catalogueListAnswer = (listKey: string) => z.object({ [listKey]: z.array(catalogueItem) });
/** GET /api/admin/<path>/:id: one row, under the spec's key ("location"). */
export const catalogueItemAnswer = (key: string) => z.object({ [key]: catalogueItem });
/** POST and PUT /api/<path>: the saved row under the spec's key, and the Spanish message. */
export const catalogueSavedAnswer = (key: string) => z.object({ [key]: catalogueItem, message: z.string() });
/** A save's answer as a caller that does not name the key reads it. */
export const anyCatalogueSaved = messageAnswer.loose();
