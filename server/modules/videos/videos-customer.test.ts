import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { email_outbox } from "../../db/schema/mail";
import { playbacks } from "../../db/schema/videos";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { testDriver } from "../../test/test-driver";
import { type Library, seedLibrary, subscriber } from "./videos.fixtures";

type Headers = Record<string, string>;

describe(`favourites, completion, ratings and playbacks (${testDriver()})`, () => {
  let t: TestApp;
  let lib: Library;
  let a: Awaited<ReturnType<typeof subscriber>>;
  let b: Awaited<ReturnType<typeof subscriber>>;
  beforeAll(async () => {
    t = await buildTestApp();
    lib = await seedLibrary(t.app, 5);
    a = await subscriber(t, lib);
    b = await subscriber(t, lib);
  });
  afterAll(() => t.close());

  const id = (i: number) => lib.videos[i]!.video_id;
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, payload });
  const video = async (videoId: number, headers: Headers) =>
    (await call("GET", `/api/videos/${videoId}`, headers)).json().video;

  it("favourites toggle between 1 and 0 with their messages, and the favourites filter lists them", async () => {
    const added = await call("POST", "/api/favorites", a.headers, { video_id: id(1) });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      favorite: { video_id: id(1), favorite: 1 },
      message: messages.favoriteAdded,
    });
    // Adding twice does not duplicate.
    expect((await call("POST", "/api/favorites", a.headers, { video_id: id(1) })).statusCode).toBe(201);
    expect((await video(id(1), a.headers)).favorite).toBe(1);

    const favs = (await call("GET", "/api/favorites", a.headers)).json().favorites;
    expect(favs.map((f: { video_id: number }) => f.video_id)).toEqual([id(1)]);
    expect(favs[0].video.name).toBe("Clase 2");
    const filtered = (await call("GET", "/api/videos?favorites=true", a.headers)).json();
    expect(filtered.videos.map((v: { video_id: number }) => v.video_id)).toEqual([id(1)]);
    expect(filtered.total).toBe(1);
    expect((await call("GET", "/api/videos?favorites=false", a.headers)).json().total).toBe(4);

    const removed = await call("DELETE", `/api/favorites/${id(1)}`, a.headers);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({
      favorite: { video_id: id(1), favorite: 0 },
      message: messages.favoriteRemoved,
    });
    expect((await video(id(1), a.headers)).favorite).toBe(0);
    expect((await call("GET", "/api/videos?favorites=1", a.headers)).json().total).toBe(0);
  });

  it("a customer's favourites are theirs alone: B neither sees nor removes A's", async () => {
    await call("POST", "/api/favorites", a.headers, { video_id: id(2) });
    expect((await video(id(2), b.headers)).favorite).toBe(0);
    expect((await call("GET", "/api/favorites", b.headers)).json().favorites).toEqual([]);
    expect((await call("GET", "/api/videos?favorites=true", b.headers)).json().total).toBe(0);
    await call("DELETE", `/api/favorites/${id(2)}`, b.headers);
    expect((await video(id(2), a.headers)).favorite).toBe(1);
  });

  it("the library page is the same for everyone but the flags, which are each viewer's own", async () => {
    await call("POST", "/api/favorites", a.headers, { video_id: id(4) });
    const favouritesInPage = async (headers: Headers) =>
      (await call("GET", "/api/videos", headers))
        .json()
        .videos.filter((v: { favorite: number }) => v.favorite === 1)
        .map((v: { video_id: number }) => v.video_id)
        .sort();
    const mine = (await call("GET", "/api/favorites", a.headers))
      .json()
      .favorites.map((f: { video_id: number }) => f.video_id)
      .sort();
    expect(mine).toContain(id(4));
    expect(await favouritesInPage(a.headers)).toEqual(mine);
    expect(await favouritesInPage(b.headers)).toEqual([]);
    await call("DELETE", `/api/favorites/${id(4)}`, a.headers);
    expect(await favouritesInPage(a.headers)).not.toContain(id(4));
  });

  it("cached pages keep each viewer's flags their own, and a viewer's write shows in their next list", async () => {
    type Listed = { video_id: number; favorite: number; completed: boolean; rating: number | null };
    const flagsOn = async (headers: Headers, videoId: number) => {
      const videos: Listed[] = (await call("GET", "/api/videos", headers)).json().videos;
      const { favorite, completed, rating } = videos.find((v) => v.video_id === videoId)!;
      return { favorite, completed, rating };
    };
    const none = { favorite: 0, completed: false, rating: null };
    // Both viewers' pages are in the caches before the writes.
    expect(await flagsOn(a.headers, id(0))).toMatchObject({ favorite: 0 });
    expect(await flagsOn(b.headers, id(2))).toMatchObject({ completed: false });
    await call("POST", "/api/favorites", a.headers, { video_id: id(0) });
    await call("PUT", `/api/videos/${id(2)}/complete`, b.headers);
    await call("POST", "/api/videos/rating", b.headers, { video_id: id(2), rating: 3 });
    // The first read after the writes rebuilds, the second is served from the caches: both exact.
    for (const read of ["rebuilt", "cached"]) {
      expect(await flagsOn(a.headers, id(0)), read).toEqual({ ...none, favorite: 1 });
      expect(await flagsOn(b.headers, id(0)), read).toEqual(none);
      expect(await flagsOn(b.headers, id(2)), read).toEqual({ ...none, completed: true, rating: 3 });
      expect(await flagsOn(a.headers, id(2)), read).toMatchObject({ completed: false, rating: null });
    }
    await call("DELETE", `/api/favorites/${id(0)}`, a.headers);
    await call("PUT", `/api/videos/${id(2)}/uncomplete`, b.headers);
    expect(await flagsOn(a.headers, id(0))).toEqual(none);
    expect(await flagsOn(b.headers, id(2))).toEqual({ ...none, rating: 3 });
  });

  it("compressed pages decompress to the same JSON as the plain answer", async () => {
    await call("POST", "/api/favorites", a.headers, { video_id: id(1) });
    for (const headers of [a.headers, b.headers]) {
      const plain = await call("GET", "/api/videos", headers);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      for (const [encoding, decode] of [
        ["br", brotliDecompressSync],
        ["gzip", gunzipSync],
        ["deflate", inflateSync],
      ] as const) {
        const res = await call("GET", "/api/videos", { ...headers, "accept-encoding": encoding });
        expect(res.headers["content-encoding"]).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(decode(res.rawPayload).toString()).toBe(plain.body);
      }
    }
    await call("DELETE", `/api/favorites/${id(1)}`, a.headers);
  });

  it("favouriting an unknown or unpublished video is 404, a bad id 400", async () => {
    for (const videoId of [999999, lib.hidden.video_id]) {
      const res = await call("POST", "/api/favorites", a.headers, { video_id: videoId });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(messages.videoNotFound);
    }
    expect((await call("POST", "/api/favorites", a.headers, { video_id: "x" })).statusCode).toBe(400);
    expect((await call("POST", "/api/favorites", a.headers, {})).statusCode).toBe(400);
  });

  it("completion is marked and unmarked per customer, and the completed filter follows it", async () => {
    const done = await call("PUT", `/api/videos/${id(3)}/complete`, a.headers);
    expect(done.statusCode).toBe(200);
    expect(done.json().video.completed).toBe(true);
    expect((await call("PUT", `/api/videos/${id(3)}/complete`, a.headers)).statusCode).toBe(200);
    expect((await video(id(3), b.headers)).completed).toBe(false);
    const completed = (await call("GET", "/api/videos?completed=true", a.headers)).json();
    expect(completed.videos.map((v: { video_id: number }) => v.video_id)).toEqual([id(3)]);
    expect((await call("GET", "/api/videos?completed=true", b.headers)).json().total).toBe(0);
    const undone = await call("PUT", `/api/videos/${id(3)}/uncomplete`, a.headers);
    expect(undone.json().video.completed).toBe(false);
    expect((await call("GET", "/api/videos?completed=true", a.headers)).json().total).toBe(0);
    expect((await call("PUT", "/api/videos/999999/complete", a.headers)).statusCode).toBe(404);
  });

  it("playbacks count once per customer per day", async () => {
    const play = (h: Headers) => call("POST", `/api/videos/${id(4)}/playback`, h);
    const first = await play(a.headers);
    expect(first.json()).toEqual({ counted: true, playbacks: 1 });
    expect((await play(a.headers)).json()).toEqual({ counted: false, playbacks: 1 });
    expect((await play(b.headers)).json()).toEqual({ counted: true, playbacks: 2 });
    // Opening the video does not count a view: only playing it does.
    await video(id(4), a.headers);
    expect((await video(id(4), a.headers)).playbacks).toBe(2);
    // A's view from yesterday is another day: it counts too.
    await t.app.db
      .update(playbacks)
      .set({ day: "2020-01-01" })
      .where(eq(playbacks.customer_id, a.customerId));
    expect((await play(a.headers)).json()).toEqual({ counted: true, playbacks: 3 });
    const listed = (await call("GET", "/api/videos", a.headers)).json().videos;
    expect(listed.find((v: { video_id: number }) => v.video_id === id(4)).playbacks).toBe(3);
  });

  it("ratings are 1 to 5, one per customer and video (rating again replaces it)", async () => {
    const rate = (rating: unknown) =>
      call("POST", "/api/videos/rating", a.headers, { video_id: id(0), rating });
    expect((await rate(4)).statusCode).toBe(200);
    expect((await video(id(0), a.headers)).rating).toBe(4);
    expect((await rate(5)).json().video_rating.rating).toBe(5);
    expect((await video(id(0), a.headers)).rating).toBe(5);
    expect((await video(id(0), b.headers)).rating).toBeNull();
    for (const bad of [0, 6, 2.5, "x"]) expect((await rate(bad)).statusCode).toBe(400);
  });

  it("POST /videos/rating/email sends the signed-in customer an invitation to rate", async () => {
    const res = await call("POST", "/api/videos/rating/email", a.headers, { video_id: id(0) });
    expect(res.statusCode).toBe(200);
    const [mail] = await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, a.email));
    expect(mail?.subject).toContain(lib.videos[0]!.name);
    expect(mail?.html).toContain(`/mystudio/video/${id(0)}`);
  });
});

describe(`programs and video types (${testDriver()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedLibrary(t.app, 3);
  });
  afterAll(() => t.close());

  it("admins create, update and delete programs; customers only read the available ones", async () => {
    const admin = await t.signUp({ role: "admin" });
    const customer = await t.signUp();
    const denied = await t.app.inject({
      method: "POST",
      url: "/api/programs",
      headers: customer.headers,
      payload: { name: "X" },
    });
    expect(denied.statusCode).toBe(403);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/programs",
      headers: admin.headers,
      payload: { name: "Core en 10", available: false },
    });
    expect(created.statusCode).toBe(201);
    const programId = created.json().program.program_id;
    const names = async (h: Headers) =>
      (await t.app.inject({ method: "GET", url: "/api/programs", headers: h }))
        .json()
        .programs.map((p: { name: string }) => p.name);
    expect(await names(customer.headers)).toEqual(["Reto 21 Días"]);
    expect(await names(admin.headers)).toEqual(["Reto 21 Días", "Core en 10"]);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/programs/${programId}`, headers: customer.headers }))
        .statusCode,
    ).toBe(404);

    const updated = await t.app.inject({
      method: "PUT",
      url: "/api/programs",
      headers: admin.headers,
      payload: { program_id: programId, available: true },
    });
    expect(updated.json().program).toMatchObject({ name: "Core en 10", available: true });
    expect(await names(customer.headers)).toContain("Core en 10");
    expect(
      (
        await t.app.inject({
          method: "PUT",
          url: "/api/programs",
          headers: customer.headers,
          payload: { program_id: programId },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/programs",
          headers: admin.headers,
          payload: { name: "" },
        })
      ).statusCode,
    ).toBe(400);

    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/programs/${programId}`, headers: customer.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/programs/${programId}`, headers: admin.headers }))
        .statusCode,
    ).toBe(200);
    const gone = await t.app.inject({
      method: "DELETE",
      url: `/api/programs/${programId}`,
      headers: admin.headers,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe("PROGRAM_NOT_FOUND");
  });

  it("lists video types in their order", async () => {
    const customer = await t.signUp();
    const res = await t.app.inject({ method: "GET", url: "/api/video_types", headers: customer.headers });
    expect(res.json().video_types.map((v: { name: string }) => v.name)).toEqual(["Express", "Completa"]);
  });
});
