import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Vehicle } from "~/server/stock/vehicle";

export type StockApiRequest = { path: string; authorization: string | undefined; accept: string | undefined };

/** A scripted answer for one slug: status and body (a string is sent as-is, anything else as JSON). */
export type ScriptedReply = { status: number; body?: unknown } | { hang: true };

export type FakeStockApi = {
  /** Base URL, as site.stock_api.base_url. */
  url: string;
  requests: StockApiRequest[];
  vehicles: Map<string, Vehicle>;
  /** Replies used, in order, before the vehicle map answers: e.g. two 500s then the vehicle. */
  script: (slug: string, replies: ScriptedReply[]) => void;
  /** Requests for a slug's path. */
  requestsFor: (slug: string) => StockApiRequest[];
  close: () => Promise<void>;
};

const PATH = /^\/api\/websites\/(\d+)\/cars\/([^/]+)\.json$/;

/** The dealer stock API (spec 000 §7) as a real local HTTP server: GET /api/websites/{id}/cars/{slug}.json. */
export async function startFakeStockApi(websiteId: number): Promise<FakeStockApi> {
  const requests: StockApiRequest[] = [];
  const vehicles = new Map<string, Vehicle>();
  const scripts = new Map<string, ScriptedReply[]>();
  const held: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "";
    requests.push({ path, authorization: req.headers.authorization, accept: req.headers.accept });
    const match = PATH.exec(path);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(typeof body === "string" ? body : JSON.stringify(body ?? {}));
    };
    if (!match || Number(match[1]) !== websiteId) return send(404, { error: "not found" });
    const slug = decodeURIComponent(match[2] ?? "");
    const scripted = scripts.get(slug)?.shift();
    if (scripted && "hang" in scripted) {
      held.push(res);
      return;
    }
    if (scripted) return send(scripted.status, scripted.body);
    const vehicle = vehicles.get(slug);
    return vehicle ? send(200, vehicle) : send(404, { error: "not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    requests,
    vehicles,
    script: (slug, replies) => scripts.set(slug, [...replies]),
    requestsFor: (slug) => requests.filter((request) => request.path.endsWith(`/cars/${encodeURIComponent(slug)}.json`)),
    close: () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
