import { z } from "~/server/lib/zod";
import { emailRule, fullNameRule, optionalText, phoneRule } from "~/server/leads/field-rules";
import { phoneE164, type PhoneRegion } from "~/server/leads/phone";
import type { PartnerClient, PartnerEndpoint } from "./client";

/**
 * spec 001 §7 POST /api/carClarityCustomer: "form data to a car-history partner", fields not shown.
 * We send the shopper's contact details with the spec's lead rules (name, email, phone by region)
 * and the car they look at, if any; designed in docs/decisions.md.
 */
export function carClarityCustomerSchema(region: PhoneRegion) {
  return z.object({
    name: fullNameRule(),
    email: emailRule(),
    phone: phoneRule(region),
    message: optionalText(2000),
    car_id: z.coerce.number().int().positive().optional(),
  });
}

export type CarClarityCustomer = z.infer<ReturnType<typeof carClarityCustomerSchema>>;

/** The car the shopper asked about, as the partner receives it. */
export type CarClarityCar = { stocknum: string | null; vin: string | null; year: number | null; make: string; model: string };

const answerSchema = z.object({ id: z.union([z.string(), z.number()]).transform(String) });

/** Sends one customer as multipart form data; the partner's id when it answers {id}, else null. */
export async function sendCarClarityCustomer(
  client: PartnerClient,
  endpoint: PartnerEndpoint,
  input: {
    customer: CarClarityCustomer;
    region: PhoneRegion;
    dealer: string;
    car: CarClarityCar | null;
    /** A site form whose target is the partner (spec 001 §7) says which form it was. */
    category?: string;
    subcategory?: string;
  },
): Promise<{ reference: string | null }> {
  const { customer, car } = input;
  const form = new FormData();
  form.set("dealer", input.dealer);
  form.set("name", customer.name);
  form.set("email", customer.email);
  form.set("phone", phoneE164(customer.phone, input.region) ?? customer.phone);
  if (customer.message) form.set("message", customer.message);
  if (input.category) form.set("category", input.category);
  if (input.subcategory) form.set("subcategory", input.subcategory);
  if (car) {
    if (car.stocknum) form.set("stock_number", car.stocknum);
    if (car.vin) form.set("vin", car.vin);
    if (car.year !== null) form.set("year", String(car.year));
    form.set("make", car.make);
    form.set("model", car.model);
  }
  const body = await client.call(endpoint, { method: "POST", path: "/customers", form, auth: "bearer" });
  // The partner's answer is not shown either: its id when it gives one, else the call still succeeded.
  const parsed = body.kind === "json" ? answerSchema.safeParse(body.value) : null;
  return { reference: parsed?.success ? parsed.data.id : null };
}
