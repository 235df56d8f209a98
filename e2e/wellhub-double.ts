import { STATE_PATH, startWellhubFake } from "../test/doubles/aggregators/aggregator-fakes";

/**
 * The journeys' double of Wellhub's partner APIs (decision 0124). e2e/global-setup.ts starts it
 * before the servers and names it to them (WELLHUB_API_URL, read once at start) and stops it after
 * them, so no server ever calls Wellhub's real host nor a closed port; a journey reads what it
 * received over HTTP, since it runs in another process.
 */
export const WELLHUB = { token: "wh-e2e-token", gymId: "4242", secret: "wh-e2e-secret" };

export function startWellhubDouble() {
  return startWellhubFake({ token: WELLHUB.token, gymId: WELLHUB.gymId });
}

type Slot = { occur_date: string };
export type WellhubState = {
  slots: Record<string, Slot>;
  answers: { booking: string; body: { status: string } }[];
  validations: string[];
};

/** What the double has received so far. */
export async function wellhubState(url: string): Promise<WellhubState> {
  const res = await fetch(`${url}${STATE_PATH}`);
  if (!res.ok) throw new Error(`wellhub double: ${res.status}`);
  return (await res.json()) as WellhubState;
}
