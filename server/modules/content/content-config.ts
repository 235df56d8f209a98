import type { FastifyInstance } from "fastify";

/** The configured packages path segment ("paquetes" by default), as the web router reads it. */
export async function packagesPathOf(app: FastifyInstance): Promise<string> {
  const { class_packages_path } = await app.appConfig.get();
  const segment = (class_packages_path || "paquetes").trim().replace(/^\/+|\/+$/g, "");
  return /^[a-z0-9][a-z0-9-_]*$/i.test(segment) ? segment : "paquetes";
}
