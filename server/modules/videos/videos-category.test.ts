import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { class_categories, single_classes } from "../../db/schema/calendar";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { exactly } from "../../test/fixtures";
import { type Library, seedLibrary, subscriber } from "./videos.fixtures";

// GET /api/videos?class_category_id=: a video has a class type, and belongs to the categories
// whose classes are of that type (decision 0020).
describe("video list filtered by class category", () => {
  let t: TestApp;
  let lib: Library;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    lib = await seedLibrary(t.app, 12);
    ({ headers } = await subscriber(t, lib));
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.app.inject({ url: `/api/videos${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { videos: { video_id: number; class_type_id: number | null }[]; total: number };
  };

  it("lists the videos of the class types the category's classes are of", async () => {
    const [indoor, empty] = exactly(
      await t.app.db
        .insert(class_categories)
        .values([{ name: "Indoor" }, { name: "Sin clases" }])
        .returning(),
      2,
    );
    // Two classes of one type in the category: the type counts once.
    await t.app.db.insert(single_classes).values(
      [1, 2].map((days) => ({
        class_date: new Date(Date.now() + days * 86_400_000),
        capacity: 10,
        class_type_id: lib.types.cycling.class_type_id,
        class_category_id: indoor.class_category_id,
      })),
    );
    const all = await list("");
    const cycling = all.videos.filter((v) => v.class_type_id === lib.types.cycling.class_type_id);
    const indoorVideos = await list(`?class_category_id=${indoor.class_category_id}`);
    expect(indoorVideos.total).toBe(cycling.length);
    expect(indoorVideos.videos.every((v) => v.class_type_id === lib.types.cycling.class_type_id)).toBe(true);
    expect((await list(`?class_category_id=${empty.class_category_id}`)).total).toBe(0);
    // With another filter, both apply.
    expect(
      (
        await list(
          `?class_category_id=${indoor.class_category_id}&class_type_id=${lib.types.yoga.class_type_id}`,
        )
      ).total,
    ).toBe(0);
  });

  it("refuses a category id that is not a number (400)", async () => {
    const res = await t.app.inject({ url: "/api/videos?class_category_id=abc", headers });
    expect(res.statusCode).toBe(400);
  });
});
