import { Meilisearch, type EnqueuedTaskPromise, type Task } from "meilisearch";
import { withListingOrder } from "~/server/stock/listing-order";
import type { Vehicle } from "~/server/stock/vehicle";
import type { MeilisearchConnection } from "./connection";
import { indexSettings } from "./settings";

export type IndexingOptions = {
  /** Documents per addDocuments call. */
  batchSize?: number;
  /** How long to wait for one task; indexing a large batch on a real server can take a while. */
  taskTimeoutMs?: number;
  /** How often to poll a task's status. */
  pollIntervalMs?: number;
};

export const defaultBatchSize = 5_000;
const defaultTaskTimeoutMs = 120_000;
const defaultPollIntervalMs = 100;

/** A Meilisearch task that ended in any state but succeeded; the message carries Meilisearch's error. */
export class IndexingTaskError extends Error {
  override name = "IndexingTaskError";
}

export function indexingClient(connection: MeilisearchConnection): Meilisearch {
  return new Meilisearch({ host: connection.host, apiKey: connection.apiKey });
}

/** Filterable, sortable and searchable attributes, ranking and typo rules (settings.ts); waits for the task. */
export async function applyIndexSettings(client: Meilisearch, indexUid: string, options: IndexingOptions = {}): Promise<Task> {
  return succeeded(client.index(indexUid).updateSettings(indexSettings), `settings of index ${indexUid}`, options);
}

/** Adds or replaces the vehicles (primary key id) in batches, each waited for before the next is sent. */
export async function indexDocuments(
  client: Meilisearch,
  indexUid: string,
  vehicles: readonly Vehicle[],
  options: IndexingOptions = {},
): Promise<Task[]> {
  const batchSize = options.batchSize ?? defaultBatchSize;
  const tasks: Task[] = [];
  for (let start = 0; start < vehicles.length; start += batchSize) {
    const batch = vehicles.slice(start, start + batchSize).map(withListingOrder);
    const label = `documents ${start + 1}-${start + batch.length} of index ${indexUid}`;
    tasks.push(await succeeded(client.index<Vehicle>(indexUid).addDocuments(batch, { primaryKey: "id" }), label, options));
  }
  return tasks;
}

/** Removes documents by id (a tenant's demo stock replaced by its first import); waits for the task. */
export async function removeDocuments(
  client: Meilisearch,
  indexUid: string,
  ids: readonly number[],
  options: IndexingOptions = {},
): Promise<void> {
  if (ids.length === 0) return;
  await succeeded(client.index(indexUid).deleteDocuments([...ids]), `removing ${ids.length} documents of index ${indexUid}`, options);
}

/** waitTask resolves for failed and canceled tasks too, so the status is checked here. */
async function succeeded(enqueued: EnqueuedTaskPromise, label: string, options: IndexingOptions): Promise<Task> {
  const task = await enqueued.waitTask({
    timeout: options.taskTimeoutMs ?? defaultTaskTimeoutMs,
    interval: options.pollIntervalMs ?? defaultPollIntervalMs,
  });
  if (task.status !== "succeeded") {
    const reason = task.error ? `${task.error.message} (${task.error.code})` : "no error given";
    throw new IndexingTaskError(`Meilisearch task ${task.uid} for ${label} ${task.status}: ${reason}`);
  }
  return task;
}
