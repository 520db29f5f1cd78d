import { z } from "~/server/lib/zod";
import { PartnerError, unexpectedError, type PartnerBody } from "./response";

/** What a rego lookup tells us about a vehicle, in our names; anything the partner did not say is null. */
export type PartnerVehicle = {
  make: string;
  model: string;
  year: number | null;
  badge: string | null;
  series: string | null;
  body: string | null;
  transmission: string | null;
  fuel: string | null;
  colour: string | null;
  vin: string | null;
};

const text = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((value) => (value ? value : null));

/** The vehicle object both lookups answer with (designed in docs/decisions.md: the spec shows no body). */
const vehicleSchema = z.object({
  make: z.string().trim().min(1).max(100),
  model: z.string().trim().min(1).max(100),
  year: z.coerce.number().int().min(1900).max(2100).nullish(),
  badge: text,
  series: text,
  body_type: text,
  transmission: text,
  fuel: text,
  colour: text,
  vin: text,
});

const answerSchema = z.object({ vehicle: vehicleSchema });

/** A lookup's JSON answer as a PartnerVehicle; an answer of another shape is the partner's fault (502). */
export function vehicleFromAnswer(body: PartnerBody): PartnerVehicle {
  const parsed = body.kind === "json" ? answerSchema.safeParse(body.value) : null;
  if (!parsed?.success) throw new PartnerError(unexpectedError("Bad Gateway"), 502);
  const { vehicle } = parsed.data;
  return {
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year ?? null,
    badge: vehicle.badge,
    series: vehicle.series,
    body: vehicle.body_type,
    transmission: vehicle.transmission,
    fuel: vehicle.fuel,
    colour: vehicle.colour,
    vin: vehicle.vin,
  };
}
