import { Transform } from "node:stream";

/**
 * React 18.3's streaming renderer writes its whole 2 KB buffer when a multi-byte character does
 * not fit in the bytes left (react-dom-server.node: `writeToDestination(destination, currentView)`
 * after a short `encodeInto`), so the unfilled bytes go out as U+0000 — e.g. before the '▾' of a
 * menu at byte 4094 of a page. The Nu HTML Checker reports "Saw U+0000 in stream" and some crawlers
 * stop reading there. A zero byte is never part of a UTF-8 multi-byte sequence and never meaningful
 * in our HTML, so removing every one restores the document exactly.
 */
export function stripNulBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!chunk.includes(0)) {
        callback(null, chunk);
        return;
      }
      const kept = Buffer.allocUnsafe(chunk.length);
      let length = 0;
      for (const byte of chunk) if (byte !== 0) kept[length++] = byte;
      callback(null, kept.subarray(0, length));
    },
  });
}
