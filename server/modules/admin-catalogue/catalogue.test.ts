import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { audit_log } from "../../db/schema/audit";
import { makeClass, makeCustomer, makeStudio, type Studio } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";

let t: TestApp;
let studio: Studio;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  studio = await makeStudio(t.app);
  admin = (await t.signUp({ role: "admin" })).headers;
});
afterAll(() => t.close());

const send = (method: "POST" | "PUT" | "DELETE" | "GET", url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });

describe("save semantics (POST creates, PUT with the numeric id updates)", () => {
  it("creates a category with a non-numeric id ('nueva'), available by default, then updates only what is sent", async () => {
    const created = await send("POST", "/api/class_categories", {
      class_category_id: "nueva",
      name: "Fuerza",
      handle: "fuerza",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: messages.classCategorySaved,
      class_category: { name: "Fuerza", handle: "fuerza", available: true },
    });
    const id = created.json().class_category.class_category_id;
    expect(typeof id).toBe("number");
    const updated = await send("PUT", "/api/class_categories", { class_category_id: id, available: false });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().class_category).toMatchObject({
      name: "Fuerza",
      handle: "fuerza",
      available: false,
    });
    // Hidden from customers, still listed for the admin.
    const pub = (await t.app.inject({ url: "/api/class_categories" })).json().class_categories;
    expect(pub.some((c: { class_category_id: number }) => c.class_category_id === id)).toBe(false);
    const all = (await send("GET", "/api/admin/class_categories")).json().class_categories;
    expect(all.some((c: { class_category_id: number }) => c.class_category_id === id)).toBe(true);
    expect((await t.app.inject({ url: `/api/class_categories/${id}` })).json().class_category.name).toBe(
      "Fuerza",
    );
    const log = await t.app.db.select().from(audit_log).where(eq(audit_log.entity, "class_category"));
    expect(log.map((l) => l.action)).toEqual(["class_category.create", "class_category.update"]);
  });

  it("answers 404 for a PUT or DELETE of an unknown id and 400 for a PUT without a numeric id", async () => {
    expect((await send("PUT", "/api/locations", { location_id: 999_999, name: "Nada" })).statusCode).toBe(
      404,
    );
    expect((await send("DELETE", "/api/locations/999999")).statusCode).toBe(404);
    expect((await send("PUT", "/api/locations", { location_id: "nueva", name: "Nada" })).statusCode).toBe(
      400,
    );
  });

  it("validates with Spanish messages", async () => {
    const res = await send("POST", "/api/locations", { name: "R" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: messages.catalogueNameRequired,
      fields: { name: messages.catalogueNameRequired },
    });
  });

  it("is for admins only", async () => {
    const customer = await makeCustomer(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/locations",
      headers: customer.headers,
      payload: { name: "Condesa" },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("class types and spot maps", () => {
  it("validates row sizes with the shared spot-map rules and links a custom map", async () => {
    const bad = await send("POST", "/api/class_types", { name: "Barre", spot_map: "4,a,5" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.spotMapInvalid);
    const ok = await send("POST", "/api/class_types", {
      name: "Barre",
      spot_map: "4, 5,5",
      color: "#aa00cc",
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ message: messages.classTypeSaved, class_type: { spot_map: "4,5,5" } });

    const map = await send("POST", "/api/custom_spot_maps", {
      custom_spot_map_id: "nuevo",
      name: "Sala 2",
      rows: 2,
      columns: 2,
      spots: { A1: { label: "1", selectable: true }, B2: { label: "Coach", selectable: false } },
    });
    expect(map.statusCode).toBe(201);
    expect(map.json().message).toBe(messages.customSpotMapSaved);
    const mapId = map.json().custom_spot_map.custom_spot_map_id;
    const outside = await send("PUT", "/api/custom_spot_maps", {
      custom_spot_map_id: mapId,
      rows: 2,
      columns: 2,
      spots: { C1: { label: "x" } },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(messages.customSpotMapInvalid);

    const typeId = ok.json().class_type.class_type_id;
    await send("PUT", "/api/class_types", { class_type_id: typeId, custom_spot_map_id: mapId });
    const pub = (await t.app.inject({ url: "/api/class_types" })).json().class_types;
    const linked = pub.find((c: { class_type_id: number }) => c.class_type_id === typeId);
    expect(linked.custom_spot_map).toMatchObject({ rows: 2, columns: 2 });
    // A PUT that does not send spot_map leaves the row sizes alone.
    expect(linked.spot_map).toBe("4,5,5");
    const inUse = await send("DELETE", `/api/custom_spot_maps/${mapId}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(messages.customSpotMapInUse);
    await send("PUT", "/api/class_types", { class_type_id: typeId, custom_spot_map_id: null });
    const gone = await send("DELETE", `/api/custom_spot_maps/${mapId}`);
    expect(gone.json()).toEqual({ message: messages.customSpotMapDeleted });
    expect((await send("DELETE", `/api/class_types/${typeId}`)).json().message).toBe(
      messages.classTypeDeleted,
    );
  });
});

describe("deleting something in use answers 409 in Spanish, never 500", () => {
  it("locations and class types with classes, packages with purchases or classes", async () => {
    await makeClass(t.app, studio, {
      at: new Date(Date.now() + 86_400_000),
      location: "polanco",
      type: "yoga",
    });
    const location = await send("DELETE", `/api/locations/${studio.polanco.location_id}`);
    expect(location.statusCode).toBe(409);
    expect(location.json()).toEqual({ code: "IN_USE", message: messages.locationInUse });
    const type = await send("DELETE", `/api/class_types/${studio.yoga.class_type_id}`);
    expect(type.statusCode).toBe(409);
    expect(type.json().message).toBe(messages.classTypeInUse);

    const pkg = await send("POST", "/api/class_packages", {
      class_package_id: "nuevo",
      title: "Evento especial",
      price: 350.5,
      class_amount: 1,
      is_special_event: true,
      class_package_types: [
        { class_type_id: studio.yoga.class_type_id, class_amount: 1, expiration_days: 30 },
      ],
    });
    expect(pkg.statusCode).toBe(201);
    const pkgId = pkg.json().class_package.class_package_id;
    expect(pkg.json().class_package).toMatchObject({
      price: 350.5,
      is_special_event: true,
      class_package_types: [
        { class_type_id: studio.yoga.class_type_id, class_amount: 1, expiration_days: 30 },
      ],
    });
    const tied = await send("POST", "/api/single_class", {
      class_type_id: studio.cycling.class_type_id,
      class_date: "2031-02-02T10:00",
      class_package_id: pkgId,
    });
    expect(tied.statusCode).toBe(201);
    const used = await send("DELETE", `/api/class_packages/${pkgId}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe(messages.packageInUse);
  });

  it("deletes a package nobody bought and requires a period for subscriptions", async () => {
    const sub = await send("POST", "/api/class_packages", {
      title: "Mensual",
      price: 999,
      is_subscription: true,
    });
    expect(sub.statusCode).toBe(400);
    expect(sub.json().fields).toHaveProperty("subscription_period");
    const pkg = await send("POST", "/api/class_packages", {
      title: "Mensual",
      price: 999,
      sale_price: 899,
      is_subscription: true,
      subscription_period: "month",
      subscription_interval: 1,
      downloadable: { name: "Guía", type: "pdf" },
    });
    expect(pkg.statusCode).toBe(201);
    const id = pkg.json().class_package.class_package_id;
    const put = await send("PUT", "/api/class_packages", {
      class_package_id: id,
      sale_price: null,
      class_package_types: [],
    });
    expect(put.json().class_package).toMatchObject({
      price: 999,
      sale_price: null,
      subscription_period: "month",
    });
    expect((await send("DELETE", `/api/class_packages/${id}`)).json()).toEqual({
      message: messages.packageDeleted,
    });
  });
});

describe("videos and video types", () => {
  it("saves a video with its tags; a video type with videos cannot be deleted", async () => {
    const type = await send("POST", "/api/video_types", { name: "Cardio" });
    expect(type.statusCode).toBe(201);
    const typeId = type.json().video_type.video_type_id;
    const tag = await send("POST", "/api/tags", { name: "Principiante", type: "video" });
    const tagId = tag.json().tag.tag_id;
    const video = await send("POST", "/api/videos", {
      name: "HIIT 20",
      host: "youtube",
      url: "abc123",
      duration: 1200,
      video_type_id: typeId,
      release_date: "2031-01-01T12:00:00.000Z",
      tag_ids: [tagId, tagId],
    });
    expect(video.statusCode).toBe(201);
    expect(video.json()).toMatchObject({
      message: messages.videoSaved,
      video: { name: "HIIT 20", tag_ids: [tagId] },
    });
    const videoId = video.json().video.video_id;
    const retag = await send("PUT", "/api/videos", { video_id: videoId, tag_ids: [] });
    expect(retag.json().video).toMatchObject({ name: "HIIT 20", tag_ids: [] });
    const blocked = await send("DELETE", `/api/video_types/${typeId}`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(messages.videoTypeInUse);
    expect((await send("DELETE", `/api/videos/${videoId}`)).json().message).toBe(messages.videoDeleted);
    expect((await send("DELETE", `/api/video_types/${typeId}`)).json().message).toBe(
      messages.videoTypeDeleted,
    );
  });
});
