import { createApp } from "~/server/http/app";
import type { Services } from "~/server/services";
import type { TenantDirectory } from "~/server/tenants/resolve";
import { forFile } from "./file-scope";
import { listen, loadBuild } from "./http";
import { servicesFor, type TestServiceOptions } from "./services";
import { openTestDb, type TestDb } from "./test-db";

export type AppServer = { port: number; close: () => Promise<void> };

/**
 * The production build behind createApp on a free local port, over the given services or the ones
 * servicesFor builds for these tenants and database. No proxy trust: the Host header picks the site.
 */
export async function startApp(options: TestServiceOptions | { services: Services }): Promise<AppServer> {
  const services = "services" in options ? options.services : await servicesFor(options);
  return listen(createApp({ build: await loadBuild(), services, mode: "production", trustProxy: false }));
}

export type FileApp = AppServer & { testDb: TestDb; services: Services };

/**
 * One app for a whole test file or describe block (see forFile): a fresh test database and the build over these tenants
 * on it, started before the file's tests; the server closed and the database dropped after them.
 */
export function appForFile(tenants: TenantDirectory | (() => TenantDirectory)): FileApp {
  return forFile<FileApp>(
    async () => {
      const testDb = await openTestDb();
      try {
        const services = await servicesFor({ tenants: typeof tenants === "function" ? tenants() : tenants, db: testDb.handle });
        const server = await startApp({ services });
        return { port: server.port, testDb, services, close: () => server.close().finally(() => testDb.cleanup()) };
      } catch (error) {
        await testDb.cleanup();
        throw error;
      }
    },
    (app) => app.close(),
  );
}
