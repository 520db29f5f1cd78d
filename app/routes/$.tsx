/**
 * Any address no other route claims (three or more segments): a 404 through the root error
 * boundary, so the visitor sees the tenant's header, footer and colours rather than a bare page.
 */
export function loader(): never {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

/** Never rendered (the loader always throws); its presence makes this a page route, not a resource route. */
export default function NotFound() {
  return null;
}
