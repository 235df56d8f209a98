import type { Readable } from "node:stream";
import Facturapi from "facturapi";
import type { AppConfigEnv } from "../../config";
import { cjsDefault } from "../../lib/cjs-default";

/**
 * The PAC (Facturapi, its official SDK). One client per key and URL (a pure cache: decision 0016).
 * Null without FACTURAPI_KEY: facturas are then previews without fiscal validity (decision 0036).
 */
const clients = new Map<string, Facturapi>();

/** The SDK's class as tsx and as the compiled server import it alike (decision 0057). */
const FacturapiClient = cjsDefault(Facturapi);

export function pacClient(
  config: Pick<AppConfigEnv, "FACTURAPI_KEY" | "FACTURAPI_API_URL">,
): Facturapi | null {
  const key = config.FACTURAPI_KEY;
  if (!key) return null;
  const cacheKey = `${key}|${config.FACTURAPI_API_URL ?? ""}`;
  let client = clients.get(cacheKey);
  if (!client) {
    client = new FacturapiClient(key);
    // The SDK has no option for its host; BASE_URL points it at a test double.
    if (config.FACTURAPI_API_URL) client.BASE_URL = config.FACTURAPI_API_URL.replace(/\/$/, "");
    clients.set(cacheKey, client);
  }
  return client;
}

/** The SDK answers downloads as a Node stream (or a Blob elsewhere): read it whole. */
export async function readDownload(download: unknown): Promise<Buffer> {
  if (download instanceof Blob) return Buffer.from(await download.arrayBuffer());
  if (Buffer.isBuffer(download)) return download;
  const chunks: Buffer[] = [];
  for await (const chunk of download as Readable) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A PAC failure: its status (4xx: it refused the data; else it could not be reached) and message. */
export function pacFailure(error: unknown): { refused: boolean; message: string } {
  const e = error as { status?: number; message?: string };
  const status = typeof e?.status === "number" ? e.status : 0;
  return { refused: status >= 400 && status < 500, message: String(e?.message ?? error).slice(0, 300) };
}
