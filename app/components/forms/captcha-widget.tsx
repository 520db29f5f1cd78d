import type { SerializeFrom } from "@remix-run/node";
import { useEffect, useRef } from "react";
import type { CaptchaWidget as CaptchaWidgetConfig } from "~/server/leads/captcha-widget";

/** What Turnstile and hCaptcha both offer for explicit rendering (their JavaScript API docs). */
type CaptchaApi = {
  render(container: HTMLElement, options: { sitekey: string }): string | undefined;
  reset(widgetId?: string): void;
  remove(widgetId: string): void;
};

const loading = new Map<string, Promise<void>>();

/** The provider's script, added once per address and only on a page with a form that needs it. */
function loadScript(src: string): Promise<void> {
  const known = loading.get(src);
  if (known) return known;
  const loaded = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(src);
      reject(new Error("captcha script did not load"));
    };
    document.head.appendChild(script);
  });
  loading.set(src, loaded);
  return loaded;
}

function apiOf(name: CaptchaWidgetConfig["global"]): CaptchaApi | null {
  const api: unknown = (window as unknown as Record<string, unknown>)[name];
  return typeof api === "object" && api !== null && "render" in api ? (api as CaptchaApi) : null;
}

/**
 * spec 001 §5: the provider's widget inside the form, rendered explicitly (so a page reached by a
 * client-side navigation gets one too); it writes its token into the field the form posts. `answer`
 * is the form's last server answer: a token is single-use, so each answer gets the widget a fresh one.
 */
export function CaptchaWidget({ widget, answer }: { widget: SerializeFrom<CaptchaWidgetConfig>; answer: unknown }) {
  const target = useRef<HTMLDivElement>(null);
  const widgetId = useRef<string | null>(null);
  const { scriptUrl, siteKey, global } = widget;

  useEffect(() => {
    let live = true;
    loadScript(scriptUrl)
      .then(() => {
        const api = apiOf(global);
        if (!live || !api || !target.current) return;
        widgetId.current = api.render(target.current, { sitekey: siteKey }) ?? null;
      })
      // No widget means no token field: the server treats the form as one from a browser without scripts.
      .catch(() => undefined);
    return () => {
      live = false;
      const id = widgetId.current;
      widgetId.current = null;
      if (id !== null) apiOf(global)?.remove(id);
    };
  }, [scriptUrl, siteKey, global]);

  useEffect(() => {
    const id = widgetId.current;
    if (answer !== undefined && id !== null) apiOf(global)?.reset(id);
  }, [answer, global]);

  return <div ref={target} className={widget.containerClass} data-sitekey={siteKey} data-testid="captcha" />;
}
