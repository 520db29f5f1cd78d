import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Errors that mean "this user may not write here", as opposed to a broken path. */
const PERMISSION_CODES = new Set(["EACCES", "EPERM", "EROFS"]);

/** Who this process runs as, for the message (`uid 1000`); null where the platform has no uids. */
function processUser(): string {
  const uid = process.getuid?.();
  const gid = process.getgid?.();
  return uid === undefined ? "this user" : `uid ${uid}${gid === undefined ? "" : ` (gid ${gid})`}`;
}

/**
 * DATA_DIR holds the SQLite database, the local mailbox, uploads and the image cache. A folder this
 * process cannot write (a root-owned bind mount into a container running as uid 1000) used to stop the
 * start with "unable to open database file"; checked first, the one line names the folder and the uid
 * that needs to write it. Throws an Error with that line; creates the folder when it is missing.
 */
export function checkDataDir(dataDir: string): void {
  const folder = path.resolve(dataDir);
  const probe = path.join(folder, `.write-check-${process.pid}`);
  try {
    mkdirSync(folder, { recursive: true });
    writeFileSync(probe, "");
    rmSync(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    if (PERMISSION_CODES.has(code)) {
      throw new Error(
        `DATA_DIR ${folder} is not writable by ${processUser()} (${code}): make it writable by that user, e.g. chown ${process.getuid?.() ?? "<uid>"} ${folder}`,
      );
    }
    throw new Error(`DATA_DIR ${folder}: ${(error as Error).message}`);
  }
}
