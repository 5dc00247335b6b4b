// The script-tag bundle on a plain merchant page with a strict CSP, against the real sandbox: every
// flow a customer goes through, each on its own payment, asserted on the page's events, the visible
// text and the payment as the merchant's server retrieves it, once with the form in the isolated
// frame and once `inline`. After each test the `merchant` fixture checks for CSP violations, card
// data in events, the address bar and web storage, and (isolated) requests of the page to the API.
import type { Request, Route } from '@playwright/test';
import { en } from '../../src/i18n/en.js';
import { card, createPayment, expect, forEachMode, retrievePayment, sandbox, test, type MerchantPage } from './support.js';

const VISA_SUCCESS = '4242424242424242';
const DECLINED = '4000000000000002';
const THREE_DS_CHALLENGE = '4000003800000446';
const ASYNC_PROCESSING = '4000000000004012';

async function results(merchant: MerchantPage): Promise<Record<string, unknown>[]> {
  return (await merchant.events()).filter((event) => event.type === 'tender-result').map((event) => event.detail);
}

forEachMode((mode) => {
  test('a card payment succeeds', async ({ merchant }) => {
    const payment = await createPayment({ amount: 1099, currency: 'USD' });
    await merchant.open(payment.client_secret);

    const ready = await merchant.onlyEvent('tender-ready');
    expect(ready).toEqual({ paymentId: payment.payment_id, amount: 1099, currency: 'USD', status: payment.status });
    await expect(merchant.payButton).toHaveText(en.pay.replace('{amount}', '\u2068$10.99\u2069'));

    await merchant.typeCard(card(VISA_SUCCESS));
    await merchant.payButton.click();

    const result = await merchant.onlyEvent('tender-result');
    expect(result).toMatchObject({ paymentId: payment.payment_id, status: 'succeeded', retryable: false });
    expect(result['payment']).toMatchObject({ payment_id: payment.payment_id, status: 'succeeded' });
    expect(await merchant.waitForEvents('tender-submit')).toEqual([{ paymentId: payment.payment_id }]);
    await expect(merchant.status).toHaveText(en['status.succeeded']);
    expect(await retrievePayment(payment.payment_id)).toMatchObject({ status: 'succeeded', amount_received: 1099, attempt_count: 1 });
    expect((await merchant.events()).filter((event) => event.type === 'tender-error')).toEqual([]);
    // isolated, the page itself never calls the API (its CSP has no API in connect-src); inline, the element in it does
    if (mode === 'isolated') expect(merchant.apiRequestsFromPage).toEqual([]);
    else expect(merchant.apiRequestsFromPage.map((request) => request.method)).toContain('POST');
  });

  test('a declined card, then another card on the same payment', async ({ merchant }) => {
    const payment = await createPayment({ amount: 2500, currency: 'EUR' });
    await merchant.open(payment.client_secret);
    await merchant.onlyEvent('tender-ready');

    const declined = card(DECLINED);
    await merchant.typeCard(declined);
    await merchant.payButton.click();
    const [first] = await merchant.waitForEvents('tender-result', 1);
    expect(first).toMatchObject({ paymentId: payment.payment_id, status: 'failed', retryable: true, errorCode: 'card_declined' });
    await expect(merchant.status).toHaveText(en['decline.card_declined']);
    await expect(merchant.payButton).toBeEnabled();
    await expect(merchant.input('number')).toBeEditable();

    await merchant.retypeNumber(VISA_SUCCESS, declined.cvc);
    await merchant.payButton.click();
    const [, second] = await merchant.waitForEvents('tender-result', 2);
    expect(second).toMatchObject({ paymentId: payment.payment_id, status: 'succeeded', retryable: false });
    await expect(merchant.status).toHaveText(en['status.succeeded']);
    expect(await retrievePayment(payment.payment_id)).toMatchObject({ status: 'succeeded', attempt_count: 2 });
  });

  for (const answer of ['Complete', 'Reject'] as const) {
    test(`3-D Secure challenge: the customer leaves for the bank's page and comes back (${answer})`, async ({ merchant, page }) => {
      const payment = await createPayment({ amount: 4200, currency: 'EUR' });
      await merchant.open(payment.client_secret, { 'three-ds': 'redirect' });
      await merchant.onlyEvent('tender-ready');
      const merchantOrigin = new URL(page.url()).origin;

      await merchant.typeCard(card(THREE_DS_CHALLENGE));
      await merchant.payButton.click();

      // the top window really navigates to the sandbox's challenge page
      await page.waitForURL((url) => url.origin === new URL(sandbox().url).origin);
      await expect(page.getByRole('heading', { name: 'Test Payment Page' })).toBeVisible();
      const redirect = merchant.allEvents.find((event) => event.type === 'tender-redirect');
      expect(redirect?.detail).toEqual({ paymentId: payment.payment_id, url: page.url() });
      expect((await retrievePayment(payment.payment_id)).status).toBe('requires_customer_action');

      await page.getByRole('button', { name: `${answer} Payment` }).click();
      await page.waitForURL((url) => url.origin === merchantOrigin);

      const result = await merchant.onlyEvent('tender-result');
      const retrieved = await retrievePayment(payment.payment_id);
      if (answer === 'Complete') {
        expect(result).toMatchObject({ paymentId: payment.payment_id, status: 'succeeded', retryable: false });
        await expect(merchant.status).toHaveText(en['status.succeeded']);
        expect(retrieved.status).toBe('succeeded');
      } else {
        expect(result).toMatchObject({ paymentId: payment.payment_id, status: 'failed', errorCode: 'authentication_failed' });
        await expect(merchant.status).toHaveText(en['decline.authentication_failed']);
        expect(retrieved).toMatchObject({ status: 'failed', error_code: 'authentication_failed' });
      }
      // the return parameters are gone from the address bar; the page's own configuration stays
      const address = new URL(page.url());
      for (const name of ['payment_intent_client_secret', 'payment_id', 'status', 'amount', 'manual_retry_allowed']) {
        expect(address.searchParams.has(name), `${name} left in the address bar`).toBe(false);
      }
      expect(address.searchParams.get('client-secret')).toBe(payment.client_secret);
    });
  }

  test('manual capture: the payment is authorised, not captured', async ({ merchant }) => {
    const payment = await createPayment({ amount: 1500, currency: 'USD', capture_method: 'manual' });
    await merchant.open(payment.client_secret);
    await merchant.onlyEvent('tender-ready');

    await merchant.typeCard(card(VISA_SUCCESS));
    await merchant.payButton.click();

    expect(await merchant.onlyEvent('tender-result')).toMatchObject({ paymentId: payment.payment_id, status: 'requires_capture', retryable: false });
    await expect(merchant.status).toHaveText(en['status.requires_capture']);
    expect(await retrievePayment(payment.payment_id)).toMatchObject({ status: 'requires_capture', amount_capturable: 1500 });
  });

  test('asynchronous processing: processing, then succeeded without a reload', async ({ merchant, page }) => {
    const payment = await createPayment({ amount: 990, currency: 'GBP' });
    await merchant.open(payment.client_secret);
    await merchant.onlyEvent('tender-ready');
    await page.locator('body').evaluate((body) => (body.dataset['loadedOnce'] = 'yes'));

    await merchant.typeCard(card(ASYNC_PROCESSING));
    await merchant.payButton.click();
    await expect(merchant.status).toHaveText(en['status.processing']);
    expect(await results(merchant)).toEqual([]);

    const result = await merchant.onlyEvent('tender-result', 20_000);
    expect(result).toMatchObject({ paymentId: payment.payment_id, status: 'succeeded' });
    await expect(merchant.status).toHaveText(en['status.succeeded']);
    await expect(page.locator('body')).toHaveAttribute('data-loaded-once', 'yes');
    expect((await retrievePayment(payment.payment_id)).status).toBe('succeeded');
  });

  test('mobile money: the wait screen, then the approval on the phone', async ({ merchant }) => {
    const payment = await createPayment({
      amount: 50000,
      currency: 'KES',
      confirm: true,
      payment_method: 'wallet',
      payment_method_type: 'pay_bill',
      // a number that waits for the simulator (0000 would approve by itself)
      payment_method_data: { wallet: { mobile_money: { phone_number: '+254712345678' } } },
    });
    expect(payment.status).toBe('requires_customer_action');
    await merchant.open(payment.client_secret);
    await expect(merchant.status).toContainText(en['status.waitScreen']);
    expect(await results(merchant)).toEqual([]);

    const { url } = sandbox();
    const approve = await fetch(`${url}/sandbox/mobile_money/${String(payment.merchant_id)}/${payment.payment_id}/approve`, { method: 'POST' });
    expect(approve.status).toBe(200);

    const result = await merchant.onlyEvent('tender-result', 20_000);
    expect(result).toMatchObject({ paymentId: payment.payment_id, status: 'succeeded' });
    await expect(merchant.status).toHaveText(en['status.succeeded']);
    expect((await retrievePayment(payment.payment_id)).status).toBe('succeeded');
  });

  test('an expired client secret: the expired message and tender-error', async ({ merchant }) => {
    const payment = await createPayment({ amount: 1000, currency: 'USD', session_expiry: 1 });
    const { url, publishableKey } = sandbox();
    // wait for the sandbox itself to call the secret expired (no fixed sleep)
    await expect
      .poll(async () => {
        const response = await fetch(`${url}/payments/${payment.payment_id}?client_secret=${payment.client_secret}`, { headers: { 'api-key': publishableKey } });
        return ((await response.json()) as { error?: { code?: string } }).error?.code;
      })
      .toBe('IR_08');

    await merchant.open(payment.client_secret);
    expect(await merchant.onlyEvent('tender-error')).toMatchObject({ code: 'client_secret_expired', recoverable: false });
    await expect(merchant.status).toHaveText(en['error.expired']);
    await expect(merchant.payButton).toBeHidden();
    const events = await merchant.events();
    expect(events.filter((event) => event.type === 'tender-ready' || event.type === 'tender-result')).toEqual([]);
  });

  test.describe('the API goes down in the middle of a confirm', () => {
    const isApi = (url: URL) => url.origin === new URL(sandbox().url).origin;
    const isConfirm = (request: Request) => request.method() === 'POST' && /\/payments\/[^/]+\/confirm$/.test(new URL(request.url()).pathname);

    test("the confirm's answer is lost: the element reconciles and reports succeeded", async ({ merchant, page }) => {
      const payment = await createPayment({ amount: 3000, currency: 'EUR' });
      await merchant.open(payment.client_secret);
      await merchant.onlyEvent('tender-ready');

      let forwarded = 0;
      await page.route(isApi, async (route: Route) => {
        if (!isConfirm(route.request())) return route.continue();
        const answer = await route.fetch(); // the sandbox really confirms…
        expect(answer.status()).toBe(200);
        forwarded += 1;
        return route.abort('connectionreset'); // …and the answer never reaches the browser
      });

      await merchant.typeCard(card(VISA_SUCCESS));
      await merchant.payButton.click();

      const result = await merchant.onlyEvent('tender-result');
      expect(result).toMatchObject({ paymentId: payment.payment_id, status: 'succeeded' });
      await expect(merchant.status).toHaveText(en['status.succeeded']);
      expect(forwarded).toBe(1);
      expect((await retrievePayment(payment.payment_id)).status).toBe('succeeded');
      expect((await results(merchant)).filter((detail) => detail['status'] === 'failed')).toEqual([]);
    });

    test('every request fails for a while: outcome unknown, never failed, then the real outcome', async ({ merchant, page }) => {
      const payment = await createPayment({ amount: 3100, currency: 'EUR' });
      await merchant.open(payment.client_secret);
      await merchant.onlyEvent('tender-ready');

      let down = false;
      let refusedAfterUnknown = 0;
      let unknownSeen = false;
      await page.route(isApi, async (route: Route) => {
        if (isConfirm(route.request())) {
          await route.fetch(); // the confirm reaches the sandbox, then the API goes down
          down = true;
          return route.abort('connectionreset');
        }
        if (!down) return route.continue();
        if (unknownSeen) refusedAfterUnknown += 1;
        return route.abort('connectionrefused');
      });

      await merchant.typeCard(card(VISA_SUCCESS));
      await merchant.payButton.click();

      expect(await merchant.onlyEvent('tender-error')).toMatchObject({ code: 'outcome_unknown', recoverable: true });
      unknownSeen = true;
      await expect(merchant.status).toHaveText(en['error.outcomeUnknown']);
      // the element keeps checking while the API is down, and reports no outcome meanwhile
      await expect.poll(() => refusedAfterUnknown, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
      expect(await results(merchant)).toEqual([]);
      expect((await retrievePayment(payment.payment_id)).status).toBe('succeeded');

      down = false;
      const result = await merchant.onlyEvent('tender-result', 20_000);
      expect(result).toMatchObject({ paymentId: payment.payment_id, status: 'succeeded' });
      await expect(merchant.status).toHaveText(en['status.succeeded']);
      expect((await results(merchant)).filter((detail) => detail['status'] === 'failed')).toEqual([]);
    });
  });
});
