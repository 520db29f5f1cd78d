import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import { logger } from "~/server/lib/logger";
import { EDGE_MESSAGES } from "./edge-answers";
import { securityHeaderLines } from "./security-headers";

/** Sends the answer, then reads and drops whatever the client still sends until it closes (at most 5 s). */
function answerAndClose(socket: Duplex, answer: string): void {
  socket.end(answer);
  socket.resume();
  setTimeout(() => socket.destroy(), 5_000).unref();
}

function rawAnswer(status: number, reason: string, message: string, headerLines: string[]): string {
  const body = Buffer.from(message);
  return [
    `HTTP/1.1 ${status} ${reason}`,
    "Content-Type: text/plain; charset=utf-8",
    `Content-Length: ${body.byteLength}`,
    "Connection: close",
    ...headerLines,
    "",
    message,
  ].join("\r\n");
}

/**
 * Answers Node gives before Express sees a request: a header block too large (431), an unparsable
 * request line (400), and CONNECT (405 — without a listener Node just drops the connection). They
 * carry the same security headers as every other answer.
 */
export function guardServer(server: Server, production: boolean): void {
  const headerLines = securityHeaderLines(production);
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === "ECONNRESET") {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
    logger.info({ code: error.code }, "client error");
    answerAndClose(
      socket,
      tooLarge
        ? rawAnswer(431, "Request Header Fields Too Large", EDGE_MESSAGES.headersTooLarge, headerLines)
        : rawAnswer(400, "Bad Request", EDGE_MESSAGES.badRequest, headerLines),
    );
  });
  server.on("connect", (_req, socket: Duplex) => {
    answerAndClose(
      socket,
      rawAnswer(405, "Method Not Allowed", EDGE_MESSAGES.methodNotAllowed, [...headerLines, "Allow: GET, HEAD, POST, PUT, PATCH, DELETE"]),
    );
  });
}
