import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { APP_CONFIG_KEYS } from "../domain/app-config";

describe("docs/config.md", () => {
  it("documents every app-config key", () => {
    const doc = fs.readFileSync(new URL("../docs/config.md", import.meta.url), "utf8");
    const undocumented = Object.keys(APP_CONFIG_KEYS).filter(
      (key) => !new RegExp(`\\|\\s*\`${key.replace("-", "\\-")}\`\\s*\\|`).test(doc),
    );
    expect(undocumented).toEqual([]);
  });
});
