import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import pino, { type DestinationStream } from "pino";

/**
 * The production logger's options (decision 0082): pino writing to stdout through an
 * asynchronous destination, so a log line is handed to the kernel after the answer, never inside
 * it. Fastify's two request lines ("incoming request", "request completed") are off
 * (`logController` in server/app.ts); `accessLog` writes one line per answer instead.
 * What is still buffered when the process exits is written synchronously then.
 */
export function productionLogger(level: string): { level: string; stream: DestinationStream } {
  const stream = pino.destination({ dest: 1, sync: false });
  process.once("exit", () => {
    try {
      stream.flushSync();
    } catch {
      // The destination never opened (nothing was logged) or the disk refused: nothing to save.
    }
  });
  return { level, stream };
}

/**
 * One access-log line per answer, at info: method, URL, status and milliseconds, with the
 * request id pino already binds. Registered before every route, so it sees them all.
 */
export const accessLog = fp(
  async function accessLog(app: FastifyInstance) {
    app.addHook("onResponse", (request, reply, done) => {
      request.log.info(
        {
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        "respuesta",
      );
      done();
    });
  },
  { name: "access-log" },
);
