import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PHONE_NUMBER } from "~/server/leads/phone";
import { prepareServerStore, startBuiltServer, stopBuiltServer, type BuiltServer, type ServerStore } from "./support/built-server";
import { request } from "./support/http";

// Issue 10 §8: WEB_CONCURRENCY=2 runs two worker processes on one port that share the database and
// the lead limits, and stop together on SIGTERM.
let store: ServerStore;
let server: BuiltServer;

/** The processes whose parent is `pid` (from /proc). */
function children(pid: number): number[] {
  const found: number[] = [];
  for (const task of readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/)) if (task) found.push(Number(task));
  return found;
}

beforeAll(async () => {
  store = await prepareServerStore("cluster", { WEB_CONCURRENCY: "2", RATE_LIMIT_PER_MINUTE: "3" });
  server = await startBuiltServer(store.env, {
    stdio: ["ignore", "ignore", "pipe"],
    ready: ({ process }) => children(process.pid ?? 0).length === 2,
  });
}, 60_000);

afterAll(async () => {
  stopBuiltServer(server);
  await store.cleanup();
});

describe("WEB_CONCURRENCY=2", () => {
  it("two workers answer on one port, share the lead limit, and all stop on SIGTERM", async () => {
    const workers = children(server.process.pid ?? 0);
    expect(workers).toHaveLength(2);

    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const reply = await request(server.port, "harbourside.localhost", "/api/leads", {
        method: "POST",
        body: JSON.stringify({
          lead: {
            category: "General Enquiry",
            name: "Jane",
            last_name: "Citizen",
            email: "jane@example.com",
            phone: TEST_PHONE_NUMBER,
            message: `Hello ${i}`,
            location_id: 2101,
            dealership_slug: "harbourside-mazda",
            opt_in: true,
          },
        }),
        headers: { "content-type": "application/json", origin: "http://harbourside.localhost", connection: "close" },
      });
      statuses.push(reply.status);
    }
    // Six posts spread over two workers: one shared count lets exactly three through.
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);

    server.process.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});
