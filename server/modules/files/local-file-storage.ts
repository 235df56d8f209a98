import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { notFound } from "../../../domain/errors";
import type { FileStorage } from "./file-storage";

/**
 * Files on this machine's disk, under DATA_DIR/files (the default; backups copy that folder).
 * Public files are served by the static handler at /files/uploads/...; private ones sit in
 * DATA_DIR/files/private, which the static handler refuses, and reach a browser only through
 * deliver() after the owner check.
 */
export function localFileStorage(dataDir: string): FileStorage {
  const root = path.resolve(dataDir, "files");

  /** The disk path of a key, or null when the key would lead outside the root (a demo row could hold anything). */
  function inside(key: string): string | null {
    const target = path.resolve(root, key);
    return target.startsWith(root + path.sep) ? target : null;
  }

  return {
    kind: "server",
    async put(key, body) {
      const target = inside(key);
      if (!target) throw new Error(`key outside the files folder: ${key}`);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      // 'wx': never overwrite, even in the impossible case of a repeated UUID.
      await fsp.writeFile(target, body, { flag: "wx" });
    },
    async remove(key) {
      const target = inside(key);
      if (target) await fsp.rm(target, { force: true });
    },
    publicSrc(key) {
      return `/files/${key}`;
    },
    async deliver(key) {
      const target = inside(key);
      const stat = target ? await fsp.stat(target).catch(() => null) : null;
      if (!target || !stat?.isFile()) throw notFound();
      return { stream: fs.createReadStream(target), size: stat.size };
    },
  };
}

/**
 * Moves a stored file to another key on this disk (making old public uploads private). Already
 * moved (by another instance, or before a crash) counts as done; a file missing at both ends is
 * left for the row to record as it is.
 */
export async function moveLocalFile(dataDir: string, fromKey: string, toKey: string): Promise<void> {
  const root = path.resolve(dataDir, "files");
  const from = path.resolve(root, fromKey);
  const to = path.resolve(root, toKey);
  if (!from.startsWith(root + path.sep) || !to.startsWith(root + path.sep)) {
    throw new Error(`key outside the files folder: ${fromKey} -> ${toKey}`);
  }
  await fsp.mkdir(path.dirname(to), { recursive: true });
  await fsp.rename(from, to).catch((error: { code?: string }) => {
    if (error?.code !== "ENOENT") throw error;
  });
}
