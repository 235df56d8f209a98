import type { FastifyReply } from "fastify";

/**
 * Sends JSON that is already a string (cached by the caller). Fastify passes a string with a JSON
 * content type through untouched, skipping the route's response serializer; the route's schema
 * still documents the shape, and the cached text was built from data of that shape. The cast
 * only tells the type provider so.
 */
export function sendSerializedJson(reply: FastifyReply, json: string): never {
  return reply.type("application/json; charset=utf-8").send(json) as never;
}
