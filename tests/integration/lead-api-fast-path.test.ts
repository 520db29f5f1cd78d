import type { ActionFunctionArgs, ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { TEST_PHONE_NUMBER } from "~/server/leads/phone";
import { freshIp, formsAppForFile, type Reply } from "./forms-harness";
import { loadBuild } from "./support/http";

// server/http/lead-api.ts answers exactly `POST /api/leads` before Remix; any other form of the path
// (here a query string) still goes through Remix to app/routes/api.leads.tsx. Both must answer the
// same body the same way. The route's action is counted, so each answer's path is known, not assumed.
let routeActions = 0;
const HOST = "harbourside.localhost";
const API_KEY = "harbourside-test-api-key-0123456789";
const FAST = "/api/leads";
const THROUGH_REMIX = "/api/leads?through=remix";

/** The production build with app/routes/api.leads.tsx's own action, counted. */
async function countedBuild(): Promise<ServerBuild> {
  const build = await loadBuild();
  const route = build.routes["routes/api.leads"];
  const action = route?.module.action;
  if (!route || !action) throw new Error("the build has no routes/api.leads action");
  const counted = (args: ActionFunctionArgs) => {
    routeActions += 1;
    return action(args);
  };
  return { ...build, routes: { ...build.routes, "routes/api.leads": { ...route, module: { ...route.module, action: counted } } } };
}

const app = formsAppForFile({ LEAD_API_KEY_HARBOURSIDE: API_KEY }, async () => ({ build: await countedBuild() }));

const goodLead = {
  category: "General Enquiry",
  name: "Jane",
  last_name: "Citizen",
  email: "jane@example.com",
  phone: TEST_PHONE_NUMBER,
  message: "Is the car still available?",
  location_id: 2101,
  dealership_slug: "harbourside-mazda",
  opt_in: true,
  url: "http://harbourside.localhost/contact",
};
const sameSite = { origin: `http://${HOST}` };

/** Body, headers, and what a client could tell apart: status, the headers an API client reads, the JSON. */
type Case = { name: string; body: string; headers?: Record<string, string> };
const CASES: Case[] = [
  { name: "a valid lead from the site's own page", body: JSON.stringify({ lead: goodLead }), headers: sameSite },
  { name: "a valid lead with the API key and no Origin", body: JSON.stringify({ lead: goodLead }), headers: { "x-api-key": API_KEY } },
  { name: "JSON that does not parse", body: "{", headers: sameSite },
  { name: "a JSON array", body: "[]", headers: sameSite },
  { name: "no lead object", body: "{}", headers: sameSite },
  {
    name: "fields that break their rules",
    body: JSON.stringify({ lead: { ...goodLead, email: "no-at-sign", phone: "12" } }),
    headers: sameSite,
  },
  {
    name: "a dealership of another site",
    body: JSON.stringify({ lead: { ...goodLead, dealership_slug: "kiwi-motors-auckland" } }),
    headers: sameSite,
  },
  { name: "an unknown category", body: JSON.stringify({ lead: { ...goodLead, category: "Free Car" } }), headers: sameSite },
  { name: "no Origin and no API key", body: JSON.stringify({ lead: goodLead }) },
  { name: "a wrong API key", body: JSON.stringify({ lead: goodLead }), headers: { "x-api-key": "not-the-key" } },
];

function post(urlPath: string, body: string, headers: Record<string, string> = {}, ip = freshIp()): Promise<Reply> {
  return app.send(HOST, urlPath, { method: "POST", ip, body, headers: { "content-type": "application/json", ...headers } });
}

/**
 * What a client sees: status, headers and the JSON, with what differs on every call replaced — the
 * date, the request id, a new lead's id and update token, and the seconds a 429 names.
 */
function seen(reply: Reply) {
  const { date: _date, "x-request-id": _requestId, ...headers } = reply.headers;
  const body = JSON.parse(reply.body) as Record<string, unknown>;
  for (const key of ["id", "update_token"]) if (typeof body[key] === "string") body[key] = `<${key}>`;
  const seconds = headers["retry-after"];
  if (seconds !== undefined) {
    headers["retry-after"] = "<seconds>";
    if (typeof body.error === "string") body.error = body.error.replace(`${seconds} second`, "<seconds> second");
  }
  return { status: reply.status, headers, body };
}

/** The same requests on each path; `requests`: how many posts one `send` makes. */
async function both(send: (urlPath: string) => Promise<Reply>, requests = 1) {
  const before = routeActions;
  const fast = await send(FAST);
  expect(routeActions, "the direct route answered without Remix").toBe(before);
  const remix = await send(THROUGH_REMIX);
  expect(routeActions, "the Remix route answered").toBe(before + requests);
  return { fast, remix };
}

describe("POST /api/leads: the direct route and the Remix route answer alike", () => {
  for (const { name, body, headers } of CASES) {
    it(name, async () => {
      const { fast, remix } = await both((urlPath) => post(urlPath, body, headers));
      expect(seen(fast)).toEqual(seen(remix));
    });
  }

  it("stores the same lead from the same valid body", async () => {
    const { fast, remix } = await both((urlPath) => post(urlPath, JSON.stringify({ lead: goodLead }), sameSite));
    const stored = async (reply: Reply) => {
      const { id } = JSON.parse(reply.body) as { id: string };
      const row = await app.db.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      const payload = JSON.parse(String(row.payload)) as Record<string, unknown>;
      const { id: _id, created_at: _created, updated_at: _updated, update_token_hash: _token, ...columns } = row;
      return { ...columns, payload: { ...payload, lead_id: "<id>", created_at: "<now>" } };
    };
    expect(await stored(fast)).toEqual(await stored(remix));
  });

  it("a client over the lead limit (8 a minute in the harness) gets the same 429 either way", async () => {
    const invalid = JSON.stringify({ lead: { ...goodLead, email: "no-at-sign" } });
    const { fast, remix } = await both(async (urlPath) => {
      const ip = freshIp();
      for (let i = 0; i < 8; i++) expect((await post(urlPath, invalid, sameSite, ip)).status).toBe(400);
      return post(urlPath, invalid, sameSite, ip);
    }, 9);
    expect(fast.status).toBe(429);
    expect(seen(fast)).toEqual(seen(remix));
  });
});
