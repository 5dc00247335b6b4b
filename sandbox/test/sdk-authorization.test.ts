// The SDK authorization flow (domain/sdk-auth.ts), as upstream at d1688907 has it and the web SDK
// (0.132, `sdkAuthorization`) uses it: every payment answer carries `sdk_authorization`, the create's
// and the update's with the payment's client session; the browser's calls send it as `Authorization`
// in place of the publishable key and the client secret. It grants exactly what they grant: a client
// session that is not the payment's live one, another payment's secret, an unknown key or a header
// that does not decode is refused, and a merchant's own routes never take it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertApiError, card, startTestSandbox, UNAUTHORIZED, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;

/** The members of an `sdk_authorization`, as the web SDK's getSdkAuthorizationData reads them. */
const decode = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Buffer.from(String(value), 'base64')
      .toString('utf8')
      .split(',')
      .map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)]),
  );
const encode = (members: Record<string, string>): string =>
  Buffer.from(
    Object.entries(members)
      .map(([name, value]) => `${name}=${value}`)
      .join(','),
  ).toString('base64');

describe('SDK authorization: sdk_authorization on payments, Authorization on the browser routes', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
    await sandbox.request('POST', '/customers', { body: { customer_id: 'cus_sdk_auth' } });
  });
  after(() => sandbox.close());

  const create = (body: Body = {}) => sandbox.createPayment({ amount: 2100, currency: 'EUR', customer_id: 'cus_sdk_auth', ...body });
  /** A browser's call with the SDK authorization alone: no `api-key`, no client secret. */
  const asSdk = (method: string, path: string, authorization: string, options: { body?: Body; query?: Record<string, string>; headers?: Record<string, string> } = {}) =>
    sandbox.request(method, path, { key: null, ...options, headers: { authorization, ...options.headers } });
  const pay = { payment_method: 'card', payment_method_type: 'credit', payment_method_data: { card: card('4242424242424242') } };

  it('the create names the payment, its key, secret, customer and client session; other answers name no session', async () => {
    const payment = await create();
    const members = decode(payment.sdk_authorization);
    assert.deepEqual(Object.keys(members), ['profile_id', 'publishable_key', 'client_secret', 'customer_id', 'client_session_id', 'payment_id']);
    assert.deepEqual(
      [members.profile_id, members.publishable_key, members.client_secret, members.customer_id, members.payment_id],
      [payment.profile_id, sandbox.publishableKey, payment.client_secret, 'cus_sdk_auth', payment.payment_id],
    );
    assert.match(String(members.client_session_id), /^client_sess_[A-Za-z0-9]{20}$/);
    const retrieved = await sandbox.request('GET', `/payments/${String(payment.payment_id)}`);
    assert.deepEqual(Object.keys(decode(retrieved.body.sdk_authorization)), ['profile_id', 'publishable_key', 'client_secret', 'customer_id', 'payment_id']);
    // upstream's list leaves it out
    const listed = await sandbox.request<{ data: Body[] }>('GET', '/payments/list', { query: { limit: '1' } });
    assert.equal(listed.body.data[0]?.sdk_authorization, null);
  });

  it('pays with Authorization alone: the list, the session tokens, the confirm and the retrieve', async () => {
    const payment = await create();
    const authorization = String(payment.sdk_authorization);
    const id = String(payment.payment_id);
    const client = await asSdk('GET', `/payments/${id}/client`, authorization);
    assert.equal(client.status, 200, client.text);
    const listed = await asSdk('GET', '/account/payment_methods', authorization);
    assert.equal(listed.status, 200, listed.text);
    assert.equal((listed.body as { currency?: unknown }).currency, 'EUR');
    const sessions = await asSdk('POST', '/payments/session_tokens', authorization, { body: { payment_id: id, wallets: [], delayed_session_token: false } });
    assert.equal(sessions.status, 200, sessions.text);
    const confirmed = await asSdk('POST', `/payments/${id}/confirm`, authorization, { body: pay });
    assert.equal(confirmed.status, 200, confirmed.text);
    assert.equal(confirmed.body.status, 'succeeded');
    const retrieved = await asSdk('GET', `/payments/${id}`, authorization);
    assert.deepEqual([retrieved.status, retrieved.body.status], [200, 'succeeded']);
  });

  it('without Authorization the browser still needs its client secret: the session tokens without one are 400 IR_04', async () => {
    const payment = await create();
    const refused = await sandbox.request('POST', '/payments/session_tokens', { key: sandbox.publishableKey, body: { payment_id: payment.payment_id, wallets: [] } });
    assertApiError(refused, 400, 'IR_04', 'Missing required param: client_secret');
  });

  it('a session that is not the payment\'s (tampered, replaced by an update, or over) is 401 IR_01, and nothing is paid', async () => {
    const payment = await create({ session_expiry: 60 });
    const id = String(payment.payment_id);
    const members = decode(payment.sdk_authorization);
    const tampered = encode({ ...members, client_session_id: 'cs_invalid_tampered_session_id' });
    const refused = await asSdk('POST', `/payments/${id}/confirm`, tampered, { body: pay });
    assert.deepEqual([refused.status, refused.body], [401, UNAUTHORIZED]);

    const updated = await sandbox.request('POST', `/payments/${id}`, { body: { description: 'Order 7' } });
    assert.equal(updated.status, 200, updated.text);
    assert.notEqual(decode(updated.body.sdk_authorization).client_session_id, members.client_session_id);
    const replaced = await asSdk('GET', `/payments/${id}`, String(payment.sdk_authorization));
    assert.deepEqual([replaced.status, replaced.body], [401, UNAUTHORIZED]);
    assert.equal((await asSdk('GET', `/payments/${id}`, String(updated.body.sdk_authorization))).status, 200);

    sandbox.advanceClock(61_000);
    const over = await asSdk('POST', `/payments/${id}/confirm`, String(updated.body.sdk_authorization), { body: pay });
    assert.deepEqual([over.status, over.body], [401, UNAUTHORIZED]);
    // with no session named (upstream's legacy flow) the expired client secret is what refuses it
    const noSession = Object.fromEntries(Object.entries(decode(updated.body.sdk_authorization)).filter(([name]) => name !== 'client_session_id'));
    assertApiError(await asSdk('POST', `/payments/${id}/confirm`, encode(noSession), { body: pay }), 400, 'IR_08');
    assert.equal((await sandbox.request('GET', `/payments/${id}`)).body.attempt_count, 0);
  });

  it('an unknown key, another profile, a header that is no authorization, or another payment\'s secret is refused', async () => {
    const payment = await create();
    const other = await create();
    const members = decode(payment.sdk_authorization);
    const id = String(payment.payment_id);
    for (const header of [encode({ ...members, publishable_key: 'pk_snd_0123456789abcdef' }), encode({ ...members, profile_id: 'pro_AAAAAAAAAAAAAAAAAAAA' }), 'not base64!', encode({ profile_id: String(members.profile_id), publishable_key: String(members.publishable_key) })]) {
      const refused = await asSdk('GET', `/payments/${id}`, header);
      assert.deepEqual([refused.status, refused.body], [401, UNAUTHORIZED], header);
    }
    // another payment's authorization names its own secret: this payment's is not it
    assertApiError(await asSdk('POST', `/payments/${id}/confirm`, String(other.sdk_authorization), { body: pay }), 400, 'IR_09');
    // a client secret sent beside it is replaced by its own (upstream's confirm takes the header's)
    const beside = await asSdk('GET', `/payments/${String(other.payment_id)}`, String(payment.sdk_authorization), { query: { client_secret: String(other.client_secret) } });
    assertApiError(beside, 400, 'IR_09');
    const empty = await asSdk('GET', `/payments/${id}`, String(payment.sdk_authorization), { query: { client_secret: '' } });
    assert.equal(empty.status, 200, empty.text);
    assert.equal((await sandbox.request('GET', `/payments/${id}`)).body.attempt_count, 0);
  });

  it('a merchant\'s route never takes it: creating, capturing or listing with Authorization alone is 401', async () => {
    const payment = await create();
    const authorization = String(payment.sdk_authorization);
    for (const [method, path] of [['POST', '/payments'], ['GET', '/payments/list'], ['POST', `/payments/${String(payment.payment_id)}/cancel`]] as const) {
      const refused = await asSdk(method, path, authorization, method === 'POST' ? { body: { amount: 100, currency: 'EUR' } } : {});
      assert.deepEqual([refused.status, refused.body], [401, UNAUTHORIZED], path);
    }
  });

  it('a page\'s call with it gets CORS by the merchant\'s allowed origins, as one with the publishable key', async () => {
    const shop = await sandbox.createMerchant('sdk_auth_shop', { allowed_origins: ['https://shop.example'] });
    const created = await sandbox.request('POST', '/payments', { key: shop.secretKey, body: { amount: 500, currency: 'EUR' } });
    const path = `/payments/${String(created.body.payment_id)}`;
    const allowed = await asSdk('GET', path, String(created.body.sdk_authorization), { headers: { origin: 'https://shop.example' } });
    assert.deepEqual([allowed.status, allowed.headers.get('access-control-allow-origin')], [200, 'https://shop.example']);
    const elsewhere = await asSdk('GET', path, String(created.body.sdk_authorization), { headers: { origin: 'https://evil.example' } });
    assert.equal(elsewhere.headers.get('access-control-allow-origin'), null);
  });
});
