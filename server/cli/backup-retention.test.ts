import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pruneBackups } from "./backup";

/** Backups' retention (decision 0071): what an erasure removed leaves the backups within the window. */
describe("pruneBackups", () => {
  const NOW = new Date("2026-11-29T09:00:00Z");
  const made = (root: string, name: string, createdAt: string | null) => {
    const dir = path.join(root, name);
    fs.mkdirSync(dir, { recursive: true });
    if (createdAt !== null) fs.writeFileSync(path.join(dir, "backup.json"), JSON.stringify({ createdAt }));
    return dir;
  };

  it("removes the backups older than the window, keeps the rest and anything that is not a backup", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "estudio-retention-"));
    const old = made(root, "2026-10-01", "2026-10-01T03:00:00Z");
    const edge = made(root, "2026-10-25", "2026-10-25T09:00:01Z");
    const fresh = made(root, "2026-11-28", "2026-11-28T03:00:00Z");
    const other = made(root, "fotos", null);
    const broken = made(root, "roto", null);
    fs.writeFileSync(path.join(broken, "backup.json"), "{no es json");
    expect(pruneBackups(root, 35, NOW)).toEqual([old]);
    for (const dir of [edge, fresh, other, broken]) expect(fs.existsSync(dir), dir).toBe(true);
    expect(fs.existsSync(old)).toBe(false);
  });

  it("0 keeps every backup; a missing folder is nothing to do", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "estudio-retention-"));
    const old = made(root, "2020-01-01", "2020-01-01T00:00:00Z");
    expect(pruneBackups(root, 0, NOW)).toEqual([]);
    expect(fs.existsSync(old)).toBe(true);
    expect(pruneBackups(path.join(root, "no-existe"), 35, NOW)).toEqual([]);
  });
});
