import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "~/server/lib/logger";
import { closeServices, type Services } from "~/server/services";
import { loadTenants } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import { servicesFor } from "./support/services";
import { openTestDb, type TestDb } from "./support/test-db";

// An outside system that stays away is reported when it goes, not at every reconnect attempt of
// its client (ioredis retries every 50 ms – 2 s, and each failure used to be a warning).
let testDb: TestDb;
let tenantsDir: string;
let services: Services | undefined;

beforeAll(async () => {
  tenantsDir = mkdtempSync(path.join(tmpdir(), "forecourt-warnings-tenants-"));
  cpSync(path.resolve("tenants/kiwi-motors"), path.join(tenantsDir, "kiwi-motors"), { recursive: true });
  testDb = await openTestDb();
});

afterAll(async () => {
  if (services) await closeServices(services);
  await testDb?.cleanup();
  rmSync(tenantsDir, { recursive: true, force: true });
});

describe("Redis down", () => {
  it("is logged once while it stays down, not at every reconnect", async () => {
    const warn = vi.spyOn(logger, "warn");
    try {
      const tenants = new TenantDirectory(loadTenants(tenantsDir), { defaultTenant: "kiwi-motors", trustProxy: false });
      // Port 1: nothing listens, every connection attempt is refused at once.
      services = await servicesFor({ tenants, db: testDb.handle, env: { REDIS_URL: "redis://127.0.0.1:1" } });
      const attempts = { count: 0 };
      services.redis?.on("error", () => (attempts.count += 1));
      // Several failed reconnects (each an 'error' event), however slowly this machine runs them.
      for (let waited = 0; attempts.count < 4 && waited < 15_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(attempts.count).toBeGreaterThanOrEqual(4);
      const redisWarnings = warn.mock.calls.filter((call) =>
        call.some((arg) => typeof arg === "string" && arg.startsWith("redis unavailable")),
      );
      expect(redisWarnings).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });
});
