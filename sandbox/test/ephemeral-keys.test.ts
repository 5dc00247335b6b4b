// Ephemeral keys (domain/ephemeral-keys.ts, routes/ephemeral-keys.ts): made as upstream's
// ephemeralGenerateCall makes them, read a customer and its saved cards for an hour, nothing else,
// and their secret is never stored.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { UNAUTHORIZED, assertApiError, card, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;

describe('ephemeral keys', () => {
  let sandbox: TestSandbox;
  let customerId = '';
  before(async () => {
    sandbox = await startTestSandbox();
    customerId = `eph_customer_${Date.now()}`;
    assert.equal((await sandbox.request('POST', '/customers', { body: { customer_id: customerId, email: 'eph@example.com' } })).status, 200);
    assert.equal((await sandbox.request('POST', '/customers', { body: { customer_id: `${customerId}_other` } })).status, 200);
    // a card saved off-session for the customer, for its list
    const saved = await sandbox.request('POST', '/payments', {
      body: { amount: 500, currency: 'USD', confirm: true, customer_id: customerId, setup_future_usage: 'off_session', customer_acceptance: { acceptance_type: 'offline' }, payment_method: 'card', payment_method_data: { card: card('4242424242424242') } },
    });
    assert.equal(saved.status, 200, saved.text);
  });
  after(() => sandbox.close());

  const makeKey = async (customer = customerId): Promise<Body> => {
    const made = await sandbox.request('POST', '/ephemeral_keys', { body: { customer_id: customer } });
    assert.equal(made.status, 200, made.text);
    return made.body;
  };

  it('is made as ephemeralGenerateCall expects: its id, merchant, customer, an hour, and a secret kept as a hash only', async () => {
    const key = await makeKey();
    assert.match(String(key['id']), /^eki_[A-Za-z0-9]{20}$/);
    assert.match(String(key['secret']), /^epk_[0-9a-f]{32}$/);
    assert.deepEqual([key['merchant_id'], key['customer_id'], Number(key['expires']) - Number(key['created_at'])], [sandbox.demo.merchantId, customerId, 3600]);
    const rows = JSON.stringify(sandbox.store.db.prepare('SELECT * FROM ephemeral_keys').all());
    assert.ok(!rows.includes(String(key['secret'])), 'the secret is stored');
    assert.equal((await sandbox.request('POST', '/ephemeral_keys', { key: sandbox.publishableKey, body: { customer_id: customerId } })).status, 401);
  });

  it('reads its own customer and its saved cards, and nothing else', async () => {
    const key = { key: String((await makeKey())['secret']) };
    const customer = await sandbox.request('GET', `/customers/${customerId}`, key);
    assert.deepEqual([customer.status, customer.body['customer_id']], [200, customerId]);
    const listed = await sandbox.request<{ customer_payment_methods: Body[] }>('GET', '/customers/payment_methods', key);
    assert.equal(listed.status, 200, listed.text);
    assert.deepEqual(listed.body.customer_payment_methods.map((method) => method['customer_id']), [customerId]);
    assert.equal((await sandbox.request('GET', `/customers/${customerId}/payment_methods`, key)).status, 200);
    for (const [method, path] of [
      ['GET', `/customers/${customerId}_other`],
      ['GET', `/customers/${customerId}_other/payment_methods`],
      ['GET', '/customers/list'],
      ['POST', `/customers/${customerId}`],
      ['GET', '/payments/list'],
    ] as const) {
      const refused = await sandbox.request(method, path, { ...key, ...(method === 'POST' ? { body: { email: 'x@example.com' } } : {}) });
      assert.deepEqual([refused.status, refused.body], [401, UNAUTHORIZED], `${method} ${path}`);
    }
  });

  it('lets a page read the saved cards across origins, as a publishable key does', async () => {
    const key = String((await makeKey())['secret']);
    const answer = await fetch(new URL('/customers/payment_methods', sandbox.url), { headers: { 'api-key': key, origin: 'https://shop.example' } });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('access-control-allow-origin'), '*');
  });

  it('stops working after an hour, or once deleted; a delete of a key the merchant does not have is 404', async () => {
    const expiring = { key: String((await makeKey())['secret']) };
    sandbox.advanceClock(3601 * 1000);
    assert.equal((await sandbox.request('GET', `/customers/${customerId}`, expiring)).status, 401);
    const made = await makeKey();
    const deleted = await sandbox.request('DELETE', `/ephemeral_keys/${String(made['id'])}`, {});
    assert.equal(deleted.status, 200, deleted.text);
    const { secret, ...withoutSecret } = made;
    assert.ok(secret);
    assert.deepEqual(deleted.body, withoutSecret);
    assert.equal((await sandbox.request('GET', `/customers/${customerId}`, { key: String(made['secret']) })).status, 401);
    assertApiError(await sandbox.request('DELETE', `/ephemeral_keys/${String(made['id'])}`, {}), 404, 'HE_02', 'Ephemeral key does not exist in our records');
    const stranger = await sandbox.createMerchant(`eph_stranger_${Date.now()}`);
    const other = await makeKey();
    assertApiError(await sandbox.request('DELETE', `/ephemeral_keys/${String(other['id'])}`, { key: stranger.secretKey }), 404, 'HE_02');
    assert.equal((await sandbox.request('GET', `/customers/${customerId}`, { key: String(other['secret']) })).status, 200);
  });
});
