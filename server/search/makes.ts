import { slugify } from "~/server/lib/slug";

/**
 * Makes that get their own search path, /search/{make} (spec 000 §2), and the aliases the
 * stock feeds use for them (spec 000 §9: Isuzu Ute to isuzu, GWM to gwm-haval, Suzuki Australia
 * to suzuki; also Mercedes-Benz, SsangYong/KGM).
 */
export type KnownMake = {
  /** The value a make refinement holds. */
  name: string;
  slug: string;
  /** Other spellings of the make in stock data; a refinement on the make matches all of them. */
  aliases: readonly string[];
  /** Other path slugs that lead to the same make. */
  slugAliases: readonly string[];
};

function make(name: string, extra: Partial<Omit<KnownMake, "name">> = {}): KnownMake {
  return { name, slug: extra.slug ?? slugify(name), aliases: extra.aliases ?? [], slugAliases: extra.slugAliases ?? [] };
}

export const knownMakes: readonly KnownMake[] = [
  make("Abarth"),
  make("Alfa Romeo"),
  make("Aprilia"),
  make("Aston Martin"),
  make("Audi"),
  make("Bentley"),
  make("BMW"),
  make("BYD"),
  make("Chery"),
  make("Chevrolet"),
  make("Chrysler"),
  make("Citroen"),
  make("Cupra"),
  make("Deepal"),
  make("Dodge"),
  make("Ducati"),
  make("Ferrari"),
  make("Fiat"),
  make("Ford"),
  make("Foton"),
  make("Fuso"),
  make("Genesis"),
  make("GWM", { slug: "gwm-haval", aliases: ["Haval", "GWM Haval", "Great Wall"], slugAliases: ["gwm", "haval"] }),
  make("Harley-Davidson"),
  make("Hino"),
  make("Holden"),
  make("Honda"),
  make("HSV"),
  make("Husqvarna"),
  make("Hyundai"),
  make("Ineos"),
  make("Isuzu", { aliases: ["Isuzu Ute"], slugAliases: ["isuzu-ute"] }),
  make("Iveco"),
  make("Jaguar"),
  make("Jayco"),
  make("Jeep"),
  make("Kawasaki"),
  make("Kia"),
  make("KTM"),
  make("Lamborghini"),
  make("Land Rover"),
  make("LDV"),
  make("Leapmotor"),
  make("Lexus"),
  make("Lotus"),
  make("Mahindra"),
  make("Maserati"),
  make("Mazda"),
  make("McLaren"),
  make("Mercedes-Benz", { aliases: ["Mercedes Benz", "Mercedes"], slugAliases: ["mercedes"] }),
  make("MG"),
  make("Mini"),
  make("Mitsubishi"),
  make("Nissan"),
  make("Peugeot"),
  make("Polestar"),
  make("Porsche"),
  make("RAM"),
  make("Renault"),
  make("Rolls-Royce"),
  make("Royal Enfield"),
  make("Skoda"),
  make("Smart"),
  make("SsangYong", { aliases: ["KGM", "KGM SsangYong"], slugAliases: ["kgm", "kgm-ssangyong"] }),
  make("Subaru"),
  make("Suzuki", { aliases: ["Suzuki Australia"], slugAliases: ["suzuki-australia"] }),
  make("Tesla"),
  make("Toyota"),
  make("Triumph"),
  make("Volkswagen"),
  make("Volvo"),
  make("Yamaha"),
  make("Zeekr"),
];

const bySlug = new Map<string, KnownMake>();
const bySpelling = new Map<string, KnownMake>();
for (const known of knownMakes) {
  for (const slug of [known.slug, ...known.slugAliases]) bySlug.set(slug, known);
  for (const spelling of [known.name, ...known.aliases]) bySpelling.set(spelling.toLowerCase(), known);
}

export function makeBySlug(slug: string): KnownMake | null {
  return bySlug.get(slug.toLowerCase()) ?? null;
}

/** The known make a stock or URL spelling stands for (case-insensitive), or null. */
export function knownMake(value: string): KnownMake | null {
  return bySpelling.get(value.trim().toLowerCase()) ?? null;
}

/** A make value as a refinement holds it: the known make's name, or the value unchanged. */
export function canonicalMake(value: string): string {
  return knownMake(value)?.name ?? value;
}

/** Every spelling a make refinement matches in stock data. */
export function makeSpellings(value: string): string[] {
  const known = knownMake(value);
  return known ? [known.name, ...known.aliases] : [value];
}
