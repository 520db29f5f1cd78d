/**
 * Playwright cannot download browsers here; it drives Debian's chromium. Installs it with apt
 * when missing and we are root, otherwise says exactly what to install.
 */
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!existsSync(path)) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    process.stderr.write(`Chromium not found at ${path}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)\n`);
    process.exit(1);
  }
  process.stdout.write(`Chromium not found at ${path}; installing Debian's chromium with apt-get…\n`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (!existsSync(path)) {
    process.stderr.write(`apt-get finished but ${path} is still missing\n`);
    process.exit(1);
  }
}
