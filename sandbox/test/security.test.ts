/**
 * The holes a hostile test of the sandbox found, each reproduced over real HTTP: forged signed
 * returns, what a publishable key may change, mandates charged from the browser, captured money
 * stranded by a cancel, deep JSON, open redirects, unsafe totals and payment ids shared across
 * merchants.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { CLIENT_CONFIRM_MEMBERS } from '../../src/api/requests.js';
import { answerChallenge, card, cardPayment, startTestSandbox, type ApiResponse, type TestSandbox } from './helpers.js';

type ErrorBody = { error: { type: string; code: string; message: string } };

const errorOf = (response: ApiResponse): ErrorBody['error'] => (response.body as unknown as ErrorBody).error;

describe('security', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  const admin = () => ({ key: sandbox.adminKey });

  /** A new merchant with its own secret key; returns the key and the account. */
  const merchant = (merchantId: string, body: Record<string, unknown> = {}) => sandbox.createMerchant(merchantId, body);

  /** The browser's confirm: publishable key + client secret. */
  const clientConfirm = (payment: Record<string, unknown>, body: Record<string, unknown>, publishableKey = sandbox.publishableKey) =>
    sandbox.request('POST', `/payments/${String(payment.payment_id)}/confirm`, {
      key: publishableKey,
      body: { client_secret: payment.client_secret, ...body },
    });

  /** Answers the 3-D Secure test page as the customer's browser does (opens it, posts its form). */
  const answer = answerChallenge;

  describe('signed returns', () => {
    it('replaces status, payment_id and amount already in return_url, and signs exactly the parameters it sets', async () => {
      const hashKey = 'forgery-test-hash-key';
      const { secretKey, publishableKey } = await merchant('signed_forgery', {
        enable_payment_response_hash: true,
        payment_response_hash_key: hashKey,
      });
      const created = await sandbox.request('POST', '/payments', { key: secretKey, body: { amount: 4200, currency: 'USD' } });
      // the browser puts a forged outcome into its return_url, then fails 3-D Secure
      const forged = 'https://shop.example/return?order=7&status=succeeded&amount=1&payment_id=pay_forged&signature=x&signature_algorithm=none';
      const confirm = await clientConfirm(created.body, { return_url: forged, ...cardPayment('4000003800000446') }, publishableKey);
      const redirect = (confirm.body.next_action as { redirect_to_url: string }).redirect_to_url;
      const back = await answer(redirect, 'reject');
      assert.equal(back.status, 302);
      const params = new URL(back.headers.get('location') ?? '').searchParams;
      for (const name of ['status', 'payment_id', 'amount', 'payment_intent_client_secret', 'manual_retry_allowed', 'signature', 'signature_algorithm']) {
        assert.equal(params.getAll(name).length, 1, `${name} appears once`);
      }
      assert.equal(params.get('status'), 'failed');
      assert.equal(params.get('payment_id'), created.body.payment_id);
      assert.equal(params.get('amount'), '4200');
      assert.equal(params.get('order'), '7', "the return URL's own parameters stay (unsigned: the browser chose them)");
      const signed = [...params]
        .filter(([name]) => ['status', 'payment_id', 'payment_intent_client_secret', 'amount', 'manual_retry_allowed'].includes(name))
        .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
      const expected = createHmac('sha512', hashKey).update(new URLSearchParams(signed).toString()).digest('hex');
      assert.equal(params.get('signature'), expected);
    });

    it('keeps forged outcome parameters out of the URL of an HTTP POST return too', async () => {
      const { secretKey } = await merchant('signed_post', { enable_payment_response_hash: true, redirect_to_merchant_with_http_post: true });
      const created = await sandbox.request<{ next_action: { redirect_to_url: string } }>('POST', '/payments', {
        key: secretKey,
        body: { amount: 300, currency: 'USD', confirm: true, return_url: 'https://shop.example/r?status=succeeded&x=1', ...cardPayment('4000003800000446') },
      });
      const page = await answer(created.body.next_action.redirect_to_url, 'reject');
      const html = await page.text();
      const action = /action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';
      assert.equal(new URL(action).searchParams.get('status'), null);
      assert.equal(new URL(action).searchParams.get('x'), '1');
      assert.match(html, /name="status" value="failed"/);
    });
  });

  describe('what a client-side confirm may carry', () => {
    const merchantPayment = () =>
      sandbox.createPayment({ amount: 1000, currency: 'USD', capture_method: 'manual', metadata: { order: '1' }, description: 'set by the merchant', customer_id: 'cus_payer' });

    /** A member the merchant set, changed by the browser: 422 IR_06, or upstream's 401 IR_18 for another customer. */
    const changed: [string, Record<string, unknown>, number, string, RegExp][] = [
      ['capture_method', { capture_method: 'automatic' }, 422, 'IR_06', /^`capture_method` cannot be changed with a publishable key/],
      ['metadata', { metadata: { order: 'changed' } }, 422, 'IR_06', /^`metadata` cannot be changed/],
      ['description', { description: 'changed' }, 422, 'IR_06', /^`description` cannot be changed/],
      ['setup_future_usage', { setup_future_usage: 'off_session' }, 422, 'IR_06', /^`setup_future_usage` cannot be changed/],
      ['amount', { amount: 1 }, 422, 'IR_06', /^`amount` cannot be changed/],
      ['currency', { currency: 'EUR' }, 422, 'IR_06', /^`currency` cannot be changed/],
      ['profile_id', { profile_id: 'pro_someone_elses_profil' }, 422, 'IR_06', /^`profile_id` cannot be changed/],
      ['amount_to_capture', { amount_to_capture: 1 }, 422, 'IR_06', /^`amount_to_capture` cannot be changed/],
      ['authentication_type', { authentication_type: 'no_three_ds' }, 422, 'IR_06', /^`authentication_type` cannot be changed/],
      ['mandate_data', { mandate_data: { customer_acceptance: { acceptance_type: 'online', online: { user_agent: 'test' } } } }, 422, 'IR_06', /^`mandate_data` cannot be changed/],
      ['customer_id', { customer_id: 'cus_someone_else' }, 401, 'IR_18', /^Unauthorised access to update customer$/],
      ['customer', { customer: { id: 'cus_someone_else' } }, 401, 'IR_18', /^Unauthorised access to update customer$/],
    ];
    it('takes a payment_type from a publishable key and ignores it, as upstream\'s confirm does: the payment stays what it is', async () => {
      const payment = await merchantPayment();
      const paid = await clientConfirm(payment, { payment_type: 'setup_mandate', ...cardPayment('4242424242424242') });
      assert.equal(paid.status, 200, paid.text);
      assert.deepEqual([paid.body.status, paid.body.payment_type, paid.body.mandate_id], ['requires_capture', 'normal', null]);
    });

    it('refuses a changed shipping from a publishable key when the merchant set one (422 IR_06), takes one on a payment without', async () => {
      const shipped = await sandbox.createPayment({ amount: 1000, currency: 'USD', customer_id: 'cus_payer', shipping: { address: { city: 'Here', country: 'US' } } });
      const refused = await clientConfirm(shipped, { shipping: { address: { city: 'Elsewhere', country: 'US' } }, ...cardPayment('4242424242424242') });
      assert.equal(refused.status, 422, refused.text);
      assert.match(errorOf(refused).message, /^`shipping` cannot be changed/);
      const kept = await sandbox.request('GET', `/payments/${String(shipped.payment_id)}`);
      assert.deepEqual([kept.body.status, (kept.body.shipping as { address: { city: string } }).address.city], ['requires_confirmation', 'Here']);
      const unshipped = await merchantPayment();
      const taken = await clientConfirm(unshipped, { shipping: { address: { city: 'Elsewhere', country: 'US' } }, ...cardPayment('4242424242424242') });
      assert.equal(taken.status, 200, taken.text);
      assert.equal((taken.body.shipping as { address: { city: string } }).address.city, 'Elsewhere');
    });

    for (const [member, body, status, code, message] of changed) {
      it(`refuses a changed ${member} from a publishable key (${status} ${code}) and changes nothing`, async () => {
        const payment = await merchantPayment();
        const response = await clientConfirm(payment, { ...body, ...cardPayment('4242424242424242') });
        assert.equal(response.status, status, response.text);
        assert.equal(errorOf(response).code, code);
        assert.match(errorOf(response).message, message);
        const after = await sandbox.request('GET', `/payments/${String(payment.payment_id)}`);
        assert.equal(after.body.status, 'requires_confirmation');
        assert.equal(after.body.attempt_count, 0);
        assert.equal(after.body.capture_method, 'manual');
        assert.deepEqual(after.body.metadata, { order: '1' });
        assert.equal(after.body.description, 'set by the merchant');
        assert.equal(after.body.customer_id, 'cus_payer');
      });
    }

    it("accepts the merchant's own values repeated by the browser, as the real service's clients send them", async () => {
      const payment = await merchantPayment();
      const response = await clientConfirm(payment, {
        amount: 1000,
        currency: 'USD',
        payment_id: payment.payment_id,
        profile_id: payment.profile_id,
        customer_id: 'cus_payer',
        capture_method: 'manual',
        metadata: { order: '1' },
        description: 'set by the merchant',
        payment_type: 'normal',
        authentication_type: payment.authentication_type,
        mandate_data: null,
        off_session: null,
        ...cardPayment('4242424242424242'),
      });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.status, 'requires_capture');
    });

    it('lets the customer keep the card (setup_future_usage on_session) when the merchant set no future usage, not override one it set', async () => {
      const open = await sandbox.createPayment({ amount: 1000, currency: 'USD', customer_id: 'cus_keeper' });
      const kept = await clientConfirm(open, { setup_future_usage: 'on_session', customer_acceptance: { acceptance_type: 'online', online: { user_agent: 'test' } }, ...cardPayment('4242424242424242') });
      assert.equal(kept.status, 200, kept.text);
      assert.equal(kept.body.setup_future_usage, 'on_session');
      const offSession = await sandbox.createPayment({ amount: 1000, currency: 'USD', customer_id: 'cus_keeper', setup_future_usage: 'off_session' });
      const downgraded = await clientConfirm(offSession, { setup_future_usage: 'on_session', ...cardPayment('4242424242424242') });
      assert.equal(downgraded.status, 422, downgraded.text);
      assert.match(errorOf(downgraded).message, /^`setup_future_usage` cannot be changed/);
    });

    it("takes the customer's acceptance of the merchant's own mandate (the web SDK's mandate body), not other terms", async () => {
      const acceptance = { acceptance_type: 'online', online: { ip_address: '127.0.0.1', user_agent: 'test' } };
      const mandate = { customer_acceptance: acceptance, mandate_type: { single_use: { amount: 1000, currency: 'USD' } } };
      const payment = await sandbox.createPayment({ amount: 1000, currency: 'USD', customer_id: 'cus_mandate_terms', setup_future_usage: 'off_session', mandate_data: mandate });
      const otherTerms = await clientConfirm(payment, { mandate_data: { customer_acceptance: acceptance, mandate_type: { multi_use: { amount: 99999, currency: 'USD' } } }, ...cardPayment('4242424242424242') });
      assert.equal(otherTerms.status, 422, otherTerms.text);
      assert.match(errorOf(otherTerms).message, /^`mandate_data` cannot be changed/);
      const consent = await clientConfirm(payment, { mandate_data: { customer_acceptance: acceptance }, setup_future_usage: 'off_session', ...cardPayment('4242424242424242') });
      assert.equal(consent.status, 200, consent.text);
      assert.match(String(consent.body.mandate_id), /^man_/);
    });

    it('accepts what the browser sends: card, billing, browser info, return_url, customer acceptance, the iframe flag', async () => {
      const payment = await sandbox.createPayment({ amount: 1000, currency: 'USD', capture_method: 'manual' });
      const response = await clientConfirm(payment, {
        payment_method: 'card',
        payment_method_type: 'credit',
        payment_method_data: { card: card('4242424242424242'), billing: { address: { country: 'DE' } } },
        billing: { address: { city: 'Berlin' }, email: 'ada@example.com' },
        browser_info: { user_agent: 'test', language: 'en' },
        customer_acceptance: { acceptance_type: 'online', online: { user_agent: 'test' } },
        return_url: 'https://shop.example/return',
        retry_action: 'manual_retry',
        is_iframe_redirection_enabled: true,
      });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.status, 'requires_capture', 'the merchant chose manual capture');
    });

    it('still lets the secret key change those members', async () => {
      const payment = await sandbox.createPayment({ amount: 1000, currency: 'USD', capture_method: 'manual' });
      const response = await sandbox.request('POST', `/payments/${String(payment.payment_id)}/confirm`, {
        body: { capture_method: 'automatic', metadata: { a: 'b' }, ...cardPayment('4242424242424242') },
      });
      assert.equal(response.body.status, 'succeeded');
    });
  });

  describe('mandates from the browser', () => {
    it("refuses a publishable key charging a saved mandate off-session (422 IR_06), and charges nobody", async () => {
      // the real service's OnlineMandate requires ip_address (its OpenAPI document), which every answer is checked against
      const acceptance = { acceptance_type: 'online', online: { ip_address: '127.0.0.1', user_agent: 'test' } };
      const first = await sandbox.createPayment({
        amount: 1000,
        currency: 'USD',
        confirm: true,
        customer_id: 'cus_victim',
        mandate_data: { customer_acceptance: acceptance, mandate_type: { multi_use: { amount: 5000, currency: 'USD' } } },
        ...cardPayment('4242424242424242'),
      });
      assert.match(String(first.mandate_id), /^man_/);
      const stranger = await sandbox.createPayment({ amount: 900, currency: 'USD' });
      for (const body of [{ mandate_id: first.mandate_id, off_session: true }, { mandate_id: first.mandate_id }, { off_session: true, ...cardPayment('4242424242424242') }]) {
        const response = await clientConfirm(stranger, body);
        assert.equal(response.status, 422, response.text);
        assert.equal(errorOf(response).code, 'IR_06');
      }
      const after = await sandbox.request('GET', `/payments/${String(stranger.payment_id)}`);
      assert.equal(after.body.status, 'requires_confirmation');
      assert.equal(after.body.customer_id, null);
    });
  });

  describe('cancel after a partial capture', () => {
    it('voids only the rest: the captured amount stays received and refundable', async () => {
      const payment = await sandbox.createPayment({ amount: 1000, currency: 'USD', confirm: true, capture_method: 'manual_multiple', ...cardPayment('4242424242424242') });
      assert.equal(payment.status, 'requires_capture');
      const captured = await sandbox.request('POST', `/payments/${String(payment.payment_id)}/capture`, { body: { amount_to_capture: 400 } });
      assert.equal(captured.body.status, 'partially_captured_and_capturable');
      const cancelled = await sandbox.request('POST', `/payments/${String(payment.payment_id)}/cancel`, { body: { cancellation_reason: 'rest not shipped' } });
      assert.equal(cancelled.status, 200, cancelled.text);
      assert.equal(cancelled.body.status, 'partially_captured');
      assert.equal(cancelled.body.amount_received, 400);
      assert.equal(cancelled.body.amount_capturable, 0);
      assert.equal(cancelled.body.cancellation_reason, 'rest not shipped');
      const refund = await sandbox.request('POST', '/refunds', { body: { payment_id: payment.payment_id, amount: 400 } });
      assert.equal(refund.status, 200, refund.text);
      assert.equal(refund.body.status, 'succeeded');
      const capture = await sandbox.request('POST', `/payments/${String(payment.payment_id)}/capture`, { body: { amount_to_capture: 100 } });
      assert.equal(errorOf(capture).code, 'IR_14', 'the voided rest cannot be captured');
    });
  });

  describe('deeply nested JSON', () => {
    const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const deepBody = (prefix: string, depth = 6000) => `{${prefix}"metadata":${nested(depth)}}`;

    it('answers 400 IR_06 before parsing, on every route with a free-form object', async () => {
      const payment = await sandbox.createPayment({ amount: 1000, currency: 'USD' });
      const calls: [string, string, string, string | undefined][] = [
        ['POST', '/payments', deepBody('"amount":100,"currency":"USD",'), undefined],
        ['POST', `/payments/${String(payment.payment_id)}/confirm`, deepBody(`"client_secret":"${String(payment.client_secret)}",`), sandbox.publishableKey],
        ['POST', '/customers', deepBody(''), undefined],
        ['POST', '/refunds', deepBody(`"payment_id":"${String(payment.payment_id)}",`), undefined],
        ['POST', '/accounts', deepBody('"merchant_id":"deep_json",'), sandbox.adminKey],
        ['POST', '/organization', deepBody('"organization_name":"deep",'), sandbox.adminKey],
        ['POST', `/payments/${String(payment.payment_id)}/cancel`, `{"merchant_connector_details":${nested(6000)}}`, undefined],
      ];
      for (const [method, path, rawBody, key] of calls) {
        const response = await sandbox.request(method, path, { rawBody, key, headers: { 'content-type': 'application/json' } });
        assert.equal(response.status, 400, `${path}: ${response.text.slice(0, 200)}`);
        assert.equal(errorOf(response).code, 'IR_06');
        assert.match(errorOf(response).message, /nested more than 32 levels deep/);
      }
      const after = await sandbox.request('GET', `/payments/${String(payment.payment_id)}`);
      assert.equal(after.body.status, 'requires_confirmation');
    });

    it('accepts nesting up to the limit', async () => {
      const response = await sandbox.request('POST', '/customers', { rawBody: `{"metadata":{"k":${nested(30)}}}`, headers: { 'content-type': 'application/json' } });
      assert.equal(response.status, 200, response.text);
    });

    it('is not fooled by brackets inside strings', async () => {
      const response = await sandbox.request('POST', '/customers', { body: { description: '{'.repeat(200), metadata: { note: '[[[[' } } });
      assert.equal(response.status, 200, response.text);
    });
  });

  describe('allowed origins and return_url', () => {
    it('stores a merchant\'s allowed_origins on create, shows them on retrieve, changes and clears them on update', async () => {
      const { account } = await merchant('origins_crud', { allowed_origins: ['https://shop.example', 'http://localhost:5173'] });
      assert.deepEqual(account.allowed_origins, ['https://shop.example', 'http://localhost:5173']);
      const retrieved = await sandbox.request('GET', '/accounts/origins_crud', admin());
      assert.deepEqual(retrieved.body.allowed_origins, ['https://shop.example', 'http://localhost:5173']);
      const updated = await sandbox.request('POST', '/accounts/origins_crud', { ...admin(), body: { allowed_origins: ['https://pay.shop.example:8443'] } });
      assert.deepEqual(updated.body.allowed_origins, ['https://pay.shop.example:8443']);
      const cleared = await sandbox.request('POST', '/accounts/origins_crud', { ...admin(), body: { allowed_origins: null } });
      assert.deepEqual(cleared.body.allowed_origins, []);
      const plain = await sandbox.request('GET', '/accounts/demo_merchant', admin());
      assert.deepEqual(plain.body.allowed_origins, []);
    });

    for (const origin of ['https://shop.example/', 'https://shop.example/checkout', 'https://shop.example?x=1', 'ftp://shop.example', 'shop.example', 'https://Shop.example', 'https://shop.example:443', '*']) {
      it(`refuses ${JSON.stringify(origin)} as an origin (422 IR_06)`, async () => {
        const response = await sandbox.request('POST', '/accounts', { ...admin(), body: { merchant_id: 'origins_bad', allowed_origins: [origin] } });
        assert.equal(response.status, 422, response.text);
        assert.equal(errorOf(response).code, 'IR_06');
        assert.match(errorOf(response).message, /allowed_origins\.0 must be an origin/);
      });
    }

    it('refuses a browser-supplied return_url outside the allowed origins (400 IR_07), and changes nothing', async () => {
      const { secretKey, publishableKey } = await merchant('origins_confirm', { allowed_origins: ['https://shop.example'] });
      const payment = (await sandbox.request('POST', '/payments', { key: secretKey, body: { amount: 500, currency: 'USD' } })).body;
      for (const returnUrl of ['https://evil.example/steal', 'https://shop.example.evil.example/', 'http://shop.example/return', 'https://shop.example:8443/return']) {
        const response = await clientConfirm(payment, { return_url: returnUrl, ...cardPayment('4000003800000446') }, publishableKey);
        assert.equal(response.status, 400, `${returnUrl}: ${response.text}`);
        assert.equal(errorOf(response).code, 'IR_07');
        assert.match(errorOf(response).message, /return_url/);
      }
      const unchanged = await sandbox.request('GET', `/payments/${String(payment.payment_id)}`, { key: secretKey });
      assert.equal(unchanged.body.status, 'requires_confirmation');
      assert.equal(unchanged.body.return_url, null);
      const allowed = await clientConfirm(payment, { return_url: 'https://shop.example/return?order=1', ...cardPayment('4242424242424242') }, publishableKey);
      assert.equal(allowed.status, 200, allowed.text);
      assert.equal(allowed.body.return_url, 'https://shop.example/return?order=1');
    });

    it('lets the secret key set any return_url, and a merchant without allowed_origins take any (as the real service)', async () => {
      const { secretKey } = await merchant('origins_server', { allowed_origins: ['https://shop.example'] });
      const created = await sandbox.request('POST', '/payments', { key: secretKey, body: { amount: 500, currency: 'USD', return_url: 'https://other.example/r' } });
      assert.equal(created.status, 200, created.text);
      const payment = await sandbox.createPayment({ amount: 500, currency: 'USD' });
      const response = await clientConfirm(payment, { return_url: 'https://anywhere.example/r', ...cardPayment('4242424242424242') });
      assert.equal(response.status, 200, response.text);
    });
  });

  describe('totals', () => {
    const max = Number.MAX_SAFE_INTEGER;
    for (const [name, body] of [
      ['amount + shipping_cost + order_tax_amount', { amount: max, shipping_cost: max, order_tax_amount: max }],
      ['amount + shipping_cost', { amount: max, shipping_cost: 1 }],
      ['amount + surcharge', { amount: max - 10, surcharge_details: { surcharge_amount: 10, tax_amount: 1 } }],
    ] as const) {
      it(`refuses ${name} above 2^53 - 1 (422 IR_06)`, async () => {
        const response = await sandbox.request('POST', '/payments', { body: { currency: 'USD', ...body } });
        assert.equal(response.status, 422, response.text);
        assert.equal(errorOf(response).code, 'IR_06');
        assert.match(errorOf(response).message, /net_amount/);
      });
    }

    it('accepts a net_amount of exactly 8 × 10^15 and refuses one more: fees are computed on what is captured, net_amount', async () => {
      const basis = 8_000_000_000_000_000;
      const body = { currency: 'USD', amount: 7_000_000_000_000_000, shipping_cost: basis - 7_000_000_000_000_001, order_tax_amount: 1 };
      const response = await sandbox.request('POST', '/payments', { body });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.net_amount, basis);
      const above = await sandbox.request('POST', '/payments', { body: { ...body, order_tax_amount: 2 } });
      assert.equal(above.status, 422, above.text);
      assert.match(errorOf(above).message, /^net_amount may be at most 8000000000000000/);
    });
  });

  describe('answers that carry secrets', () => {
    it('no cache keeps a JSON answer, and no browser sniffs it: a payment with its client secret, a new API key, an account with its hash key, an error', async () => {
      const payment = await sandbox.createPayment({ amount: 100, currency: 'USD' });
      const merchant = sandbox.demo.merchantId;
      const answers = [
        await sandbox.request('GET', `/payments/${String(payment.payment_id)}`, { key: sandbox.publishableKey, query: { client_secret: String(payment.client_secret) } }),
        await sandbox.request('POST', `/api_keys/${merchant}`, { key: sandbox.adminKey, body: { name: 'cache test', expiration: 'never' } }),
        await sandbox.request('GET', `/accounts/${merchant}`, { key: sandbox.adminKey }),
        await sandbox.request('GET', '/payments/pay_unknown00000000000000000000'),
      ];
      assert.deepEqual(answers.map((answer) => answer.status), [200, 200, 200, 404]);
      for (const answer of answers) {
        assert.equal(answer.headers.get('cache-control'), 'no-store', answer.text.slice(0, 80));
        assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
      }
    });
  });

  describe('requests no URL can be made of', () => {
    /** One raw HTTP/1.1 request on its own socket; the whole answer as text. */
    const raw = (head: string): Promise<string> =>
      new Promise((resolve, reject) => {
        const socket = connect(Number(new URL(sandbox.url).port), '127.0.0.1', () => socket.end(`${head}\r\nconnection: close\r\n\r\n`));
        let text = '';
        socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve(text)).on('error', reject);
      });

    it('answers a malformed Host, or a backslash in the path, with the error envelope (400 IR_06), not an empty 400', async () => {
      for (const [head, why] of [
        ['GET /health HTTP/1.1\r\nhost: a b', 'invalid url'],
        ['GET /health HTTP/1.1\r\nhost: 127.0.0.1:99999', 'invalid url'],
        ['GET /health HTTP/1.1\r\nhost: localhost/evil', 'invalid host header'],
        ['GET /frame\\..\\card HTTP/1.1\r\nhost: localhost', 'backslash in request path'],
      ] as const) {
        const answer = await raw(head);
        assert.match(answer, /^HTTP\/1\.1 400 /, head);
        assert.match(answer, /\r\ncontent-type: application\/json\r\n/i, head);
        assert.deepEqual(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)), { error: { type: 'invalid_request', message: `The request cannot be read: ${why}`, code: 'IR_06' } }, head);
      }
      // a well-formed request on the same server is answered as always
      assert.match(await raw('GET /health HTTP/1.1\r\nhost: localhost'), /^HTTP\/1\.1 200 [^]*health is good$/);
    });
  });

  describe('payment ids across merchants', () => {
    it("keeps the mobile-money simulator working when another merchant picks the same payment id (ids are per merchant)", async () => {
      const { secretKey } = await merchant('ids_first');
      const paymentId = 'pay_shared_id_0123456789abcdef';
      const mobile = await sandbox.request('POST', '/payments', {
        key: secretKey,
        body: {
          payment_id: paymentId,
          amount: 50000,
          currency: 'KES',
          confirm: true,
          payment_method: 'wallet',
          payment_method_type: 'pay_bill',
          payment_method_data: { wallet: { mobile_money: { phone_number: '+254700123456' } } },
        },
      });
      assert.equal(mobile.body.status, 'requires_customer_action', mobile.text);
      // the demo merchant may use the same id: its create tells it nothing of the other payment
      const second = await sandbox.request('POST', '/payments', { body: { payment_id: paymentId, amount: 100, currency: 'USD' } });
      assert.equal(second.status, 200, second.text);
      assert.equal(second.body.amount, 100);
      const page = await fetch(`${sandbox.url}/sandbox/mobile_money/ids_first/${paymentId}`);
      assert.equal(page.status, 200);
      const approved = await sandbox.request('POST', `/sandbox/mobile_money/ids_first/${paymentId}/approve`, { key: null });
      assert.equal(approved.status, 200, approved.text);
      const after = await sandbox.request('GET', `/payments/${paymentId}`, { key: secretKey });
      assert.equal(after.body.status, 'succeeded');
      // the demo merchant's payment of the same id is its own, untouched, and not on the other's phone
      assert.equal((await sandbox.request('GET', `/payments/${paymentId}`)).body.status, 'requires_confirmation');
      const demoPhone = await sandbox.request('POST', `/sandbox/mobile_money/${sandbox.demo.merchantId}/${paymentId}/approve`, { key: null });
      assert.equal(demoPhone.status, 400, demoPhone.text);
    });
  });
});

describe('docs/sandbox.md', () => {
  it('lists exactly the client-side confirm members of the shared contract', () => {
    const page = readFileSync(new URL('../../docs/sandbox.md', import.meta.url), 'utf8');
    const section = page.slice(page.indexOf('## What the browser may send on confirm'), page.indexOf('## Signed redirects'));
    const rows = [...section.matchAll(/^\| `([a-z_]+)` \| (.+) \|$/gm)].map(([, name, why]) => [name, why]);
    assert.deepEqual(rows, CLIENT_CONFIRM_MEMBERS.map(([name, why]) => [name, why]));
  });
});
