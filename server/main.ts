import { ConfigError, loadConfig } from "./config";
import { startDraining } from "./modules/health/health.routes";
import { firstOwnerOpen, issueSetupCode, SETUP_CODE_HOURS } from "./modules/staff/staff.service";
import { startApp } from "./start-app";

/**
 * On SIGTERM, /api/ready answers 503 for this long before the server stops accepting connections,
 * so a load balancer checking it stops sending new requests first (docs/deploy.md: HAProxy checks
 * every second and needs two failures). Requests in flight then finish before the process exits.
 */
function drainMs(): number {
  const value = Number(process.env.SHUTDOWN_DRAIN_MS ?? 0);
  return Number.isFinite(value) && value > 0 ? Math.min(value, 60_000) : 0;
}

/** Entry point: config, database, migrations, demo studio, listen; graceful shutdown on signals. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await startApp(config);
  if (config.insecureSecret && config.NODE_ENV !== "test") {
    app.log.warn("AUTH_SECRET no está definido: se usa un secreto de desarrollo. Defínelo en producción.");
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  const url = config.PUBLIC_URL ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
  const database = config.DATABASE_URL ? "PostgreSQL" : `PGlite (${config.dataDir})`;
  console.log(`\n  Estudio listo en ${url}  ·  base de datos: ${database}`);
  if (config.DEMO) {
    console.log("  Demo: administrador admin@demo.mx / demo1234  ·  cliente cliente@demo.mx / demo1234");
    console.log(
      "  Equipo demo (contraseña demo1234): gerente@demo.mx · recepcion@demo.mx · coaches valeria@demo.mx y santiago@demo.mx\n",
    );
  }
  if (await firstOwnerOpen(app.db)) {
    // An empty studio without the demo (the default with DATABASE_URL): say how to begin. The
    // page asks for this code, so only whoever reads this output can claim the studio (0054).
    const code = await issueSetupCode(app.db);
    console.log(`  Estudio nuevo: abre ${url}/admin para crear la cuenta del propietario`);
    console.log(`  Código de configuración (un solo uso, ${SETUP_CODE_HOURS} h): ${code}`);
    console.log("  (o desde la terminal, sin código: npm run admin:create -- <correo> <contraseña>)\n");
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "cerrando");
    const drain = drainMs();
    const force = setTimeout(() => process.exit(1), drain + 10_000);
    force.unref();
    try {
      if (drain > 0) {
        startDraining(app);
        await new Promise((resolve) => setTimeout(resolve, drain));
      }
      // A keep-alive connection (the load balancer's) that finishes its last request after close
      // began would stay open until it times out: close each one as soon as it is idle.
      const idle = setInterval(() => app.server.closeIdleConnections(), 100);
      idle.unref();
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error al cerrar");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
