import type { Redis } from "ioredis";
import type { Db } from "../db/connection";
import { garageAccounts, type GarageAccounts } from "./accounts";
import { createCodeLimiter, type CodeLimiter } from "./code-limiter";
import { savedSearchStore, type SavedSearchStore } from "./saved-searches";
import { savedCarStore, type SavedCarStore } from "./saved-store";

/** Saved cars, garage accounts and the sign-in limits, built once by server/services.ts. */
export type GarageServices = { saved: SavedCarStore; searches: SavedSearchStore; accounts: GarageAccounts; codeLimiter: CodeLimiter };

export function createGarageServices(options: {
  db: Db;
  secrets: readonly string[];
  redis: Redis | null;
  clusterWorker: boolean;
}): GarageServices {
  return {
    saved: savedCarStore(options.db),
    searches: savedSearchStore(options.db),
    accounts: garageAccounts(options.db, options.secrets),
    codeLimiter: createCodeLimiter({ redis: options.redis, clusterWorker: options.clusterWorker }),
  };
}
