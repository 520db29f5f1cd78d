/**
 * The search page's browser-side search client: started once, it needs a client with a `search`
 * method and an index name, and reports its status (spec 000 §4/§5/§8, spec 001 §4/§8/§9).
 * Browser-safe: no server imports; timers come in as options so tests drive the clock.
 */

/** spec 000 §8 / spec 001 §8: the search misuse messages, word for word. */
export const SEARCH_CLIENT_MESSAGES = {
  searchClientRequired: "The `searchClient` option is required.",
  indexNameRequired: "The `indexName` option is required.",
  startedTwice: "The `start` method has already been called once.",
  // "not shown" in the spec: our own wording for the rule "started before UI state can be set or a URL created".
  notStarted: "The search must be started before UI state can be set or a URL created.",
} as const;

/** spec 000 §9 / spec 001 §9: a search running over 200 ms is 'stalled'. */
export const STALLED_SEARCH_DELAY_MS = 200;

/** spec 001 §4: loading, stalled after the delay, error on failure; idle when the answer is in. */
export type SearchClientStatus = "idle" | "loading" | "stalled" | "error";

export interface SearchRequest {
  indexName: string;
  query: string;
  params: Record<string, string | number | boolean | string[]>;
}

/** Anything with a `search` method (spec 000 §5: "the search client must have a search method"). */
export interface SearchClientLike<TResult = unknown> {
  search(requests: SearchRequest[]): Promise<TResult>;
}

export type UiState = { query?: string; params?: SearchRequest["params"] };

type Timers = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export interface SearchOptions<TResult> {
  searchClient?: SearchClientLike<TResult> | null;
  indexName?: string | null;
  stalledSearchDelay?: number;
  /** Builds the page URL for a UI state (the search page passes its own state → path rule). */
  createURL?: (state: UiState) => string;
  onStatusChange?: (status: SearchClientStatus) => void;
  onResult?: (result: TResult) => void;
  timers?: Timers;
}

export interface SearchController {
  start(): void;
  setUiState(state: UiState): Promise<void>;
  createURL(state: UiState): string;
  readonly status: SearchClientStatus;
  readonly started: boolean;
  dispose(): void;
}

function hasSearchMethod<TResult>(client: unknown): client is SearchClientLike<TResult> {
  return typeof client === "object" && client !== null && typeof (client as { search?: unknown }).search === "function";
}

const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createSearch<TResult>(options: SearchOptions<TResult>): SearchController {
  // A client without a `search` method is treated as missing: the spec shows no separate message.
  if (!hasSearchMethod<TResult>(options.searchClient)) throw new Error(SEARCH_CLIENT_MESSAGES.searchClientRequired);
  if (typeof options.indexName !== "string" || options.indexName.trim() === "") {
    throw new Error(SEARCH_CLIENT_MESSAGES.indexNameRequired);
  }
  const client = options.searchClient;
  const indexName = options.indexName;
  const delay = options.stalledSearchDelay ?? STALLED_SEARCH_DELAY_MS;
  const timers = options.timers ?? browserTimers;
  let started = false;
  let status: SearchClientStatus = "idle";
  let stalledTimer: unknown = null;
  // Only the latest search may set the status or deliver a result: an older answer arriving late is dropped.
  let latest = 0;

  const setStatus = (next: SearchClientStatus) => {
    if (next === status) return;
    status = next;
    options.onStatusChange?.(next);
  };
  const stopTimer = () => {
    if (stalledTimer !== null) timers.clearTimeout(stalledTimer);
    stalledTimer = null;
  };
  const requireStarted = () => {
    if (!started) throw new Error(SEARCH_CLIENT_MESSAGES.notStarted);
  };

  return {
    get status() {
      return status;
    },
    get started() {
      return started;
    },
    start() {
      if (started) throw new Error(SEARCH_CLIENT_MESSAGES.startedTwice);
      started = true;
    },
    async setUiState(state) {
      requireStarted();
      const id = ++latest;
      stopTimer();
      setStatus("loading");
      stalledTimer = timers.setTimeout(() => {
        if (id === latest) setStatus("stalled");
      }, delay);
      try {
        const result = await client.search([{ indexName, query: state.query ?? "", params: state.params ?? {} }]);
        if (id !== latest) return;
        stopTimer();
        setStatus("idle");
        options.onResult?.(result);
      } catch (error) {
        if (id !== latest) return;
        stopTimer();
        setStatus("error");
        throw error;
      }
    },
    createURL(state) {
      requireStarted();
      if (options.createURL) return options.createURL(state);
      const query = new URLSearchParams();
      if (state.query) query.set("q", state.query);
      return `?${query.toString()}`;
    },
    dispose() {
      stopTimer();
      latest += 1;
    },
  };
}
