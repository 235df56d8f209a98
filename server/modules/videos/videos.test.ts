import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { videoOut, videoPageAnswer } from "../../../domain/api/videos";
import { messages } from "../../../domain/messages";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { testDriver } from "../../test/test-driver";
import { type Library, seedLibrary, subscriber } from "./videos.fixtures";

type Headers = Record<string, string>;

describe(`online videos library (${testDriver()})`, () => {
  let t: TestApp;
  let lib: Library;
  let headers: Headers;
  beforeAll(async () => {
    t = await buildTestApp();
    lib = await seedLibrary(t.app, 40);
    ({ headers } = await subscriber(t, lib));
  });
  afterAll(() => t.close());

  const list = async (query: string, h: Headers = headers) => {
    const res = await t.app.inject({ method: "GET", url: `/api/videos${query}`, headers: h });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      videos: { video_id: number; name: string; [k: string]: unknown }[];
      total: number;
    };
  };
  const idsOf = (body: { videos: { video_id: number }[] }) => body.videos.map((v) => v.video_id).sort();
  const id = (i: number) => lib.videos[i]!.video_id;

  it("pages of 32, newest first, only published and released videos, with { videos, total }", async () => {
    const first = await list("");
    expect(first.total).toBe(40);
    expect(first.videos).toHaveLength(32);
    expect(first.videos[0]!.video_id).toBe(id(39));
    const second = await list("?page=2");
    expect(second.videos).toHaveLength(8);
    expect(second.videos.at(-1)!.video_id).toBe(id(0));
    const all = [...first.videos, ...second.videos].map((v) => v.video_id);
    expect(new Set(all).size).toBe(40);
    expect(all).not.toContain(lib.hidden.video_id);
    expect(all).not.toContain(lib.upcoming.video_id);
    expect((await list("?page=3")).videos).toEqual([]);
  });

  it("sends the documented shape: exactly the schema's fields, in its order (the cached bytes skip its serializer)", async () => {
    for (const query of ["", "?page=2", `?tags=${lib.tags.calma.tag_id}`, "?favorites=false"]) {
      const body = await list(query);
      expect(videoPageAnswer.parse(body), query).toEqual(body);
      for (const video of body.videos) expect(Object.keys(video)).toEqual(Object.keys(videoOut.shape));
    }
  });

  it("answers each video with instructor, tags, favorite 0|1, completed and playbacks", async () => {
    const body = await list(`?tags=${lib.tags.calma.tag_id}`);
    const v = body.videos.find((x) => x.video_id === id(2))!;
    expect(v).toMatchObject({
      host: "local",
      file: "/demo/videos/3.webm",
      embed_url: null,
      favorite: 0,
      completed: false,
      playbacks: 0,
      instructor: { name: "Valeria", last_name: "Mendoza" },
      class_type: { name: "Yoga" },
    });
    expect((v.tags as { name: string }[]).map((x) => x.name)).toEqual(["Calma", "Cardio"]);
  });

  it("filters by name (case-insensitive, LIKE wildcards taken literally)", async () => {
    expect(idsOf(await list("?query=ride%20de"))).toEqual([id(0)]);
    expect(idsOf(await list("?query=100%25_off"))).toEqual([id(0)]);
    expect((await list("?query=%25%25")).total).toBe(0);
    expect((await list("?query=_")).total).toBe(1);
  });

  it("filters by coach, class type, video type, program and duration", async () => {
    expect((await list(`?instructor_id=${lib.coaches.vale.instructor_id}`)).total).toBe(20);
    expect((await list(`?class_type_id=${lib.types.cycling.class_type_id}`)).total).toBe(14);
    expect((await list(`?video_type_id=${lib.videoType.video_type_id}`)).total).toBe(10);
    expect(idsOf(await list(`?program_id=${lib.program.program_id}`))).toEqual([id(0), id(1), id(2)].sort());
    expect((await list("?duration=20")).total).toBe(20);
    const both = await list(
      `?instructor_id=${lib.coaches.diego.instructor_id}&class_type_id=${lib.types.cycling.class_type_id}`,
    );
    expect(both.videos.every((v) => v.instructor_id === lib.coaches.diego.instructor_id)).toBe(true);
    expect(both.total).toBe(7);
  });

  it("filters by several tags (any of them), repeated or comma separated, tags or tag_id", async () => {
    const { cardio, calma, otherType } = lib.tags;
    expect(idsOf(await list(`?tags=${cardio.tag_id}`))).toEqual([id(0), id(2)].sort());
    expect(idsOf(await list(`?tags=${cardio.tag_id}&tags=${calma.tag_id}`))).toEqual(
      [id(0), id(1), id(2)].sort(),
    );
    expect(idsOf(await list(`?tag_id=${cardio.tag_id},${calma.tag_id}`))).toEqual(
      [id(0), id(1), id(2)].sort(),
    );
    expect((await list(`?tags=${otherType.tag_id}`)).total).toBe(0);
    expect(
      idsOf((await t.app.inject({ method: "GET", url: `/api/videos/tag/${calma.tag_id}`, headers })).json()),
    ).toEqual([id(1), id(2)].sort());
    const byProgram = await t.app.inject({
      method: "GET",
      url: `/api/videos/program/${lib.program.program_id}`,
      headers,
    });
    expect(byProgram.json().total).toBe(3);
  });

  it("rejects bad filters with 400 and a Spanish message, never 5xx", async () => {
    for (const q of ["?page=0", "?page=abc", "?tags=1;drop", "?instructor_id=-4", "?favorites=maybe"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/videos${q}`, headers });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBeTruthy();
      expect(res.json().message).toMatch(/[a-zá-ú]/i);
    }
  });

  it("GET /videos/{id}: the video, 404 with its Spanish text for unknown, unpublished or unreleased ones", async () => {
    const ok = await t.app.inject({ method: "GET", url: `/api/videos/${id(5)}`, headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().video.name).toBe("Clase 6");
    for (const missing of [999999, lib.hidden.video_id, lib.upcoming.video_id]) {
      const res = await t.app.inject({ method: "GET", url: `/api/videos/${missing}`, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "VIDEO_NOT_FOUND", message: messages.videoNotFound });
    }
  });

  it("lists upcoming videos apart", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/videos/upcoming", headers });
    expect(res.json().videos.map((v: { video_id: number }) => v.video_id)).toEqual([lib.upcoming.video_id]);
  });

  it("gives the filter options: coaches, class types and tags used by released videos", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/videos/filters", headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.instructors.map((c: { name: string }) => c.name)).toEqual(["Diego", "Valeria"]);
    expect(body.class_types.map((c: { name: string }) => c.name)).toEqual(["Cycling", "Yoga"]);
    expect(body.tags.map((c: { name: string }) => c.name)).toEqual(["Calma", "Cardio"]);
  });
});
