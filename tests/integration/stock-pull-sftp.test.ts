import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/server/services";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import { servicesFor } from "./support/services";
import { testPuller } from "./support/stock-puller";
import { openTestDb, type TestDb } from "./support/test-db";

// The scheduled pull over SFTP against a real OpenSSH server this test starts on 127.0.0.1, with its
// own host key and a client key, on SQLite or (with DATABASE_URL) PostgreSQL.

const SSHD = "/usr/sbin/sshd";
const engine = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
const harbourside = loadTenants().find((tenant) => tenant.slug === "harbourside") as Tenant;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

type Sshd = { port: number; fingerprint: string; clientKey: string; feedFile: string; stop: () => Promise<void> };

async function startSshd(dir: string): Promise<Sshd> {
  if (!existsSync(SSHD)) throw new Error("this test needs Debian's openssh-server (apt-get install -y openssh-server)");
  const hostKey = path.join(dir, "host_ed25519");
  const clientKey = path.join(dir, "client_rsa");
  execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "test-host", "-f", hostKey]);
  execFileSync("ssh-keygen", ["-q", "-t", "rsa", "-b", "2048", "-m", "PEM", "-N", "", "-C", "test-client", "-f", clientKey]);
  writeFileSync(path.join(dir, "authorized_keys"), readFileSync(`${clientKey}.pub`));
  const fingerprint = execFileSync("ssh-keygen", ["-lf", `${hostKey}.pub`], { encoding: "utf8" }).split(" ")[1];
  const port = await freePort();
  const config = path.join(dir, "sshd_config");
  writeFileSync(
    config,
    [
      `Port ${port}`,
      "ListenAddress 127.0.0.1",
      `HostKey ${hostKey}`,
      `AuthorizedKeysFile ${path.join(dir, "authorized_keys")}`,
      "PasswordAuthentication no",
      "Subsystem sftp internal-sftp",
      `PidFile ${path.join(dir, "sshd.pid")}`,
      "StrictModes no",
      "UsePAM no",
    ].join("\n") + "\n",
  );
  // sshd's privilege separation needs this directory, which a container may not have.
  mkdirSync("/run/sshd", { recursive: true });
  const child: ChildProcess = spawn(SSHD, ["-D", "-e", "-f", config], { stdio: ["ignore", "ignore", "pipe"] });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Server listening")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`sshd exited with ${code}: ${output.trim()}`)));
    child.once("error", reject);
  });
  const feedDir = path.join(dir, "exports");
  mkdirSync(feedDir);
  return {
    port,
    fingerprint,
    clientKey: readFileSync(clientKey, "utf8"),
    feedFile: path.join(feedDir, "stock.csv"),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

function feedOf(rows: Array<[string, number, string, string, string]>): string {
  return ["Stock #,Year,Make,Model,Price,New/Used", ...rows.map((row) => [...row, "Used"].join(","))].join("\r\n") + "\r\n";
}

const FIRST_ROWS: Array<[string, number, string, string, string]> = [
  ["SF1", 2021, "Sftpcar", "Alpha", "31990"],
  ["SF2", 2022, "Sftpcar", "Beta", "42500"],
  ["SF3", 2023, "Sftpcar", "Gamma", "55000"],
];

function sftpTenant(url: string, hostKey: string | null): Tenant {
  return {
    ...harbourside,
    slug: "pull-sftp",
    site: {
      ...harbourside.site,
      slug: "pull-sftp",
      domains: [],
      demo_stock: false,
      stock_feed: {
        url,
        format: null,
        every_minutes: 60,
        username_env: "SFTP_TEST_USER",
        password_env: null,
        private_key_env: "SFTP_TEST_KEY",
        host_key_sha256: hostKey,
        columns: {},
        defaults: {},
        statuses: {},
      },
    },
  };
}

let dir: string;
let sshd: Sshd;
let testDb: TestDb;
let services: Services;
let tenant: Tenant;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "sftp-feed-"));
  sshd = await startSshd(dir);
  tenant = sftpTenant(`sftp://127.0.0.1:${sshd.port}${sshd.feedFile}`, sshd.fingerprint);
  testDb = await openTestDb();
  services = await servicesFor({
    tenants: new TenantDirectory([tenant], { defaultTenant: tenant.slug, trustProxy: false }),
    db: testDb.handle,
  });
}, 60_000);

afterAll(async () => {
  await sshd?.stop();
  await testDb?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function puller() {
  return testPuller(services, {
    timeoutMs: 10_000,
    retryDelaysMs: [20, 20],
    environment: { ...process.env, SFTP_TEST_USER: userInfo().username, SFTP_TEST_KEY: sshd.clientKey },
  });
}

const stockNumbers = async () => (await services.stock.loadVehicles(tenant.slug)).map((vehicle) => vehicle.stocknum).sort();

describe(`scheduled pull over SFTP on ${engine}`, () => {
  it("fetches the file with the client key, imports it, and does not import an unchanged file again", async () => {
    writeFileSync(sshd.feedFile, feedOf(FIRST_ROWS));
    const pulls = puller();
    try {
      expect(await pulls.pull(tenant)).toMatchObject({
        kind: "imported",
        report: { outcome: "applied", format: "csv", counts: { added: 3 } },
      });
      expect(await stockNumbers()).toEqual(["SF1", "SF2", "SF3"]);
      const version = await services.stock.version(tenant.slug);

      expect(await pulls.pull(tenant)).toEqual({ kind: "not_modified" });
      expect(await services.stock.version(tenant.slug)).toBe(version);

      // A changed file (another car) goes in on the next pull.
      appendFileSync(
        sshd.feedFile,
        feedOf([["SF4", 2024, "Sftpcar", "Delta", "61000"]])
          .split("\r\n")
          .slice(1)
          .join("\r\n"),
      );
      expect(await pulls.pull(tenant)).toMatchObject({
        kind: "imported",
        report: { outcome: "applied", counts: { added: 1, unchanged: 3 } },
      });
      expect(await stockNumbers()).toEqual(["SF1", "SF2", "SF3", "SF4"]);
    } finally {
      await pulls.stop();
    }
  });

  it("refuses a server whose host key is not the one in host_key_sha256, naming the host and both keys", async () => {
    const before = await services.stock.loadVehicles(tenant.slug);
    const expected = `SHA256:${"A".repeat(43)}`;
    const pinned = sftpTenant(tenant.site.stock_feed?.url ?? "", expected);
    const pulls = puller();
    try {
      const outcome = await pulls.pull(pinned);
      expect(outcome).toEqual({
        kind: "failed",
        message:
          `sftp://127.0.0.1:${sshd.port}${sshd.feedFile}: host key of 127.0.0.1:${sshd.port} is ${sshd.fingerprint}, ` +
          `but site.json stock_feed.host_key_sha256 expects ${expected}; not connected`,
      });
    } finally {
      await pulls.stop();
    }
    expect(await services.stock.loadVehicles(tenant.slug)).toEqual(before);
  });

  it("fails with a clear message when the host cannot be reached, and the last good stock stays", async () => {
    const before = await services.stock.loadVehicles(tenant.slug);
    const closedPort = await freePort();
    const unreachable = sftpTenant(`sftp://127.0.0.1:${closedPort}/exports/stock.csv`, null);
    const pulls = puller();
    try {
      const outcome = await pulls.pull(unreachable);
      expect(outcome).toEqual({
        kind: "failed",
        message: `sftp://127.0.0.1:${closedPort}/exports/stock.csv: connect ECONNREFUSED 127.0.0.1:${closedPort}`,
      });
    } finally {
      await pulls.stop();
    }
    expect(await services.stock.loadVehicles(tenant.slug)).toEqual(before);
    expect(await services.stock.state(unreachable.slug)).toMatchObject({ last_status: "refused" });
  });
});
