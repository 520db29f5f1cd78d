import { z } from "~/server/lib/zod";

/** One lender's offer for a vehicle, keyed by finance provider (spec 000 §3 finance_lenders). */
export const financeLenderSchema = z.object({
  interestRate: z.number().nullable(),
  comparisonRate: z.number().nullable(),
  paymentWeek: z.number().nullable().optional(),
  paymentFortnight: z.number().nullable().optional(),
  paymentMonth: z.number().nullable().optional(),
  termMonths: z.number().nullable().optional(),
  termYears: z.number().nullable().optional(),
  balloon: z.number().nullable().optional(),
  deposit: z.number().nullable().optional(),
  disclaimer: z.string().nullable().optional(),
});
export type FinanceLender = z.infer<typeof financeLenderSchema>;

export const paymentProcessorSchema = z.object({
  authorization_type: z.string(),
  authorization_key: z.string().nullable(),
  deposit_amount: z.number(),
});

/** Vehicle (car), spec 000 §3, plus the facet attributes the search uses. */
export const vehicleSchema = z.object({
  id: z.number().int(),
  slug: z.string().regex(/^[A-Za-z0-9_-]+$/),
  name: z.string(),
  make: z.string(),
  model: z.string(),
  badge: z.string().nullable(),
  series: z.string().nullable(),
  year: z.number().int(),
  km: z.number().nullable(),
  price: z.number().nullable(),
  price_type: z.string().nullable(),
  before_price: z.number().nullable(),
  subscription_price: z.number().nullable(),
  weekly_price: z.number().nullable().optional(),
  car_type: z.enum(["new", "used", "demo"]),
  status: z.enum(["in_stock", "coming_soon", "sold"]),
  stocknum: z.string(),
  vin: z.string().nullable(),
  /** The registration plate and the state it is registered in, when the dealer's feed gives them. */
  registration: z.string().nullable().optional(),
  registration_state: z.string().nullable().optional(),
  /**
   * Search order keys (listing-order.ts), derived when a vehicle is indexed, never stored:
   * 0 for sale, 1 sold; 0 with a shown price, 1 without.
   */
  sale_order: z.number().optional(),
  price_order: z.number().optional(),
  dealership_id: z.number().int(),
  dealership_slug: z.string(),
  dealership_name: z.string(),
  city: z.string(),
  state: z.string(),
  location_name: z.string(),
  location: z.object({
    name: z.string(),
    phone: z.string().nullable(),
    slug: z.string(),
    distribution_locations: z.array(z.string()),
  }),
  location_id: z.number().int(),
  tag: z.string().nullable(),
  created_at: z.string(),
  created_at_timestamp: z.number(),
  certified: z.boolean(),
  reserved: z.boolean(),
  sold: z.boolean(),
  reservable: z.boolean().nullable(),
  preorder: z.boolean(),
  file: z.string().nullable(),
  primary_image_url: z.string().nullable(),
  images: z.array(z.object({ image: z.object({ url: z.string() }) })),
  photos_count: z.number().int(),
  fuel: z.string().nullable(),
  seats: z.number().int().nullable(),
  views: z.number().int(),
  custom_rank: z.number(),
  simple_fuel: z.string().nullable(),
  simple_body: z.string().nullable(),
  simple_drive: z.string().nullable(),
  simple_transmission: z.string().nullable(),
  body: z.string().nullable(),
  drive: z.string().nullable(),
  transmission: z.string().nullable(),
  colour: z.string().nullable(),
  item_type: z.string(),
  categories: z.array(z.string()),
  filtered_features: z.array(z.string()),
  make_model: z.string(),
  price_range: z.string().nullable(),
  weekly_price_range: z.string().nullable(),
  description: z.string().nullable(),
  show_on_dealer_website: z.boolean(),
  sold_date_timestamp: z.number().nullable(),
  carsales_seller_identifier: z.string().nullable(),
  autograb_data: z.object({ state_average_market_price: z.number().nullable(), average_market_price: z.number().nullable() }).nullable(),
  finance_lenders: z.record(z.string(), financeLenderSchema),
  payment_processors: z.array(paymentProcessorSchema),
  has_checkout_payment_processor: z.boolean(),
});

export type Vehicle = z.infer<typeof vehicleSchema>;
export type CarType = Vehicle["car_type"];
export type VehicleStatus = Vehicle["status"];

export const stockFileSchema = z.object({
  generated_at: z.string(),
  vehicles: z.array(vehicleSchema),
});
