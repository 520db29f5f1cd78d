import { startStockPuller } from "~/server/inventory/stock-puller";
import { logger } from "~/server/lib/logger";
import type { Services } from "~/server/services";

/** A stock puller into these services' store through their import (feeds up to 1 MB); no tenants of its own unless given. */
export function testPuller(services: Services, options: Partial<Parameters<typeof startStockPuller>[0]> = {}) {
  return startStockPuller({
    tenants: [],
    store: services.stock,
    importStock: services.importStock,
    log: logger,
    maxBytes: 1_000_000,
    ...options,
  });
}
