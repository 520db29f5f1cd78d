import { existsSync } from "node:fs";

/**
 * The browser Playwright drives. Playwright cannot download browsers here, so it runs Debian's: the old headless shell
 * (package chromium-headless-shell) when installed — the whole browser test suite took 37% less time in it than in
 * the full chromium, with the same pixels in the committed pictures — else the full chromium. CHROMIUM_PATH wins.
 */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const FULL_CHROMIUM = "/usr/bin/chromium";

export function testBrowserPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) || !existsSync(FULL_CHROMIUM) ? HEADLESS_SHELL : FULL_CHROMIUM;
}
