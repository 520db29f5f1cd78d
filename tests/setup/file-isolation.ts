import { afterAll, vi } from "vitest";

/**
 * Test files share their worker process (`isolate: false` in vitest.config.ts): importing the server and the build
 * afresh for every file cost ~1.4 s an integration file and most of the unit run. What one file changes in the
 * process — `process.env` (a DATA_DIR, a scoped DATABASE_URL, a fake's key), spies, fake timers — is undone when
 * it ends, so no file sees another's settings, as when each ran in a process of its own.
 */
const envBefore = { ...process.env };

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in envBefore)) delete process.env[key];
  Object.assign(process.env, envBefore);
  vi.useRealTimers();
  vi.restoreAllMocks();
});
