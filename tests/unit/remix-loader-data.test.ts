import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// The router as the server runs it (CommonJS, with patches/@remix-run+router applied): a document's
// loader data is json()'s data itself when JSON would give it back unchanged, else its JSON round trip,
// so the server renders exactly what the browser hydrates from __remixContext.
const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as {
  json: (data: unknown, init?: ResponseInit) => Response;
  createStaticHandler: (routes: unknown[]) => {
    query: (request: Request) => Promise<{ loaderData: Record<string, unknown> } | Response>;
  };
};

async function loaderDataOf(data: unknown): Promise<unknown> {
  const handler = router.createStaticHandler([{ id: "page", path: "/", loader: () => router.json(data) }]);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("expected a context");
  return context.loaderData.page;
}

describe("a document's loader data (patches/@remix-run+router)", () => {
  it("is the loader's own data when it is plain JSON", async () => {
    const data = { title: "Cars", count: 3, price: -0.5, tags: ["SUV", null, true], nested: { empty: {}, list: [] } };
    expect(await loaderDataOf(data)).toBe(data);
  });

  it("is the JSON round trip of anything JSON changes: dates, undefined, non-finite numbers, classes, toJSON", async () => {
    const cases: unknown[] = [
      { at: new Date(0) },
      { logo: undefined, name: "Toyota" },
      [1, undefined, 2],
      { ratio: Number.NaN, max: Number.POSITIVE_INFINITY },
      { seen: new Map([["a", 1]]) },
      { money: { toJSON: () => "$1" } },
      { deep: { deeper: [{ at: new Date(86_400_000) }] } },
    ];
    for (const data of cases) {
      const got = await loaderDataOf(data);
      expect(got).not.toBe(data);
      expect(got).toStrictEqual(JSON.parse(JSON.stringify(data)));
    }
  });

  it("is null for a loader that returns nothing, and its body is the JSON when a client navigation reads it", async () => {
    expect(await loaderDataOf(undefined)).toBeNull();
    const data = { make: "Mazda", count: 2 };
    const response = router.json(data, { headers: { "Cache-Control": "no-store" } });
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe(JSON.stringify(data));
  });

  it("writes json()'s body only when something reads it, not for a document that takes the data as it is", async () => {
    let written = 0;
    const data = { name: "Mazda", toJSON: () => (written++, { name: "Mazda" }) };
    const response = router.json(data);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(written).toBe(0);
    expect(await response.json()).toEqual({ name: "Mazda" });
    expect(written).toBe(1);
  });
});
