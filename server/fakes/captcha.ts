import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody } from "./fake-http";

/** The token the fake widget writes and the fake siteverify accepts (the dummy token of Cloudflare's test keys). */
export const FAKE_CAPTCHA_TOKEN = "XXXX.DUMMY.TOKEN.XXXX";

/**
 * The fake widget: `turnstile` and `hcaptcha` globals with the render/reset/remove calls the form
 * uses, writing the provider's token field with the fake token. No network, no challenge.
 */
const WIDGET_SCRIPT = `(() => {
  const TOKEN = ${JSON.stringify(FAKE_CAPTCHA_TOKEN)};
  const widgets = new Map();
  let next = 0;
  const api = (field) => ({
    render(container) {
      const id = String(++next);
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = field;
      input.value = TOKEN;
      const note = document.createElement("p");
      note.className = "text-sm text-gray-700";
      note.textContent = "Security check passed (demo widget).";
      container.append(input, note);
      widgets.set(id, { input, note });
      return id;
    },
    reset(id) {
      const widget = widgets.get(id);
      if (widget) widget.input.value = TOKEN;
    },
    remove(id) {
      const widget = widgets.get(id);
      if (widget) { widget.input.remove(); widget.note.remove(); widgets.delete(id); }
    },
  });
  window.turnstile = api("cf-turnstile-response");
  window.hcaptcha = api("h-captcha-response");
})();
`;

export type FakeCaptcha = {
  handle(req: IncomingMessage, res: ServerResponse, path: string): void;
  /** The tokens siteverify was asked about, newest last. */
  verified: string[];
};

/**
 * A local stand-in for Turnstile and hCaptcha under DEMO_FAKES=1 and in tests: GET /api.js is the
 * fake widget, POST /siteverify answers as the providers do (`success`, `error-codes`) — the fake
 * token passes with the configured secret; anything else is refused with the providers' codes.
 */
export function createFakeCaptcha(options: { secret: string }): FakeCaptcha {
  const verified: string[] = [];
  const answer = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  return {
    verified,
    handle(req, res, path) {
      if (req.method === "GET" && path === "/api.js") {
        res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" });
        res.end(WIDGET_SCRIPT);
        return;
      }
      if (req.method !== "POST" || path !== "/siteverify") {
        res.writeHead(404, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: "Not found" }));
        return;
      }
      void readBody(req).then((text) => {
        const form = new URLSearchParams(text);
        const token = form.get("response") ?? "";
        verified.push(token);
        if (form.get("secret") !== options.secret) return answer(res, { success: false, "error-codes": ["invalid-input-secret"] });
        if (token === "") return answer(res, { success: false, "error-codes": ["missing-input-response"] });
        if (token !== FAKE_CAPTCHA_TOKEN) return answer(res, { success: false, "error-codes": ["invalid-input-response"] });
        answer(res, { success: true, "error-codes": [], hostname: "localhost" });
      });
    },
  };
}
