import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** Form bodies (Stripe) as a flat map of bracketed keys; JSON bodies (PayPal) parsed. */
  form: Record<string, string>;
  json: unknown;
};

export type FakeReply = { status?: number; body: unknown };
export type FakeHandler = (request: FakeRequest) => FakeReply | undefined;

/**
 * A tiny HTTP server on 127.0.0.1 with a random port standing in for a payment processor's API in
 * tests: every request is recorded, and answered by the handler (404 when it returns nothing).
 */
export async function startHttpFake(handler: FakeHandler) {
  const requests: FakeRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const isJson = String(req.headers["content-type"] ?? "").includes("json");
      const request: FakeRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        form: isJson ? {} : Object.fromEntries(new URLSearchParams(raw)),
        json: isJson && raw ? JSON.parse(raw) : null,
      };
      requests.push(request);
      const reply = handler(request) ?? { status: 404, body: { error: { message: "not faked" } } };
      res.writeHead(reply.status ?? 200, { "content-type": "application/json" });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
