import type { Tenant } from "../tenants/load";
import type { Site } from "../tenants/schema";

/**
 * The tenant as the browser may see it, so formSchema runs there too (one schema, both sides).
 * formSchema reads only features, locations, dealerships and locale; everything that names a
 * delivery target, an API or a secret is blanked. It still passes siteSchema, which the browser
 * runs on it to get a typed Site back.
 */
export function browserFormSite(tenant: Tenant): Site {
  const { site } = tenant;
  return {
    ...site,
    gtm_id: null,
    facebook_pixel: null,
    google_analytics_id: null,
    zendesk_key: null,
    livechat_agent_group: null,
    podium_api_token: null,
    impel_chatbot_key: null,
    navigation: { header: [], footer: [], footerProducts1: [], footerProducts2: [] },
    dealership_websites: [],
    search: { host: null, key_env: null, index: null },
    stock_api: null,
    image_hosts: [],
    leads: { webhook: null, adf: null, deliver_incomplete: false, captcha: null },
    special_hours: [],
  };
}
