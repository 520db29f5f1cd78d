import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * A local stand-in for the dealer dashboard's `GET /api/v1/websites/{id}/website_session_data.json`
 * (spec 000 §7), answering the shape of server/dashboard/session-data.ts. Used by the tests and by
 * DEMO_FAKES=1 (mounted under /__fakes/dashboard).
 */
export type FakeDashboardMode = "ok" | "error" | "junk" | "html" | "slow";

export type FakeDashboard = {
  handle(req: IncomingMessage, res: ServerResponse, path: string): void;
  /** What every call answers: the website's data, a 500 with an error field, another shape, an HTML page, or late. */
  mode: FakeDashboardMode;
  /** The answer per website id; a website not here answers 404. */
  websites: Map<number, unknown>;
  calls: { path: string; accept: string | undefined }[];
};

const SESSION_DATA_PATH = /^\/api\/v1\/websites\/(\d+)\/website_session_data\.json$/;

export function createFakeDashboard(options: { slowMs?: number } = {}): FakeDashboard {
  const dashboard: FakeDashboard = {
    mode: "ok",
    websites: new Map(),
    calls: [],
    handle(req, res, path) {
      dashboard.calls.push({ path, accept: req.headers.accept });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const match = req.method === "GET" ? SESSION_DATA_PATH.exec(new URL(path, "http://fake").pathname) : null;
      const data = match ? dashboard.websites.get(Number(match[1])) : undefined;
      if (data === undefined) return send(404, { error: "Website not found" });
      if (dashboard.mode === "error") return send(500, { error: "Dashboard maintenance" });
      if (dashboard.mode === "junk") return send(200, { notice: { text: 42 } });
      if (dashboard.mode === "html") {
        res.writeHead(200, { "Content-Type": "text/html" });
        return res.end("<!doctype html><title>Sign in</title>");
      }
      if (dashboard.mode === "slow") setTimeout(() => send(200, data), options.slowMs ?? 10_000).unref();
      else send(200, data);
    },
  };
  return dashboard;
}
