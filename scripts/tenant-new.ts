/**
 * `npm run tenant:new -- --slug <new-slug> [--from southern-used]`: a new dealer's folder, copied from
 * an existing site (its images and home files; not its generated stock.json), with the site.json a new
 * dealer starts with (server/tenants/new-tenant-site.ts): own slug, no domains, captcha on.
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { parseSiteFile, tenantsRoot } from "../server/tenants/load";
import { newTenantSite } from "../server/tenants/new-tenant-site";

function main(): void {
  const { values } = parseArgs({ options: { slug: { type: "string" }, from: { type: "string", default: "southern-used" } } });
  const slug = values.slug ?? "";
  if (!/^[a-z0-9][a-z0-9-]*$/.test(slug)) throw new Error("--slug <new-slug>: lowercase letters, digits and hyphens");
  const root = tenantsRoot();
  const from = path.join(root, values.from);
  const to = path.join(root, slug);
  if (!existsSync(path.join(from, "site.json"))) throw new Error(`--from ${values.from}: no ${path.join(from, "site.json")}`);
  if (existsSync(to)) throw new Error(`${to} already exists`);
  const source = JSON.parse(readFileSync(path.join(from, "site.json"), "utf8")) as Record<string, unknown>;
  const site = newTenantSite(source, slug);
  const text = `${JSON.stringify(site, null, 2)}\n`;
  // Checked before anything is written: the new file must load as the server will load it.
  parseSiteFile(path.join(to, "site.json"), text, slug);
  cpSync(from, to, { recursive: true, filter: (file) => path.basename(file) !== "stock.json" });
  writeFileSync(path.join(to, "site.json"), text);
  const captcha = site.leads as { captcha: { secret_env: string } };
  process.stdout.write(
    `created ${to} from ${values.from}. Next: name, domains, locations and leads in site.json; the dealer's Turnstile site key in leads.captcha.site_key and its secret in ${captcha.captcha.secret_env} (until then its forms run without a captcha).\n`,
  );
}

try {
  main();
} catch (error) {
  process.stderr.write(`tenant:new: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
