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
