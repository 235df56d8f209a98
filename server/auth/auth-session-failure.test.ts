import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { AppError } from "../../domain/errors";
import { messages } from "../../domain/messages";
import { betterAuthSession } from "./auth";

/**
 * better-auth reports its storage failures as a bare 500 "Failed to get session" without the
 * driver's cause (seen under load in test:cluster, when the pool timed out inside getSession);
 * the app answers them as the outage they are. Its own 4xx answers pass through unchanged.
 */
describe("a failed better-auth session read", () => {
  const logged: unknown[] = [];
  const request = { log: { error: (entry: unknown) => logged.push(entry) } } as unknown as FastifyRequest;
  // The shape better-auth (better-call's APIError) throws: a status name and a numeric code.
  const apiError = (statusCode: number) =>
    Object.assign(new Error("Failed to get session"), { status: "INTERNAL_SERVER_ERROR", statusCode });

  it("turns a 500 into 503 DATABASE_UNAVAILABLE with the Spanish text, and logs the original", async () => {
    const failure = betterAuthSession(request, () => Promise.reject(apiError(500)));
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({
      status: 503,
      code: "DATABASE_UNAVAILABLE",
      message: messages.databaseUnavailable,
    });
    expect(logged).toHaveLength(1);
  });

  it("keeps better-auth's own 4xx and passes a result through", async () => {
    await expect(betterAuthSession(request, () => Promise.reject(apiError(401)))).rejects.toMatchObject({
      statusCode: 401,
    });
    await expect(betterAuthSession(request, async () => ({ ok: true }))).resolves.toEqual({ ok: true });
  });
});
