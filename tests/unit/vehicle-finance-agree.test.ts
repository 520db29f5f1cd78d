import path from "node:path";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { generateStock } from "~/scripts/lib/demo-stock";
import { formatMoney, formatPercent } from "~/server/lib/format";
import { financeWords } from "~/server/lib/spelling";
import { financeOffer } from "~/server/stock/finance-offer";
import { loadTenants } from "~/server/tenants/load";
import { buildVehiclePage } from "~/server/vehicle-page/view";

const NOW = 1_750_000_000_000;
const silent = pino({ level: "silent" });

describe("the finance summary and the calculator on one vehicle page agree", () => {
  const tenants = loadTenants(path.resolve("tenants")).filter((tenant) => tenant.site.finance_provider !== null);

  it.each(tenants.map((tenant) => [tenant.slug, tenant] as const))(
    "%s: same rate, term, deposit and balloon; the same monthly repayment",
    (_slug, tenant) => {
      const withOffers = generateStock(tenant, { now: NOW }).filter((vehicle) => financeOffer(vehicle, tenant.site, NOW) !== null);
      expect(withOffers.length).toBeGreaterThan(0);
      let compared = 0;
      for (const vehicle of withOffers.slice(0, 150)) {
        const url = new URL(`https://x.example/cars/${vehicle.slug}`);
        const page = buildVehiclePage({ tenant, vehicle, url, now: NOW, log: silent, similar: [] });
        const offer = financeOffer(vehicle, tenant.site, NOW)!;
        // a subscription price shows no calculator (it needs a purchase price), so there is nothing to disagree with
        if (page.calculator === null) continue;
        const calculator = page.calculator;
        compared += 1;
        // " p.a." on AU and NZ sites; a US APR has none.
        expect(page.finance?.interestRate).toBe(
          `${formatPercent(Number(calculator.values.rate), tenant.site.locale)}${financeWords(tenant.site.locale).perAnnum}`,
        );
        expect(calculator.values.rate).toBe(String(offer.interestRate));
        if (offer.termMonths !== null) {
          expect(page.finance?.term).toBe(`${calculator.values.term} months`);
        }
        expect(calculator.values.deposit).toBe(String(Math.round(offer.deposit ?? 0)));
        expect(calculator.values.balloon).toBe(String(Math.round(offer.balloon ?? 0)));

        // Calculating with the values the form starts from gives the lender's own monthly repayment.
        const lender = Object.values(vehicle.finance_lenders)[0]!;
        if (lender.paymentMonth && Number.isInteger(offer.deposit ?? 0) && Number.isInteger(offer.balloon ?? 0)) {
          url.search = new URLSearchParams(calculator.values).toString();
          const calculated = buildVehiclePage({ tenant, vehicle, url, now: NOW, log: silent, similar: [] }).calculator!;
          expect(calculated.errors, vehicle.slug).toEqual({});
          expect(calculated.result?.monthly, vehicle.slug).toBe(formatMoney(lender.paymentMonth, tenant.site.locale, { cents: true }));
        }
      }
      expect(compared).toBeGreaterThan(0);
    },
  );
});
