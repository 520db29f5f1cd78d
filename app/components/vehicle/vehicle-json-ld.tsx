import { useNonce } from "~/app/lib/nonce";

/** The page's schema.org Car, already escaped by serializeJsonLd; carries the CSP nonce. */
export function VehicleJsonLd({ json }: { json: string }) {
  const nonce = useNonce();
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />;
}
