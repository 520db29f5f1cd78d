import { siteGet, tenantUrl } from "./support";

/**
 * Before any test of a BASE_URL run: the site must be in mock mode (MOCK_LEADS=1: /mock/leads
 * exists), so no test lead ever reaches a live dealer, and must accept QA_TOKEN for read-back.
 * A refusal is one line and no test runs.
 */
function refuse(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** The dealer the BASE_URL site is (its slug, as the QA API reports it), after the checks above. */
export async function checkedSiteTenant(): Promise<string> {
  const site = tenantUrl("site", "/");
  const slug = process.env.E2E_TENANT ?? "site";
  let mock: { status: number };
  try {
    mock = await siteGet(slug, "/mock/leads");
  } catch (error) {
    refuse(`Refused: ${site} does not answer (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (mock.status === 404) {
    refuse(
      `Refused: ${site} does not run with MOCK_LEADS=1, so test leads would reach the dealer; point BASE_URL at a staging copy in mock mode.`,
    );
  }
  const probe = await siteGet(slug, "/api/qa/leads?email=qa-probe%40example.com");
  if (probe.status !== 200) {
    refuse(
      `Refused: ${site} does not accept QA_TOKEN for the QA read-back API (answered ${probe.status}); start it with QA_TOKEN and pass the same value.`,
    );
  }
  const { tenant } = JSON.parse(probe.body) as { tenant: string };
  if (process.env.E2E_TENANT && process.env.E2E_TENANT !== tenant) {
    refuse(`Refused: ${site} is dealer "${tenant}", but E2E_TENANT says "${process.env.E2E_TENANT}".`);
  }
  return tenant;
}

export default async function checkExternalSite(): Promise<void> {
  await checkedSiteTenant();
}
