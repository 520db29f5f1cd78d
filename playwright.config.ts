import { defineConfig } from "@playwright/test";
import { testBrowserPath } from "./scripts/lib/test-browser";

const port = Number(process.env.E2E_PORT ?? 3100);
const external = process.env.BASE_URL;
const dataDir = process.env.E2E_DATA_DIR ?? "./data/e2e";
// lead-mailbox.spec.ts: a second server whose leads are real (no MOCK_LEADS) and delivered to the local mailbox.
const mailPort = Number(process.env.E2E_MAIL_PORT ?? port + 1000);
// The local mailbox spec reads the second local server's files, which a BASE_URL run does not start.
// The committed pictures (visual.spec.ts) are of the demo dealers on the local build: a deployed site has its own stock.
const localOnly = external ? [/lead-mailbox\.spec\.ts$/, /payment-element\.spec\.ts$/, /captcha\.spec\.ts$/, /visual\.spec\.ts$/] : [];
const mailDataDir = process.env.E2E_MAIL_DATA_DIR ?? `${dataDir}-mail`;
// payment-element.spec.ts and captcha.spec.ts: a third server with DEMO_FAKES (Stripe keys, fake Stripe.js, the fake
// captcha), so the others keep reservation requests and no captcha.
const fakesPort = Number(process.env.E2E_FAKES_PORT ?? port + 2000);
const fakesDataDir = process.env.E2E_FAKES_DATA_DIR ?? `${dataDir}-fakes`;
// The QA read-back token: the local server is started with it, a BASE_URL site must have been (docs/qa.md).
const qaToken = process.env.QA_TOKEN ?? "e2e-qa-token-0123456789abcdef";
// `npm run qa -- --tenant-host`: the browser reaches the dealer's host name at the BASE_URL's address.
const connectHost = process.env.E2E_CONNECT_HOST;
const hostRules = external && connectHost ? [`--host-resolver-rules=MAP ${new URL(external).hostname} ${connectHost}`] : [];
// `npm run qa` puts the HTML report, the JUnit file and the failures' traces under one folder.
const reportDir = process.env.E2E_REPORT_DIR;

const stockPushes = /stock-sold\.spec\.ts$/;
const pictures = /visual\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two workers: on a 2-core CI machine that also builds the container image beside the suite, three
  // workers starved the three servers and axe checks ran past their time (3 timeouts in one run).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A site elsewhere (staging over the network, a container) answers slower than the local build; the
  // local limits leave room for a busy 2-core machine (speed is measured by the benchmarks, not here).
  timeout: external ? 60_000 : 45_000,
  reporter: reportDir
    ? [["list"], ["html", { outputFolder: `${reportDir}/html`, open: "never" }], ["junit", { outputFile: `${reportDir}/junit.xml` }]]
    : [["list"], ["html", { outputFolder: "playwright-report", open: "never" }]],
  outputDir: reportDir ? `${reportDir}/failures` : undefined,
  // One picture per name whatever the project (only the visual project takes them), kept beside the specs.
  snapshotPathTemplate: "{testDir}/__screenshots__/{arg}{ext}",
  // The same machine renders the same pixels (two runs: 0 differ); 0.1% (329 px on a phone) lets a few anti-aliased
  // pixels pass while a moved block or a changed button (thousands) fails.
  expect: { timeout: external ? 15_000 : 10_000, toHaveScreenshot: { maxDiffPixelRatio: 0.001 } },
  // Against BASE_URL: refuse a site that is not in mock mode or does not take QA_TOKEN, before any test.
  globalSetup: external ? "./tests/e2e/external-site-check.ts" : undefined,
  use: {
    // Tests build tenant URLs themselves (http://<slug>.localhost:<port>); BASE_URL points at one live site.
    baseURL: external ?? `http://localhost:${port}`,
    // A trace (every step's DOM, network and console) for each failed test where a tester reads them: `npm run qa`'s
    // report folder, a BASE_URL run, or E2E_TRACE=1. Recording one for every test took 18% of the local suite's time,
    // so the test command keeps only the failure's screenshot and message; rerun a failed spec with E2E_TRACE=1.
    trace: reportDir || external || process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: testBrowserPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
        ...hostRules,
      ],
    },
  },
  projects: [
    // Tests titled @no-js-only check what a shopper without JavaScript gets where JavaScript changes it
    // (a link that opens a dialog with JavaScript).
    // The committed pictures first, before any spec reserves a car or changes stock (the server's page, no JavaScript).
    { name: "visual", use: { javaScriptEnabled: false }, testMatch: pictures, testIgnore: localOnly },
    {
      name: "js",
      use: { javaScriptEnabled: true },
      testIgnore: [...localOnly, stockPushes, pictures],
      grepInvert: /@no-js-only/,
      dependencies: external ? [] : ["visual"],
    },
    // axe runs inside the page, so the accessibility checks need JavaScript.
    // Tests titled @js-only need JavaScript by nature (a slider, a script tag, a beacon).
    {
      name: "no-js",
      use: { javaScriptEnabled: false },
      testIgnore: [/a11y\.spec\.ts$/, ...localOnly, stockPushes, pictures],
      grepInvert: /@js-only/,
      dependencies: external ? [] : ["visual"],
    },
    // The stock-push spec replaces southern-used's stock, which other specs browse and reserve from:
    // it runs once they are done, JS on and then off, never beside them.
    { name: "stock-js", use: { javaScriptEnabled: true }, testMatch: stockPushes, dependencies: ["js", "no-js"] },
    { name: "stock-no-js", use: { javaScriptEnabled: false }, testMatch: stockPushes, dependencies: ["stock-js"] },
  ],
  webServer: external
    ? undefined
    : [
        {
          // A fresh database each run, as on a clean CI machine: a car reserved by the last run would show as reserved.
          command: `rm -rf ${JSON.stringify(dataDir)} && node build/server.js`,
          url: `http://127.0.0.1:${port}/healthz`,
          reuseExistingServer: false,
          timeout: 60_000,
          env: {
            NODE_ENV: "production",
            PORT: String(port),
            HOST: "127.0.0.1",
            DATA_DIR: dataDir,
            SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
            MOCK_LEADS: "1",
            QA_TOKEN: qaToken,
            LOG_LEVEL: "warn",
            // Every spec posts from 127.0.0.1: the per-address limits would refuse the suite's own leads.
            RATE_LIMIT_PER_MINUTE: "1000",
            RATE_LIMIT_ACROSS_SITES_PER_MINUTE: "10000",
            POST_RATE_LIMIT_PER_MINUTE: "10000",
            POST_BODY_BYTES_PER_MINUTE: "10000000000",
            // stock-sold.spec.ts pushes a feed to southern-used (site.json stock_push.token_env).
            SOUTHERN_USED_STOCK_TOKEN: process.env.E2E_STOCK_TOKEN ?? "e2e-stock-token-0123456789",
          },
        },
        {
          command: "node build/server.js",
          url: `http://127.0.0.1:${mailPort}/healthz`,
          reuseExistingServer: false,
          timeout: 60_000,
          env: {
            NODE_ENV: "production",
            PORT: String(mailPort),
            HOST: "127.0.0.1",
            DATA_DIR: mailDataDir,
            SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
            LOG_LEVEL: "warn",
            RATE_LIMIT_PER_MINUTE: "1000",
            RATE_LIMIT_ACROSS_SITES_PER_MINUTE: "10000",
            POST_RATE_LIMIT_PER_MINUTE: "10000",
            POST_BODY_BYTES_PER_MINUTE: "10000000000",
          },
        },
        {
          // A fresh database each run: a deposit paid by the last run would leave its car reserved.
          command: `rm -rf ${JSON.stringify(fakesDataDir)} && node build/server.js`,
          url: `http://127.0.0.1:${fakesPort}/healthz`,
          reuseExistingServer: false,
          timeout: 60_000,
          env: {
            NODE_ENV: "production",
            PORT: String(fakesPort),
            HOST: "127.0.0.1",
            DATA_DIR: fakesDataDir,
            SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
            MOCK_LEADS: "1",
            DEMO_FAKES: "1",
            LOG_LEVEL: "warn",
            RATE_LIMIT_PER_MINUTE: "1000",
            RATE_LIMIT_ACROSS_SITES_PER_MINUTE: "10000",
            POST_RATE_LIMIT_PER_MINUTE: "10000",
            POST_BODY_BYTES_PER_MINUTE: "10000000000",
          },
        },
      ],
});
