import type { IncomingMessage, ServerResponse } from "node:http";
import { sameSignature } from "~/server/payments/same-signature";
import { SIGNATURE_HEADER, signBody } from "~/server/leads/delivery/webhook";
import { readBody } from "./fake-http";

/**
 * A local stand-in for a dealer's CRM under DEMO_FAKES=1: POST /webhook checks the signature with the shared
 * secret as a real receiver would (401 when it does not match), POST /adf takes ADF XML. Both answer 200 with
 * JSON, so a demo lead's HTTP destinations end "delivered" instead of waiting in the outbox.
 */
export type ReceivedLead = { kind: "webhook" | "adf"; idempotencyKey: string; body: string };

export type FakeLeadReceiver = {
  handle(req: IncomingMessage, res: ServerResponse, path: string): void;
  received: ReceivedLead[];
};

const KEEP = 100;

export function createFakeLeadReceiver(options: { secret: string }): FakeLeadReceiver {
  const received: ReceivedLead[] = [];
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  return {
    received,
    handle(req, res, path) {
      if (req.method !== "POST" || (path !== "/webhook" && path !== "/adf")) return answer(res, 404, { error: "Not found" });
      void readBody(req).then((body) => {
        const kind = path === "/webhook" ? "webhook" : "adf";
        const signature = req.headers[SIGNATURE_HEADER.toLowerCase()];
        if (kind === "webhook" && !sameSignature(signBody(body, options.secret), typeof signature === "string" ? signature : null)) {
          return answer(res, 401, { error: "Invalid signature" });
        }
        if (kind === "adf" && !body.trimStart().startsWith("<?xml")) return answer(res, 400, { error: "Not ADF XML" });
        received.push({ kind, idempotencyKey: String(req.headers["idempotency-key"] ?? ""), body });
        if (received.length > KEEP) received.shift();
        answer(res, 200, { ok: true });
      });
    },
  };
}
