import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { messages } from "../../../domain/messages";
import { customers } from "../../db/schema/customers";
import { purchases } from "../../db/schema/purchases";
import { READ_CACHE_STALE_MAX_MS } from "../../plugins/read-cache";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { testDriver } from "../../test/test-driver";
import { hasOnlineAccess } from "./online-access";
import { buy, type Library, seedLibrary, setVideosEnabled, signUpCustomer } from "./videos.fixtures";

describe(`online videos access rule (${testDriver()})`, () => {
  let t: TestApp;
  let lib: Library;
  beforeAll(async () => {
    t = await buildTestApp();
    lib = await seedLibrary(t.app, 3);
  });
  afterAll(() => t.close());

  const get = (url: string, headers?: Record<string, string>) =>
    t.app.inject({ method: "GET", url, headers });

  it("visitors get 401", async () => {
    expect((await get("/api/videos")).statusCode).toBe(401);
    expect((await get(`/api/videos/${lib.videos[0]!.video_id}`)).statusCode).toBe(401);
  });

  it("a customer without a purchase gets 412 PURCHASE_REQUIRED on every library route; with one, 200", async () => {
    const c = await signUpCustomer(t);
    const videoId = lib.videos[0]!.video_id;
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/videos"],
      ["GET", `/api/videos/${videoId}`],
      ["GET", "/api/videos/upcoming"],
      ["GET", "/api/videos/filters"],
      ["GET", `/api/videos/tag/${lib.tags.cardio.tag_id}`],
      ["GET", "/api/favorites"],
      ["POST", "/api/favorites", { video_id: videoId }],
      ["PUT", `/api/videos/${videoId}/complete`],
      ["POST", `/api/videos/${videoId}/playback`],
      ["POST", "/api/videos/rating", { video_id: videoId, rating: 5 }],
    ];
    for (const [method, url, payload] of routes) {
      const res = await t.app.inject({
        method: method as "GET",
        url,
        headers: c.headers,
        payload: payload as object,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(412);
      expect(res.json()).toEqual({ code: "PURCHASE_REQUIRED", message: messages.videosPurchaseRequired });
    }
    await buy(t.app, c.customerId, lib.packages.online);
    expect((await get("/api/videos", c.headers)).statusCode).toBe(200);
    expect((await get(`/api/videos/${videoId}`, c.headers)).statusCode).toBe(200);
  });

  it("only active or completed, unexpired purchases of an online or unlimited package give access", async () => {
    const db = t.app.db;
    const cases: [string, Parameters<typeof buy>[3], keyof Library["packages"], boolean][] = [
      ["active online", { status: "active" }, "online", true],
      ["completed online", { status: "completed" }, "online", true],
      ["online without expiry", { expiresInDays: null }, "online", true],
      ["unlimited membership", {}, "unlimited", true],
      ["pending online", { status: "pending" }, "online", false],
      ["cancelled online", { status: "cancelled" }, "online", false],
      ["expired online", { expiresInDays: -1 }, "online", false],
      ["class package", {}, "tenClasses", false],
    ];
    for (const [label, opts, pkg, expected] of cases) {
      const c = await signUpCustomer(t);
      await buy(t.app, c.customerId, lib.packages[pkg], opts);
      expect(await hasOnlineAccess(db, c.customerId), label).toBe(expected);
      expect((await get("/api/videos", c.headers)).statusCode, label).toBe(expected ? 200 : 412);
    }
  });

  it("the unlimited flag on the customer gives access until it expires", async () => {
    const c = await signUpCustomer(t);
    const setUnlimited = (expires: Date | null) =>
      t.app.db
        .update(customers)
        .set({ has_unlimited: true, unlimited_membership_expiration: expires })
        .where(eq(customers.customer_id, c.customerId));
    await setUnlimited(new Date(Date.now() - 60_000));
    expect((await get("/api/videos", c.headers)).statusCode).toBe(412);
    await setUnlimited(new Date(Date.now() + 86_400_000));
    expect((await get("/api/videos", c.headers)).statusCode).toBe(200);
    await setUnlimited(null);
    expect((await get("/api/videos", c.headers)).statusCode).toBe(200);
  });

  it("access is remembered a few seconds: a loss is refused within 5 s, at once after a write here", async () => {
    const admin = await t.signUp({ role: "admin" });
    const loseAccess = async (customerId: number) =>
      t.app.db.update(purchases).set({ status: "cancelled" }).where(eq(purchases.customer_id, customerId));
    const [late, prompt] = [await signUpCustomer(t), await signUpCustomer(t)];
    for (const c of [late, prompt]) {
      await buy(t.app, c.customerId, lib.packages.online);
      expect((await get("/api/videos", c.headers)).statusCode).toBe(200);
      // Changed behind this instance's back (a job, another instance): still let in for now.
      await loseAccess(c.customerId);
      expect((await get("/api/videos", c.headers)).statusCode).toBe(200);
    }
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + READ_CACHE_STALE_MAX_MS + 1);
      expect((await get("/api/videos", late.headers)).statusCode).toBe(412);
    } finally {
      vi.useRealTimers();
    }
    // Any successful write through this instance (here an admin saving the settings) forgets it.
    const save = await t.app.inject({
      method: "PUT",
      url: "/api/appconfig",
      headers: admin.headers,
      payload: [{ key: "videos_enabled", value: true }],
    });
    expect(save.statusCode).toBe(200);
    expect((await get("/api/videos", prompt.headers)).statusCode).toBe(412);
  });

  it("another customer's purchase does not give access", async () => {
    const buyer = await signUpCustomer(t);
    const other = await signUpCustomer(t);
    await buy(t.app, buyer.customerId, lib.packages.online);
    expect((await get("/api/videos", other.headers)).statusCode).toBe(412);
  });

  it("admins always have access, even without a customer record", async () => {
    const admin = await t.signUp({ role: "admin" });
    const res = await get("/api/videos", admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(3);
    // Favourites belong to a customer record: without one, 403 (not a 5xx).
    const fav = await t.app.inject({
      method: "POST",
      url: "/api/favorites",
      headers: admin.headers,
      payload: { video_id: lib.videos[0]!.video_id },
    });
    expect(fav.statusCode).toBe(403);
  });

  it("with videos_enabled off the library answers 404 VIDEOS_DISABLED, even for paying customers", async () => {
    const c = await signUpCustomer(t);
    await buy(t.app, c.customerId, lib.packages.online);
    await setVideosEnabled(t.app, false);
    try {
      for (const url of ["/api/videos", `/api/videos/${lib.videos[0]!.video_id}`, "/api/favorites"]) {
        const res = await get(url, c.headers);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code).toBe("VIDEOS_DISABLED");
      }
    } finally {
      await setVideosEnabled(t.app, true);
    }
    expect((await get("/api/videos", c.headers)).statusCode).toBe(200);
  });
});

describe(`self-hosted video files (${testDriver()})`, () => {
  let t: TestApp;
  let size: number;
  beforeAll(async () => {
    // A minimal web build holding one demo video, served by the real static plugin.
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), "videos-dist-"));
    fs.mkdirSync(path.join(dist, "demo", "videos"), { recursive: true });
    fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>x</title>");
    const source = path.resolve(import.meta.dirname, "../../../web/public/demo/videos/1.webm");
    fs.copyFileSync(source, path.join(dist, "demo", "videos", "1.webm"));
    size = fs.statSync(source).size;
    t = await buildTestApp({ WEB_DIST: dist });
  });
  afterAll(() => t?.close());

  it("answers Range requests with 206 so the player can seek", async () => {
    const full = await t.app.inject({ method: "GET", url: "/demo/videos/1.webm" });
    expect(full.statusCode).toBe(200);
    expect(full.headers["accept-ranges"]).toBe("bytes");
    expect(full.headers["content-type"]).toMatch(/video\/webm/);
    const part = await t.app.inject({
      method: "GET",
      url: "/demo/videos/1.webm",
      headers: { range: "bytes=1000-" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 1000-${size - 1}/${size}`);
    expect(part.rawPayload.length).toBe(size - 1000);
    const tail = await t.app.inject({
      method: "GET",
      url: "/demo/videos/1.webm",
      headers: { range: "bytes=0-99" },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.length).toBe(100);
  });
});
