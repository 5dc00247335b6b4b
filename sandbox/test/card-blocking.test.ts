// A profile's payment_method_blocking, checked at confirm while the merchant's blocklist guard is on
// (POST /blocklist/toggle), as upstream's blocklist/utils.rs does and its Cypress spec
// 41-CardPaymentBlocking expects: HTTP 200 with the `blocked` envelope, the payment failed (HE-03).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertApiError, cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;

describe('card blocking by the profile', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  let count = 0;
  /** A merchant of its own, its default profile blocking `card`, the guard as `guard` says. */
  const merchantBlocking = async (card: Body, guard: boolean) => {
    const merchantId = `blocking_${(count += 1)}`;
    const { secretKey, publishableKey, account } = await sandbox.createMerchant(merchantId);
    const key = { key: secretKey };
    const profile = await sandbox.request('POST', `/account/${merchantId}/business_profile/${String(account.default_profile)}`, { ...key, body: { payment_method_blocking: { card } } });
    assert.equal(profile.status, 200, profile.text);
    const toggled = await sandbox.request('POST', '/blocklist/toggle', { ...key, query: { status: String(guard) } });
    assert.deepEqual([toggled.status, toggled.body], [200, { blocklist_guard_status: guard ? 'enabled' : 'disabled' }]);
    const pay = async (number: string) => {
      const created = await sandbox.request('POST', '/payments', { ...key, body: { amount: 6000, currency: 'USD' } });
      const confirmed = await sandbox.request('POST', `/payments/${String(created.body.payment_id)}/confirm`, { ...key, body: cardPayment(number) });
      const stored = await sandbox.request('GET', `/payments/${String(created.body.payment_id)}`, key);
      return { confirmed, stored: stored.body };
    };
    return { merchantId, key, publishableKey, profile: profile.body, pay };
  };

  const blocked = (message: string) => ({ error: { type: 'blocked', message, code: 'HE_03', reason: 'Blocked' } });

  it("refuses a card of a blocked type with upstream's answer: 200, the blocked envelope, the payment failed HE-03 and rejected", async () => {
    const { pay, profile } = await merchantBlocking({ card_types: ['debit'], unknown_member: 1 }, true);
    // kept as upstream keeps it: what its struct has, every switch answered
    assert.deepEqual(profile.payment_method_blocking, { card: { card_types: ['debit'] } });
    const { confirmed, stored } = await pay('4111111111111111');
    assert.equal(confirmed.status, 200);
    assert.deepEqual(confirmed.body, blocked('Debit cards are not accepted for this transaction, please try a different card'));
    assert.deepEqual([stored.status, stored.error_code, stored.merchant_decision], ['failed', 'HE-03', 'rejected']);
    // a credit card of the table, and a card it does not know, pay
    assert.equal((await pay('4242424242424242')).stored.status, 'succeeded');
    assert.equal((await pay('5555555555554444')).stored.status, 'succeeded');
  });

  it('blocks by issuing country and by subtype, from the BIN table upstream loads for its tests', async () => {
    const country = await merchantBlocking({ issuing_country: ['US'] }, true);
    assert.deepEqual((await country.pay('4000000000000002')).confirmed.body, blocked("Cards issued in your region aren't supported for this transaction, please try a different card"));
    assert.equal((await country.pay('4242424242424242')).stored.status, 'succeeded', 'issued in GB');
    const subtype = await merchantBlocking({ card_subtypes: ['smallcorporate'] }, true);
    assert.deepEqual((await subtype.pay('378282246310005')).confirmed.body, blocked('This card is not accepted for this transaction, please try a different card'));
  });

  it('blocks a card the table does not know only with block_if_bin_info_unavailable', async () => {
    const strict = await merchantBlocking({ block_if_bin_info_unavailable: true }, true);
    assert.deepEqual((await strict.pay('5555555555554444')).confirmed.body, blocked("We're unable to accept this card, please try another card or a different payment method"));
    assert.equal((await strict.pay('4242424242424242')).stored.status, 'succeeded', 'a BIN the table knows');
  });

  it('checks nothing while the guard is off, and the guard is the merchant config upstream names', async () => {
    const off = await merchantBlocking({ card_types: ['debit'] }, false);
    assert.equal((await off.pay('4111111111111111')).stored.status, 'succeeded');
    const config = await sandbox.request('GET', `/configs/guard_blocklist_for_${off.merchantId}`, { key: sandbox.adminKey });
    assert.deepEqual(config.body, { key: `guard_blocklist_for_${off.merchantId}`, value: 'false' });
    assert.equal((await sandbox.request('POST', '/blocklist/toggle', { ...off.key, query: { status: 'true' } })).status, 200);
    assert.equal((await off.pay('4111111111111111')).stored.status, 'failed');
  });

  it("blocks a BIN on the merchant's blocklist, at confirm and at the SDK's eligibility check, and unblocks it", async () => {
    const { key, pay, publishableKey } = await merchantBlocking({}, true);
    const added = await sandbox.request('POST', '/blocklist', { ...key, body: { type: 'card_bin', data: '424242' } });
    assert.equal(added.status, 200, added.text);
    assert.deepEqual([added.body.fingerprint_id, added.body.data_kind, typeof added.body.created_at], ['424242', 'card_bin', 'string']);
    assert.equal((await sandbox.request('POST', '/blocklist', { ...key, body: { type: 'extended_card_bin', data: '55555555' } })).status, 200);
    assertApiError(await sandbox.request('POST', '/blocklist', { ...key, body: { type: 'card_bin', data: '424242' } }), 400, 'IR_16', 'provided bin is already blocked');
    assertApiError(await sandbox.request('POST', '/blocklist', { ...key, body: { type: 'card_bin', data: '4242' } }), 422, 'IR_05', 'data contains invalid data. Expected format is a 6 digit number');
    assertApiError(await sandbox.request('POST', '/blocklist', { ...key, body: { type: 'fingerprint', data: 'fp_x' } }), 400, 'IR_19');

    const bin = "We're unable to accept this card, please try another card or a different payment method";
    assert.deepEqual((await pay('4242424242424242')).confirmed.body, blocked(bin));
    assert.deepEqual((await pay('5555555555554444')).confirmed.body, blocked(bin), 'its eight-digit BIN');
    // the web SDK asks before it confirms
    const created = await sandbox.request('POST', '/payments', { ...key, body: { amount: 500, currency: 'USD' } });
    const eligibility = (number: string) =>
      sandbox.request('POST', `/payments/${String(created.body.payment_id)}/eligibility`, {
        key: publishableKey,
        body: { client_secret: created.body.client_secret, payment_method_type: 'card', payment_method_data: { card: { card_number: number, card_exp_month: '03', card_exp_year: '30', card_holder_name: 'Ada', card_cvc: '737' } } },
      });
    assert.deepEqual((await eligibility('4242424242424242')).body.sdk_next_action, { next_action: { deny: { message: bin } } });
    assert.deepEqual((await eligibility('4000000000000002')).body.sdk_next_action, { next_action: 'confirm' });

    const removed = await sandbox.request('DELETE', '/blocklist', { ...key, body: { type: 'card_bin', data: '424242' } });
    assert.deepEqual([removed.status, removed.body.fingerprint_id], [200, '424242']);
    assertApiError(await sandbox.request('DELETE', '/blocklist', { ...key, body: { type: 'card_bin', data: '424242' } }), 404, 'IR_37', 'could not find a blocklist entry for the given bin');
    assert.equal((await pay('4242424242424242')).stored.status, 'succeeded');
  });

  it('refuses a toggle without a status or with another key kind', async () => {
    assertApiError(await sandbox.request('POST', '/blocklist/toggle'), 400, 'IR_06');
    assertApiError(await sandbox.request('POST', '/blocklist/toggle', { query: { status: 'yes' } }), 400, 'IR_06');
    assertApiError(await sandbox.request('POST', '/blocklist/toggle', { key: sandbox.publishableKey, query: { status: 'true' } }), 401, 'IR_01');
    assertApiError(await sandbox.request('POST', '/account/demo_merchant/business_profile/pro_x', { body: { payment_method_blocking: { card: { card_types: ['prepaid'] } } } }), 400, 'IR_06');
  });
});
