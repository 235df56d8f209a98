import type { Registry } from "prom-client";

/**
 * The two per-route series of every answer (requests by status, time to answer), kept as plain
 * counters and turned into prom-client's exposition only when /metrics is scraped.
 *
 * Why not prom-client's Counter and Histogram: each inc() and observe() validates and hashes its
 * label object (sorting the names) on every call, even through `.labels()`, a share of the
 * smallest signed-in route's time (decision 0042). Here an answer costs one Map lookup by
 * "METHOD route" and a few additions; the label values are the route pattern, the method and the
 * status code, so the series stay as few as the route table (never a raw URL).
 */
export class RouteMetrics {
  private readonly series = new Map<string, RouteSeries>();

  constructor(
    private readonly names: { requests: string; duration: string },
    private readonly help: { requests: string; duration: string },
    /** Upper bounds of the latency buckets, in seconds, ascending. */
    private readonly buckets: readonly number[],
  ) {}

  /** One answer: its route's series (created on first use), its status and its time. */
  record(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        method,
        route,
        byStatus: new Map(),
        buckets: new Array(this.buckets.length).fill(0),
        sum: 0,
        count: 0,
      };
      this.series.set(key, series);
    }
    series.byStatus.set(status, (series.byStatus.get(status) ?? 0) + 1);
    series.sum += seconds;
    series.count += 1;
    // Bucket counts are stored per bucket and made cumulative when scraped.
    for (let i = 0; i < this.buckets.length; i++) {
      if (seconds <= this.buckets[i]!) {
        series.buckets[i]! += 1;
        break;
      }
    }
  }

  /** Adds the two metrics to `registry`, which formats them like its own on every scrape. */
  registerIn(registry: Registry): void {
    const reset = () => this.series.clear();
    registry.registerMetric({
      name: this.names.requests,
      help: this.help.requests,
      type: "counter",
      get: async () => ({
        name: this.names.requests,
        help: this.help.requests,
        type: "counter",
        aggregator: "sum",
        values: [...this.series.values()].flatMap(({ method, route, byStatus }) =>
          [...byStatus].map(([status, value]) => ({
            labels: { method, route, status: String(status) },
            value,
          })),
        ),
      }),
      reset,
    } as never);
    registry.registerMetric({
      name: this.names.duration,
      help: this.help.duration,
      type: "histogram",
      get: async () => ({
        name: this.names.duration,
        help: this.help.duration,
        type: "histogram",
        aggregator: "sum",
        values: [...this.series.values()].flatMap((series) => this.histogramValues(series)),
      }),
      reset,
    } as never);
  }

  /** prom-client's histogram lines: cumulative buckets with `le`, then +Inf, sum and count. */
  private histogramValues({ method, route, buckets, sum, count }: RouteSeries) {
    const labels = { method, route };
    const bucketName = `${this.names.duration}_bucket`;
    let cumulative = 0;
    const lines = this.buckets.map((le, i) => {
      cumulative += buckets[i]!;
      return { metricName: bucketName, labels: { le, ...labels }, value: cumulative };
    });
    return [
      ...lines,
      { metricName: bucketName, labels: { le: "+Inf", ...labels }, value: count },
      { metricName: `${this.names.duration}_sum`, labels, value: sum },
      { metricName: `${this.names.duration}_count`, labels, value: count },
    ];
  }
}

type RouteSeries = {
  method: string;
  route: string;
  byStatus: Map<number, number>;
  /** Answers per bucket (not cumulative); slower than the last bound only count in +Inf. */
  buckets: number[];
  sum: number;
  count: number;
};
