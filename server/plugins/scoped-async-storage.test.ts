import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { betterAuthStorage, ScopedAsyncLocalStorage, scopedStorageState } from "./scoped-async-storage";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("scoped async storage (decision 0046)", () => {
  it("keeps each run's store across awaits while runs overlap, and switches off when none is left", async () => {
    const storage = new ScopedAsyncLocalStorage<string>();
    const seen: string[] = [];
    const visit = (name: string, waits: number) =>
      storage.run(name, async () => {
        for (let i = 0; i < waits; i++) {
          await tick();
          seen.push(`${name}:${storage.getStore()}`);
        }
        return name;
      });
    const running = [visit("ana", 3), visit("beto", 1)];
    expect(scopedStorageState().runsInFlight).toBe(2);
    expect(await Promise.all(running)).toEqual(["ana", "beto"]);
    expect(seen.sort()).toEqual(["ana:ana", "ana:ana", "ana:ana", "beto:beto"]);
    expect(scopedStorageState()).toEqual({ runsInFlight: 0, anyEnabled: false });
    // Outside a run nothing is stored, and the next run works again.
    expect(storage.getStore()).toBeUndefined();
    expect(await storage.run("carla", async () => storage.getStore())).toBe("carla");
    expect(scopedStorageState().anyEnabled).toBe(false);
  });

  it("ends a run that throws or rejects as well", async () => {
    const storage = new ScopedAsyncLocalStorage<number>();
    expect(() =>
      storage.run(1, () => {
        throw new Error("síncrono");
      }),
    ).toThrow("síncrono");
    await expect(storage.run(2, async () => Promise.reject(new Error("asíncrono")))).rejects.toThrow(
      "asíncrono",
    );
    expect(scopedStorageState()).toEqual({ runsInFlight: 0, anyEnabled: false });
  });
});

describe("better-auth on scoped storages", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("signs up and in with its per-call state in our storages, which are off once the calls end", async () => {
    for (const slot of [
      "endpointContextAsyncStorage",
      "requestStateAsyncStorage",
      "adapterAsyncStorage",
    ] as const) {
      expect(betterAuthStorage(slot)).toBeInstanceOf(ScopedAsyncLocalStorage);
    }
    // Several at once: each call must still see its own request state.
    const logins = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const sessions = await Promise.all(
      logins.map((login) => t.app.inject({ url: "/api/auth/get-session", headers: login.headers })),
    );
    expect(sessions.map((res) => res.json().user.email)).toEqual(logins.map((login) => login.email));
    expect(scopedStorageState()).toEqual({ runsInFlight: 0, anyEnabled: false });
  });
});
