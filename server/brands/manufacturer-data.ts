import { z } from "~/server/lib/zod";

/**
 * The answer of `GET {api}/manufacturers/{manufacturer}.json?website_id={websiteId}` as we read it
 * (docs/operations.md, "Brand pages"). Models that do not parse are dropped one by one.
 */
export const manufacturerSchema = z.object({
  name: z.string().min(1),
  /** spec 001 §3 manufacturer list item's logo.url (nullable); a logo of another shape is ignored. */
  logo: z.unknown().optional(),
  models: z.array(z.unknown()),
});

const logoSchema = z.object({ url: z.string().max(2000).nullable() });

const modelSchema = z.object({
  name: z.string().min(1).max(100),
  image_url: z.string().max(2000).nullable().optional(),
  from_price: z.number().nonnegative().nullable().optional(),
  body: z.string().max(60).nullable().optional(),
});

export type ManufacturerModel = { name: string; imageUrl: string | null; fromPrice: number | null; body: string | null };
export type ManufacturerData = { name: string; logoUrl: string | null; models: ManufacturerModel[] };

export function parseManufacturer(body: unknown): ManufacturerData {
  const parsed = manufacturerSchema.parse(body);
  const models: ManufacturerModel[] = [];
  for (const entry of parsed.models) {
    const model = modelSchema.safeParse(entry);
    if (!model.success) continue;
    const image = model.data.image_url ?? null;
    models.push({
      name: model.data.name,
      // Only web addresses or our own paths reach an <img>.
      imageUrl: image && /^(https?:\/\/|\/)/.test(image) ? image : null,
      fromPrice: model.data.from_price && model.data.from_price > 0 ? model.data.from_price : null,
      body: model.data.body ?? null,
    });
  }
  const logo = logoSchema.safeParse(parsed.logo);
  return { name: parsed.name, logoUrl: logo.success ? logo.data.url : null, models };
}
