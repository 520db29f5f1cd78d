import { siteSchema, type Features, type Site } from "~/server/tenants/schema";
import type { FinanceLender, Vehicle } from "~/server/stock/vehicle";

export const DAY_MS = 86_400_000;
/** 15 June 2025, 12:00 UTC. */
export const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);

export function makeVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return {
    id: 1,
    slug: "2021-toyota-corolla-ascent-sport-abc123",
    name: "2021 Toyota Corolla Ascent Sport",
    make: "Toyota",
    model: "Corolla",
    badge: "Ascent Sport",
    series: "ZWE211R",
    year: 2021,
    km: 42_000,
    price: 25_990,
    price_type: "Drive Away",
    before_price: null,
    subscription_price: null,
    car_type: "used",
    status: "in_stock",
    stocknum: "ABC123",
    vin: null,
    dealership_id: 1001,
    dealership_slug: "harbourside-toyota",
    dealership_name: "Harbourside Toyota",
    city: "Sydney",
    state: "NSW",
    location_name: "Harbourside Toyota - Sales",
    location: { name: "Harbourside Toyota - Sales", phone: "02 9000 0000", slug: "harbourside-sales", distribution_locations: [] },
    location_id: 11,
    tag: null,
    created_at: new Date(NOW - 30 * DAY_MS).toISOString(),
    created_at_timestamp: NOW - 30 * DAY_MS,
    certified: false,
    reserved: false,
    sold: false,
    reservable: null,
    preorder: false,
    file: null,
    primary_image_url: null,
    images: [],
    photos_count: 0,
    fuel: "Petrol - Unleaded ULP",
    seats: 5,
    views: 0,
    custom_rank: 0,
    simple_fuel: "Petrol",
    simple_body: "Hatch",
    simple_drive: "FWD",
    simple_transmission: "Automatic",
    body: "Hatchback",
    drive: "Front Wheel Drive",
    transmission: "Constant Variable",
    colour: "White",
    item_type: "car",
    categories: [],
    filtered_features: [],
    make_model: "Toyota:Corolla",
    price_range: null,
    weekly_price_range: null,
    description: null,
    show_on_dealer_website: true,
    sold_date_timestamp: null,
    carsales_seller_identifier: null,
    autograb_data: null,
    finance_lenders: {},
    payment_processors: [],
    has_checkout_payment_processor: false,
    ...overrides,
  };
}

export function makeLender(overrides: Partial<FinanceLender> = {}): FinanceLender {
  return {
    interestRate: 8.99,
    comparisonRate: 9.49,
    paymentWeek: 112,
    paymentMonth: 486,
    termMonths: 60,
    balloon: null,
    deposit: null,
    disclaimer: null,
    ...overrides,
  };
}

const baseSite = siteSchema.parse({
  id: 1,
  dealership_id: 1001,
  manufacturer_id: null,
  manufacturer: null,
  manufacturer_slug: null,
  name: "Harbourside Toyota",
  company_name: "Harbourside Toyota Pty Ltd",
  slug: "harbourside",
  url: "https://harbourside.example",
  domain_name: "harbourside.example",
  template: "car",
  city: "Sydney",
  state: "NSW",
  logo: { url: "/logo.svg", thumb: "/logo.svg", banner: null },
  flags: {
    autobot: false,
    dealercell: false,
    dealerstudio: false,
    impel: false,
    autograb: false,
    redbook: false,
    nevdis: false,
    enable_store: false,
    garage_enabled: false,
    offers_subscription: false,
    build_model_pages: false,
    use_pages_path: false,
  },
  dealership_slug: "harbourside-toyota",
  dealership_group: null,
  navigation: { header: [], footer: [] },
  locations: [
    {
      id: 11,
      dealership_id: 1001,
      name: "Harbourside Toyota - Sales",
      primary: true,
      position: 0,
      location_type: "sales",
      slug: "harbourside-sales",
      contact_detail: { phone: "02 9000 0000", social: {}, opening_hours: [] },
      address: {
        street: "1 Harbour St",
        city: "Sydney",
        state: "NSW",
        postcode: "2000",
        lat: -33.86,
        long: 151.2,
        full: "1 Harbour St, Sydney NSW 2000",
        map_url: "https://maps.example/harbourside",
      },
    },
  ],
  dealerships: [{ id: 1001, name: "Harbourside Toyota", slug: "harbourside-toyota" }],
  phone: "02 9000 0000",
  social: {},
  finance_provider: null,
  payment_provider: null,
  locale: "en-AU",
  theme: { brand: "#112233", brand_contrast: "#ffffff", accent: "#ff6600" },
  features: {},
  leads: {},
});

type SiteOverrides = Partial<Omit<Site, "features" | "flags">> & {
  features?: Partial<Features>;
  flags?: Partial<Site["flags"]>;
};

/** A valid en-AU car site (schema defaults applied) with the given overrides. */
export function makeSite(overrides: SiteOverrides = {}): Site {
  const { features, flags, ...rest } = overrides;
  return {
    ...baseSite,
    ...rest,
    flags: { ...baseSite.flags, ...flags },
    features: { ...baseSite.features, ...features },
  };
}
