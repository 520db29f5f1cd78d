import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareServerStore, startBuiltServer, stopBuiltServer, type BuiltServer, type ServerStore } from "./support/built-server";
import { request } from "./support/http";
import { stockImportCommand } from "../fixtures/stock-import-command";

// A dealer imports stock with the CLI while the site runs; every running instance (two
// production servers on one database — on SQLite, one) shows the new cars and the old ones as
// 'JUST SOLD' within seconds, with no restart.
const run = promisify(execFile);
const HOST = "harbourside.localhost";
const NEW_MAKE = "Zedcar";

let store: ServerStore;
const servers: BuiltServer[] = [];

async function searchJson(port: number, query: string): Promise<{ estimatedTotalHits: number; hits: { slug: string }[] }> {
  const reply = await request(port, HOST, `/api/search/new-used-and-demo-cars?${query}`);
  expect(reply.status).toBe(200);
  return JSON.parse(reply.body) as { estimatedTotalHits: number; hits: { slug: string }[] };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not within ${timeoutMs} ms`);
}

beforeAll(async () => {
  store = await prepareServerStore("live", { STOCK_POLL_MS: "500" });
  servers.push(await startBuiltServer(store.env));
  // Several instances share PostgreSQL; SQLite is one process's file. The second one polls only every
  // ten minutes: it can see the import within seconds only through LISTEN/NOTIFY.
  if (store.databaseUrl) servers.push(await startBuiltServer(store.env, { extra: { STOCK_POLL_MS: "600000" } }));
}, 60_000);

afterAll(async () => {
  for (const server of servers) stopBuiltServer(server);
  await store.cleanup();
});

describe("a CLI import reaches every running instance", () => {
  it("shows the feed's cars in place of the demo, and a car missing from the next feed as 'JUST SOLD', without a restart", async () => {
    const [first] = servers;
    const before = await searchJson(first.port, "");
    expect(before.estimatedTotalHits).toBeGreaterThan(100);
    const gone = before.hits[0].slug;
    expect((await searchJson(first.port, `refinementList[make][0]=${NEW_MAKE}`)).estimatedTotalHits).toBe(0);

    const feed = path.join(store.dataDir, "feed.csv");
    writeFileSync(
      feed,
      [
        "Stock #,Year,Make,Model,Price,New/Used,Kms,Body Style",
        `LIVE1,2022,${NEW_MAKE},Alpha,"$31,990",Used,"12,000",SUV`,
        `LIVE2,2023,${NEW_MAKE},Beta,"$42,500",Used,"8,000",Hatchback`,
        `LIVE3,2024,${NEW_MAKE},Gamma,"$55,000",New,0,Sedan`,
      ].join("\r\n"),
    );
    // The site still shows its generated demo: the first import replaces it (never refused as a
    // truncated feed, and no demo car shown as sold), and the report says so.
    const importing = stockImportCommand(["--tenant", "harbourside", "--file", feed]);
    const replaced = await run(importing.file, importing.args, { env: store.env });
    expect(replaced.stdout).toMatch(/demo stock removed: [\d,]+ generated vehicles/);

    for (const server of servers) {
      const ms = await waitFor(async () => (await searchJson(server.port, "")).estimatedTotalHits === 3, 5_000);
      expect(ms).toBeLessThan(5_000);
      expect((await request(server.port, HOST, `/cars/${gone}`)).status).toBe(404);
    }

    // A later full import without LIVE3 (a third of the listing: only with --force) shows it as 'JUST SOLD'.
    const soldSlug = (await searchJson(first.port, "q=Gamma")).hits[0]?.slug;
    expect(soldSlug).toBeDefined();
    writeFileSync(feed, readFileSync(feed, "utf8").replace(/\r\nLIVE3[^\r]*/, ""));
    const forcing = stockImportCommand(["--tenant", "harbourside", "--file", feed, "--force"]);
    await run(forcing.file, forcing.args, { env: store.env });
    for (const server of servers) {
      await waitFor(async () => {
        const page = await request(server.port, HOST, `/cars/${soldSlug}`);
        return page.status === 200 && page.body.includes("JUST SOLD");
      }, 5_000);
    }
  }, 60_000);
});
