import { describe, expect, it } from "vitest";
import { TEST_PHONE_NUMBER } from "~/server/leads/phone";
import { formsAppForFile } from "./forms-harness";

const app = formsAppForFile({ MOCK_LEADS: undefined });

describe("the /mock lead paths without MOCK_LEADS", () => {
  it("are 404 and store nothing", async () => {
    const lead = {
      category: "General Enquiry",
      name: "Jane",
      email: "jane@example.com",
      phone: TEST_PHONE_NUMBER,
      message: "Hi",
      location_id: 2101,
      dealership_slug: "harbourside-mazda",
    };
    // From the site's own page (same-origin Origin), which the JSON API requires without an API key.
    const headers = { "content-type": "application/json", origin: "http://harbourside.localhost" };
    for (const [method, urlPath] of [
      ["POST", "/mock/leads"],
      ["PUT", "/mock/leads/00000000-0000-4000-8000-000000000000"],
      ["POST", "/mock/leads/with-files"],
      ["GET", "/mock/leads"],
    ]) {
      const reply = await app.send("harbourside.localhost", urlPath, {
        method,
        body: method === "GET" ? undefined : JSON.stringify({ lead }),
        headers,
      });
      expect(reply.status, `${method} ${urlPath}`).toBe(404);
    }
    expect(await app.leadCount()).toBe(0);
    // The real path still works.
    expect(
      (await app.send("harbourside.localhost", "/api/leads", { method: "POST", body: JSON.stringify({ lead }), headers })).status,
    ).toBe(201);
  });
});
