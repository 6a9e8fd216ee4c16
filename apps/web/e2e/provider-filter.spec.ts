import { expect, logIn, test } from './support/fixtures.ts';
import {
  createProvider,
  deliverLetter,
  makePdf,
  NO_WEBHOOK,
  type TestProvider,
  uniqueWord,
} from './support/provider.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';

async function deliverInvoice(provider: TestProvider, email: string, subject: string) {
  return deliverLetter(provider, {
    recipientEmail: email,
    subject,
    body: 'Please find your invoice attached.',
    kind: 'invoice',
    invoice: {
      amount: 4200,
      currency: 'EUR',
      due_date: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      iban: 'DE89370400440532013000',
      reference: `RF-${uniqueWord().toUpperCase()}`,
    },
    pdf: await makePdf([['Invoice', subject]]),
    filename: 'invoice.pdf',
  });
}

test('the inbox and the invoices filter by provider with the same chips, in German', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  const water = await createProvider(`Wasserwerk ${uniqueWord()}`, NO_WEBHOOK);
  const power = await createProvider(`Stromnetz ${uniqueWord()}`, NO_WEBHOOK);
  const waterBill = `Wasser ${uniqueWord()}`;
  const powerBill = `Strom ${uniqueWord()}`;
  await deliverInvoice(water, user.email, waterBill);
  await deliverInvoice(power, user.email, powerBill);

  await logIn(page, user, '/login?redirect=/open-invoices');
  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByRole('heading', { level: 1, name: 'Offene Rechnungen' })).toBeVisible();
  const chips = page.getByRole('group', { name: 'Nach Absender filtern' });
  // A chip is a visually hidden radio button and its label: people click the label.
  const chip = (name: string) => chips.locator('label', { hasText: name });
  await expect(chips.getByRole('radio', { name: 'Alle' })).toBeChecked();
  await chip(water.name).click();
  await expect(page).toHaveURL(/[?&]provider=/);
  await expect(page.getByText(waterBill)).toBeVisible();
  await expect(page.getByText(powerBill)).toHaveCount(0);
  await scanWithoutHover(page);
  await screenshot(page, 'owners/provider-chips-invoices-de');

  // The inbox: the same chips, with the unread count of each provider.
  await page.goto('/inbox');
  await expect(chips.getByRole('radio', { name: 'Alle' })).toBeChecked();
  await expect(chips.getByRole('radio', { name: `${power.name} 1` })).toHaveCount(1);
  await chip(power.name).click();
  await expect(page).toHaveURL(/\/inbox\/by-tenant\/[^/]+$/);
  await expect(page.getByText(powerBill)).toBeVisible();
  await expect(page.getByText(waterBill)).toHaveCount(0);
  await scanWithoutHover(page);
  await screenshot(page, 'owners/provider-chips-inbox-de');

  await chip('Alle').click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByText(waterBill)).toBeVisible();
});
