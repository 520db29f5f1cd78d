import type { Redis } from "ioredis";
import type { Db } from "~/server/db/connection";
import { garageAccounts, type GarageAccounts } from "./accounts";
import type { BackgroundAlerts } from "./alerts";
import { createCodeLimiter, type CodeLimiter } from "./code-limiter";
import { savedSearchStore, type SavedSearchStore } from "./saved-searches";
import { savedCarStore, type SavedCarStore } from "./saved-store";

/** Saved cars, garage accounts, the sign-in limits and the background alerts, built once by server/services.ts. */
export type GarageServices = {
  saved: SavedCarStore;
  searches: SavedSearchStore;
  accounts: GarageAccounts;
  codeLimiter: CodeLimiter;
  /** Price-drop and sold alerts sent after an import has answered. */
  alerts: BackgroundAlerts;
};

export function createGarageServices(options: {
  db: Db;
  secrets: readonly string[];
  redis: Redis | null;
  clusterWorker: boolean;
  alerts: BackgroundAlerts;
}): GarageServices {
  return {
    saved: savedCarStore(options.db),
    searches: savedSearchStore(options.db),
    accounts: garageAccounts(options.db, options.secrets),
    codeLimiter: createCodeLimiter({ redis: options.redis, clusterWorker: options.clusterWorker }),
    alerts: options.alerts,
  };
}
