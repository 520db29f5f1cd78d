/**
 * Issue 12 §7, §9: configuration mistakes that used to start silently stop the start with one line
 * naming the file or variable (exit 1); a good start prints one plain line with the addresses to open.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const scratch = mkdtempSync(path.join(tmpdir(), "forecourt-start-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A tenants folder with copies of two demo sites, changed by `change`. */
function tenantsFolder(name: string, change: (root: string) => void = () => {}): string {
  const root = path.join(scratch, name);
  for (const slug of ["harbourside", "kiwi-motors"]) {
    mkdirSync(path.join(root, slug), { recursive: true });
    cpSync(path.resolve("tenants", slug, "site.json"), path.join(root, slug, "site.json"));
  }
  change(root);
  return root;
}

type Run = { code: number | null; stdout: string; stderr: string };

/** The real entry (server/start.ts) until it exits or prints its addresses line. */
function start(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      LEAD_DELIVERY: "off",
      DATA_DIR: path.join(scratch, "data"),
      ...env,
    };
    // always SQLite in the scratch folder: a PostgreSQL run must not migrate the shared database's public schema
    delete childEnv.DATABASE_URL;
    const child = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], {
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes("Forecourt is running")) child.kill("SIGTERM");
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("start-time checks", () => {
  it("a tenant folder without site.json names the missing file", async () => {
    const root = tenantsFolder("no-site", (dir) => mkdirSync(path.join(dir, "forgotten")));
    const run = await start({ TENANTS_DIR: root });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `forecourt: cannot start: ${path.join(root, "forgotten", "site.json")}: (root): file not found (every folder in the tenants folder is a tenant)\n`,
    );
  });

  it("a broken stock.json names the file and the reason", async () => {
    const root = tenantsFolder("bad-stock", (dir) => writeFileSync(path.join(dir, "kiwi-motors", "stock.json"), '{"vehicles": [}'));
    const run = await start({ TENANTS_DIR: root });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(`^forecourt: cannot start: ${path.join(root, "kiwi-motors", "stock.json")}: \\(root\\): invalid JSON \\(.+\\)\\n$`),
    );
  });

  it("a stock.json of the wrong shape names the first bad field", async () => {
    const root = tenantsFolder("bad-shape", (dir) =>
      writeFileSync(path.join(dir, "kiwi-motors", "stock.json"), '{"generated_at": 3, "vehicles": []}'),
    );
    const run = await start({ TENANTS_DIR: root });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`forecourt: cannot start: ${path.join(root, "kiwi-motors", "stock.json")}: generated_at: expected string\n`);
  });

  it("an unknown DEFAULT_TENANT names the variable and the tenants there are", async () => {
    const run = await start({ TENANTS_DIR: tenantsFolder("default"), DEFAULT_TENANT: "harbourcide" });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'forecourt: cannot start: environment: DEFAULT_TENANT: no tenant "harbourcide" (tenants: harbourside, kiwi-motors)\n',
    );
  });

  it("a good start prints one plain line with the address of every site", async () => {
    const run = await start({ TENANTS_DIR: tenantsFolder("good") });
    const line = run.stdout.split("\n").find((text) => text.startsWith("Forecourt is running"));
    expect(line).toMatch(
      /^Forecourt is running\. Open http:\/\/harbourside\.localhost:(\d+) {2}http:\/\/kiwi-motors\.localhost:\1 {2}\(http:\/\/localhost:\1 shows harbourside\)$/,
    );
  });
});
