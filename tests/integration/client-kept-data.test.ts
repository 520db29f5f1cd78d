import { describe, expect, it } from "vitest";
import { commitStoredVehicle } from "~/server/handlers/multi-step/stored-vehicle";
import { loadStock } from "~/server/inventory/load-stock";
import { isListed } from "~/server/stock/is-listed";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import { newVisitor, rememberSuccessCategory } from "~/server/visitor/context";
import { commitVisitor } from "~/server/visitor/cookie";
import { cookieNamed, html, formsAppForFile, forgetMyDetails } from "./forms-harness";

// spec 000 §3 client-kept data: the last enquiry's car and the trade-in valuation's
// vehicle pre-fill the next form that asks for them, server-rendered, and 'Forget my details' clears both.

const HOST = "kiwi-motors.localhost";

const app = formsAppForFile();

/** The fc_vehicle cookie as the last step of the trade-in valuation writes it. */
async function valuedVehicle(own: boolean): Promise<string> {
  const header = await commitStoredVehicle({ make: "Mazda", model: "CX-5", year: "2017", car_id: null, own }, app.services.cookies);
  return header.split(";")[0];
}

describe("the trade-in valuation kept for the visitor", () => {
  it("pre-fills the next trade-in and sell-my-car forms without JavaScript, offers and honours 'Forget my details'", async () => {
    const cookie = await valuedVehicle(true);
    for (const path of ["/trade-in", "/sell-my-car"]) {
      const page = await app.send(HOST, path, { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(page.body).toMatch(/name="Vehicle Make"[^>]*value="Mazda"|value="Mazda"[^>]*name="Vehicle Make"/);
      expect(page.body).toMatch(/name="Vehicle Model"[^>]*value="CX-5"|value="CX-5"[^>]*name="Vehicle Model"/);
      expect(page.body).toMatch(/name="Vehicle Year"[^>]*value="2017"|value="2017"[^>]*name="Vehicle Year"/);
      expect(page.body).toContain('data-testid="forget-details"');
    }

    const forgot = await forgetMyDetails(app, HOST, "/trade-in", cookie);
    expect(forgot.status).toBe(303);
    const cleared = cookieNamed(forgot, "fc_vehicle");
    const after = await app.send(HOST, "/trade-in", { headers: { cookie: cleared } });
    expect(after.status).toBe(200);
    expect(after.body).not.toContain('value="Mazda"');
    expect(after.body).not.toContain('data-testid="forget-details"');
  });

  it("does not offer a stock car the visitor asked finance for as their trade-in", async () => {
    const page = await app.send(HOST, "/trade-in", { headers: { cookie: await valuedVehicle(false) } });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('value="Mazda"');
  });
});

describe("the last enquiry's car kept for the visitor", () => {
  it("is the car of interest of the next finance or test-drive form opened without one, can be removed, and is forgotten on request", async () => {
    const tenant = app.tenant("kiwi-motors");
    const now = Date.now();
    const car = loadStock(tenant).find((vehicle) => isListed(vehicle, tenant.site, now) && vehicle.status === "in_stock");
    if (!car) throw new Error("no listed car in kiwi-motors");
    const visitor = rememberSuccessCategory(newVisitor(now), "Used Vehicle Enquiry", { carId: car.id, locationId: null, now });
    const cookie = (await commitVisitor(visitor, app.services.cookies)).split(";")[0];
    const finance = tenant.site.features.finance_route;

    const page = await app.send(HOST, finance, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Your enquiry is about");
    expect(page.body).toContain(html(vehicleTitle(car)));
    expect(page.body).toMatch(new RegExp(`name="car_id"[^>]*value="${car.id}"|value="${car.id}"[^>]*name="car_id"`));
    expect(page.body).toContain('data-testid="forget-details"');

    const testDrive = await app.send(HOST, "/book-test-drive", { headers: { cookie } });
    expect(testDrive.status).toBe(200);
    expect(testDrive.body).toContain("Your enquiry is about");
    expect(testDrive.body).toMatch(new RegExp(`name="car_id"[^>]*value="${car.id}"|value="${car.id}"[^>]*name="car_id"`));

    // 'Not this car' keeps the page's other query values (here the finance form's budget).
    const withBudget = await app.send(HOST, `${finance}?vehiclePriceBudget=30000`, { headers: { cookie } });
    const notThisCar = /data-testid="form-vehicle-remove"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*data-testid="form-vehicle-remove"/.exec(
      withBudget.body,
    );
    const notThisCarHref = (notThisCar?.[1] ?? notThisCar?.[2] ?? "").replaceAll("&amp;", "&");
    expect(notThisCarHref).toBe(`${finance}?vehiclePriceBudget=30000&car=none`);

    const removed = await app.send(HOST, notThisCarHref, { headers: { cookie } });
    expect(removed.status).toBe(200);
    expect(removed.body).not.toContain("Your enquiry is about");
    expect(removed.body).not.toContain(`value="${car.id}"`);

    const forgot = await forgetMyDetails(app, HOST, finance, cookie);
    expect(forgot.status).toBe(303);
    const after = await app.send(HOST, finance, { headers: { cookie: cookieNamed(forgot, "fc_visitor") } });
    expect(after.status).toBe(200);
    expect(after.body).not.toContain("Your enquiry is about");
  });
});
