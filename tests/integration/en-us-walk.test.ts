import { describe, expect, it } from "vitest";
import { BRITISH_FORMS } from "~/server/lib/spelling";
import { formsAppForFile, validFields } from "./forms-harness";

/**
 * Every shopper-visible text on the en-US site in US usage. Walks lakeside-auto from
 * its home page over its own links (every page kind; a sample of vehicles and of filtered
 * searches), posts each form empty (its error messages) and once for real (the thank-you page),
 * and fails on any British or Australian form in the text or the attributes a shopper reads.
 */
const HOST = "lakeside-auto.localhost";
const MAX_PAGES = 160;
const VEHICLES_SAMPLED = 4;
const QUERY_SEARCHES_SAMPLED = 6;

const app = formsAppForFile();

function decode(text: string): string {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}

/** What a shopper reads: text, the title, and the attributes screen readers and browsers show (URLs left out). */
function shopperText(html: string): string {
  const withoutCode = html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, " ");
  const attributes = [...withoutCode.matchAll(/\s(?:placeholder|aria-label|alt|title|content|label)="([^"]*)"/g)]
    .map((match) => decode(match[1]!))
    .filter((value) => !/^(https?:|\/)/.test(value));
  return `${decode(withoutCode.replace(/<[^>]+>/g, " "))} ${attributes.join(" ")}`.replace(/\s+/g, " ");
}

function britishForms(text: string): string[] {
  const global = new RegExp(BRITISH_FORMS.source, "gi");
  return [...text.matchAll(global)].map((match) => text.slice(Math.max(0, match.index - 40), match.index + match[0].length + 20));
}

const sameForm = (a: string, b: string) => /^\/cars\//.test(a) && /^\/cars\//.test(b) && a.split("/").pop() === b.split("/").pop();

const SKIP = /^\/(_image|build\/|tenant-assets\/|demo-images\/|images\/|api\/|mock\/|favicon)/;

describe("lakeside-auto (en-US) in US usage, every page", () => {
  it("no British or Australian forms on any page reached from home, nor in form errors or the thank-you page", async () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    const queue = ["/"];
    const forms = new Set<string>();
    let vehicles = 0;
    let querySearches = 0;
    while (queue.length > 0 && seen.size < MAX_PAGES) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const reply = await app.send(HOST, path);
      if (reply.status >= 300 && reply.status < 400 && reply.headers.location) {
        queue.push(reply.headers.location);
        continue;
      }
      expect(reply.status, path).toBeLessThan(500);
      for (const found of britishForms(shopperText(reply.body))) problems.push(`${path}: …${found}…`);
      // One of each form: a vehicle's enquiry, test drive and checkout forms are the same on every vehicle.
      if (/<form[^>]*method="post"/i.test(reply.body) && ![...forms].some((known) => sameForm(known, path))) forms.add(path);
      for (const match of reply.body.matchAll(/href="(\/[^"#]*)"/g)) {
        const href = decode(match[1]!);
        if (href.startsWith("//") || SKIP.test(href) || seen.has(href) || queue.includes(href)) continue;
        if (/^\/cars\/[^/?]+$/.test(href) && ++vehicles > VEHICLES_SAMPLED) continue;
        if (href.startsWith("/search/") && href.includes("?") && ++querySearches > QUERY_SEARCHES_SAMPLED) continue;
        queue.push(href);
      }
    }
    expect(seen.size).toBeGreaterThan(40);
    expect(forms.size).toBeGreaterThan(3);

    // Each form posted empty: its error messages.
    for (const path of forms) {
      const reply = await app.postForm(HOST, path, {});
      for (const found of britishForms(shopperText(reply.body))) problems.push(`POST ${path}: …${found}…`);
    }
    // A real enquiry, and the thank-you page it leads to ('General Inquiry').
    const sent = await app.postForm(HOST, "/contact", validFields("general", app.tenant("lakeside-auto")));
    expect(sent.status).toBe(303);
    const success = await app.send(HOST, sent.headers.location!, {
      headers: { cookie: [sent.headers["set-cookie"] ?? []].flat().join("; ") },
    });
    expect(shopperText(success.body)).toContain("General Inquiry");
    for (const found of britishForms(shopperText(success.body))) problems.push(`/success: …${found}…`);

    expect(problems).toEqual([]);
  }, 240_000);

  it("the words the issue names: Inquiry Type, Submit an inquiry, Inquire, Inquire for price., License plate, Pickup, Gasoline, APR", async () => {
    const stock = await app.services.stock.loadVehicles("lakeside-auto");
    const listed = stock.filter((vehicle) => vehicle.status === "in_stock" && vehicle.show_on_dealer_website);
    const noPrice = listed.find((vehicle) => vehicle.price === null || vehicle.price <= 10)!;
    const page = shopperText((await app.send(HOST, `/cars/${noPrice.slug}`)).body);
    expect(page).toContain("Inquire for price.");
    const financed = listed.find((vehicle) => Object.keys(vehicle.finance_lenders).length > 0 && (vehicle.price ?? 0) > 500)!;
    const withFinance = shopperText((await app.send(HOST, `/cars/${financed.slug}`)).body);
    expect(withFinance).toMatch(/\bAPR\b/);
    expect(withFinance).toContain("Down payment");
    expect(withFinance).not.toMatch(/comparison rate/i);
    const gasoline = listed.find((vehicle) => /petrol/i.test(vehicle.fuel ?? ""))!;
    expect(shopperText((await app.send(HOST, `/cars/${gasoline.slug}`)).body)).toContain("Gasoline");
    expect(shopperText((await app.send(HOST, `/cars/${gasoline.slug}/enquire`)).body)).toContain("Submit an inquiry");
    const contact = shopperText((await app.send(HOST, "/contact")).body);
    expect(contact).toContain("Inquiry Type");
    const service = shopperText((await app.send(HOST, "/service")).body);
    expect(service).toContain("License plate");
    const listing = shopperText((await app.send(HOST, "/search/new-used-and-demo-cars")).body);
    expect(listing).toMatch(/\bInquire\b/);
    const pickups = shopperText((await app.send(HOST, "/search/ute")).body);
    expect(pickups).toContain("Pickups for Sale");
  });
});
