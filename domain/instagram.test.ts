import { describe, expect, it } from "vitest";
import { instagramHandle, instagramLabel } from "./instagram";

describe("a coach's Instagram (product-rules.md#profile)", () => {
  it("is stored as the bare handle however it was typed", () => {
    for (const typed of [
      "vale.pedalea",
      "@vale.pedalea",
      " @@vale.pedalea ",
      "https://www.instagram.com/vale.pedalea/",
      "instagram.com/vale.pedalea?hl=es",
    ]) {
      expect(instagramHandle(typed)).toBe("vale.pedalea");
    }
    expect(instagramHandle("")).toBeNull();
    expect(instagramHandle("  @ ")).toBeNull();
    expect(instagramHandle(null)).toBeNull();
  });

  it("is shown with one @, also for rows stored before the rule", () => {
    expect(instagramLabel("vale.pedalea")).toBe("@vale.pedalea");
    expect(instagramLabel("@vale.pedalea")).toBe("@vale.pedalea");
    expect(instagramLabel(null)).toBe("");
  });
});
