/**
 * The store keeps merchant accounts in memory between their changes (docs/decisions/0095): every
 * change of an account takes effect on the very next request — a rotated publishable key stops
 * working, new allowed origins and fees apply — and a change that is rolled back leaves nothing behind.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { MerchantAccount } from '../domain/types.js';
import { UNAUTHORIZED, assertApiError, cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';

describe('merchant accounts kept in memory', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  const admin = () => ({ key: sandbox.adminKey });
  /** A payment of `merchant` (its secret key), with the client secret the browser gets. */
  const paymentOf = async (secretKey: string) => {
    const created = await sandbox.request('POST', '/payments', { key: secretKey, body: { amount: 1000, currency: 'USD' } });
    assert.equal(created.status, 200, created.text);
    return { id: String(created.body.payment_id), clientSecret: String(created.body.client_secret) };
  };
  const retrieve = (publishableKey: string, payment: { id: string; clientSecret: string }, headers: Record<string, string> = {}) =>
    sandbox.request('GET', `/payments/${payment.id}`, { key: publishableKey, query: { client_secret: payment.clientSecret }, headers });
  const confirm = (publishableKey: string, payment: { id: string; clientSecret: string }) =>
    sandbox.request('POST', `/payments/${payment.id}/confirm`, {
      key: publishableKey,
      body: { client_secret: payment.clientSecret, ...cardPayment('4242424242424242') },
    });

  it('a rotated publishable key is refused on the next request, and the new one works at once', async () => {
    const { secretKey, publishableKey } = await sandbox.createMerchant('cache_rotate');
    const payment = await paymentOf(secretKey);
    assert.equal((await retrieve(publishableKey, payment)).status, 200); // the account is now kept in memory

    const rotated = `pk_snd_${'ab'.repeat(16)}`;
    const update = await sandbox.request('POST', '/accounts/cache_rotate', { ...admin(), body: { publishable_key: rotated } });
    assert.equal(update.status, 200, update.text);

    const old = await retrieve(publishableKey, payment);
    assert.equal(old.status, 401);
    assert.deepEqual(old.body, UNAUTHORIZED);
    const confirmedWithOld = await confirm(publishableKey, payment);
    assert.equal(confirmedWithOld.status, 401);
    const confirmed = await confirm(rotated, payment);
    assert.equal(confirmed.status, 200, confirmed.text);
    assert.equal(confirmed.body.status, 'succeeded');
  });

  it("a change of the merchant's allowed origins applies to the next answer", async () => {
    const { secretKey, publishableKey } = await sandbox.createMerchant('cache_origins');
    const payment = await paymentOf(secretKey);
    const before = await retrieve(publishableKey, payment, { origin: 'https://elsewhere.example' });
    assert.equal(before.headers.get('access-control-allow-origin'), '*');

    const update = await sandbox.request('POST', '/accounts/cache_origins', { ...admin(), body: { allowed_origins: ['https://shop.example'] } });
    assert.equal(update.status, 200, update.text);

    const elsewhere = await retrieve(publishableKey, payment, { origin: 'https://elsewhere.example' });
    assert.equal(elsewhere.headers.get('access-control-allow-origin'), null);
    const shop = await retrieve(publishableKey, payment, { origin: 'https://shop.example' });
    assert.equal(shop.headers.get('access-control-allow-origin'), 'https://shop.example');
  });

  it("a change of the merchant's gateway fee applies to the next confirm", async () => {
    const { secretKey, publishableKey } = await sandbox.createMerchant('cache_fee', { gateway_fee_config: { percentage: 2 } });
    const first = await confirm(publishableKey, await paymentOf(secretKey));
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.gateway_fee, 20);

    const update = await sandbox.request('POST', '/accounts/cache_fee', { ...admin(), body: { gateway_fee_config: { flat_amount: 7 } } });
    assert.equal(update.status, 200, update.text);

    const second = await confirm(publishableKey, await paymentOf(secretKey));
    assert.equal(second.status, 200, second.text);
    assert.equal(second.body.gateway_fee, 7);
  });

  it('an update refused half-way through leaves the account as it was', async () => {
    await sandbox.createMerchant('cache_refused', { merchant_name: 'Before' });
    assert.equal((await sandbox.request('GET', '/accounts/cache_refused', admin())).body.merchant_name, 'Before');
    // merchant_name is applied before gateway_fee_config is refused (both percentage and flat_amount)
    const refused = await sandbox.request('POST', '/accounts/cache_refused', {
      ...admin(),
      body: { merchant_name: 'After', gateway_fee_config: { percentage: 1, flat_amount: 5 } },
    });
    assertApiError(refused, 422, 'IR_06');
    assert.equal((await sandbox.request('GET', '/accounts/cache_refused', admin())).body.merchant_name, 'Before');
  });

  it('a transaction that changed an account and failed leaves the account as committed, even when it read the change', () => {
    const { store } = sandbox;
    const committed = store.merchant('demo_merchant') as MerchantAccount;
    assert.throws(
      () =>
        store.transaction(() => {
          store.updateMerchant({ ...structuredClone(committed), merchant_name: 'Rolled back', publishable_key: 'pk_snd_rolled_back' });
          assert.equal(store.merchant('demo_merchant')?.merchant_name, 'Rolled back');
          assert.equal(store.merchantByPublishableKey('pk_snd_rolled_back')?.merchant_id, 'demo_merchant');
          throw new Error('fails after the change');
        }),
      /fails after the change/,
    );
    assert.equal(store.merchant('demo_merchant')?.merchant_name, committed.merchant_name);
    assert.equal(store.merchantByPublishableKey('pk_snd_rolled_back'), null);
    assert.equal(store.merchantByPublishableKey(committed.publishable_key)?.merchant_id, 'demo_merchant');
  });

  it('an account read from the store cannot be changed in place (an update works on a copy)', () => {
    const account = sandbox.store.merchant('demo_merchant') as MerchantAccount;
    assert.throws(() => {
      (account as { merchant_name: string | null }).merchant_name = 'changed in place';
    }, TypeError);
    assert.throws(() => {
      (account.allowed_origins as string[]).push('https://sneaky.example');
    }, TypeError);
    assert.notEqual(sandbox.store.merchant('demo_merchant')?.merchant_name, 'changed in place');
  });
});
