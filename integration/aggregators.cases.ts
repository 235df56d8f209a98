import { beforeAll, describe, expect, it } from "vitest";
import { WELLHUB_SIGNATURE_HEADER, wellhubSignature } from "../server/modules/aggregators/wellhub";
import { type BuildSuite, WELLHUB } from "./build-suite";
import type { CompiledServer, Json } from "./compiled-server";

/**
 * Wellhub on the production build (decision 0102): the compiled server, its pg-boss jobs running,
 * against the loopback double of Wellhub's partner APIs. The settings publish the studio's
 * classes, a signed booking is accepted and answered RESERVED by the job, and a check-in at the
 * desk validates the visit.
 */
const SECRET = "wh-build-secret";

let wellhub: BuildSuite["wellhub"];
let server: CompiledServer;

async function until<T>(
  read: () => T | undefined | Promise<T | undefined>,
  what: string,
  ms = 90_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The aggregator paths, registered in integration/compiled-server.test.ts beside the others. */
export function aggregatorsCases(suite: () => BuildSuite) {
  beforeAll(() => {
    ({ server, wellhub } = suite());
  });

  describe("Wellhub on the compiled server", () => {
    it("publishes, accepts a signed booking, answers it and validates the checked-in visit", async () => {
      const admin = await server.signIn("admin@demo.mx");
      const types = (await server.call("GET", "/api/class_types")).json.class_types as Json[];
      const type = types[0]!;
      const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const created = await server.call("POST", "/api/single_class", {
        token: admin,
        body: {
          class_type_id: type.class_type_id,
          class_date: `${day}T06:35`,
          duration_minutes: 50,
          capacity: 12,
        },
      });
      expect(created.status).toBe(201);
      const classId = created.json.single_class.single_class_id as number;
      const saved = await server.call("PUT", "/api/admin/aggregators/wellhub", {
        token: admin,
        body: {
          enabled: true,
          partner_id: WELLHUB.gym,
          product_id: "3",
          api_key: WELLHUB.token,
          webhook_secret: SECRET,
          class_type_ids: [type.class_type_id],
          seats_per_class: 2,
          rate: 90,
        },
      });
      expect(saved.status).toBe(200);
      expect(JSON.stringify(saved.json)).not.toContain(SECRET);

      // The job publishes every class still to come of the type; ours among them.
      const slotId = await until(() => {
        // 06:35 in Mexico City (UTC-6, the demo studio's zone): no demo class starts then.
        const found = [...wellhub.slots.entries()].find(([, s]) => s.occur_date.startsWith(`${day}T12:35`));
        return found?.[0];
      }, "the class's slot");

      const raw = JSON.stringify({
        event_type: "booking-requested",
        event_data: {
          user: { unique_token: "2020202020202", name: "Iris Corporativa", email: "iris@corp.mx" },
          slot: {
            id: Number(slotId),
            gym_id: Number(WELLHUB.gym),
            class_id: 1,
            booking_number: "BK_BUILD_1",
          },
          timestamp: Date.now(),
          event_id: "build-1",
        },
      });
      const webhook = await server.call("POST", "/api/webhooks/aggregators/wellhub", {
        raw,
        headers: {
          "content-type": "application/json",
          [WELLHUB_SIGNATURE_HEADER]: wellhubSignature(SECRET, raw),
        },
      });
      expect(webhook.status).toBe(200);
      expect(webhook.json).toMatchObject({ applied: true, outcome: "accepted" });
      const forged = await server.call("POST", "/api/webhooks/aggregators/wellhub", {
        raw,
        headers: { "content-type": "application/json", [WELLHUB_SIGNATURE_HEADER]: "0XBAD" },
      });
      expect(forged.status).toBe(401);

      await until(() => wellhub.answers.find((a) => a.booking === "BK_BUILD_1"), "the RESERVED answer");
      const seats = await server.call("GET", `/api/admin/aggregators/classes/${classId}`, { token: admin });
      const seat = (seats.json.bookings as Json[]).find((b) => b.aggregator === "wellhub");
      expect(seat).toMatchObject({ status: "accepted" });

      const checkIn = await server.call(
        "PUT",
        `/api/admin/class_reservations/${seat!.class_reservation_id}/check_in`,
        {
          token: admin,
          body: { status: "attended" },
        },
      );
      expect(checkIn.status).toBe(200);
      await until(() => (wellhub.validations.includes("2020202020202") ? true : undefined), "the validation");
    }, 240_000);
  });
}
