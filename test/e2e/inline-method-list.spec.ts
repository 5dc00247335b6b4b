// Inline, the form asks for the payment-method list beside the payment, not once the billing fields'
// chunk and its imports are in (src/elements/tender-checkout/card-form.ts): the form, whose first show
// waits for the list's `required_fields`, shows one round trip earlier. The billing chunk is held back
// here, so a list asked by the billing fields themselves could only start after it arrived.
import type { Page } from '@playwright/test';
import { createPayment, expect, test } from './support.js';

test.use({ mode: 'inline' });

/**
 * How long the billing fields' chunk is held back: longer than the form takes to ask for the payment and
 * its list on a busy two-core CI machine (1.5 s was once too short there: the chunk came back first).
 */
const HOLD_MS = 4_000;

/** Records, in order, the list's GET, the payment's GET and the billing chunk's release. */
function follow(page: Page): string[] {
  const order: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET') return;
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('/account/payment_methods')) order.push('list');
    else if (/^\/payments\/pay_\w+$/.test(pathname)) order.push('payment');
  });
  return order;
}

test('inline asks for the payment-method list once, beside the payment, while the billing fields chunk is still on its way', async ({ merchant, page }) => {
  const order = follow(page);
  await page.route('**/dist/chunks/billing-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    order.push('billing chunk');
    await route.continue();
  });

  const payment = await createPayment({ amount: 1099, currency: 'USD' });
  await merchant.open(payment.client_secret, { billing: 'auto' });
  await merchant.onlyEvent('tender-ready', 20_000);
  await expect(merchant.form.locator('#billing-postal')).toBeVisible();

  expect(order.filter((entry) => entry === 'list'), order.join(', ')).toEqual(['list']);
  expect(order.indexOf('billing chunk'), order.join(', ')).toBeGreaterThan(order.indexOf('list'));
  expect(order, 'the payment was asked for').toContain('payment');
});

test('inline asks for no payment-method list when the form collects no billing details and shows no brands', async ({ merchant, page }) => {
  const order = follow(page);
  const payment = await createPayment({ amount: 1099, currency: 'USD' });
  await merchant.open(payment.client_secret, { billing: 'never', email: 'never', phone: 'never' });
  await merchant.onlyEvent('tender-ready', 20_000);

  expect(order, order.join(', ')).toEqual(['payment']);
});
