import fs from "node:fs";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

/** The part of s3rver's API the tests use (the package ships no types). */
type S3rverInstance = {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
  httpServer?: Server;
};
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

const S3rver = createRequire(import.meta.url)("@20minutes/s3rver") as S3rverClass;

/** The keys s3rver accepts (its built-in account). */
export const S3_TEST_CREDENTIALS = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };

/**
 * A real S3-compatible server (s3rver: signed requests, presigned URLs, XML errors) on 127.0.0.1
 * and a free port, storing in its own temporary folder. stop() and start() again on the same port
 * play a bucket that goes down and comes back.
 */
export async function startS3TestServer(buckets: string[]) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "estudio-s3-"));
  let port = 0;
  let server: S3rverInstance | null = null;

  async function start() {
    server = new S3rver({
      address: "127.0.0.1",
      port,
      silent: true,
      directory,
      configureBuckets: buckets.map((name) => ({ name })),
    });
    port = (await server.run()).port;
  }

  async function stop() {
    if (!server) return;
    // The SDK keeps sockets alive: close them, or close() waits for them.
    server.httpServer?.closeAllConnections();
    await server.close();
    server = null;
  }

  await start();
  return {
    get endpoint() {
      return `http://127.0.0.1:${port}`;
    },
    start,
    stop,
    /**
     * The keys stored in a bucket, read from the server's own folder (s3rver's listing rejects
     * current SDK signatures; objects are files named <key>._S3rver_object).
     */
    keys(bucket: string): string[] {
      const root = path.join(directory, bucket);
      if (!fs.existsSync(root)) return [];
      return (fs.readdirSync(root, { recursive: true }) as string[])
        .filter((file) => file.endsWith("._S3rver_object"))
        .map((file) =>
          file
            .split(path.sep)
            .join("/")
            .replace(/\._S3rver_object$/, ""),
        )
        .sort();
    },
    async dispose() {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
