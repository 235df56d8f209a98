// autocannon ships no types; the bench uses this much of it.
declare module "autocannon" {
  interface Histogram {
    p50: number;
    p99: number;
    average: number;
    max: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
  }
  // biome-ignore lint/suspicious/noExplicitAny: options are passed through as autocannon documents them
  export default function autocannon(options: Record<string, any>): Promise<Result>;
}
