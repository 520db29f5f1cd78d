import { afterAll, beforeAll } from "vitest";

/**
 * Something one test file shares (a server, a database): started in the file's beforeAll, stopped in
 * its afterAll (or the describe block's, when called in one). The object returned stands for it: a property read is the started one's (a method is
 * bound to it), and a read before the start throws, as a test that ran without its setup would.
 */
export function forFile<T extends object>(start: () => Promise<T>, stop: (started: T) => Promise<void>): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    if (started) await stop(started);
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!started) throw new Error(`read ${String(key)} before the file's beforeAll started it`);
      const value: unknown = Reflect.get(started, key, started);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(started) : value;
    },
  });
}
