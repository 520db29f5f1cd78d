import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/server/leads/messages";
import { FINANCE_FLOW } from "~/server/multi-step/flows";
import { unreachableDb } from "./support/test-db";
import { html, formsAppForFile } from "./forms-harness";
import { FlowVisitor, validStep } from "./multi-step-visitor";

const app = formsAppForFile({}, () => ({ db: unreachableDb() }));

describe("a multi-step flow while the lead store is down", () => {
  it("shows the step, then answers its POST with 503, the spec's message inside the form and what was typed", async () => {
    const visitor = new FlowVisitor(app, "southern-used.localhost");
    expect((await visitor.get("/finance/apply")).status).toBe(200);
    const reply = await visitor.post(FINANCE_FLOW, 1, validStep(FINANCE_FLOW, 1, app.tenant("southern-used"), null, { name: "Robyn" }));
    expect(reply.status).toBe(503);
    expect(reply.body).toContain(`data-testid="form-error">${html(MESSAGES.submitError)}<`);
    expect(reply.body).toContain('value="Robyn"');
    expect(reply.body).toContain('data-step="1"');
    // Nothing moved on: no progress cookie, still on step 1.
    expect(visitor.jar.has("fc_flow_finance")).toBe(false);
    expect(await app.leadCount()).toBe(0);
  });
});
