import { afterAll, beforeAll } from "vitest";
import { aggregatorsCases } from "./aggregators.cases";
import { type BuildSuite, startBuildSuite } from "./build-suite";
import { messagingCases } from "./messaging.cases";
import { providersCases } from "./providers.cases";

/**
 * The build suite (decisions 0058, 0132): the compiled server as `npm start` runs it, booted once
 * with every provider's loopback double beside it, and each provider's paths walked through HTTP.
 */
let suite: BuildSuite;

beforeAll(async () => {
  suite = await startBuildSuite();
}, 360_000);

afterAll(async () => {
  await suite?.close();
});

const current = () => suite;
providersCases(current);
messagingCases(current);
aggregatorsCases(current);
