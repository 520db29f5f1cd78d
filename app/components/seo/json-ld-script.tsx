import { useNonce } from "~/app/lib/nonce";

/** A schema.org block, already escaped by serializeJsonLd; carries the CSP nonce. */
export function JsonLdScript({ json, testId }: { json: string; testId?: string }) {
  const nonce = useNonce();
  return <script type="application/ld+json" nonce={nonce} data-testid={testId} dangerouslySetInnerHTML={{ __html: json }} />;
}
