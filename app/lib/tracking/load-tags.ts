import {
  liveChatFormSubmitted,
  liveChatNewEvent,
  podiumEvent,
  zendeskUserEvent,
  WEBCHAT_MESSAGE_EVENT_ID,
  type WebchatEventId,
} from "~/server/events/chat-events";
import { TAG_SCRIPTS, type ChatWidget, type DealerTags } from "~/server/events/dealer-tags";

type TagWindow = Window & {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  fbq?: ((...args: unknown[]) => void) & {
    queue?: unknown[];
    loaded?: boolean;
    version?: string;
    callMethod?: (...args: unknown[]) => void;
  };
  _fbq?: unknown;
  __lc?: Record<string, unknown>;
  zE?: (...args: unknown[]) => void;
  LiveChatWidget?: {
    call: (...args: unknown[]) => void;
    on?: (name: string, callback: (payload: unknown) => void) => void;
    [queueField: string]: unknown;
  };
  PodiumWebChat?: { open?: () => void };
  PodiumEventsCallback?: (event: unknown, properties: unknown) => void;
};

/** A script with the page's nonce (CSP); resolves when loaded, rejects on error. */
export function loadScript(src: string, nonce: string, attributes: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    if (nonce) script.nonce = nonce;
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.appendChild(script);
  });
}

/**
 * The marketing tags: bootstrap functions are defined here (no inline scripts to allow), then the
 * vendors' files load. Called once the page is interactive and idle, never before the LCP.
 */
export function loadMarketingTags(tags: DealerTags, nonce: string): void {
  const w = window as TagWindow;
  w.dataLayer = w.dataLayer ?? [];
  if (tags.gtmId) {
    w.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
    void loadScript(TAG_SCRIPTS.gtm(tags.gtmId), nonce).catch(() => undefined);
  }
  if (tags.ga4Id) {
    const dataLayer = w.dataLayer;
    // gtag.js reads the arguments objects it was given, as Google's own snippet pushes them.
    w.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments);
    };
    w.gtag("js", new Date());
    w.gtag("config", tags.ga4Id);
    void loadScript(TAG_SCRIPTS.ga4(tags.ga4Id), nonce).catch(() => undefined);
  }
  if (tags.facebookPixel && !w.fbq) {
    const queue: unknown[] = [];
    const fbq = Object.assign(
      (...args: unknown[]) => {
        if (fbq.callMethod) fbq.callMethod(...args);
        else queue.push(args);
      },
      { queue, loaded: true, version: "2.0", callMethod: undefined as ((...args: unknown[]) => void) | undefined },
    );
    w.fbq = fbq;
    w._fbq = fbq;
    fbq("init", tags.facebookPixel);
    fbq("track", "PageView");
    void loadScript(TAG_SCRIPTS.facebook, nonce).catch(() => undefined);
  }
  if (tags.callTrackingScript) void loadScript(tags.callTrackingScript, nonce).catch(() => undefined);
}

/**
 * LiveChat's documented install defines `LiveChatWidget` as a queue before tracking.js loads, which
 * then replays it; calls made before the script is ready (maximize, the event subscriptions) wait in it.
 */
function liveChatQueue(): NonNullable<TagWindow["LiveChatWidget"]> {
  const queue: unknown[][] = [];
  const push =
    (method: string) =>
    (...args: unknown[]) => {
      queue.push([method, args]);
    };
  return { _q: queue, _h: null, _v: "2.0", on: push("on"), once: push("once"), off: push("off"), call: push("call") };
}

/** Loads the chat widget and opens it; spec 001 §8: a widget that can't be found is only logged. */
export async function openChat(chat: ChatWidget | null, impelKey: string | null, nonce: string): Promise<void> {
  const w = window as TagWindow;
  try {
    if (chat?.kind === "zendesk") {
      if (!w.zE) await loadScript(TAG_SCRIPTS.zendesk(chat.key), nonce, { id: "ze-snippet" });
      w.zE?.("messenger", "open");
    } else if (chat?.kind === "livechat") {
      if (!w.LiveChatWidget) {
        w.__lc = { license: Number(chat.license), ...(chat.group ? { group: Number(chat.group) } : {}) };
        w.LiveChatWidget = liveChatQueue();
        await loadScript(TAG_SCRIPTS.livechat, nonce);
      }
      w.LiveChatWidget?.call("maximize");
    } else if (chat?.kind === "podium") {
      if (!w.PodiumWebChat) await loadScript(TAG_SCRIPTS.podium, nonce, { id: "podium-widget", "data-organization-api-token": chat.token });
      w.PodiumWebChat?.open?.();
    } else if (impelKey) {
      await loadScript(TAG_SCRIPTS.impel, nonce, { "data-key": impelKey });
    }
  } catch (error) {
    // eslint-disable-next-line no-console -- spec 001 §8: chat-widget lookup failures are only logged (in the browser).
    console.warn("chat widget unavailable", error);
  }
}

let watchedChat = false;

/**
 * The widget's own callbacks report a visitor's message (55) and a lead (57); the caller
 * records each once per session. Subscribed once per page, after the widget has loaded. Vendors and
 * the callbacks used: docs/decisions.md "Tracking and split tests" (Impel and Zendesk's messaging widget have none).
 */
export function watchChat(chat: ChatWidget | null, onChatEvent: (eventId: WebchatEventId) => void): void {
  const w = window as TagWindow;
  if (watchedChat || !chat) return;
  watchedChat = true;
  try {
    if (chat.kind === "zendesk") {
      w.zE?.("webWidget:on", "chat:start", () => onChatEvent(WEBCHAT_MESSAGE_EVENT_ID));
      w.zE?.("webWidget:on", "userEvent", (event: unknown) => {
        const id = zendeskUserEvent(event);
        if (id) onChatEvent(id);
      });
    } else if (chat.kind === "livechat") {
      w.LiveChatWidget?.on?.("new_event", (event) => {
        const id = liveChatNewEvent(event, Date.now());
        if (id) onChatEvent(id);
      });
      w.LiveChatWidget?.on?.("form_submitted", (payload) => {
        const id = liveChatFormSubmitted(payload);
        if (id) onChatEvent(id);
      });
    } else {
      // Podium calls one global; a callback the dealer's own tags set keeps being called.
      const previous = w.PodiumEventsCallback;
      w.PodiumEventsCallback = (event, properties) => {
        if (typeof previous === "function") previous(event, properties);
        for (const id of podiumEvent(event)) onChatEvent(id);
      };
    }
  } catch (error) {
    // eslint-disable-next-line no-console -- spec 001 §8: chat-widget failures are only logged (in the browser).
    console.warn("chat widget events unavailable", error);
  }
}

/** The nonce the page's own scripts carry (browsers hide the attribute but keep the property). */
export function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}

/** After the page is interactive and the browser is idle (or 3 s at most), so no tag competes with the LCP. */
export function whenIdleAfterLoad(run: () => void): () => void {
  let cancelled = false;
  const idle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => !cancelled && run(), { timeout: 3000 });
    else setTimeout(() => !cancelled && run(), 1500);
  };
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", idle);
  };
}
