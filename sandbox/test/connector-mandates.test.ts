// A saved card's connector mandate belongs to the connector account it was saved through
// (payments/connector-mandates.ts), as upstream's 25-ConnectorAgnosticNTID spec shows: a payment
// without the customer on a profile whose account does not hold it is 400 IR_39, unless the profile
// allows connector-agnostic MITs and the card has its network transaction id; a MIT that goes
// through an account gives that account the mandate.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertApiError, card, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;
const NO_ELIGIBLE = 'No eligible connector was found for the current payment method configuration';
const CONNECTOR = { connector_type: 'payment_processor', connector_name: 'stripe', connector_account_details: { auth_type: 'HeaderKey', api_key: 'sk_test_connector' } };

let merchants = 0;

describe('connector mandates per connector account', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  /** A merchant with a customer, and a profile of its own for each name, each with a Stripe account unless told; fails the test on anything but 200. */
  async function setUp(profiles: { name: string; account?: boolean; agnostic?: boolean }[]) {
    const merchantId = `mandates_${(merchants += 1)}`;
    const made = await sandbox.createMerchant(merchantId);
    const key = { key: made.secretKey };
    const call = async (method: string, path: string, body?: Body, options: { key: string } = key): Promise<Body> => {
      const answer = await sandbox.request(method, path, { ...options, ...(body ? { body } : {}) });
      assert.equal(answer.status, 200, answer.text);
      return answer.body;
    };
    const ids: Record<string, string> = {};
    const accounts: Record<string, string> = {};
    for (const profile of profiles) {
      const created = await call('POST', `/account/${merchantId}/business_profile`, { profile_name: profile.name, is_connector_agnostic_mit_enabled: profile.agnostic ?? false });
      ids[profile.name] = String(created['profile_id']);
      if (profile.account !== false) accounts[profile.name] = String((await call('POST', `/account/${merchantId}/connectors`, { ...CONNECTOR, profile_id: created['profile_id'] }))['merchant_connector_id']);
    }
    await call('POST', '/customers', { customer_id: 'shopper', email: 'shopper@example.com' });
    const pay = (profile: string, body: Body) => sandbox.request('POST', '/payments', { ...key, body: { amount: 1500, currency: 'USD', confirm: true, profile_id: ids[profile], customer_id: 'shopper', ...body } });
    /** A CIT on the profile that saves 4242 off-session; its answer. */
    const cit = async (profile: string, extra: Body = {}): Promise<Body> => {
      const saved = await pay(profile, { payment_method: 'card', payment_method_data: { card: card('4242424242424242') }, setup_future_usage: 'off_session', customer_acceptance: { acceptance_type: 'offline' }, ...extra });
      assert.equal(saved.status, 200, saved.text);
      assert.equal(saved.body['status'], 'succeeded');
      return saved.body;
    };
    const mit = (profile: string, paymentMethodId: unknown) => pay(profile, { off_session: true, recurring_details: { type: 'payment_method_id', data: paymentMethodId } });
    return { merchantId, key, ids, accounts, call, pay, cit, mit };
  }

  it('refuses a MIT through another account than the one that saved the card, without connector-agnostic MITs', async () => {
    const { accounts, cit, mit } = await setUp([{ name: 'first' }, { name: 'second' }]);
    const saved = await cit('first');
    assert.equal(saved['merchant_connector_id'], accounts['first']);
    assertApiError(await mit('second', saved['payment_method_id']), 400, 'IR_39', NO_ELIGIBLE);
    // the account that saved it still charges it with its mandate
    const again = await mit('first', saved['payment_method_id']);
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body['status'], 'succeeded');
    assert.equal(again.body['connector_mandate_id'], saved['connector_mandate_id']);
  });

  it('charges it by its network transaction id where the profile allows connector-agnostic MITs, with no connector mandate', async () => {
    const { accounts, ids, merchantId, call, cit, mit } = await setUp([{ name: 'first' }, { name: 'agnostic', agnostic: true }]);
    const saved = await cit('first');
    assert.match(String(saved['network_transaction_id']), /^\d{15}$/);
    const byNetwork = await mit('agnostic', saved['payment_method_id']);
    assert.equal(byNetwork.status, 200, byNetwork.text);
    assert.deepEqual([byNetwork.body['status'], byNetwork.body['merchant_connector_id'], byNetwork.body['connector']], ['succeeded', accounts['agnostic'], 'stripe']);
    // mitUsingPMId with connector_agnostic_mit: the charge went by the network's id, not a mandate
    assert.equal(byNetwork.body['connector_mandate_id'], null);
    assert.equal(byNetwork.body['payment_method_status'], 'active');
    // switched off again, the second account still has no mandate of the card
    await call('POST', `/account/${merchantId}/business_profile/${ids['agnostic']}`, { is_connector_agnostic_mit_enabled: false });
    assertApiError(await mit('agnostic', saved['payment_method_id']), 400, 'IR_39', NO_ELIGIBLE);
    // and the first account still charges it with its mandate
    assert.equal((await mit('first', saved['payment_method_id'])).body['connector_mandate_id'], saved['connector_mandate_id']);
  });

  it('refuses the mandate and the off-session token of the card the same way, and takes the token with its CVC', async () => {
    const { cit, pay } = await setUp([{ name: 'first' }, { name: 'second' }]);
    const saved = await cit('first', { mandate_data: { customer_acceptance: { acceptance_type: 'offline' }, mandate_type: { multi_use: { amount: 10_000, currency: 'USD' } } } });
    assert.match(String(saved['mandate_id']), /^man_/);
    assertApiError(await pay('second', { off_session: true, recurring_details: { type: 'mandate_id', data: saved['mandate_id'] } }), 400, 'IR_39', NO_ELIGIBLE);
    // the customer at the second profile's checkout: the listed card's token, as the web SDK sends it
    const intent = await pay('second', { confirm: false });
    assert.equal(intent.status, 200, intent.text);
    const clientSecret = String(intent.body['client_secret']);
    const publishable = { key: (await sandbox.request<Body>('GET', `/accounts/${String(saved['merchant_id'])}`, { key: sandbox.adminKey })).body['publishable_key'] as string };
    const listed = await sandbox.request<{ customer_payment_methods: Body[] }>('GET', '/customers/payment_methods', { ...publishable, query: { client_secret: clientSecret } });
    assert.equal(listed.status, 200, listed.text);
    const token = listed.body.customer_payment_methods.find((method) => method['payment_method_id'] === saved['payment_method_id'])?.['payment_token'];
    assert.ok(token, listed.text);
    const confirmPath = `/payments/${String(intent.body['payment_id'])}/confirm`;
    const withoutCvc = await sandbox.request('POST', confirmPath, { ...publishable, body: { client_secret: clientSecret, payment_method: 'card', payment_token: token } });
    assertApiError(withoutCvc, 400, 'IR_39', NO_ELIGIBLE);
    const withCvc = await sandbox.request('POST', confirmPath, { ...publishable, body: { client_secret: clientSecret, payment_method: 'card', payment_token: token, card_cvc: '123' } });
    assert.equal(withCvc.status, 200, withCvc.text);
    assert.equal(withCvc.body['status'], 'succeeded');
  });

  it('keeps a card saved without accounts chargeable on every profile without one', async () => {
    const { cit, mit } = await setUp([{ name: 'plain', account: false }, { name: 'other', account: false }]);
    const saved = await cit('plain');
    assert.equal(saved['connector'], 'phonypay');
    const elsewhere = await mit('other', saved['payment_method_id']);
    assert.equal(elsewhere.status, 200, elsewhere.text);
    assert.equal(elsewhere.body['status'], 'succeeded');
  });
});
