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

  it("gives each key the default the code has", () => {
    const doc = fs.readFileSync(new URL("../docs/config.md", import.meta.url), "utf8");
    const documented = new Map(
      [...doc.matchAll(/^\|\s*`([^`]+)`\s*\|\s*\w+\s*\|\s*`(.*?)`\s*\|/gm)].map((m) => [m[1], m[2]]),
    );
    const wrong = Object.entries(APP_CONFIG_KEYS)
      .filter(
        ([key, spec]) =>
          JSON.stringify(JSON.parse(documented.get(key) ?? "0")) !== JSON.stringify(spec.default),
      )
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });
});
