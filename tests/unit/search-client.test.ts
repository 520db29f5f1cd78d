import { describe, expect, it, vi } from "vitest";
import { SEARCH_CLIENT_MESSAGES, STALLED_SEARCH_DELAY_MS, createSearch, type SearchClientStatus } from "~/app/lib/search-client";

const okClient = { search: vi.fn(async () => ({ results: [] })) };

describe("search client misuse (spec 000 §8, spec 001 §8)", () => {
  it("needs a client with a search method", () => {
    expect(() => createSearch({ indexName: "cars" })).toThrow("The `searchClient` option is required.");
    expect(() => createSearch({ searchClient: null, indexName: "cars" })).toThrow("The `searchClient` option is required.");
    // spec 000 §5: the client must have a search method.
    expect(() => createSearch({ searchClient: {} as never, indexName: "cars" })).toThrow("The `searchClient` option is required.");
  });

  it("needs an index name", () => {
    expect(() => createSearch({ searchClient: okClient })).toThrow("The `indexName` option is required.");
    expect(() => createSearch({ searchClient: okClient, indexName: "  " })).toThrow("The `indexName` option is required.");
  });

  it("starts once", () => {
    const search = createSearch({ searchClient: okClient, indexName: "cars" });
    search.start();
    expect(search.started).toBe(true);
    expect(() => search.start()).toThrow("The `start` method has already been called once.");
  });

  it("must be started before UI state is set or a URL created", async () => {
    const search = createSearch({ searchClient: okClient, indexName: "cars" });
    expect(() => search.createURL({ query: "ranger" })).toThrow(SEARCH_CLIENT_MESSAGES.notStarted);
    await expect(search.setUiState({ query: "ranger" })).rejects.toThrow(SEARCH_CLIENT_MESSAGES.notStarted);
    expect(okClient.search).not.toHaveBeenCalled();
    search.start();
    expect(search.createURL({ query: "ranger" })).toBe("?q=ranger");
  });
});

describe("search status (spec 001 §4: loading, stalled after 200 ms, error)", () => {
  it("is stalled only when the search runs over 200 ms", async () => {
    vi.useFakeTimers();
    try {
      expect(STALLED_SEARCH_DELAY_MS).toBe(200);
      let answer: (value: unknown) => void = () => {};
      const client = { search: () => new Promise((resolve) => (answer = resolve)) };
      const seen: SearchClientStatus[] = [];
      const onResult = vi.fn();
      const search = createSearch({ searchClient: client, indexName: "cars", onStatusChange: (s) => seen.push(s), onResult });
      search.start();
      const pending = search.setUiState({ query: "hilux" });
      expect(search.status).toBe("loading");
      vi.advanceTimersByTime(199);
      expect(search.status).toBe("loading");
      vi.advanceTimersByTime(1);
      expect(search.status).toBe("stalled");
      answer({ hits: 3 });
      await pending;
      expect(seen).toEqual(["loading", "stalled", "idle"]);
      expect(onResult).toHaveBeenCalledWith({ hits: 3 });

      // A quick answer never shows stalled.
      seen.length = 0;
      const quick = search.setUiState({ query: "corolla" });
      answer({ hits: 1 });
      await quick;
      vi.advanceTimersByTime(500);
      expect(seen).toEqual(["loading", "idle"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("ends in error when the search fails", async () => {
    const client = { search: () => Promise.reject(new Error("search service down")) };
    const search = createSearch({ searchClient: client, indexName: "cars" });
    search.start();
    await expect(search.setUiState({ query: "x" })).rejects.toThrow("search service down");
    expect(search.status).toBe("error");
  });
});
