/**
 * `npm run dev:dealer-api`: the fake dealer platform (booking slots, manufacturer data) on
 * http://127.0.0.1:${DEALER_API_PORT:-4020}/api for development. Point a site's dealer_api.base_url at it
 * and set the credential variables it names to dealer / secret (docs/operations.md, "Booking slots").
 */
import { createServer } from "node:http";
import { createFakeDealerApi } from "~/server/fakes/dealer-api";
import { demoManufacturers } from "~/server/fakes/demo-manufacturers";
import { logger } from "~/server/lib/logger";

const port = Number(process.env.DEALER_API_PORT ?? 4020);
const api = createFakeDealerApi({
  username: process.env.DEALER_API_USERNAME ?? "dealer",
  password: process.env.DEALER_API_PASSWORD ?? "secret",
});
for (const [slug, data] of Object.entries(demoManufacturers())) api.manufacturers.set(slug, data);
createServer((req, res) => api.handle(req, res, (req.url ?? "/").replace(/^\/api/, ""))).listen(port, "127.0.0.1", () => {
  logger.info(`fake dealer API on http://127.0.0.1:${port}/api (user dealer, password secret)`);
});
