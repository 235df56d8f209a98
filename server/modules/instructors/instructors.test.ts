import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { class_types, instructors, single_class_instructors, single_classes } from "../../db/schema/calendar";
import { appWithAdminAndCustomer } from "../../test/fixtures";
import { testDriver } from "../../test/test-driver";

describe(`instructors API (${testDriver()})`, () => {
  const { app, admin, customer, inject } = appWithAdminAndCustomer();
  const create = async (body: object) => {
    const res = await inject("POST", "/api/instructors", admin, body);
    expect(res.statusCode).toBe(201);
    return res.json().instructor as { instructor_id: number };
  };

  it.each([
    ["POST", "/api/instructors", { name: "X" }],
    ["PUT", "/api/instructors", { instructor_id: 1, name: "X" }],
    ["DELETE", "/api/instructors/1", undefined],
  ] as const)("%s %s: 401 for a visitor, 403 for a customer", async (method, url, payload) => {
    expect((await inject(method, url, {}, payload)).statusCode).toBe(401);
    expect((await inject(method, url, customer, payload)).statusCode).toBe(403);
  });

  it("creates a coach; the public sees the birthday as day and month only", async () => {
    const res = await inject("POST", "/api/instructors", admin, {
      name: "Valeria",
      last_name: "Ríos",
      quote: "Cada pedalada cuenta",
      instagram: "@vale",
      birthdate: "1990-03-15",
      music_type: "House",
      short_bio: "Coach de cycling",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("Coach guardado.");
    const id = res.json().instructor.instructor_id;
    expect(res.json().instructor.birthdate).toBe("1990-03-15");

    const pub = (await inject("GET", `/api/instructors/${id}`)).json().instructor;
    expect(pub).toMatchObject({
      name: "Valeria",
      quote: "Cada pedalada cuenta",
      birthday: { day: 15, month: 3 },
    });
    expect(pub).not.toHaveProperty("birthdate");
    expect(JSON.stringify(pub)).not.toContain("1990");
    // Instagram is stored without its "@" (product-rules.md#profile); a row saved before with one
    // reads the same.
    expect(pub.instagram).toBe("vale");
    const [stored] = await app()
      .db.select({ instagram: instructors.instagram })
      .from(instructors)
      .where(eq(instructors.instructor_id, id));
    expect(stored?.instagram).toBe("vale");
    await app()
      .db.update(instructors)
      .set({ instagram: "@vale.old" })
      .where(eq(instructors.instructor_id, id));
    expect((await inject("GET", `/api/instructors/${id}`)).json().instructor.instagram).toBe("vale.old");
    const edited = await inject("PUT", "/api/instructors", admin, {
      instructor_id: id,
      name: "Valeria",
      instagram: "https://www.instagram.com/vale.ríos/",
    });
    expect(edited.json().instructor.instagram).toBe("vale.ríos");
  });

  it("hides inactive coaches from the public lists and profile, not from admins", async () => {
    const hidden = await create({ name: "Oculto", active: false });
    const shown = await create({ name: "Visible", order: 0 });
    for (const url of ["/api/instructors", "/api/instructors/home/all"]) {
      const names = (await inject("GET", url)).json().instructors.map((i: { name: string }) => i.name);
      expect(names).toContain("Visible");
      expect(names).not.toContain("Oculto");
    }
    expect((await inject("GET", `/api/instructors/${hidden.instructor_id}`)).statusCode).toBe(404);
    expect((await inject("GET", `/api/instructors/${hidden.instructor_id}`, customer)).statusCode).toBe(404);
    expect((await inject("GET", `/api/instructors/${hidden.instructor_id}`, admin)).statusCode).toBe(200);
    const all = (await inject("GET", "/api/instructors", admin))
      .json()
      .instructors.map((i: { name: string }) => i.name);
    expect(all).toContain("Oculto");
    expect(shown.instructor_id).toBeGreaterThan(0);
  });

  it("updates only what a PUT sends", async () => {
    const coach = await create({ name: "Diego", quote: "Sin excusas", music_type: "Rock" });
    const res = await inject("PUT", "/api/instructors", admin, {
      instructor_id: coach.instructor_id,
      name: "Diego",
      music_type: "",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().instructor).toMatchObject({ quote: "Sin excusas", music_type: null });
    expect(
      (await inject("PUT", "/api/instructors", admin, { instructor_id: 999999, name: "X" })).statusCode,
    ).toBe(404);
  });

  it("rejects bad input and unknown files with 400", async () => {
    expect((await inject("POST", "/api/instructors", admin, { name: "" })).statusCode).toBe(400);
    expect(
      (await inject("POST", "/api/instructors", admin, { name: "X", birthdate: "15/03/1990" })).statusCode,
    ).toBe(400);
    const noFile = await inject("POST", "/api/instructors", admin, { name: "X", file_id: 999999 });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({
      code: "FILE_NOT_FOUND",
      message: "La imagen seleccionada no existe.",
    });
    expect((await inject("GET", "/api/instructors/abc")).statusCode).toBe(400);
  });

  it("deletes a coach without classes; one with classes answers 409", async () => {
    const free = await create({ name: "Libre" });
    expect((await inject("DELETE", `/api/instructors/${free.instructor_id}`, admin)).json().message).toBe(
      "Coach eliminado.",
    );
    expect((await inject("GET", `/api/instructors/${free.instructor_id}`, admin)).statusCode).toBe(404);

    const busy = await create({ name: "Ocupada" });
    const db = app().db;
    const [type] = await db.insert(class_types).values({ name: "Cycling" }).returning();
    const [cls] = await db
      .insert(single_classes)
      .values({ class_date: new Date(), class_type_id: type!.class_type_id, capacity: 10 })
      .returning();
    await db
      .insert(single_class_instructors)
      .values({ single_class_id: cls!.single_class_id, instructor_id: busy.instructor_id });
    const res = await inject("DELETE", `/api/instructors/${busy.instructor_id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("INSTRUCTOR_HAS_CLASSES");
  });
});
