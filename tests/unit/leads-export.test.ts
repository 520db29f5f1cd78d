import { describe, expect, it } from "vitest";
import { formatLeads } from "~/server/leads/export";
import type { StoredLead } from "~/server/leads/store";
import { makeTenant } from "../fixtures/leads-tenant";

const leads: StoredLead[] = [
  {
    id: "a1",
    category: "Service Enquiry",
    lead_status: "Complete",
    version: 1,
    created_at: Date.UTC(2026, 0, 1),
    updated_at: 0,
    payload: { category: "Service Enquiry", name: 'Jane, "JJ"', message: '=HYPERLINK("x")', email: "jane@example.com" },
  },
  {
    id: "b2",
    category: "General Enquiry",
    lead_status: "Incomplete",
    version: 2,
    created_at: Date.UTC(2026, 0, 2),
    updated_at: 0,
    payload: { category: "General Enquiry", first_name: "Bo", message: "line\nbreak" },
  },
];
const tenant = makeTenant();

describe("formatLeads", () => {
  it("writes CSV with quoting and formula-safe cells", () => {
    const lines = formatLeads(leads, "csv", tenant).split("\r\n");
    expect(lines[0].startsWith("id,created_at,lead_status,category,subcategory,name,first_name")).toBe(true);
    expect(lines[1]).toContain('a1,2026-01-01T00:00:00.000Z,Complete,Service Enquiry,,"Jane, ""JJ""",,,jane@example.com');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(formatLeads(leads, "csv", tenant)).toContain('"line\nbreak"');
  });

  it("writes JSON with the stored lead", () => {
    expect(JSON.parse(formatLeads(leads, "json", tenant))).toEqual([
      { id: "a1", created_at: "2026-01-01T00:00:00.000Z", lead_status: "Complete", lead: leads[0].payload },
      { id: "b2", created_at: "2026-01-02T00:00:00.000Z", lead_status: "Incomplete", lead: leads[1].payload },
    ]);
  });

  it("writes one ADF document with a prospect per lead", () => {
    const xml = formatLeads(leads, "adf", tenant);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n<adf><prospect status="new">')).toBe(true);
    expect(xml.match(/<prospect status="new">/g)).toHaveLength(2);
    // Issue 11 §1: each prospect carries its lead's id and creation time, as delivery does.
    for (const lead of leads) expect(xml).toContain(`<id sequence="1" source="Forecourt">${lead.id}</id>`);
  });
});
