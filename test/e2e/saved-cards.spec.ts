// A returning customer on the strict-CSP merchant page, in both modes, the page and the API on two
// sites (the card frame is an out-of-process frame): the first payment saves the card with the
// customer's consent, the next one lists it and pays with its CVC only (the web SDK's savedCardBody),
// an off-session card pays without one, a saved challenge card is challenged over the page, another
// customer sees nothing, a forged token is refused with the API's message, and a card the merchant
// forgot (DELETE /payment_methods/{id}) is gone.
import { writeFileSync } from 'node:fs';
import type { Request } from '@playwright/test';
import { en } from '../../src/i18n/en.js';
import { card, createPayment, expect, forEachMode, retrievePayment, sandbox, stringValues, test, type MerchantPage } from './support.js';

const YEAR = new Date().getFullYear() + 3;
const EXPIRY = `12/${String(YEAR % 100).padStart(2, '0')}`;

/** A call of the merchant's server (the demo merchant's secret key). */
async function server<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${sandbox().url}${path}`, {
    method,
    headers: { 'api-key': sandbox().secretKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

let customers = 0;
/** The merchant's server creates the customer (as docs/integration.md says). */
async function newCustomer(): Promise<string> {
  const id = `cus_e2e_${process.pid}_${Date.now().toString(36)}_${(customers += 1)}`;
  await server('POST', '/customers', { customer_id: id, name: 'Ada Lovelace', email: 'ada@example.com' });
  return id;
}

/** A saved card's accessible name, "Visa ending in 4242, expires 12/YY" (the catalogue isolates its parameters: U+2068 … U+2069). */
const cardNamed = (brand: string, last4: string) => new RegExp(`^\u2068?${brand}\u2069? ending in \u2068?${last4}\u2069?, expires \u2068?${EXPIRY}\u2069?$`);

const paymentFor = (customerId: string, extra: Record<string, unknown> = {}) => createPayment({ amount: 1500, currency: 'USD', customer_id: customerId, ...extra });

const savedCards = (merchant: MerchantPage) => merchant.form.getByRole('radio');
const savedCvc = (merchant: MerchantPage) => merchant.form.locator('#saved-cvc');
const saveBox = (merchant: MerchantPage) => merchant.form.getByRole('checkbox', { name: en['saved.save'] });

/** The confirm requests of the card form (from the card frame, or the page inline) with their answers. */
function confirms(merchant: MerchantPage): { request: Record<string, unknown>; response: Promise<Record<string, unknown>> }[] {
  const seen: { request: Record<string, unknown>; response: Promise<Record<string, unknown>> }[] = [];
  merchant.page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || !/\/payments\/[^/]+\/confirm$/.test(new URL(request.url()).pathname)) return;
    seen.push({
      request: request.postDataJSON() as Record<string, unknown>,
      response: request.response().then(async (response) => ({ status: response?.status(), body: (await response?.json()) as unknown })),
    });
  });
  return seen;
}

forEachMode((mode) => {
  test.use({ crossSite: true });

  test('the first payment saves the card with consent; the next lists it and pays with the CVC only', async ({ merchant, page }) => {
    const customer = await newCustomer();
    const first = await paymentFor(customer);
    await merchant.open(first.client_secret);
    await merchant.onlyEvent('tender-ready');
    await expect(savedCards(merchant)).toHaveCount(0);
    await expect(saveBox(merchant)).not.toBeChecked();
    await merchant.typeCard(card('4242424242424242'));
    await saveBox(merchant).check();
    await merchant.payButton.click();
    expect(await merchant.onlyEvent('tender-result')).toMatchObject({ status: 'succeeded' });
    expect((await retrievePayment(first.payment_id))['payment_method_id']).toMatch(/^pm_/);

    const second = await paymentFor(customer);
    const sent = confirms(merchant);
    await merchant.open(second.client_secret);
    await merchant.onlyEvent('tender-ready');
    const saved = merchant.form.getByRole('radio', { name: cardNamed('Visa', '4242') });
    await expect(saved).toBeChecked();
    await expect(merchant.form.getByRole('radio', { name: en['saved.new'] })).not.toBeChecked();
    await expect(merchant.input('number')).toBeHidden();
    await expect(saveBox(merchant)).toHaveCount(0);
    await savedCvc(merchant).pressSequentially('737');
    await merchant.payButton.click();
    const result = await merchant.onlyEvent('tender-result');
    expect(result).toMatchObject({ paymentId: second.payment_id, status: 'succeeded' });
    await expect(merchant.status).toHaveText(en['status.succeeded']);

    const [confirm] = sent;
    const token = confirm!.request['payment_token'] as string;
    expect(token).toMatch(/^token_[A-Za-z0-9]{20}$/);
    expect(confirm!.request).toMatchObject({
      client_secret: second.client_secret,
      payment_method: 'card',
      payment_token: token,
      customer_id: customer,
      payment_method_data: { card_token: { card_cvc: '737' } },
      customer_acceptance: { acceptance_type: 'online', online: { user_agent: await page.evaluate(() => navigator.userAgent) } },
    });
    const answer = await confirm!.response;
    expect(answer).toMatchObject({ status: 200, body: { status: 'succeeded', customer_id: customer, payment_method_data: { card: { last4: '4242' } } } });
    const path = process.env['TENDER_SAVED_CARD_CAPTURE'];
    if (path && mode === 'isolated') writeFileSync(path, `${JSON.stringify({ request: confirm!.request, response: answer }, null, 2)}\n`);
    // the page hears that a saved card was chosen, never which one nor its CVC or token
    // each value whole: a key or id in a detail may hold the digits 737, as one in CI did
    const values = (await merchant.events()).flatMap((event) => stringValues(event.detail));
    expect(values).not.toContain(token);
    expect(values).not.toContain('737');
    expect((await merchant.events()).filter((event) => event.type === 'tender-change').at(-1)?.detail).toEqual({ complete: true, empty: false, brand: 'visa', errors: {}, savedCard: true });
  });

  test('an off_session card pays without a CVC', async ({ merchant }) => {
    const customer = await newCustomer();
    // a subscription's first payment, confirmed by the merchant's server: the card is saved for later charges
    await createPayment({
      amount: 900,
      currency: 'USD',
      customer_id: customer,
      setup_future_usage: 'off_session',
      confirm: true,
      payment_method: 'card',
      payment_method_data: { card: { card_number: '5555555555554444', card_exp_month: '12', card_exp_year: String(YEAR), card_cvc: '123' } },
    });
    const payment = await paymentFor(customer);
    const sent = confirms(merchant);
    await merchant.open(payment.client_secret);
    await merchant.onlyEvent('tender-ready');
    await expect(merchant.form.getByRole('radio', { name: cardNamed('Mastercard', '4444') })).toBeChecked();
    await expect(savedCvc(merchant)).toHaveCount(0);
    await merchant.payButton.click();
    expect(await merchant.onlyEvent('tender-result')).toMatchObject({ status: 'succeeded' });
    expect(sent[0]!.request).not.toHaveProperty('payment_method_data');
  });

  test('a saved challenge card is challenged over the page and pays with the saved card', async ({ merchant, page }) => {
    const customer = await newCustomer();
    const kept = await server<{ payment_method_id: string }>('POST', '/payment_methods', {
      payment_method: 'card',
      customer_id: customer,
      card: { card_number: '4000003800000446', card_exp_month: '12', card_exp_year: String(YEAR) },
    });
    const payment = await paymentFor(customer);
    await merchant.open(payment.client_secret);
    await merchant.onlyEvent('tender-ready');
    await expect(merchant.form.getByRole('radio', { name: cardNamed('Visa', '0446') })).toBeChecked();
    await savedCvc(merchant).pressSequentially('123');
    await merchant.payButton.click();
    const challenge = page.frameLocator('tender-checkout dialog iframe');
    await expect(challenge.getByRole('heading', { name: 'Test Payment Page' })).toBeVisible();
    expect(await retrievePayment(payment.payment_id)).toMatchObject({ status: 'requires_customer_action', payment_method_id: kept.payment_method_id });
    await challenge.getByRole('button', { name: 'Complete Payment' }).click();
    expect(await merchant.onlyEvent('tender-result')).toMatchObject({ paymentId: payment.payment_id, status: 'succeeded' });
    expect(await retrievePayment(payment.payment_id)).toMatchObject({ status: 'succeeded', payment_method_id: kept.payment_method_id });
  });

  test('another customer sees none of them', async ({ merchant }) => {
    const owner = await newCustomer();
    await server('POST', '/payment_methods', { payment_method: 'card', customer_id: owner, card: { card_number: '4242424242424242', card_exp_month: '12', card_exp_year: String(YEAR) } });
    const payment = await paymentFor(await newCustomer());
    await merchant.open(payment.client_secret);
    await merchant.onlyEvent('tender-ready');
    await expect(merchant.input('number')).toBeVisible();
    await expect(savedCards(merchant)).toHaveCount(0);
    await expect(saveBox(merchant)).toBeVisible();
  });

  test('a forged token is refused with the API\'s message, and nothing is paid', async ({ merchant, page }) => {
    const customer = await newCustomer();
    await server('POST', '/payment_methods', { payment_method: 'card', customer_id: customer, card: { card_number: '4242424242424242', card_exp_month: '12', card_exp_year: String(YEAR) } });
    const payment = await paymentFor(customer);
    // what a tampered page or a replayed request would send: a token this payment's session was never given
    await page.context().route(/\/payments\/[^/]+\/confirm$/, async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, payment_token: 'token_AAAAAAAAAAAAAAAAAAAA' }) });
    });
    await merchant.open(payment.client_secret);
    await merchant.onlyEvent('tender-ready');
    await savedCvc(merchant).pressSequentially('123');
    await merchant.payButton.click();
    expect(await merchant.onlyEvent('tender-error')).toEqual({ code: 'request_refused', message: 'Token is invalid or expired', recoverable: true });
    expect((await merchant.events()).filter((event) => event.type === 'tender-result')).toEqual([]);
    expect(await retrievePayment(payment.payment_id)).toMatchObject({ status: payment.status, attempt_count: 0 });
    // the form asked for the list again: the card is there with a fresh token, and pays once nothing tampers with it
    await page.context().unrouteAll();
    await expect(merchant.form.getByRole('radio', { name: cardNamed('Visa', '4242') })).toBeChecked();
    await savedCvc(merchant).pressSequentially('123');
    await merchant.payButton.click();
    expect(await merchant.onlyEvent('tender-result')).toMatchObject({ status: 'succeeded' });
  });

  test('a card the merchant forgot: its token is refused, and it is gone from the list and from the next payment', async ({ merchant }) => {
    const customer = await newCustomer();
    const kept = await server<{ payment_method_id: string }>('POST', '/payment_methods', {
      payment_method: 'card',
      customer_id: customer,
      card: { card_number: '4242424242424242', card_exp_month: '12', card_exp_year: String(YEAR) },
    });
    const first = await paymentFor(customer);
    await merchant.open(first.client_secret);
    await merchant.onlyEvent('tender-ready');
    await expect(savedCards(merchant)).toHaveCount(2);

    expect(await server('DELETE', `/payment_methods/${kept.payment_method_id}`)).toEqual({ payment_method_id: kept.payment_method_id, deleted: true });
    // the page still shows it: paying with it is refused, and the form's fresh list no longer has it
    await savedCvc(merchant).pressSequentially('123');
    await merchant.payButton.click();
    expect(await merchant.onlyEvent('tender-error')).toEqual({ code: 'request_refused', message: 'Token is invalid or expired', recoverable: true });
    await expect(savedCards(merchant)).toHaveCount(0);
    await expect(merchant.input('number')).toBeVisible();
    expect(await retrievePayment(first.payment_id)).toMatchObject({ attempt_count: 0 });
    const next = await paymentFor(customer);
    await merchant.open(next.client_secret);
    await merchant.onlyEvent('tender-ready');
    await expect(merchant.input('number')).toBeVisible();
    await expect(savedCards(merchant)).toHaveCount(0);
  });
});
