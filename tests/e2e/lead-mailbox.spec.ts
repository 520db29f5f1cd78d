import type { Page, TestInfo } from "@playwright/test";
import { mailboxMessagesFor, mailTenantUrl, type MailboxMessage } from "./lead-mailbox";
import { expect, test } from "./support";

/**
 * A lead sent through the form reaches the dealer out of the box — the ADF email to the
 * CRM's intake address and the readable notification to the sales inbox, in the local mailbox
 * (DATA_DIR/mailbox) of a server without SMTP_URL. One form per phone region: AU, AU mobile-only, NZ, US.
 */
const TENANTS = [
  {
    slug: "harbourside",
    phone: "02 9000 1234",
    e164: "+61290001234",
    crm: "leads@crm.harbourside.example.com.au",
    lastName: false,
    postcode: false,
  },
  {
    slug: "southern-used",
    phone: "0412 345 678",
    e164: "+61412345678",
    crm: "leads@crm.southerncrossusedcars.example.com.au",
    lastName: true,
    postcode: true,
  },
  {
    slug: "kiwi-motors",
    phone: "021 123 4567",
    e164: "+64211234567",
    crm: "leads@crm.kiwimotors.example.co.nz",
    lastName: false,
    postcode: false,
  },
  {
    slug: "lakeside-auto",
    phone: "(202) 555-0123",
    e164: "+12025550123",
    crm: "leads@crm.lakesidenissan.example.com",
    lastName: false,
    postcode: false,
  },
];

async function chooseFirst(page: Page, testId: string) {
  const select = page.getByTestId(testId);
  if ((await select.count()) > 0) await select.selectOption({ index: 1 });
}

function uniqueEmail(testInfo: TestInfo, slug: string): string {
  return `mailbox.${slug}.${testInfo.project.name}.${Date.now()}@example.com`;
}

// It reads the mailbox and database of the second local server, which a BASE_URL run does not start
// (playwright.config.ts leaves this file out of such runs).

for (const tenant of TENANTS) {
  test(`${tenant.slug}: the enquiry arrives in the local mailbox as ADF and as the readable notification`, async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, tenant.slug);
    await page.goto(mailTenantUrl(tenant.slug, "/contact"));
    const form = page.getByTestId("lead-form");
    await form.getByTestId("field-name").fill("Jane");
    if (tenant.lastName) await form.getByTestId("field-last_name").fill("Citizen");
    await form.getByTestId("field-email").fill(email);
    await form.getByTestId("field-phone").fill(tenant.phone);
    if (tenant.postcode) await form.getByTestId("field-postcode").fill("2000");
    await chooseFirst(page, "field-location");
    await chooseFirst(page, "field-dealership_slug");
    await form.getByTestId("field-message").fill("Is the blue one still available?");
    // The fill-time guard wants 2 s between render and submit.
    await page.waitForTimeout(2100);
    await form.getByTestId("submit").click();
    await expect(page).toHaveURL(/\/success\?category=general-enquiry$/);

    // The deliverer drains the outbox every 5 s.
    let messages: MailboxMessage[] = [];
    await expect
      .poll(
        () => {
          messages = mailboxMessagesFor(tenant.slug, email);
          return messages.length;
        },
        { timeout: 20_000 },
      )
      .toBe(2);
    const adf = messages.find((message) => message.body.includes("<adf>"));
    const notification = messages.find((message) => !message.body.includes("<adf>"));
    expect(adf?.to).toContain(tenant.crm);
    expect(adf?.body).toContain(`<email>${email}</email>`);
    expect(adf?.body).toContain(tenant.e164);
    expect(adf?.body).toContain("Is the blue one still available?");
    expect(notification?.subject).toMatch(/^General Enquiry: Jane( Citizen)? — /);
    expect(notification?.body).toContain(email);
    expect(notification?.body).toContain("Is the blue one still available?");
  });
}
