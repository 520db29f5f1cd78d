/** "#1a2b3c" → "26 43 60", the form Tailwind's `rgb(var(--x) / <alpha-value>)` colours need. */
export function rgbTriplet(hex: string): string {
  const value = hex.replace("#", "");
  const r = parseInt(value.slice(0, 2), 16);
  const g = parseInt(value.slice(2, 4), 16);
  const b = parseInt(value.slice(4, 6), 16);
  return `${r} ${g} ${b}`;
}

export function themeStyle(theme: { brand: string; brand_contrast: string; accent: string }): string {
  return `:root{--brand:${rgbTriplet(theme.brand)};--brand-contrast:${rgbTriplet(theme.brand_contrast)};--accent:${rgbTriplet(theme.accent)}}`;
}
