import { expect, tenantUrl, test } from "./support";
import { demoTenant, detailPath, pickVehicle } from "./vehicle-stock";
import { defaultSearchPath } from "~/server/search/paths";

/**
 * Our pages keep to our own Content-Security-Policy: the browser reports nothing it refused (an inline
 * script without the nonce, an eval, a host not listed) while a page loads, hydrates and idles. A refusal
 * here is a feature that silently does not work for shoppers, or a best-practices failure in Lighthouse.
 */
for (const slug of ["lakeside-auto", "harbourside"]) {
  test(`${slug}: home, search, a vehicle, contact and a multi-step form load without a CSP refusal @js-only`, async ({ page }) => {
    await page.addInitScript(() => {
      const refused: string[] = [];
      (window as unknown as { __cspRefused: string[] }).__cspRefused = refused;
      document.addEventListener("securitypolicyviolation", (event) => {
        refused.push(`${event.violatedDirective} ${event.blockedURI || "(inline)"} at ${event.sourceFile}:${event.lineNumber}`);
      });
    });
    const paths = ["/", defaultSearchPath(demoTenant(slug)), detailPath(slug, pickVehicle(slug)), "/contact", "/finance/apply"];
    for (const path of paths) {
      await page.goto(tenantUrl(slug, path));
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => (window as unknown as { __cspRefused: string[] }).__cspRefused), path).toEqual([]);
    }
  });
}
