// A payment-method collect link's page in a real browser, against the real sandbox: a merchant's
// server makes the link, the customer fills the form with the keyboard alone and submits it, and
// lands on the link's return URL with the saved card's id; the card is the customer's, masked. The
// page loads under its own strict CSP without a violation.
import { call as api, createMerchant, expect, sandbox, test } from './support.js';

test('a customer saves a card through a collect link with the keyboard and goes back to the merchant', async ({ page }) => {
  const merchant = await createMerchant({ merchant_name: 'Tea Shop' });
  await api('POST', '/customers', merchant.secretKey, { customer_id: 'cus_e2e_collect' });
  // on another origin than the page (127.0.0.1 for localhost): the form's redirect must pass the page's form-action
  const returnUrl = `${sandbox().url.replace('localhost', '127.0.0.1')}/health?from=collect`;
  const link = await api<{ link: string; pm_collect_link_id: string }>('POST', '/payment_methods/collect', merchant.secretKey, { customer_id: 'cus_e2e_collect', return_url: returnUrl });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  await page.goto(link.link);
  await expect(page.getByRole('heading', { name: 'Save a card with Tea Shop' })).toBeVisible();
  // the fields in order, by the keyboard: the first field, then Tab through the form
  await page.getByLabel('Card number').focus();
  await page.keyboard.type('5555 5555 5555 4444');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12');
  await page.keyboard.press('Tab');
  await page.keyboard.type(String(new Date().getUTCFullYear() + 3));
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Name on card')).toBeFocused();
  await page.keyboard.type('Ada Lovelace');
  await page.keyboard.press('Enter');

  await page.waitForURL((url) => url.hostname === '127.0.0.1' && url.pathname === '/health');
  const back = new URL(page.url());
  expect([back.searchParams.get('from'), back.searchParams.get('pm_collect_link_id'), back.searchParams.get('status')]).toEqual(['collect', link.pm_collect_link_id, 'submitted']);
  const saved = await api<{ customer_payment_methods: { payment_method_id: string; card: { last4_digits: string; card_holder_name: string } }[] }>('GET', '/customers/cus_e2e_collect/payment_methods', merchant.secretKey);
  expect(saved.customer_payment_methods.map((method) => [method.payment_method_id, method.card.last4_digits, method.card.card_holder_name])).toEqual([[back.searchParams.get('payment_method_id'), '4444', 'Ada Lovelace']]);
  expect(violations).toEqual([]);
});
