import { useLocation } from "@remix-run/react";
import { useState } from "react";
import { useNonce } from "~/app/lib/nonce";
import { isHydratingDocument, useServerRender } from "~/app/lib/server-render";

/**
 * The page's schema.org block (context.serverRender.jsonLd, already escaped by serializeJsonLd), with
 * the CSP nonce. It is in the document's HTML once: the page's JSON does not carry it, so the browser's
 * hydration keeps the script the server wrote, and a page reached by a client navigation has none
 * (search engines read documents).
 */
export function JsonLdScript({ testId }: { testId: string }) {
  // A new page is a new script: the one hydrated belongs to the document's own page only.
  return <PageJsonLd key={useLocation().pathname} testId={testId} />;
}

function PageJsonLd({ testId }: { testId: string }) {
  const nonce = useNonce();
  const serverRender = useServerRender();
  const [json] = useState(() =>
    serverRender
      ? (serverRender.jsonLd ?? null)
      : isHydratingDocument()
        ? (document.querySelector(`script[data-testid="${testId}"]`)?.textContent ?? null)
        : null,
  );
  if (json === null) return null;
  return <script type="application/ld+json" nonce={nonce} data-testid={testId} dangerouslySetInnerHTML={{ __html: json }} />;
}
