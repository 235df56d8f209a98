/**
 * The physical limit of our stack on this machine: Fastify 5 answering one constant JSON, with no
 * plugins, hooks or database. Started by bench/run.ts in its own process on BARE_PORT.
 */
import Fastify from "fastify";

const app = Fastify({ logger: false });
const body = { ok: true, studio: "bench" };
app.get("/", async () => body);
await app.listen({ port: Number(process.env.BARE_PORT ?? 0), host: "127.0.0.1" });
console.log(`bare listening ${(app.server.address() as { port: number }).port}`);
