/** spec 001 §3 lead url: the page the form is on, without Remix's own `_data`/`index` query keys. */
export function pageUrl(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  return url.toString();
}
