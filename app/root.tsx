import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { canonicalHref } from "~/server/seo/canonical";
import { rootData } from "../server/handlers/root/root-data";
import { ErrorWords } from "./components/error-words";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { SiteNotice } from "./components/site-notice";
import { Tracking } from "./components/tracking/tracking";
import { useNonce } from "./lib/nonce";
import { markDocumentHydrated } from "./lib/server-render";
import { useEffect } from "react";
import { themeStyle } from "./lib/theme";
import stylesheet from "./styles/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await rootData(request, context));
}

function Document({ children, lang, theme, canonical }: { children: React.ReactNode; lang: string; theme?: string; canonical?: string }) {
  const nonce = useNonce();
  // Effects run after the whole first commit: every component of the hydration has rendered by then.
  useEffect(markDocumentHydrated, []);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {canonical ? <link rel="canonical" href={canonical} /> : null}
        {theme ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: theme }} /> : null}
      </head>
      <body className="min-h-screen bg-gray-50 text-gray-900 antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
          Skip to content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  if (!data) return null;
  const { site } = data;
  return (
    <Document lang={site.locale} theme={themeStyle(site.theme)} canonical={canonicalHref(data.origin, location.pathname, location.search)}>
      <SiteNotice notice={data.notice} />
      <SiteHeader site={site} locations={data.locations} />
      <main id="main" className="mx-auto max-w-7xl px-4 py-6">
        <Outlet />
      </main>
      <SiteFooter site={site} dealershipWebsites={data.dealershipWebsites} />
      <Tracking tracking={data.tracking} />
    </Document>
  );
}

/** What a visitor reads on an error page; the router's own texts ('Error: No route matches URL …') never reach them. */
function errorCopy(error: unknown): { title: string; detail: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? "Page not found" : status === 400 ? "That request didn't make sense" : "Something went wrong";
  const ownMessage =
    isRouteErrorResponse(error) &&
    status < 500 &&
    typeof error.data === "string" &&
    error.data !== "" &&
    !("internal" in error && error.internal === true);
  const detail = ownMessage
    ? String(error.data)
    : status === 404
      ? "We couldn't find that page. It may have moved, or the vehicle may have been sold."
      : "Please try again in a moment.";
  return { title, detail };
}

/** Only error pages get a title from here: a route below an error boundary contributes no meta. */
export const meta: MetaFunction<typeof loader> = ({ error, data }) => {
  if (!error) return [];
  const { title } = errorCopy(error);
  return [{ title: data ? `${title} | ${data.site.name}` : title }];
};

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const { title, detail } = errorCopy(error);
  const body = (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16" data-testid="error-page">
      <ErrorWords
        title={title}
        detail={detail}
        link={
          <a className="font-semibold text-brand underline" href="/">
            Go to the home page
          </a>
        }
      />
    </main>
  );
  if (!data) {
    return <Document lang="en">{body}</Document>;
  }
  return (
    <Document lang={data.site.locale} theme={themeStyle(data.site.theme)}>
      <SiteNotice notice={data.notice} />
      <SiteHeader site={data.site} locations={data.locations} />
      {body}
      <SiteFooter site={data.site} dealershipWebsites={data.dealershipWebsites} />
    </Document>
  );
}
