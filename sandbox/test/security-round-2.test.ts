/**
 * The second attack round on the sandbox (issue 24, N1–N5), each finding reproduced over real HTTP:
 * a signature that vouched for query parameters the browser chose, CORS on every route (the
 * well-known admin key usable from any web page), bodies read without a limit on form routes, fee
 * totals past 2^53 and free-form members that skipped the limits `metadata` has.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { answerChallenge, assertApiError, card, cardPayment, startTestSandbox, type ApiResponse, type TestSandbox } from './helpers.js';

/** Sorts `name=value` pairs by name, then value, as the documented verifier does. */
const byName = ([a, av]: [string, string], [b, bv]: [string, string]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0);
/** The documented limits (docs/sandbox.md): a free-form member's JSON, and the largest amount fees are computed on. */
const FREE_FORM_LIMIT = 16_384;
const MAX_FEE_BASIS = 8_000_000_000_000_000;
const hmac = (key: string, pairs: [string, string][]) => createHmac('sha512', key).update(new URLSearchParams([...pairs].sort(byName)).toString()).digest('hex');

describe('security: second attack round', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
    // the first answers of a kind compile their OpenAPI schema (seconds on a busy machine): not inside a test's
    // sequence of requests, where a keep-alive connection left idle that long is closed under the next one
    await sandbox.createPayment({ amount: 100, currency: 'USD', confirm: true, ...cardPayment('4000003800000446') });
    await sandbox.request('GET', '/accounts/demo_merchant', { key: sandbox.adminKey });
    await sandbox.request('POST', '/api_keys/demo_merchant', { key: sandbox.adminKey, body: { name: 'warm', expiration: 'never' } });
  });
  after(() => sandbox.close());

  const admin = () => ({ key: sandbox.adminKey });
  let merchants = 0;
  /** A new merchant with its own secret key. */
  const merchant = async (body: Record<string, unknown> = {}) => {
    const merchantId = `round2_${(merchants += 1)}`;
    return { merchantId, ...(await sandbox.createMerchant(merchantId, body)) };
  };

  describe('N1: the redirect signature covers only what the sandbox set', () => {
    const HASH_KEY = 'round-2-hash-key';
    /** The server creates with `serverReturnUrl`; the browser confirms a challenge card with `browserReturnUrl` and completes it. */
    const returnAfterChallenge = async (serverReturnUrl: string, browserReturnUrl: string, account: Record<string, unknown> = {}) => {
      const shop = await merchant({ enable_payment_response_hash: true, payment_response_hash_key: HASH_KEY, allowed_origins: ['https://shop.example'], ...account });
      const created = await sandbox.request('POST', '/payments', { key: shop.secretKey, body: { amount: 700, currency: 'USD', return_url: serverReturnUrl } });
      assert.equal(created.status, 200, created.text);
      const confirm = await sandbox.request<{ next_action: { redirect_to_url: string } }>('POST', `/payments/${String(created.body.payment_id)}/confirm`, {
        key: shop.publishableKey,
        body: { client_secret: created.body.client_secret, return_url: browserReturnUrl, ...cardPayment('4000003800000446') },
      });
      assert.equal(confirm.status, 200, confirm.text);
      return { payment: created.body, back: await answerChallenge(confirm.body.next_action.redirect_to_url, 'complete') };
    };

    it('does not vouch for order=999&paid_in_full=true that the browser put into return_url', async () => {
      const { payment, back } = await returnAfterChallenge('https://shop.example/return?order=7', 'https://shop.example/return?order=999&paid_in_full=true');
      assert.equal(back.status, 302);
      const params = new URL(back.headers.get('location') ?? '').searchParams;
      assert.equal(params.get('order'), '999', 'the customer lands where the browser asked');
      const signature = params.get('signature');
      // the old verifier (every parameter but the signature's) must not accept the browser's query
      const everything = [...params].filter(([name]) => name !== 'signature' && name !== 'signature_algorithm');
      assert.notEqual(signature, hmac(HASH_KEY, everything), "the signature vouches for the browser's order=999");
      // the documented verifier: exactly the parameters the sandbox sets
      const signed = [...params].filter(([name]) => ['status', 'payment_id', 'payment_intent_client_secret', 'amount', 'manual_retry_allowed'].includes(name));
      assert.equal(signed.length, 5);
      assert.equal(signature, hmac(HASH_KEY, signed));
      assert.equal(params.get('payment_id'), payment.payment_id);
      assert.equal(params.get('status'), 'succeeded');
    });

    it('does not vouch for a form field of an HTTP POST return either: only the fields the sandbox posts are signed', async () => {
      const { back } = await returnAfterChallenge('https://shop.example/return', 'https://shop.example/return?paid_in_full=true', { redirect_to_merchant_with_http_post: true });
      const html = await back.text();
      const action = /action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';
      assert.equal(new URL(action).searchParams.get('paid_in_full'), 'true');
      const fields = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]): [string, string] => [name!, value!]);
      const signature = fields.find(([name]) => name === 'signature')?.[1];
      const posted = fields.filter(([name]) => name !== 'signature' && name !== 'signature_algorithm');
      assert.deepEqual(posted.map(([name]) => name), ['status', 'payment_id', 'payment_intent_client_secret', 'manual_retry_allowed']);
      assert.equal(signature, hmac(HASH_KEY, posted));
      assert.notEqual(signature, hmac(HASH_KEY, [...posted, ['paid_in_full', 'true']]));
    });
  });

  describe('N2: CORS only on the routes a browser calls', () => {
    const preflight = (path: string, method: string, origin = 'https://evil.example') =>
      sandbox.request('OPTIONS', path, {
        key: null,
        headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'api-key, content-type' },
      });

    for (const [method, path] of [
      ['GET', '/accounts/demo_merchant'],
      ['POST', '/accounts'],
      ['POST', '/api_keys/demo_merchant'],
      ['POST', '/payments'],
      ['POST', '/payments/pay_x/capture'],
      ['POST', '/refunds'],
      ['GET', '/customers/cus_x'],
      ['PUT', '/organization/org_x'],
    ] as const) {
      it(`gives a preflight of ${method} ${path} no access-control-allow-origin`, async () => {
        const response = await preflight(path, method);
        assert.equal(response.headers.get('access-control-allow-origin'), null, `${response.status} ${response.text}`);
        assert.equal(response.headers.get('access-control-allow-headers'), null);
      });
    }

    it('answers an admin or secret-key call that names an origin without access-control-allow-origin', async () => {
      const account = await sandbox.request('GET', '/accounts/demo_merchant', { ...admin(), headers: { origin: 'https://evil.example' } });
      assert.equal(account.status, 200);
      assert.equal(account.headers.get('access-control-allow-origin'), null);
      const payment = await sandbox.createPayment({ amount: 100, currency: 'USD' });
      // the retrieve route is a browser route, but not for the secret key
      const retrieved = await sandbox.request('GET', `/payments/${String(payment.payment_id)}`, { headers: { origin: 'https://evil.example' } });
      assert.equal(retrieved.status, 200);
      assert.equal(retrieved.headers.get('access-control-allow-origin'), null);
    });

    it('still answers the preflight of every browser route', async () => {
      for (const [method, path] of [
        ['POST', '/payments/pay_x/confirm'],
        ['GET', '/payments/pay_x'],
        ['GET', '/payments/pay_x/client'],
        ['GET', '/account/payment_methods'],
        ['POST', '/payments/session_tokens'],
        ['GET', '/v1/sdk/configs/web/sdk_config.json'],
      ] as const) {
        const response = await preflight(path, method);
        assert.equal(response.status, 204, `${method} ${path}`);
        assert.equal(response.headers.get('access-control-allow-origin'), '*', `${method} ${path}`);
        assert.ok((response.headers.get('access-control-allow-methods') ?? '').split(',').includes(method), `${method} ${path}`);
      }
      // a browser route's path with a method no browser uses there
      assert.equal((await preflight('/payments/pay_x', 'POST')).headers.get('access-control-allow-origin'), null);
    });

    it("lets only the merchant's allowed_origins read a publishable-key answer when it lists them", async () => {
      const shop = await merchant({ allowed_origins: ['https://shop.example'] });
      const created = await sandbox.request('POST', '/payments', { key: shop.secretKey, body: { amount: 100, currency: 'USD' } });
      const read = (origin: string) =>
        sandbox.request('GET', `/payments/${String(created.body.payment_id)}`, {
          key: shop.publishableKey,
          query: { client_secret: String(created.body.client_secret) },
          headers: { origin },
        });
      const allowed = await read('https://shop.example');
      assert.equal(allowed.status, 200);
      assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://shop.example');
      assert.match(allowed.headers.get('vary') ?? '', /origin/i);
      const other = await read('https://evil.example');
      assert.equal(other.headers.get('access-control-allow-origin'), null);
      // an error of the same merchant's key: the same rule
      const refused = await sandbox.request('POST', `/payments/${String(created.body.payment_id)}/confirm`, {
        key: shop.publishableKey,
        body: cardPayment('4242424242424242'),
        headers: { origin: 'https://evil.example' },
      });
      assert.equal(refused.status, 400);
      assert.equal(refused.headers.get('access-control-allow-origin'), null);
    });

    it('refuses the default admin key on a request for another host name (a web page that rebinds its name to 127.0.0.1)', async () => {
      const rebound = await requestWithHost(sandbox, 'GET', '/accounts/demo_merchant', `attacker.example:${sandbox.port}`, { 'api-key': sandbox.adminKey });
      assertApiError(rebound, 401, 'IR_01');
      for (const host of [`localhost:${sandbox.port}`, `127.0.0.1:${sandbox.port}`, `[::1]:${sandbox.port}`]) {
        const local = await requestWithHost(sandbox, 'GET', '/accounts/demo_merchant', host, { 'api-key': sandbox.adminKey });
        assert.equal(local.status, 200, `${host}: ${local.text}`);
      }
      // a merchant's keys are not tied to a host name
      const payment = await sandbox.createPayment({ amount: 100, currency: 'USD' });
      const merchantCall = await requestWithHost(sandbox, 'GET', `/payments/${String(payment.payment_id)}`, `api.shop.example:${sandbox.port}`, { 'api-key': sandbox.secretKey });
      assert.equal(merchantCall.status, 200);
    });

    it('takes a private admin key from any host name (the sandbox on a network, behind its own name)', async () => {
      const privateSandbox = await startTestSandbox({ adminKey: 'a-private-admin-key-0123456789' });
      try {
        const response = await requestWithHost(privateSandbox, 'GET', '/accounts/demo_merchant', 'sandbox.internal:8080', { 'api-key': 'a-private-admin-key-0123456789' });
        assert.equal(response.status, 200, response.text);
      } finally {
        await privateSandbox.close();
      }
    });
  });

  describe('N3: a body limit on every route, counted while it streams', () => {
    it('refuses a chunked body over 1 MiB on the 3-D Secure answer route with 413 before reading it all', async () => {
      const payment = await sandbox.createPayment({ amount: 100, currency: 'USD', confirm: true, ...cardPayment('4000003800000446') });
      const link = new URL((payment.next_action as { redirect_to_url: string }).redirect_to_url);
      const sent = await streamBody(sandbox, 'POST', link.pathname, { 'content-type': 'application/x-www-form-urlencoded' }, 16 * 1024 * 1024);
      assertApiError(sent.response, 413, 'IR_06', /larger than the limit of 1048576 bytes/);
      assert.ok(sent.bytes < 16 * 1024 * 1024, `the sandbox read all ${sent.bytes} bytes before answering`);
      assert.equal(sent.response.headers.get('connection'), 'close');
    });

    it('refuses a chunked body on a route that never reads one', async () => {
      for (const path of ['/sandbox/mobile_money/pay_x/approve', '/health']) {
        const sent = await streamBody(sandbox, path === '/health' ? 'GET' : 'POST', path, { 'content-type': 'application/json' }, 4 * 1024 * 1024);
        assertApiError(sent.response, 413, 'IR_06');
      }
    });

    it('refuses a chunked JSON body over 1 MiB (413) as before', async () => {
      const sent = await streamBody(sandbox, 'POST', '/payments', { 'content-type': 'application/json', 'api-key': sandbox.secretKey }, 4 * 1024 * 1024);
      assertApiError(sent.response, 413, 'IR_06');
    });

    it('answers a malformed multipart body with 400, not 500', async () => {
      const payment = await sandbox.createPayment({ amount: 100, currency: 'USD', confirm: true, ...cardPayment('4000003800000446') });
      const link = new URL((payment.next_action as { redirect_to_url: string }).redirect_to_url);
      const response = await sandbox.request('POST', link.pathname, {
        key: null,
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        rawBody: '--xyz\r\nContent-Disposition: form-data; name="answer"\r\n\r\ncomplete', // no closing boundary
      });
      assertApiError(response, 400, 'IR_06', /form/);
      const garbled = await sandbox.request('POST', link.pathname, { key: null, headers: { 'content-type': 'multipart/form-data' }, rawBody: 'answer=complete' });
      assertApiError(garbled, 400, 'IR_06', /form/);
    });

    it('still takes a well-formed multipart answer', async () => {
      const payment = await sandbox.createPayment({ amount: 100, currency: 'USD', confirm: true, return_url: 'https://shop.example/r', ...cardPayment('4000003800000446') });
      const html = await (await fetch((payment.next_action as { redirect_to_url: string }).redirect_to_url)).text();
      const pageToken = /name="page_token" value="([^"]+)"/.exec(html)?.[1] ?? '';
      const action = (/<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '').replaceAll('&amp;', '&');
      const form = new FormData();
      form.set('answer', 'complete');
      form.set('page_token', pageToken);
      const back = await fetch(new URL(action, sandbox.url), { method: 'POST', body: form, redirect: 'manual' });
      assert.equal(back.status, 302);
      assert.match(back.headers.get('location') ?? '', /status=succeeded/);
    });
  });

  describe('N4: fees stay safe integers', () => {
    const max = Number.MAX_SAFE_INTEGER;

    it('refuses a flat gateway fee above the fee basis (the reproduction: 2^53 - 1), on create and update', async () => {
      const created = await sandbox.request('POST', '/accounts', { ...admin(), body: { merchant_id: 'round2_fee_create', gateway_fee_config: { flat_amount: max } } });
      assertApiError(created, 422, 'IR_06', /gateway_fee_config\.flat_amount may be at most 8000000000000000/);
      const shop = await merchant();
      const updated = await sandbox.request('POST', `/accounts/${shop.merchantId}`, { ...admin(), body: { gateway_fee_config: { flat_amount: MAX_FEE_BASIS + 1 } } });
      assertApiError(updated, 422, 'IR_06', /flat_amount may be at most/);
    });

    it('refuses a payment whose amount is above the fee basis (the reproduction: 2^53 - 1)', async () => {
      const response = await sandbox.request('POST', '/payments', { body: { amount: max, currency: 'USD' } });
      assertApiError(response, 422, 'IR_06', /^amount may be at most 8000000000000000/);
    });

    it('keeps total_fee exact at the largest amount and the largest fees', async () => {
      for (const gateway_fee_config of [{ flat_amount: MAX_FEE_BASIS }, { percentage: 100 }, { percentage: 3.3333 }]) {
        const shop = await merchant({ gateway_fee_config });
        for (const connector of ['pretendpay', 'phonypay', 'checkout_test']) {
          const paid = await sandbox.request('POST', '/payments', {
            key: shop.secretKey,
            body: { amount: MAX_FEE_BASIS, currency: 'USD', confirm: true, connector: [connector], ...cardPayment('4242424242424242') },
          });
          assert.equal(paid.status, 200, paid.text);
          const { processor_fee, gateway_fee, total_fee } = paid.body as { processor_fee: number; gateway_fee: number; total_fee: number };
          assert.ok(Number.isSafeInteger(total_fee), `${JSON.stringify(gateway_fee_config)} ${connector}: ${total_fee}`);
          assert.equal(total_fee, processor_fee + gateway_fee);
        }
      }
    });

    it('computes percentages exactly (no floating-point drift on large amounts)', async () => {
      const shop = await merchant({ gateway_fee_config: { percentage: 2.5 } });
      const amount = 7_721_559_535_729_700;
      const paid = await sandbox.request('POST', '/payments', {
        key: shop.secretKey,
        body: { amount, currency: 'USD', confirm: true, connector: ['fauxpay'], ...cardPayment('4242424242424242') },
      });
      assert.equal(paid.status, 200, paid.text);
      // 2.5 % of 7 721 559 535 729 700 is 193 038 988 393 242.5, rounded half up (floating point gives …242)
      assert.equal(paid.body.gateway_fee, 193_038_988_393_243);
      // fauxpay: 2.5 % + 25
      assert.equal(paid.body.processor_fee, 193_038_988_393_243 + 25);
    });
  });

  describe('N5: limits on every free-form member', () => {
    const big = { blob: 'x'.repeat(FREE_FORM_LIMIT) };
    const payment = { amount: 100, currency: 'USD' };
    for (const [member, body] of [
      ['connector_metadata', { ...payment, connector_metadata: big }],
      ['frm_metadata', { ...payment, frm_metadata: big }],
      ['split_payments', { ...payment, split_payments: big }],
      ['browser_info', { ...payment, browser_info: big }],
      ['routing', { ...payment, routing: big }],
      ['payment_link_config', { ...payment, payment_link_config: big }],
      ['merchant_connector_details', { ...payment, merchant_connector_details: big }],
      ['three_ds_data', { ...payment, three_ds_data: big }],
      ['installment_options', { ...payment, installment_options: [big] }],
      ['payment_method_data.pay_later', { ...payment, payment_method_data: { pay_later: big } }],
      ['payment_method_data.wallet', { ...payment, payment_method_data: { wallet: { some_wallet: big } } }],
      ['order_details.0', { ...payment, order_details: [{ product_name: 'p', quantity: 1, amount: 100, extra: big }] }],
      ['customer.document_details', { ...payment, customer: { id: 'cus_round2', document_details: big } }],
      ['recurring_details.data', { ...payment, off_session: true, confirm: true, recurring_details: { type: 'processor_payment_token', data: big } }],
    ] as const) {
      it(`refuses ${member} over ${FREE_FORM_LIMIT} characters of JSON on create (422 IR_06)`, async () => {
        const response = await sandbox.request('POST', '/payments', { body });
        assertApiError(response, 422, 'IR_06', new RegExp(`^${member.replace('.', '\\.')} may be at most ${FREE_FORM_LIMIT} characters as JSON`));
      });
    }

    it('takes a free-form member just under the limit', async () => {
      const response = await sandbox.request('POST', '/payments', { body: { ...payment, connector_metadata: { blob: 'x'.repeat(FREE_FORM_LIMIT - 20) } } });
      assert.equal(response.status, 200, response.text);
    });

    it('applies the metadata limits to every metadata, the mandate limits included', async () => {
      const keys = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`k${index}`, 'v']));
      const response = await sandbox.request('POST', '/payments', {
        body: {
          ...payment,
          customer_id: 'cus_round2_mandate',
          mandate_data: { mandate_type: { single_use: { amount: 100, currency: 'USD', metadata: keys } } },
        },
      });
      assertApiError(response, 422, 'IR_06', /mandate_data\.mandate_type\.single_use\.metadata may have at most 50 keys/);
    });

    it('refuses a free-form member over the limit on the other bodies: confirm, capture, refund, customer, account, organization, session tokens', async () => {
      const created = await sandbox.createPayment({ ...payment, capture_method: 'manual' });
      const id = String(created.payment_id);
      const calls: [string, string, Record<string, unknown>, string | null][] = [
        ['POST', `/payments/${id}/confirm`, { browser_info: big, payment_method: 'card', payment_method_data: { card: card('4242424242424242') } }, sandbox.secretKey],
        ['POST', `/payments/${id}/capture`, { merchant_connector_details: big }, sandbox.secretKey],
        ['POST', `/payments/${id}/cancel`, { merchant_connector_details: big }, sandbox.secretKey],
        ['POST', '/refunds', { payment_id: id, split_refunds: big }, sandbox.secretKey],
        ['POST', '/customers', { document_details: big }, sandbox.secretKey],
        ['POST', '/accounts', { merchant_id: 'round2_ff', payout_routing_algorithm: { type: 'single', data: big } }, sandbox.adminKey],
        ['POST', '/accounts', { merchant_id: 'round2_ff2', frm_routing_algorithm: { type: 'single', data: big } }, sandbox.adminKey],
        ['POST', '/organization', { organization_name: 'o', organization_details: big }, sandbox.adminKey],
      ];
      for (const [method, path, body, key] of calls) {
        const response = await sandbox.request(method, path, { key, body });
        assertApiError(response, 422, 'IR_06', /may be at most \d+ characters as JSON/);
      }
      const session = await sandbox.request('POST', '/payments/session_tokens', {
        key: sandbox.publishableKey,
        body: { payment_id: id, client_secret: created.client_secret, wallets: [], merchant_connector_details: big },
      });
      assertApiError(session, 422, 'IR_06', /merchant_connector_details may be at most/);
    });
  });
});

/** A request with a chosen `Host` header (fetch() will not send one), on a connection of its own. */
function requestWithHost(on: TestSandbox, method: string, path: string, host: string, headers: Record<string, string>): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port: on.port, method, path, headers: { ...headers, host }, agent: false }, (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (text += chunk));
      incoming.on('end', () => resolve(toResponse(incoming.statusCode ?? 0, incoming.headers, text)));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/**
 * Streams a chunked body (no content-length) of up to `limit` bytes, 64 KiB at a time, until the
 * sandbox answers; returns the answer and how many bytes had been sent by then.
 */
async function streamBody(on: TestSandbox, method: string, path: string, headers: Record<string, string>, limit: number): Promise<{ response: ApiResponse; bytes: number }> {
  // The sandbox answers 413 and closes while the body is still coming: when the client's next write
  // meets the closed socket first (EPIPE, or a reset that makes the kernel drop the answer already
  // received), the answer is lost on the way. That is the transport's race, not the sandbox's answer:
  // try again (at most three times) rather than fail on it.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await streamBodyOnce(on, method, path, headers, limit);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (attempt >= 3 || (code !== 'EPIPE' && code !== 'ECONNRESET')) throw error;
    }
  }
}

function streamBodyOnce(on: TestSandbox, method: string, path: string, headers: Record<string, string>, limit: number): Promise<{ response: ApiResponse; bytes: number }> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const outgoing = httpRequest(new URL(path, on.url), { method, headers: { ...headers, 'transfer-encoding': 'chunked' }, agent: false }, (incoming) => {
      answered = true;
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (part: string) => (text += part));
      incoming.on('end', () => resolve({ response: toResponse(incoming.statusCode ?? 0, incoming.headers, text), bytes }));
    });
    // the sandbox may close the connection while the body is still being sent
    outgoing.on('error', (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && bytes < limit) {
        bytes += chunk.length;
        if (!outgoing.write(chunk)) return void outgoing.once('drain', pump);
      }
      if (!answered) outgoing.end();
    };
    pump();
  });
}

function toResponse(status: number, headers: Record<string, string | string[] | undefined>, text: string): ApiResponse {
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') responseHeaders.set(name, value);
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // an HTML page
  }
  return { status, headers: responseHeaders, text, body: body as Record<string, unknown> };
}
