import { z } from "~/server/lib/zod";

/**
 * spec 001 §7 `POST {base}/api/events/car_phone_call` (JSON; logs a phone call). The body's names are the
 * spec's — car, dealership, website; their types are not shown: we read the vehicle id, the dealership id
 * (each a number or digits) and the website slug (docs/decisions.md).
 */
export const PHONE_CALL_MESSAGES = {
  invalid: "That phone call wasn't understood.",
  otherSite: "website doesn't match this site.",
  noCar: "That car isn't listed on this site.",
  otherDealership: "dealership doesn't match the car's dealership.",
} as const;

const id = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^\d{1,12}$/)
    .transform(Number),
]);

export const phoneCallBodySchema = z.object({
  car: id,
  dealership: id,
  website: z.string().max(64),
});

export type PhoneCallBody = z.infer<typeof phoneCallBodySchema>;
