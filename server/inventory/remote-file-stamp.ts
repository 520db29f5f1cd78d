/**
 * An SFTP server has no ETag: a remote file's size and modification time stand in for one. A feed
 * whose stamp matches the last one that went in is not fetched or imported again.
 */
export type RemoteFileStamp = { size: number; mtimeMs: number };

export function unchangedSince(previous: RemoteFileStamp | null | undefined, current: RemoteFileStamp): boolean {
  return previous !== null && previous !== undefined && previous.size === current.size && previous.mtimeMs === current.mtimeMs;
}
