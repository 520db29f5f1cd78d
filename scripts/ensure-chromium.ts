/**
 * Playwright cannot download browsers here; it drives Debian's chromium headless shell
 * (scripts/lib/test-browser.ts). Installs it with apt when missing and we are root, otherwise says
 * exactly what to install.
 */
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { HEADLESS_SHELL, testBrowserPath } from "./lib/test-browser";

const path = testBrowserPath();

if (!existsSync(path)) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || path !== HEADLESS_SHELL) {
    process.stderr.write(
      `Chromium not found at ${path}. Install it with: sudo apt-get install -y chromium-headless-shell (or set CHROMIUM_PATH)\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`Chromium not found at ${path}; installing Debian's chromium-headless-shell with apt-get…\n`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium-headless-shell"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (!existsSync(path)) {
    process.stderr.write(`apt-get finished but ${path} is still missing\n`);
    process.exit(1);
  }
}
