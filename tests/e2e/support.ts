import { test as base, expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

const port = Number(process.env.E2E_PORT ?? 3100);

/** The address of a demo tenant: `<slug>.localhost` locally, or the one BASE_URL site when given. */
export function tenantUrl(slug: string, path = "/"): string {
  const external = process.env.BASE_URL;
  if (external) return new URL(path, external).toString();
  return `http://${slug}.localhost:${port}${path}`;
}

export const test = base;
export { expect };

/** Fails on serious or critical axe violations, listing them so the report says what to fix. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length} nodes)`)).toEqual([]);
}
