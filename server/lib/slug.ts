// spec 001 §5: slug helper; spec 000 §9: make aliases normalised for search.

/** Trim, lowercase, runs of non-alphanumerics to one hyphen, no leading or trailing hyphen. */
export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

// spec 000 §9: Isuzu Ute → isuzu, GWM (and Haval) → gwm-haval, Suzuki Australia → suzuki,
// Mercedes-Benz, SsangYong/KGM. Keys are slugified make names.
const makeAliases: Readonly<Record<string, string>> = {
  "isuzu-ute": "isuzu",
  gwm: "gwm-haval",
  haval: "gwm-haval",
  "gwm-haval": "gwm-haval",
  "great-wall": "gwm-haval",
  "suzuki-australia": "suzuki",
  mercedes: "mercedes-benz",
  "mercedes-benz": "mercedes-benz",
  ssangyong: "ssangyong",
  "ssang-yong": "ssangyong",
  kgm: "ssangyong",
  "kgm-ssangyong": "ssangyong",
};

/** The search slug of a make name, after its alias. */
export function normaliseMake(name: string): string {
  const slug = slugify(name);
  return makeAliases[slug] ?? slug;
}
