import { z } from "zod";

/**
 * The service's own checks (server/modules/health). No page reads them: load balancers and the
 * cluster's scripts do (cluster/haproxy.cfg polls /api/ready), so they are contract all the same.
 */

/** GET /health: alive, and which database answers. */
export const healthAnswer = z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) });

/** GET /ready: 200 when ready for traffic, 503 (with a message) saying which part is missing. */
export const readinessAnswer = z.object({
  status: z.enum(["ready", "not_ready"]),
  database: z.enum(["ok", "unavailable"]),
  migrations: z.object({ applied: z.number().int(), expected: z.number().int() }),
  jobs: z.enum(["running", "off", "starting"]),
  draining: z.boolean().optional(),
  message: z.string().optional(),
});
