/**
 * The rules of a tenant's stock drop folder (`STOCK_DROP_DIR/<slug>/`): which files are feeds, when
 * one has finished arriving, and the names it and its report get once imported.
 */

/** The subfolders the importer keeps inside a tenant's drop folder. */
export const DROP_SUBFOLDERS = { processing: "processing", done: "done", failed: "failed" } as const;

export const REPORT_SUFFIX = ".report.txt";

/**
 * Dotfiles (rsync's and editors' temporary names) and `*.tmp` / `*.part` (browsers', FTP and SFTP
 * clients' names while uploading) are files still arriving under another name: never read.
 */
export function isDropCandidate(name: string): boolean {
  if (name.startsWith(".")) return false;
  return !/\.(tmp|part)$/i.test(name);
}

/** What one look at a file shows. */
export type FileSighting = { size: number; mtimeMs: number };

/** The first look at a file in its current state, and when it was taken (this process's clock). */
export type SteadySince = FileSighting & { seenAt: number };

/** The sighting a file's stability is measured from: the previous one while nothing changed, else this one. */
export function steadySince(previous: SteadySince | undefined, file: FileSighting, now: number): SteadySince {
  if (previous && previous.size === file.size && previous.mtimeMs === file.mtimeMs) return previous;
  return { ...file, seenAt: now };
}

export type CompletenessInput = {
  file: FileSighting;
  /** The drop folder's own mtime: when a file last arrived in it or left it. */
  folderMtimeMs: number;
  steady: SteadySince;
  now: number;
  stableMs: number;
};

/**
 * A dropped file is complete when either
 * - it was written elsewhere and renamed in: it was last written at least `stableMs` before the
 *   folder last changed (both times come from the file server's clock, so a skewed clock on this
 *   machine cannot make a file still being written look old), or
 * - its size and mtime have not changed for `stableMs` by this process's own sightings.
 */
export function isComplete(input: CompletenessInput): boolean {
  if (input.folderMtimeMs - input.file.mtimeMs >= input.stableMs) return true;
  return input.now - input.steady.seenAt >= input.stableMs;
}

/** `2026-11-27T10:15:00.123Z` → `20261127T101500Z`: sorts by time and is safe in any file system. */
function timeSuffix(now: number): string {
  return new Date(now)
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/[-:]/g, "");
}

/**
 * The name an imported file gets in `done/` or `failed/` on the given attempt: its own first, then
 * with the time before the extension, then with the time and a counter. The caller tries attempts in
 * order until one is free, so a name already there is never overwritten.
 */
export function settledName(name: string, attempt: number, now: number): string {
  if (attempt === 0) return name;
  const dot = name.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  const counter = attempt > 1 ? `-${attempt}` : "";
  return `${stem}-${timeSuffix(now)}${counter}${extension}`;
}

/** The rendered import report's name beside the file it is about. */
export function reportName(settled: string): string {
  return `${settled}${REPORT_SUFFIX}`;
}
