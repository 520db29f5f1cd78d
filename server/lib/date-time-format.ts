/**
 * One Intl.DateTimeFormat per locale and options for the life of the process. Building one costs tens of
 * microseconds and more with a time zone; the home page built one per location per view (the opening
 * hours' weekday: 3% of its CPU in a profile). Sites use a handful of locales and zones, so the set
 * stays small.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
