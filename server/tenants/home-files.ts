import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "~/server/lib/zod";
import { ConfigError, formatConfigIssue } from "./config-error";

// spec 001 §3 "Promo / shared call-to-action card": image, alt text, background, display (car types),
// strictDisplay, position, start, expiry. href, title, text and cta are ours: the card's link, its heading, one
// line under it and the words of its button (a linked card without cta says "Find out more").
const isoMoment = z.iso.datetime({ offset: true }).or(z.iso.date());
export const promoSchema = z.strictObject({
  id: z.string().min(1),
  image: z.string().min(1),
  alt: z.string(),
  background: z.string().nullable().default(null),
  display: z.array(z.enum(["new", "used", "demo"])).default([]),
  strictDisplay: z.boolean().default(false),
  position: z.number().int().min(0).nullable().default(null),
  start: isoMoment.nullable().default(null),
  expiry: isoMoment.nullable().default(null),
  href: z.string().nullable().default(null),
  title: z.string().nullable().default(null),
  text: z.string().max(140).nullable().default(null),
  cta: z.string().max(40).nullable().default(null),
});
export type Promo = z.infer<typeof promoSchema>;
export const promosFileSchema = z.array(promoSchema);

// spec 001 §3 "Review": id, image (url, thumb), customer_name, text (nullable), rating, review_date
// (dd/mm/yyyy); the block has count and average_rating (the dealer's totals, e.g. from Google).
export const reviewSchema = z.strictObject({
  id: z.number().int(),
  image: z.object({ url: z.string(), thumb: z.string() }).nullable().default(null),
  customer_name: z.string().min(1),
  text: z.string().nullable(),
  rating: z.number().int().min(1).max(5),
  review_date: z.string().regex(/^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/\d{4}$/, "expected a date like 31/12/2025 (dd/mm/yyyy)"),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewsFileSchema = z.strictObject({
  count: z.number().int().min(0),
  average_rating: z.number().min(0).max(5),
  reviews: z.array(reviewSchema),
  /** spec 001 §9 'hidden reviews listed by title': reviews the dealer hides, named by title (docs/decisions.md). */
  hidden_titles: z.array(z.string().min(1)).default([]),
});
export type ReviewsFile = z.infer<typeof reviewsFileSchema>;

// spec 001 §2: the promotions slider's slides (overlay name, description, 'Discover the Range'; a slide can
// be hidden) and the 4x4 landing section (heading, subheading, text, image, 'View Our Cars', 'Contact Us').
export const slideSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().default(""),
  image: z.string().min(1),
  alt: z.string().default(""),
  href: z.string().min(1),
  hidden: z.boolean().default(false),
});
export type Slide = z.infer<typeof slideSchema>;
export const homeFileSchema = z.strictObject({
  /** spec 001 §9: the slider is 540 px high (1920 px wide artwork); 450 px for one tenant. */
  slider_height: z.union([z.literal(540), z.literal(450)]).default(540),
  slides: z.array(slideSchema).default([]),
  landing: z
    .strictObject({
      heading: z.string().min(1),
      subheading: z.string().default(""),
      text: z.string().default(""),
      image: z.string().min(1),
      alt: z.string().default(""),
    })
    .nullable()
    .default(null),
  /** The 4x4 site's product categories: its accessory category pages. */
  categories: z
    .array(z.strictObject({ label: z.string().min(1), href: z.string().min(1), image: z.string().nullable().default(null) }))
    .default([]),
});
export type HomeFile = z.infer<typeof homeFileSchema>;

/** What a tenant's home shows besides its stock: tenants/<slug>/home.json, promos.json and reviews.json, all optional. */
export type HomeFiles = { home: HomeFile; promos: Promo[]; reviews: ReviewsFile | null };

function readOptional<T>(file: string, display: string, schema: z.ZodType<T>): T | null {
  if (!existsSync(file)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new ConfigError(`${display}: (root): invalid JSON (${error instanceof Error ? error.message : "unreadable"})`);
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new ConfigError(first ? formatConfigIssue(display, first) : `${display}: invalid`);
  }
  return result.data;
}

/** Validated at start like site.json: a broken file stops the start with one line naming file and field. */
export function loadHomeFiles(dir: string, displayPath: (file: string) => string): HomeFiles {
  const promosFile = path.join(dir, "promos.json");
  const reviewsFile = path.join(dir, "reviews.json");
  const homeFile = path.join(dir, "home.json");
  return {
    home: readOptional(homeFile, displayPath(homeFile), homeFileSchema) ?? homeFileSchema.parse({}),
    promos: readOptional(promosFile, displayPath(promosFile), promosFileSchema) ?? [],
    reviews: readOptional(reviewsFile, displayPath(reviewsFile), reviewsFileSchema),
  };
}
