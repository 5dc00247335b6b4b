import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type Sandbox } from '../../sandbox/server.js';
import { createSecretKey, customerIdFor, merchantBackend, parseOrder, paymentRequest } from '../server/merchant.js';

let sandbox: Sandbox;
let server: Server;
let base = '';
let secretKey = '';

before(async () => {
  sandbox = await startSandbox({ port: 0, dbPath: ':memory:', log: null });
  secretKey = sandbox.demo.secretKey ?? '';
  const backend = merchantBackend({ apiBase: sandbox.url, publishableKey: sandbox.demo.publishableKey, secretKey });
  server = createServer((request, response) =>
    backend(request, response, () => {
      response.statusCode = 418;
      response.end('next');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections(); // fetch keeps connections alive
  });
  await sandbox.close();
});

const post = (path: string, body?: unknown) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? '' : JSON.stringify(body) });

describe('merchant back end', () => {
  it('gives the page the API base and the publishable key, never the secret key', async () => {
    const response = await fetch(`${base}/api/config`);
    const text = await response.text();
    assert.deepEqual(JSON.parse(text), { apiBase: sandbox.url, publishableKey: sandbox.demo.publishableKey });
    assert.ok(!text.includes(secretKey));
  });

  it('creates a card payment with the secret key and returns only its client secret, id and merchant', async () => {
    const response = await post('/api/payments', { amount: 1099, currency: 'USD', capture_method: 'manual', kind: 'card' });
    assert.equal(response.status, 200);
    const body = (await response.json()) as Record<string, string>;
    assert.deepEqual(Object.keys(body).sort(), ['client_secret', 'merchant_id', 'payment_id']);
    assert.match(body.client_secret ?? '', /^pay_\w+_secret_\w+$/);
    const payment = await fetch(`${sandbox.url}/payments/${body.payment_id}`, { headers: { 'api-key': secretKey } }).then((r) => r.json() as Promise<Record<string, unknown>>);
    assert.equal(payment.amount, 1099);
    assert.equal(payment.capture_method, 'manual');
    assert.equal(payment.status, 'requires_confirmation');
  });

  it('a returning shopper\'s payments name their customer, created once: the first saves the card with consent, the next lists it', async () => {
    const first = (await (await post('/api/payments', { amount: 1099, currency: 'USD', account: 'ada' })).json()) as Record<string, string>;
    const retrieved = await fetch(`${sandbox.url}/payments/${first.payment_id}`, { headers: { 'api-key': secretKey } }).then((r) => r.json() as Promise<Record<string, unknown>>);
    assert.equal(retrieved.customer_id, customerIdFor('ada'));
    // the shopper ticks "Save this card" in the form: the browser's confirm carries the consent
    const confirm = await fetch(`${sandbox.url}/payments/${first.payment_id}/confirm`, {
      method: 'POST',
      headers: { 'api-key': sandbox.demo.publishableKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        client_secret: first.client_secret,
        payment_method: 'card',
        payment_method_data: { card: { card_number: '4242424242424242', card_exp_month: '12', card_exp_year: String(new Date().getFullYear() + 2), card_cvc: '123' } },
        setup_future_usage: 'on_session',
        customer_acceptance: { acceptance_type: 'online', accepted_at: new Date().toISOString(), online: { user_agent: 'test' } },
      }),
    });
    assert.equal(((await confirm.json()) as { status: string }).status, 'succeeded');
    const second = await post('/api/payments', { amount: 500, currency: 'USD', account: 'ada' });
    assert.equal(second.status, 200, 'the customer exists already: the payment is still created');
    const { client_secret: secret } = (await second.json()) as Record<string, string>;
    const listed = await fetch(`${sandbox.url}/customers/payment_methods?client_secret=${secret}`, { headers: { 'api-key': sandbox.demo.publishableKey } });
    const cards = ((await listed.json()) as { customer_payment_methods: { card: { last4_digits: string } }[] }).customer_payment_methods;
    assert.deepEqual(cards.map((saved) => saved.card.last4_digits), ['4242']);
    assert.equal((await post('/api/payments', { amount: 500, currency: 'USD', account: 'a b' })).status, 400);
  });

  it('creates a mobile-money payment that waits for the customer', async () => {
    const response = await post('/api/payments', { amount: 250000, currency: 'KES', kind: 'mobile_money', phone: '+254 700 123456' });
    assert.equal(response.status, 200);
    const { payment_id: paymentId } = (await response.json()) as Record<string, string>;
    const payment = await fetch(`${sandbox.url}/payments/${paymentId}`, { headers: { 'api-key': secretKey } }).then((r) => r.json() as Promise<{ status: string; next_action: { type: string } }>);
    assert.equal(payment.status, 'requires_customer_action');
    assert.equal(payment.next_action.type, 'wait_screen_information');
  });

  it('captures an authorised payment', async () => {
    const { payment_id: paymentId, client_secret: clientSecret } = (await (await post('/api/payments', { amount: 2500, currency: 'EUR', capture_method: 'manual' })).json()) as Record<string, string>;
    const confirm = await fetch(`${sandbox.url}/payments/${paymentId}/confirm`, {
      method: 'POST',
      headers: { 'api-key': sandbox.demo.publishableKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        client_secret: clientSecret,
        payment_method: 'card',
        payment_method_data: { card: { card_number: '4242424242424242', card_exp_month: '12', card_exp_year: '2034', card_cvc: '123' } },
      }),
    }).then((r) => r.json() as Promise<{ status: string }>);
    assert.equal(confirm.status, 'requires_capture');
    const capture = await post(`/api/payments/${paymentId}/capture`);
    assert.equal(capture.status, 200);
    assert.deepEqual(await capture.json(), { payment_id: paymentId, status: 'succeeded', amount: 2500, amount_received: 2500, currency: 'EUR' });
  });

  it('passes on the API’s refusal (capturing a payment that is not authorised)', async () => {
    const { payment_id: paymentId } = (await (await post('/api/payments', { amount: 2500, currency: 'EUR' })).json()) as Record<string, string>;
    const capture = await post(`/api/payments/${paymentId}/capture`);
    assert.equal(capture.status, 400);
    const body = (await capture.json()) as { error: { code: string } };
    assert.equal(body.error.code, 'IR_14');
  });

  it('refuses a bad order with 400 and says why', async () => {
    for (const order of [{ amount: 10.5, currency: 'USD' }, { amount: 100, currency: 'usd' }, { amount: 100, currency: 'KES', kind: 'mobile_money' }, [1]]) {
      const response = await post('/api/payments', order);
      assert.equal(response.status, 400, JSON.stringify(order));
      assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'demo_bad_order');
    }
  });

  it('leaves other paths to the next middleware and answers unknown /api routes with 404', async () => {
    assert.equal((await fetch(`${base}/index.html`)).status, 418);
    assert.equal((await fetch(`${base}/api/nothing`)).status, 404);
  });

  it('makes a working secret key with the admin key', async () => {
    const { secretKey: made } = await createSecretKey(sandbox.url, sandbox.adminKey, sandbox.demo.merchantId);
    const response = await fetch(`${sandbox.url}/payments`, {
      method: 'POST',
      headers: { 'api-key': made, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 100, currency: 'USD' }),
    });
    assert.equal(response.status, 200);
  });
});

describe('parseOrder and paymentRequest', () => {
  it('defaults to an automatic card payment', () => {
    assert.deepEqual(parseOrder({ amount: 100, currency: 'JPY' }), { amount: 100, currency: 'JPY', captureMethod: 'automatic', kind: 'card', phone: null, account: null });
  });
  it('builds a confirmed wallet payment for mobile money', () => {
    const request = paymentRequest(parseOrder({ amount: 100, currency: 'KES', kind: 'mobile_money', phone: '+254700000000' }), 'http://localhost:5173/');
    assert.equal(request.confirm, true);
    assert.equal(request.payment_method, 'wallet');
    assert.deepEqual(request.payment_method_data, { wallet: { mobile_money: { phone_number: '+254700000000' } } });
  });
});
