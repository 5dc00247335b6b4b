import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type Sandbox } from '../../sandbox/server.js';
import { createClient, customerAcceptance, type FetchLike } from './client.js';
import { CVC, FAST_RETRIES, RETURN_URL, YEAR, expectError, expectPayment, realFetch } from '../../test/fixtures/client.js';

describe('createClient: a returning customer\'s saved cards', () => {
  let sandbox: Sandbox;
  let secretKey: string;
  before(async () => {
    sandbox = await startSandbox({ port: 0, dbPath: ':memory:', log: null });
    secretKey = sandbox.demo.secretKey as string;
  });
  after(() => sandbox.close());

  const server = async (path: string, body: Record<string, unknown>) => {
    const response = await fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      headers: { 'api-key': secretKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.equal(response.status, 200, await response.clone().text());
    return (await response.json()) as { payment_id: string; client_secret: string; status: string; [member: string]: unknown };
  };
  let customers = 0;
  const newCustomer = async () => {
    const id = `cus_client_${(customers += 1)}`;
    await server('/customers', { customer_id: id });
    return id;
  };
  const client = (fetch?: FetchLike) => createClient({ publishableKey: sandbox.demo.publishableKey, baseUrl: sandbox.url, retries: FAST_RETRIES, ...(fetch ? { fetch } : {}) });
  const spy = () => {
    const bodies: Record<string, unknown>[] = [];
    const fetch: FetchLike = (url, init) => {
      if (init.method === 'POST') bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return realFetch(url, init);
    };
    return { fetch, bodies };
  };
  const NEW_CARD = { number: '4242424242424242', expiryMonth: 12, expiryYear: YEAR, cvc: CVC };

  it('customerAcceptance(): the web SDK\'s customerAcceptanceBody (online, accepted_at, user agent)', () => {
    const acceptance = customerAcceptance(new Date('2026-11-27T10:00:00Z'));
    assert.deepEqual(Object.keys(acceptance), ['acceptance_type', 'accepted_at', 'online']);
    assert.equal(acceptance.acceptance_type, 'online');
    assert.equal(acceptance.accepted_at, '2026-11-27T10:00:00.000Z');
    assert.equal(acceptance.online.user_agent, typeof navigator === 'undefined' ? '' : navigator.userAgent);
  });

  it('a new card confirmed with the consent and on_session is saved; listSavedCards then lists it with a payment_token', async () => {
    const customer = await newCustomer();
    const first = await server('/payments', { amount: 500, currency: 'USD', customer_id: customer });
    const { fetch, bodies } = spy();
    const acceptance = customerAcceptance();
    const paid = expectPayment(await client(fetch).confirmCardPayment(first.client_secret, NEW_CARD, { returnUrl: RETURN_URL, customerAcceptance: acceptance, setupFutureUsage: 'on_session' }));
    assert.equal(paid.status, 'succeeded');
    assert.deepEqual([bodies[0]?.customer_acceptance, bodies[0]?.setup_future_usage], [acceptance, 'on_session']);

    const next = await server('/payments', { amount: 700, currency: 'USD', customer_id: customer });
    const listed = await client().listSavedCards(next.client_secret);
    assert.ok(listed.ok);
    const [saved] = listed.savedCards.customer_payment_methods;
    assert.equal(listed.savedCards.customer_payment_methods.length, 1);
    assert.deepEqual([saved?.card?.last4_digits, saved?.requires_cvv, saved?.customer_id], ['4242', true, customer]);
    assert.match(String(saved?.payment_token), /^token_/);
  });

  it('confirmSavedCardPayment sends savedCardBody (payment_method, payment_token, customer_id, card_token.card_cvc) and pays', async () => {
    const customer = await newCustomer();
    await server('/payment_methods', { payment_method: 'card', customer_id: customer, card: { card_number: '5555555555554444', card_exp_month: '12', card_exp_year: String(YEAR) } });
    const payment = await server('/payments', { amount: 900, currency: 'USD', customer_id: customer });
    const listed = await client().listSavedCards(payment.client_secret);
    assert.ok(listed.ok);
    const token = listed.savedCards.customer_payment_methods[0]!.payment_token;
    const { fetch, bodies } = spy();
    const result = await client(fetch).confirmSavedCardPayment(payment.client_secret, { paymentToken: token, customerId: customer, cvc: ' 321 ' }, { returnUrl: RETURN_URL, browserInfo: { user_agent: 'test' } });
    assert.equal(expectPayment(result).status, 'succeeded');
    assert.deepEqual(bodies[0], {
      client_secret: payment.client_secret,
      payment_method: 'card',
      payment_token: token,
      customer_id: customer,
      payment_method_data: { card_token: { card_cvc: '321' } },
      return_url: RETURN_URL,
      browser_info: { user_agent: 'test' },
    });
  });

  it('without a CVC it sends no payment_method_data; a token the session was not given is 422 IR_29', async () => {
    const customer = await newCustomer();
    const payment = await server('/payments', { amount: 900, currency: 'USD', customer_id: customer });
    const { fetch, bodies } = spy();
    const refused = await client(fetch).confirmSavedCardPayment(payment.client_secret, { paymentToken: 'token_AAAAAAAAAAAAAAAAAAAA', customerId: customer }, { returnUrl: RETURN_URL });
    assert.equal(expectError(refused, 'api', 'IR_29').status, 422);
    assert.equal('payment_method_data' in (bodies[0] ?? {}), false);
  });

  it('refuses a saved card without a token before any request; a guest\'s list is empty', async () => {
    const { fetch, bodies } = spy();
    const payment = await server('/payments', { amount: 900, currency: 'USD' });
    expectError(await client(fetch).confirmSavedCardPayment(payment.client_secret, { paymentToken: '', customerId: 'cus_x' }, { returnUrl: RETURN_URL }), 'configuration', 'invalid_argument');
    assert.equal(bodies.length, 0);
    const listed = await client().listSavedCards(payment.client_secret);
    assert.ok(listed.ok);
    assert.deepEqual([listed.savedCards.customer_payment_methods, listed.savedCards.is_guest_customer], [[], true]);
  });
});
