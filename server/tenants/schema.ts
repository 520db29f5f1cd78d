import { z } from "~/server/lib/zod";
import { checkFeedUrl, HOST_KEY_SHA256, isSftpUrl } from "./feed-url";
import { feedMappingShape } from "./stock-feed-mapping";

// spec 001 §3: opening hours entry (weekday 0-6, 0 = Sunday)
export const openingHourSchema = z.object({
  weekday: z.number().int().min(0).max(6),
  status: z.enum(["Open", "Closed"]),
  formated_hours: z.string(),
  open: z.string().nullable(),
  close: z.string().nullable(),
});

export const addressSchema = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string(),
  postcode: z.string(),
  lat: z.number(),
  long: z.number(),
  place_id: z.string().nullable().default(null),
  place_url: z.string().nullable().default(null),
  full: z.string(),
  map_url: z.string(),
});

const socialSchema = z
  .object({
    facebook: z.string().optional(),
    instagram: z.string().optional(),
    youtube: z.string().optional(),
    tiktok: z.string().optional(),
    linkedin: z.string().optional(),
    twitter: z.string().optional(),
  })
  .default({});

export const locationSchema = z.object({
  id: z.number().int(),
  dealership_id: z.number().int(),
  name: z.string(),
  primary: z.boolean(),
  position: z.number().int(),
  location_type: z.enum(["sales", "service", "parts", ""]),
  visible: z.boolean().default(true),
  slug: z.string(),
  manufacturers: z.array(z.string()).default([]),
  contact_detail: z.object({
    phone: z.string(),
    landline_phone: z.string().nullable().default(null),
    mobile: z.string().nullable().default(null),
    email: z.string().nullable().default(null),
    social: socialSchema,
    opening_hours: z.array(openingHourSchema),
  }),
  address: addressSchema,
  reviews: z.object({ count: z.number().int(), average_rating: z.number() }).default({ count: 0, average_rating: 0 }),
  distribution_locations: z.array(z.string()).default([]),
});

export const dealershipSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** Lead notifications for this dealership go here when the shopper chose no location with its own email. */
  email: z.email().nullable().default(null),
  review_count: z.number().int().default(0),
  average_rating: z.number().default(0),
  manufacturers: z.array(z.string()).default([]),
  /** Booking times are shown in this IANA zone; unset: from the state of its first location. */
  time_zone: z.string().nullable().default(null),
});

export const dealershipWebsiteSchema = z.object({
  name: z.string(),
  make: z.string().nullable(),
  url: z.string(),
  logo: z.string().nullable(),
  dealership_ids: z.array(z.number().int()),
  slug: z.string(),
  location_ids: z.array(z.number().int()),
});

/** spec 001 §3 manufacturer list item: the makes a site sells, with the dealer's own logo where it has one. */
export const manufacturerListItemSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  slug: z.string().min(1),
  logo: z.object({ url: z.string().min(1).nullable() }).prefault({ url: null }),
});

export type NavItem = { label: string; url: string; logo?: string; children?: NavItem[] };
export const navItemSchema: z.ZodType<NavItem> = z.lazy(() =>
  z.object({
    label: z.string(),
    url: z.string(),
    logo: z.string().optional(),
    children: z.array(navItemSchema).optional(),
  }),
);

export const footerColumnSchema = z.object({
  heading: z.string(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
});

export const financeProviders = [
  "Taurus",
  "Powertorque",
  "AusLoans",
  "Angle",
  "360 Finance",
  "Nissan Finance",
  "Manual",
  "Car Clarity",
] as const;
export type FinanceProvider = (typeof financeProviders)[number];

export const paymentProviders = ["Stripe", "Till", "St George"] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

// spec 000 §2: vehicle page buttons, in this order of options
export const vehicleButtons = [
  "dealer_phone_box",
  "payment_methods",
  "call_us_now",
  "get_finance",
  "enquire_now",
  "book_test_drive",
  "trade_in_valuation",
  "chat",
  "reserve_car_now",
  "car_history_report",
  "open_assistant_chat",
] as const;
export type VehicleButton = (typeof vehicleButtons)[number];

export const sortValues = ["custom_rank:desc", "created_at_timestamp:desc", "price:desc", "price:asc", "km:desc", "km:asc"] as const;
export type SortValue = (typeof sortValues)[number];

const envName = z.string().regex(/^[A-Z][A-Z0-9_]*$/, "expected an environment variable name");

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "expected a colour like #1a2b3c");

/**
 * Per-site switches (spec 001 §6: by slug, template, dealership, group or manufacturer).
 * They live in config so components never compare slugs.
 */
export const featuresSchema = z
  .object({
    default_sort: z.enum(["custom_rank:desc", "created_at_timestamp:desc", "price:asc"]).default("custom_rank:desc"),
    kms_sort_options: z.boolean().default(true),
    phone_reveal: z.boolean().default(false),
    phone_region: z.enum(["au", "au-mobile", "nz", "us"]).default("au"),
    buy_online: z.boolean().default(false),
    header_hover_open: z.boolean().default(false),
    fuel_tags: z.boolean().default(false),
    certified_used_manufacturer: z.string().nullable().default(null),
    location_overlay: z.enum(["city_state", "location_name"]).default("city_state"),
    no_price_text: z.string().default("Enquire for price."),
    similar_text: z.enum(["Find Me Something Similar", "Like this and want something similar?"]).default("Find Me Something Similar"),
    card_chips: z
      .array(z.enum(["car_type", "simple_body", "km", "simple_transmission", "stocknum", "simple_fuel", "year"]))
      .default(["car_type", "simple_body", "km", "simple_transmission", "stocknum"]),
    vehicle_buttons: z
      .array(z.enum(vehicleButtons))
      .default(["dealer_phone_box", "get_finance", "enquire_now", "book_test_drive", "reserve_car_now", "car_history_report"]),
    finance_route: z.enum(["/finance", "/finance-enquiry", "/apply-for-finance"]).default("/finance"),
    finance_hidden: z.boolean().default(false),
    finance_hidden_dealerships: z.array(z.number().int()).default([]),
    finance_hidden_manufacturers: z.array(z.string()).default([]),
    offers_trade_in: z.boolean().default(true),
    // spec 001 §2: /dealerships, the locations page, is on one site only.
    locations_page: z.boolean().default(false),
    default_city_refinement: z.string().nullable().default(null),
    contact_links_to_tel: z.boolean().default(false),
    garage_path: z.string().default("/my-garage"),
    chat_url: z.string().nullable().default(null),
    form: z
      .object({
        last_name: z.boolean().default(false),
        postcode: z.boolean().default(false),
        where_did_you_hear: z.boolean().default(false),
        message_optional: z.boolean().default(false),
        terms_agreement: z.boolean().default(false),
        submit_label: z.enum(["Message Now", "Enquire Now"]).default("Enquire Now"),
        hide_dealership_select: z.boolean().default(false),
        yes_no_flags: z.boolean().default(false),
        /**
         * spec 001 §7: where a form's submission goes, by name and per form kind (server/leads/form-kinds.ts):
         * 'server' the lead pipeline (the default), 'car-clarity' the partner (`partners.car_clarity`).
         */
        targets: z.record(z.string(), z.enum(["server", "car-clarity"])).default({}),
      })
      .default({
        last_name: false,
        postcode: false,
        where_did_you_hear: false,
        message_optional: false,
        terms_agreement: false,
        submit_label: "Enquire Now",
        hide_dealership_select: false,
        yes_no_flags: false,
        targets: {},
      }),
  })
  .prefault({});

export const leadDestinationsSchema = z
  .object({
    webhook: z.object({ url: z.url(), secret_env: envName }).nullable().default(null),
    adf: z.object({ url: z.url() }).nullable().default(null),
    /**
     * Email destinations: `crm_intake` gets the ADF XML as the plain-text body, one lead per
     * message (the CRM convention); `sales_inbox` turns on a readable notification, routed to the chosen
     * location's email, else the dealership's, else this address.
     */
    email: z.object({ crm_intake: z.email().nullable().default(null), sales_inbox: z.email().nullable().default(null) }).prefault({}),
    deliver_incomplete: z.boolean().default(false),
    /**
     * spec 001 §5 captcha widget on every lead form: the provider's site key (public) and the variable
     * holding its secret. `fail` is what a form does while the provider cannot be reached: "open"
     * accepts the lead (a provider outage never loses one), "closed" refuses it with a message.
     */
    captcha: z
      .object({
        provider: z.enum(["turnstile", "hcaptcha"]),
        site_key: z.string().min(1),
        secret_env: envName,
        fail: z.enum(["open", "closed"]).default("open"),
      })
      .nullable()
      .default(null),
  })
  .prefault({});

/**
 * The first-party event log (spec 001 §7: 'logged only on some sites'), its retention, the
 * consent banner in front of the marketing tags, and the dealer's call-tracking script.
 */
export const analyticsSchema = z
  .object({
    log_events: z.boolean().default(false),
    retention_months: z.number().int().min(1).max(60).default(13),
    consent_required: z.boolean().default(false),
    call_tracking_script: z
      .url({ protocol: /^https$/ })
      .nullable()
      .default(null),
  })
  .prefault({});

/**
 * spec 001 §7 partner lookups, one adapter each. NEVDIS and Autograb are switched on by
 * their flag (spec 001 §3 flags) and need this entry; Car Clarity has no flag, so its entry is the
 * switch. Keys come from the named environment variables, never from site.json.
 */
const partnerEndpointSchema = z.object({ base_url: z.url({ protocol: /^https?$/ }), key_env: envName });
const partnersSchema = z
  .object({
    nevdis: partnerEndpointSchema.nullable().default(null),
    autograb: partnerEndpointSchema.nullable().default(null),
    car_clarity: partnerEndpointSchema.nullable().default(null),
  })
  .prefault({});

/** Site configuration, spec 001 §3, plus the platform's own fields (domains, locale, theme, switches). */
/**
 * spec 001 §6 split testing: an experiment, its variants and their weights. The one
 * change a variant can make is the vehicle page's button order (features.vehicle_buttons).
 */
export const experimentSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,59}$/),
    variants: z
      .array(
        z.object({
          name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,59}$/),
          weight: z.number().int().min(0).max(1000),
          vehicle_buttons: z.array(z.enum(vehicleButtons)).nullable().default(null),
        }),
      )
      .min(2),
  })
  .refine((e) => e.variants.some((v) => v.weight > 0), "an experiment needs a variant with a weight above 0")
  .refine((e) => new Set(e.variants.map((v) => v.name)).size === e.variants.length, "variant names must differ");
export type Experiment = z.infer<typeof experimentSchema>;

export const siteSchema = z.object({
  id: z.number().int(),
  dealership_id: z.number().int(),
  manufacturer_id: z.number().int().nullable(),
  manufacturer: z.string().nullable(),
  manufacturer_slug: z.string().nullable(),
  name: z.string().min(1),
  company_name: z.string(),
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "expected a lowercase slug"),
  url: z.url(),
  domain_name: z.string(),
  template: z.enum(["car", "motorcycle", "camper", "4x4", "truck"]),
  city: z.string(),
  state: z.string(),
  logo: z.object({ url: z.string(), thumb: z.string(), banner: z.string().nullable() }),
  gtm_id: z.string().nullable().default(null),
  facebook_pixel: z.string().nullable().default(null),
  google_analytics_id: z.string().nullable().default(null),
  zendesk_key: z.string().nullable().default(null),
  livechat_agent_group: z.string().nullable().default(null),
  podium_api_token: z.string().nullable().default(null),
  impel_chatbot_key: z.string().nullable().default(null),
  flags: z.object({
    autobot: z.boolean(),
    dealercell: z.boolean(),
    dealerstudio: z.boolean(),
    impel: z.boolean(),
    autograb: z.boolean(),
    redbook: z.boolean(),
    nevdis: z.boolean(),
    enable_store: z.boolean(),
    garage_enabled: z.boolean(),
    offers_subscription: z.boolean(),
    build_model_pages: z.boolean(),
    use_pages_path: z.boolean(),
  }),
  include_sold_cars_days: z.number().int().min(0).default(3),
  default_search_path: z.string().nullable().default(null),
  search_filters: z.array(z.string()).default([]),
  /**
   * The site's own keyword-box words → words the search already understands ("homebush": "strathfield",
   * "tray": "cab chassis"); see docs/operations.md "Search in plain words".
   */
  search_words: z.record(z.string().max(100), z.string().max(100)).default({}),
  dealership_slug: z.string(),
  dealership_group: z.string().nullable(),
  navigation: z.object({
    header: z.array(navItemSchema),
    footer: z.array(footerColumnSchema),
    footerProducts1: z.array(z.object({ label: z.string(), url: z.string() })).default([]),
    footerProducts2: z.array(z.object({ label: z.string(), url: z.string() })).default([]),
  }),
  locations: z.array(locationSchema).min(1),
  dealerships: z.array(dealershipSchema).min(1),
  dealership_websites: z.array(dealershipWebsiteSchema).default([]),
  /** Make tiles and the brand menu show these logos; a make without one gets our lettermark. */
  manufacturers: z.array(manufacturerListItemSchema).default([]),
  phone: z.string(),
  email: z.string().nullable().default(null),
  social: socialSchema,
  special_hours: z
    .array(z.object({ date: z.string(), label: z.string(), status: z.enum(["Open", "Closed"]), formated_hours: z.string() }))
    .default([]),
  search: z
    .object({
      host: z.url().nullable().default(null),
      key_env: envName.nullable().default(null),
      index: z.string().nullable().default(null),
    })
    .prefault({}),
  stock_api: z
    .object({ base_url: z.url(), website_id: z.number().int(), username_env: envName, password_env: envName })
    .nullable()
    .default(null),
  /**
   * The dealer platform's booking and manufacturer calls (spec 000 §7), basic auth from the named
   * variables; `appointment` (test drives) and `service` switch each form's slot picker; the manufacturer call
   * runs for sites with `flags.build_model_pages`.
   */
  dealer_api: z
    .object({
      base_url: z.url(),
      username_env: envName,
      password_env: envName,
      appointment: z.boolean().default(true),
      service: z.boolean().default(true),
    })
    .nullable()
    .default(null),
  /**
   * The dealer dashboard's `GET {dashboard}/api/v1/websites/{id}/website_session_data.json` (spec 000 §7,
   * 001 §7), `{id}` being the site's `id`: the staging host when `staging` is set. It feeds the site notice
   * (server/dashboard/session-data.ts); unset, nothing is called.
   */
  dashboard: z
    .object({
      base_url: z.url({ protocol: /^https?$/ }),
      staging_base_url: z
        .url({ protocol: /^https?$/ })
        .nullable()
        .default(null),
      staging: z.boolean().default(false),
    })
    .strict()
    .refine((dashboard) => !dashboard.staging || dashboard.staging_base_url !== null, {
      path: ["staging_base_url"],
      message: "staging needs staging_base_url",
    })
    .nullable()
    .default(null),
  image_hosts: z.array(z.string()).default([]),
  /** A demo site: the start loads its generated stock.json into the database when it has no stock. */
  demo_stock: z.boolean().default(false),
  /** PUT /api/stock/<slug>: the dealer's bearer token comes from this environment variable. */
  stock_push: z
    .object({ token_env: z.string().regex(/^[A-Z][A-Z0-9_]*$/, "expected an environment variable name") })
    .nullable()
    .default(null),
  /**
   * The dealer's feed: fetched on a schedule when `url` is set (http(s) with basic auth from the named
   * variables, or sftp with a password or private key), and read through `columns`/`defaults`/`statuses`
   * by every route stock comes in (stock-feed-mapping.ts).
   */
  stock_feed: z
    .object({
      url: z
        .string()
        .superRefine((url, ctx) => {
          const check = checkFeedUrl(url);
          if (!check.ok) ctx.addIssue({ code: "custom", message: check.message });
        })
        .nullable()
        .default(null),
      // server/stock-feed/read-feed.ts feedFormats; "csv" lets the header row tell a dealer's, Google's or Meta's.
      format: z.enum(["csv", "json", "google-xml", "google-csv", "meta-csv"]).nullable().default(null),
      every_minutes: z.number().int().min(1).max(1440).default(60),
      username_env: envName.nullable().default(null),
      password_env: envName.nullable().default(null),
      /** sftp only: the variable holding the client's private key (PEM / OpenSSH). */
      private_key_env: envName.nullable().default(null),
      /** sftp only: the server's host key as `ssh-keygen -lf` prints it; unset trusts any key. */
      host_key_sha256: z
        .string()
        .regex(HOST_KEY_SHA256, "expected SHA256:<43 base64 characters>, as ssh-keygen -lf prints it")
        .nullable()
        .default(null),
      ...feedMappingShape,
    })
    .strict()
    .superRefine((feed, ctx) => {
      const sftp = feed.url !== null && isSftpUrl(feed.url);
      if (sftp && feed.username_env === null)
        ctx.addIssue({ code: "custom", path: ["username_env"], message: "an sftp:// url needs username_env (the SFTP user name)" });
      if (sftp && feed.password_env === null && feed.private_key_env === null)
        ctx.addIssue({ code: "custom", path: ["private_key_env"], message: "an sftp:// url needs private_key_env or password_env" });
      for (const field of ["private_key_env", "host_key_sha256"] as const) {
        if (!sftp && feed[field] !== null) ctx.addIssue({ code: "custom", path: [field], message: "only used with an sftp:// url" });
      }
    })
    .nullable()
    .default(null),
  /** The JSON lead API's key for calls from outside the site's pages (X-Api-Key) is read from this variable. */
  lead_api_key_env: envName.nullable().default(null),
  finance_provider: z.enum(financeProviders).nullable(),
  payment_provider: z.enum(paymentProviders).nullable(),
  domains: z.array(z.string().min(1)).default([]),
  locale: z.enum(["en-AU", "en-NZ", "en-US"]),
  currency: z.enum(["AUD", "NZD", "USD"]).default("AUD"),
  distance_unit: z.enum(["km", "mi"]).default("km"),
  theme: z.object({ brand: hexColour, brand_contrast: hexColour, accent: hexColour }),
  features: featuresSchema,
  leads: leadDestinationsSchema,
  analytics: analyticsSchema,
  partners: partnersSchema,
  experiments: z.array(experimentSchema).default([]),
});

export type Site = z.infer<typeof siteSchema>;
export type Location = z.infer<typeof locationSchema>;
export type OpeningHour = z.infer<typeof openingHourSchema>;
export type Dealership = z.infer<typeof dealershipSchema>;
export type Features = Site["features"];
