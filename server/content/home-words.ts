import type { Site } from "~/server/tenants/schema";

/** The home page's headings in each template's own vocabulary (motorcycle and camper words). */
export type HomeWords = { featured: string; makes: string; bodies: string; browse: string };

const words: Record<Site["template"], HomeWords> = {
  car: { featured: "Featured cars", makes: "Shop by make", bodies: "Shop by body type", browse: "Browse all cars" },
  motorcycle: { featured: "Featured bikes", makes: "Shop by brand", bodies: "Shop by style", browse: "Browse all bikes" },
  camper: { featured: "Featured campers and RVs", makes: "Shop by manufacturer", bodies: "Shop by type", browse: "Browse all RVs" },
  "4x4": { featured: "Featured 4x4s", makes: "Shop by make", bodies: "Shop by body type", browse: "Browse all 4x4s" },
  truck: { featured: "Featured trucks", makes: "Shop by make", bodies: "Shop by body type", browse: "Browse all trucks" },
};

export function homeWords(template: Site["template"]): HomeWords {
  return words[template];
}
