import type { Site } from "~/server/tenants/schema";

/**
 * The dealer's own tags from site.json (spec 001 §3 gtm_id, google_analytics_id,
 * facebook_pixel, zendesk_key, livechat_agent_group, podium_api_token, impel_chatbot_key; §7 the
 * third-party scripts) and the hosts each needs in the tenant's CSP. Marketing tags (tag manager,
 * analytics, pixel, call tracking) wait for consent where the tenant asks for it; chat widgets are
 * what the visitor asks for by pressing the chat button, so they are not gated.
 */
export type DealerTags = {
  gtmId: string | null;
  ga4Id: string | null;
  facebookPixel: string | null;
  callTrackingScript: string | null;
  chat: ChatWidget | null;
  impelKey: string | null;
};

export type ChatWidget =
  { kind: "zendesk"; key: string } | { kind: "livechat"; license: string; group: string | null } | { kind: "podium"; token: string };

export type ConsentChoice = "accepted" | "rejected";

export const TAG_SCRIPTS = {
  gtm: (id: string) => `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`,
  ga4: (id: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`,
  facebook: "https://connect.facebook.net/en_US/fbevents.js",
  zendesk: (key: string) => `https://static.zdassets.com/ekr/snippet.js?key=${encodeURIComponent(key)}`,
  livechat: "https://cdn.livechatinc.com/tracking.js",
  podium: "https://connect.podium.com/widget.js",
  impel: "https://cdn.impel.ai/chatbot/loader.js",
} as const;

const IDS = /^[A-Za-z0-9_-]{1,64}$/;

function id(value: string | null): string | null {
  const trimmed = value?.trim() ?? "";
  return IDS.test(trimmed) ? trimmed : null;
}

/** livechat_agent_group: "{license}" or "{license}/{group}". */
function liveChat(value: string | null): ChatWidget | null {
  const match = /^(\d{1,12})(?:\/(\d{1,6}))?$/.exec(value?.trim() ?? "");
  return match ? { kind: "livechat", license: match[1]!, group: match[2] ?? null } : null;
}

type TagSite = Pick<
  Site,
  | "gtm_id"
  | "google_analytics_id"
  | "facebook_pixel"
  | "zendesk_key"
  | "livechat_agent_group"
  | "podium_api_token"
  | "impel_chatbot_key"
  | "flags"
  | "analytics"
>;

/** The first chat widget configured, in the order zendesk, livechat, podium: a page shows one chat button. */
export function dealerTags(site: TagSite): DealerTags {
  const zendesk = id(site.zendesk_key);
  const podium = id(site.podium_api_token);
  const chat: ChatWidget | null = zendesk
    ? { kind: "zendesk", key: zendesk }
    : (liveChat(site.livechat_agent_group) ?? (podium ? { kind: "podium", token: podium } : null));
  return {
    gtmId: id(site.gtm_id),
    ga4Id: id(site.google_analytics_id),
    facebookPixel: id(site.facebook_pixel),
    callTrackingScript: site.analytics.call_tracking_script,
    chat,
    impelKey: site.flags.impel ? id(site.impel_chatbot_key) : null,
  };
}

export function hasMarketingTags(tags: DealerTags): boolean {
  return Boolean(tags.gtmId || tags.ga4Id || tags.facebookPixel || tags.callTrackingScript);
}

/** The consent banner shows when the tenant asks for consent, has marketing tags and the visitor hasn't chosen. */
export function needsConsentBanner(site: TagSite, choice: ConsentChoice | null): boolean {
  return site.analytics.consent_required && hasMarketingTags(dealerTags(site)) && choice === null;
}

/** The tags this visitor's page may load: without consent (where asked), only the chat widgets. */
export function allowedTags(site: TagSite, choice: ConsentChoice | null): DealerTags {
  const tags = dealerTags(site);
  if (!site.analytics.consent_required || choice === "accepted") return tags;
  return { ...tags, gtmId: null, ga4Id: null, facebookPixel: null, callTrackingScript: null };
}

/**
 * Search insights (clicks on results, with a 180-day token cookie) are analytics: they are sent where the
 * site logs events, and where it asks for consent only once the visitor accepted.
 */
export function insightsAllowed(site: TagSite, choice: ConsentChoice | null): boolean {
  return site.analytics.log_events && (!site.analytics.consent_required || choice === "accepted");
}

export type CspSources = { script: string[]; connect: string[]; img: string[]; frame: string[]; font: string[] };

function add(target: Set<string>, ...hosts: string[]) {
  for (const host of hosts) target.add(host);
}

/** Exactly the hosts of the tenant's configured tags; none when it has none. */
export function tagCspSources(site: TagSite): CspSources {
  const tags = dealerTags(site);
  const script = new Set<string>();
  const connect = new Set<string>();
  const img = new Set<string>();
  const frame = new Set<string>();
  const font = new Set<string>();
  if (tags.gtmId || tags.ga4Id) {
    add(script, "https://www.googletagmanager.com");
    add(connect, "https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com");
    add(img, "https://www.googletagmanager.com", "https://*.google-analytics.com");
  }
  if (tags.gtmId) add(frame, "https://www.googletagmanager.com");
  if (tags.facebookPixel) {
    add(script, "https://connect.facebook.net");
    add(connect, "https://www.facebook.com", "https://connect.facebook.net");
    add(img, "https://www.facebook.com");
  }
  if (tags.callTrackingScript) {
    const origin = new URL(tags.callTrackingScript).origin;
    add(script, origin);
    add(connect, origin);
  }
  if (tags.chat?.kind === "zendesk") {
    add(script, "https://static.zdassets.com");
    add(connect, "https://*.zendesk.com", "wss://*.zendesk.com", "https://*.zdassets.com");
    add(img, "https://*.zdassets.com", "https://*.zendesk.com");
    add(frame, "https://*.zendesk.com");
  }
  if (tags.chat?.kind === "livechat") {
    add(script, "https://cdn.livechatinc.com");
    add(connect, "https://*.livechatinc.com", "wss://*.livechatinc.com");
    add(img, "https://*.livechatinc.com");
    add(frame, "https://secure.livechatinc.com");
  }
  if (tags.chat?.kind === "podium") {
    add(script, "https://connect.podium.com");
    add(connect, "https://*.podium.com");
    add(img, "https://*.podium.com");
    add(frame, "https://connect.podium.com");
    add(font, "https://connect.podium.com");
  }
  if (tags.impelKey) {
    add(script, "https://cdn.impel.ai");
    add(connect, "https://*.impel.ai");
    add(frame, "https://*.impel.ai");
  }
  return { script: [...script], connect: [...connect], img: [...img], frame: [...frame], font: [...font] };
}
