import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * A local stand-in for the dealer platform's booking and manufacturer calls (spec 000 §7), with the response
 * shapes of docs/operations.md. Used by the tests (tests/fixtures/fake-dealer-api.ts), `npm run
 * dev:dealer-api` and DEMO_FAKES=1 (mounted under /__fakes/dealer-api). Basic auth is checked.
 */
export type FakeDealerApiMode = "ok" | "error" | "junk" | "empty" | "slow";

export type FakeDealerApiOptions = {
  username: string;
  password: string;
  /** The dealerships' zone for generated slots. */
  timeZone?: string;
  now?: () => number;
  /** How long "slow" holds an answer. */
  slowMs?: number;
};

export type FakeDealerApi = {
  handle(req: IncomingMessage, res: ServerResponse, path: string): void;
  /** What every call answers: real slots, a 500 with an error field, a body without slots, a bare `[]`, or late. */
  mode: FakeDealerApiMode;
  /** Book a slot from elsewhere (a phone call): it disappears from the next answer. */
  take(value: string): void;
  calls: { path: string; authorization: string | undefined }[];
  /** Models per manufacturer slug, for `/manufacturers/{manufacturer}.json`. */
  manufacturers: Map<string, unknown>;
};

const SLOT_PATH = /^\/dealerships\/(\d+)\/available_(appointment|service)_bookings\.json$/;
const MANUFACTURER_PATH = /^\/manufacturers\/([a-z0-9-]+)\.json$/;
const HALF_HOUR = 30 * 60_000;

function localParts(ms: number, timeZone: string): { hour: number; minute: number; weekday: string; offset: string } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hour: "numeric",
    minute: "numeric",
    weekday: "short",
    hourCycle: "h23",
    timeZoneName: "longOffset",
  }).formatToParts(ms);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  const offset = get("timeZoneName").replace("GMT", "") || "+00:00";
  return { hour: Number(get("hour")), minute: Number(get("minute")), weekday: get("weekday"), offset };
}

/** starts_at as the platform would send it: local wall time with the zone's offset. */
export function localIso(ms: number, timeZone: string): string {
  const { offset } = localParts(ms, timeZone);
  const sign = offset.startsWith("-") ? -1 : 1;
  const [h, m] = offset.slice(1).split(":").map(Number);
  const shifted = new Date(ms + sign * ((h ?? 0) * 60 + (m ?? 0)) * 60_000);
  return `${shifted.toISOString().slice(0, 19)}${offset}`;
}

/** Half-hourly slots 9:00–16:30 local on weekdays and Saturday for the next week, plus one already past. */
export function generatedSlots(
  now: number,
  timeZone: string,
  kind: "appointment" | "service",
): { starts_at: string; duration_minutes: number }[] {
  const slots: { starts_at: string; duration_minutes: number }[] = [
    { starts_at: localIso(now - 2 * HALF_HOUR, timeZone), duration_minutes: 30 },
  ];
  const start = Math.ceil(now / HALF_HOUR) * HALF_HOUR;
  for (let ms = start; ms < now + 7 * 24 * 3_600_000; ms += HALF_HOUR) {
    const { hour, weekday } = localParts(ms, timeZone);
    if (weekday === "Sun" || hour < 9 || hour >= 17) continue;
    // Service bays book on the hour; test drives every half hour.
    if (kind === "service" && localParts(ms, timeZone).minute !== 0) continue;
    slots.push({ starts_at: localIso(ms, timeZone), duration_minutes: kind === "service" ? 60 : 30 });
  }
  return slots;
}

export function createFakeDealerApi(options: FakeDealerApiOptions): FakeDealerApi {
  const timeZone = options.timeZone ?? "Australia/Sydney";
  const now = options.now ?? Date.now;
  const taken = new Set<number>();
  const expected = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString("base64")}`;
  const api: FakeDealerApi = {
    mode: "ok",
    calls: [],
    manufacturers: new Map(),
    take(value) {
      taken.add(Date.parse(value));
    },
    handle(req, res, path) {
      api.calls.push({ path, authorization: req.headers.authorization });
      const send = (status: number, body: unknown, statusText?: string) => {
        res.writeHead(status, statusText ?? "", { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== expected) return send(401, { error: "Invalid credentials" });
      const url = new URL(path, "http://fake");
      const slot = SLOT_PATH.exec(url.pathname);
      const manufacturer = MANUFACTURER_PATH.exec(url.pathname);
      if (!slot && !manufacturer) return send(404, { error: "Not found" });
      if (api.mode === "error") return send(500, { error: "Calendar service unavailable" });
      if (api.mode === "junk") return send(200, { bookings: "soon" });
      // Some dealer calendars answer a bare empty list when nothing is free.
      if (api.mode === "empty" && slot) return send(200, []);
      const answer = () => {
        if (manufacturer) {
          const data = api.manufacturers.get(manufacturer[1] ?? "");
          return data ? send(200, data) : send(404, { error: "Manufacturer not found" });
        }
        const kind = slot?.[2] === "service" ? "service" : "appointment";
        const slots = generatedSlots(now(), timeZone, kind).filter((entry) => !taken.has(Date.parse(entry.starts_at)));
        send(200, { dealership_id: Number(slot?.[1]), time_zone: timeZone, slots });
      };
      if (api.mode === "slow") setTimeout(answer, options.slowMs ?? 10_000).unref();
      else answer();
    },
  };
  return api;
}
