import { z } from "zod";

/**
 * A timestamp as it travels: the server's handlers give a Date and the response serializer
 * (fastify-type-provider-zod encodes the answer) writes the same ISO text JSON.stringify would,
 * so the web's type for the field, `z.input<typeof answer>`, is the string it really receives.
 */
export const isoDate = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** The answer of a write that only confirms, in Spanish ("Tarjeta eliminada."). */
export const messageAnswer = z.object({ message: z.string() });

/** `:id` in a path. */
export const idParams = z.object({ id: z.coerce.number().int().positive() });
