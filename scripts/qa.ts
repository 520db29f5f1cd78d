/**
 * `npm run qa -- --base-url https://staging.example.com [--tenant-host harbourside.example.com]
 * [--grep @forms] [--out qa-reports/<name>]`: the lead forms and flows, JavaScript on and off, against
 * one running site, read back through its QA API (QA_TOKEN). Writes Playwright's HTML report, a
 * JUnit file and the failures' traces under one folder, printed at the end. docs/qa.md walks through it.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    "base-url": { type: "string" },
    "tenant-host": { type: "string" },
    grep: { type: "string", default: "@forms" },
    out: { type: "string" },
  },
  strict: true,
});

const baseUrlText = values["base-url"];
if (!baseUrlText) fail("usage: npm run qa -- --base-url <https://site> [--tenant-host <dealer host>] [--grep <pattern>] [--out <folder>]");
let baseUrl: URL;
try {
  baseUrl = new URL(baseUrlText);
} catch {
  fail(`--base-url: not a URL: ${baseUrlText}`);
}
if (!process.env.QA_TOKEN) fail("QA_TOKEN is not set: export the token the site was started with (docs/qa.md).");

// --tenant-host: the dealer's host name, reached at the base URL's address (a staging box serving
// several dealers, a container on localhost): the browser maps the name, the read-back sends it as Host.
const env: NodeJS.ProcessEnv = { ...process.env };
const tenantHost = values["tenant-host"];
if (tenantHost) {
  env.E2E_CONNECT_HOST = baseUrl.hostname;
  baseUrl.hostname = tenantHost;
}
env.BASE_URL = baseUrl.origin;

const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
const outDir = path.resolve(values.out ?? path.join("qa-reports", `${baseUrl.hostname}-${stamp}`));
env.E2E_REPORT_DIR = outDir;

// The same refusals as the suite's own global setup (mock mode, token), before anything runs; the
// dealer's slug names the tests and is checked against every lead read back.
Object.assign(process.env, { BASE_URL: env.BASE_URL, E2E_CONNECT_HOST: env.E2E_CONNECT_HOST ?? "" });
if (!env.E2E_CONNECT_HOST) delete process.env.E2E_CONNECT_HOST;
const { checkedSiteTenant } = await import("../tests/e2e/external-site-check");
env.E2E_TENANT = await checkedSiteTenant();
process.stdout.write(`QA run against ${env.BASE_URL} (dealer ${env.E2E_TENANT}), tests matching ${values.grep}, JavaScript on and off\n`);

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const chromium = spawnSync(npx, ["tsx", "scripts/ensure-chromium.ts"], { stdio: "inherit", env });
if (chromium.status !== 0) process.exit(chromium.status ?? 1);
const run = spawnSync(npx, ["playwright", "test", "--grep", values.grep], { stdio: "inherit", env });

process.stdout.write(
  [
    "",
    `QA report folder: ${outDir}`,
    `  HTML report:  ${path.join(outDir, "html", "index.html")}   (open with: npx playwright show-report ${path.relative(process.cwd(), path.join(outDir, "html"))})`,
    `  JUnit:        ${path.join(outDir, "junit.xml")}`,
    `  failures:     ${path.join(outDir, "failures")}  (a trace.zip per failed test: npx playwright show-trace <file>)`,
    "",
  ].join("\n"),
);
process.exit(run.status ?? 1);
