import { env } from "./lib/env";
import { loadTenants } from "./tenants/load";
import { TenantDirectory } from "./tenants/resolve";

let directory: TenantDirectory | undefined;

/** Every tenant, validated once per process (the start script has already checked them). */
export function tenantDirectory(): TenantDirectory {
  if (!directory) {
    const settings = env();
    directory = new TenantDirectory(loadTenants(), {
      defaultTenant: settings.DEFAULT_TENANT,
      trustProxy: settings.TRUST_PROXY,
    });
  }
  return directory;
}

export function resetRuntimeForTests(): void {
  directory = undefined;
}
