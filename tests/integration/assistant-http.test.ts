/**
 * /assistant without JavaScript: each message is a POSTed form carrying the conversation; answers
 * come from the site's own data (stock through the keyword interpreter, hours, address, phone, the
 * car in context), anything else is passed to the team. Two sites, so no answer is another's.
 */
import { describe, expect, it } from "vitest";
import { loadTenants } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import { appForFile } from "./support/app-server";
import { transcriptOf } from "./support/html-text";
import { request } from "./support/http";

const tenants = loadTenants();
const server = appForFile(() => new TenantDirectory(tenants, { defaultTenant: "harbourside", trustProxy: false }));

/** The page's text with tags dropped and entities read, as a reader sees it. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

async function ask(slug: string, message: string, transcript = "[]", vehicle = "") {
  const host = `${slug}.localhost`;
  const body = new URLSearchParams({ intent: "send", message, transcript, vehicle }).toString();
  return request(server.port, host, "/assistant", {
    method: "POST",
    body,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: `http://${host}`,
      "content-length": String(Buffer.byteLength(body)),
    },
  });
}

describe.each([
  ["harbourside", "(02) 5550 1200", "512 Parramatta Road, Strathfield NSW 2135", "10:00am-4:00pm"],
  ["kiwi-motors", "09 555 0142", "250 Great South Road, Greenlane, Auckland 1051, New Zealand", "10:00am-4:00pm"],
])("%s", (slug, phone, address, sundayHours) => {
  it("answers hours, address and phone from the site, and keeps the conversation", async () => {
    const first = await ask(slug, "Are you open on Sunday?");
    expect(first.status).toBe(200);
    const sunday = visibleText(first.body);
    expect(sunday).toMatch(new RegExp(`open (on Sunday|today), ${sundayHours}`));
    const second = await ask(slug, "what's your phone number", transcriptOf(first.body));
    const text = visibleText(second.body);
    expect(text).toContain(`Call us on ${phone}.`);
    expect(text).toContain("Are you open on Sunday?");
    expect(visibleText((await ask(slug, "where are you located?")).body)).toContain(address);
  });

  it("answers a stock question with up to 3 cars and a link to all", async () => {
    const reply = await ask(slug, "used suv under 40k");
    const html = reply.body;
    expect(visibleText(html)).toMatch(/Used · SUV · Under \$40,000 — [\d,]+ cars\. Here are 3:/);
    expect(html).toMatch(
      /href="\/search\/used-cars\?refinementList\[body\]\[0\]=suv&amp;range\[price\]=:40000"|href="\/search\/suv\?refinementList\[car_type\]\[0\]=used&amp;range\[price\]=:40000"/,
    );
  });

  it("passes anything else to the team; an empty message changes nothing", async () => {
    expect(visibleText((await ask(slug, "what's the meaning of life")).body)).toContain("I can pass that to the team");
    const empty = await ask(slug, "   ");
    expect(empty.status).toBe(400);
    expect(visibleText(empty.body)).toContain("Please type a message.");
  });
});
