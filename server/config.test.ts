import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("environment config", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DEMO).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it("names the bad variable in the message", () => {
    expect(() => loadConfig({ PORT: "noventa" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(
      /DATABASE_URL: debe empezar con postgres/,
    );
    expect(() => loadConfig({ DEMO: "quizá" })).toThrow(/DEMO/);
  });

  it("seeds the demo studio by default only on the embedded database", () => {
    const postgres = "postgres://estudio@db:5432/estudio";
    expect(loadConfig({ DATABASE_URL: postgres }).DEMO).toBe(false);
    expect(loadConfig({ DATABASE_URL: postgres, DEMO: "1" }).DEMO).toBe(true);
    expect(loadConfig({ DEMO: "0" }).DEMO).toBe(false);
  });

  it("sizes the PostgreSQL pool from DATABASE_POOL_SIZE, 20 by default", () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: "4" }).DATABASE_POOL_SIZE).toBe(4);
    for (const bad of ["0", "2.5", "muchas", "500"]) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(
        /DATABASE_POOL_SIZE: debe ser un número entero de 1 a 200/,
      );
    }
  });

  it("treats empty values as unset and requires a secret in production", () => {
    expect(loadConfig({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET/);
  });
});
