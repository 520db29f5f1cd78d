/**
 * Configuration mistakes that used to start silently stop the start with one line
 * naming the file or variable (exit 1); a good start prints one plain line with the addresses to open.
 */
import { spawn } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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

/** The real entry (server/start.ts) until it exits or prints its addresses line; `user` runs it as another uid/gid. */
function start(env: Record<string, string>, user: { uid: number; gid: number } | null = null): Promise<Run> {
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
      ...(user ?? {}),
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

  it("a good start behind a published port links to that port", async () => {
    const run = await start({ TENANTS_DIR: tenantsFolder("published"), PUBLISHED_PORT: "8089" });
    const line = run.stdout.split("\n").find((text) => text.startsWith("Forecourt is running"));
    expect(line).toBe(
      "Forecourt is running. Open http://harbourside.localhost:8089  http://kiwi-motors.localhost:8089  (http://localhost:8089 shows harbourside)",
    );
  });

  it("a data folder the server cannot write names the folder and the uid", async () => {
    // As a container running as uid 1000 sees a root-owned bind mount: run as uid 1000 when the test
    // runs as root (root writes anywhere); otherwise take away our own write permission.
    const dataDir = path.join(scratch, "read-only-data");
    mkdirSync(dataDir, { recursive: true });
    const root = process.getuid?.() === 0;
    chmodSync(dataDir, root ? 0o755 : 0o555);
    chmodSync(scratch, 0o755);
    const user = root ? { uid: 1000, gid: 1000 } : null;
    const uid = user?.uid ?? process.getuid?.();
    const gid = user?.gid ?? process.getgid?.();
    const run = await start({ TENANTS_DIR: tenantsFolder("unwritable"), DATA_DIR: dataDir }, user);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `forecourt: cannot start: DATA_DIR ${dataDir} is not writable by uid ${uid} (gid ${gid}) (EACCES): make it writable by that user, e.g. chown ${uid} ${dataDir}\n`,
    );
  });
});
