// Connector accounts (domain/connector-accounts.ts, routes/connector-accounts.ts): upstream's five v1
// routes as its Cypress commands call them (createConnectorCallTest, connectorRetrieveCall,
// connectorUpdateCall, connectorListByMid, connectorDeleteCall), who may call them, their errors,
// the credentials never kept, and payments routed to the profile's account.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { UNAUTHORIZED, assertApiError, cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;

/** create-connector-body.json as upstream's Cypress fixture has it, with credentials as a creds file gives them. */
const CYPRESS_BODY = {
  connector_type: 'payment_processor',
  connector_name: 'stripe',
  connector_account_details: { auth_type: 'HeaderKey', api_key: 'sk_test_51Hs7connectorkey' },
  test_mode: true,
  disabled: false,
  payment_methods_enabled: [
    {
      payment_method: 'card',
      payment_method_types: [
        { payment_method_type: 'credit', card_networks: ['Visa', 'Mastercard'], minimum_amount: 1, maximum_amount: 68607706, recurring_enabled: true, installment_payment_enabled: true },
        { payment_method_type: 'debit', accepted_currencies: { type: 'enable_only', list: ['USD', 'EUR'] }, accepted_countries: { type: 'all_accepted' } },
      ],
    },
  ],
  metadata: { city: 'NY', unit: '245', endpoint_prefix: 'AD', merchant_name: 'Cypress Test', account_name: 'transaction_processing' },
};

let merchants = 0;

describe('connector accounts', () => {
  let sandbox: TestSandbox;
  const admin = () => ({ key: sandbox.adminKey });
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  /** A merchant of the test's own with its secret key. */
  async function newMerchant() {
    const merchantId = `mca_test_${(merchants += 1)}`;
    const made = await sandbox.createMerchant(merchantId);
    return { merchantId, key: { key: made.secretKey }, publishableKey: made.publishableKey, path: `/account/${merchantId}/connectors`, profileId: String(made.account['default_profile']) };
  }

  /** POST /account/{id}/connectors; fails the test on anything but 200. */
  async function createAccount(path: string, key: { key: string }, body: Body = CYPRESS_BODY): Promise<Body> {
    const created = await sandbox.request('POST', path, { ...key, body });
    assert.equal(created.status, 200, created.text);
    return created.body;
  }

  /** A confirmed card payment of the merchant (members over an amount and currency); fails the test on anything but 200. */
  async function pay(key: { key: string }, body: Body = {}): Promise<Body> {
    const paid = await sandbox.request('POST', '/payments', { ...key, body: { amount: 1000, currency: 'USD', confirm: true, ...cardPayment('4242424242424242'), ...body } });
    assert.equal(paid.status, 200, paid.text);
    return paid.body;
  }

  it('creates an account as Cypress does, with upstream’s defaults and its credentials masked, and answers it the same way after', async () => {
    const { path, key, profileId } = await newMerchant();
    const account = await createAccount(path, key);
    assert.match(String(account['merchant_connector_id']), /^mca_[A-Za-z0-9]{20}$/);
    assert.deepEqual(
      { ...account, merchant_connector_id: '' },
      {
        connector_type: 'payment_processor',
        connector_name: 'stripe',
        connector_label: 'stripe_default',
        merchant_connector_id: '',
        profile_id: profileId,
        connector_account_details: { auth_type: 'HeaderKey', api_key: 'sk*********************ey' },
        payment_methods_enabled: CYPRESS_BODY.payment_methods_enabled,
        connector_webhook_details: null,
        metadata: CYPRESS_BODY.metadata,
        test_mode: true,
        disabled: false,
        frm_configs: null,
        business_country: null,
        business_label: null,
        business_sub_label: null,
        applepay_verified_domains: null,
        pm_auth_config: null,
        status: 'active',
        additional_merchant_data: null,
        connector_wallets_details: null,
        webhook_setup_capabilities: null,
      },
    );
    const id = String(account['merchant_connector_id']);
    const retrieved = await sandbox.request('GET', `${path}/${id}`, key);
    assert.deepEqual(retrieved.body, account);
    const listed = await sandbox.request<Body[]>('GET', path, key);
    assert.equal(listed.body.length, 1);
    // connectorListByMid: no credentials, metadata, recipient data or wallet details in the list
    for (const member of ['connector_account_details', 'metadata', 'additional_merchant_data', 'connector_wallets_details']) assert.ok(!(member in listed.body[0]!), member);
    assert.equal(listed.body[0]!['merchant_connector_id'], id);
  });

  it('never keeps the credentials: the stored account has only their masked form', async () => {
    const { merchantId, path, key } = await newMerchant();
    const secrets = { auth_type: 'SignatureKey', api_key: 'live_api_key_0001', key1: 'merchant-key-one', api_secret: 'the-api-secret-xyz' };
    await createAccount(path, key, { ...CYPRESS_BODY, connector_account_details: secrets });
    const rows = sandbox.store.db.prepare('SELECT doc FROM connector_accounts WHERE merchant_id = ?').all(merchantId) as { doc: string }[];
    assert.equal(rows.length, 1);
    for (const secret of [secrets.api_key, secrets.key1, secrets.api_secret]) assert.ok(!rows[0]!.doc.includes(secret), 'a credential was stored');
    assert.deepEqual(JSON.parse(rows[0]!.doc).connector_account_details, { auth_type: 'SignatureKey', api_key: 'li*************01', key1: 'me************ne', api_secret: 'th**************yz' });
  });

  it('routes a payment of the profile to its account, and its refund, and finds the refund by that account', async () => {
    const { path, key } = await newMerchant();
    const account = await createAccount(path, key);
    const payment = await pay(key);
    assert.equal(payment['status'], 'succeeded');
    assert.equal(payment['connector'], 'stripe');
    assert.equal(payment['merchant_connector_id'], account['merchant_connector_id']);
    const refund = await sandbox.request('POST', '/refunds', { ...key, body: { payment_id: payment['payment_id'], amount: 100 } });
    assert.equal(refund.status, 200, refund.text);
    assert.equal(refund.body['connector'], 'stripe');
    assert.equal(refund.body['merchant_connector_id'], account['merchant_connector_id']);
    const byAccount = await sandbox.request<{ data: Body[] }>('POST', '/refunds/list', { ...key, body: { merchant_connector_id: [account['merchant_connector_id']] } });
    assert.deepEqual(byAccount.body.data.map((item) => item['refund_id']), [refund.body['refund_id']]);
    const retrieved = await sandbox.request('GET', `/payments/${String(payment['payment_id'])}`, key);
    assert.equal(retrieved.body['merchant_connector_id'], account['merchant_connector_id']);
  });

  it('keeps the simulated default connector for a profile without accounts, and for a disabled account', async () => {
    const { merchantId, path, key, profileId } = await newMerchant();
    const other = await sandbox.request('POST', `/account/${merchantId}/business_profile`, { ...key, body: { profile_name: 'second' } });
    assert.equal(other.status, 200, other.text);
    const account = await createAccount(path, key, { ...CYPRESS_BODY, profile_id: other.body['profile_id'] });
    const elsewhere = await pay(key, { profile_id: profileId });
    assert.equal(elsewhere['connector'], 'phonypay');
    assert.notEqual(elsewhere['merchant_connector_id'], account['merchant_connector_id']);
    assert.equal((await pay(key, { profile_id: other.body['profile_id'] }))['connector'], 'stripe');
    const disabled = await sandbox.request('POST', `${path}/${String(account['merchant_connector_id'])}`, { ...key, body: { connector_type: 'payment_processor', disabled: true } });
    assert.equal(disabled.status, 200, disabled.text);
    assert.equal(disabled.body['disabled'], true);
    assert.equal((await pay(key, { profile_id: other.body['profile_id'] }))['connector'], 'phonypay');
  });

  it('takes the account the payment’s `connector` names, and refuses one that no account has and the sandbox does not simulate', async () => {
    const { path, key } = await newMerchant();
    await createAccount(path, key);
    const adyen = await createAccount(path, key, { ...CYPRESS_BODY, connector_name: 'adyen' });
    assert.equal(adyen['connector_label'], 'adyen_default');
    const paid = await pay(key, { connector: ['adyen'] });
    assert.equal(paid['connector'], 'adyen');
    assert.equal(paid['merchant_connector_id'], adyen['merchant_connector_id']);
    assert.equal((await pay(key, { connector: ['fauxpay'] }))['connector'], 'fauxpay');
    const refused = await sandbox.request('POST', '/payments', { ...key, body: { amount: 1000, currency: 'USD', connector: ['worldpay'] } });
    assertApiError(refused, 422, 'IR_06', /^connector worldpay is not enabled for this merchant; use one of phonypay, .*stripe, adyen$/);
  });

  it('updates as connectorUpdateCall does, and keeps a label unique within its profile', async () => {
    const { path, key, profileId } = await newMerchant();
    const first = await createAccount(path, key);
    const second = await createAccount(path, key, { ...CYPRESS_BODY, connector_label: 'second' });
    const url = `${path}/${String(first['merchant_connector_id'])}`;
    const updated = await sandbox.request('POST', url, { ...key, headers: { 'x-merchant-id': 'ignored' }, body: { connector_type: 'payment_processor', connector_label: 'updated_stripe', test_mode: true, disabled: false } });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.body['connector_label'], 'updated_stripe');
    assert.deepEqual(updated.body['connector_account_details'], first['connector_account_details']);
    const duplicate = await sandbox.request('POST', url, { ...key, body: { connector_type: 'payment_processor', connector_label: second['connector_label'] } });
    assertApiError(duplicate, 400, 'HE_01', `The merchant connector account with the specified profile_id '${profileId}' and connector_label 'second' already exists in our records`);
    assertApiError(await sandbox.request('POST', path, { ...key, body: { ...CYPRESS_BODY, connector_label: 'second' } }), 400, 'HE_01');
    assertApiError(
      await sandbox.request('POST', url, { ...key, body: { connector_type: 'payment_processor', status: 'inactive', disabled: false } }),
      422,
      'IR_06',
      'Connector cannot be enabled when connector_status is inactive or when using TemporaryAuth',
    );
    const temporary = await createAccount(path, key, { ...CYPRESS_BODY, connector_label: 'temporary', disabled: undefined, connector_account_details: { auth_type: 'TemporaryAuth' } });
    assert.deepEqual([temporary['status'], temporary['disabled']], ['inactive', true]);
    assertApiError(
      await sandbox.request('POST', path, { ...key, body: { ...CYPRESS_BODY, connector_label: 't2', status: 'active', connector_account_details: { auth_type: 'TemporaryAuth' } } }),
      422,
      'IR_06',
      'Connector status cannot be active when using TemporaryAuth',
    );
  });

  it('refuses credentials it cannot read, names and members upstream does not have, and profiles not the merchant’s', async () => {
    const { path, key } = await newMerchant();
    const format = 'connector_account_details contains invalid data. Expected format is auth_type and api_key';
    const { connector_account_details: _details, ...withoutDetails } = CYPRESS_BODY;
    assertApiError(await sandbox.request('POST', path, { ...key, body: withoutDetails }), 400, 'IR_05', format);
    assertApiError(await sandbox.request('POST', path, { ...key, body: { ...CYPRESS_BODY, connector_account_details: { auth_type: 'Password', api_key: 'x' } } }), 400, 'IR_05', format);
    assertApiError(await sandbox.request('POST', path, { ...key, body: { ...CYPRESS_BODY, connector_account_details: { auth_type: 'BodyKey', api_key: 'x' } } }), 400, 'IR_05', format);
    assertApiError(await sandbox.request('POST', path, { ...key, body: { ...CYPRESS_BODY, connector_name: 'acmepay' } }), 400, 'IR_06', /unknown variant `acmepay`/);
    assertApiError(await sandbox.request('POST', path, { ...key, body: { ...CYPRESS_BODY, colour: 'red' } }), 400, 'IR_06', /unknown field `colour`/);
    // a network or a type upstream's CardNetwork and PaymentMethodType do not spell so (routing and the lists compare them with the payment's)
    const lowercase = [{ payment_method: 'card', payment_method_types: [{ payment_method_type: 'credit', card_networks: ['visa'] }] }];
    assertApiError(await sandbox.request('POST', path, { ...key, body: { ...CYPRESS_BODY, payment_methods_enabled: lowercase } }), 400, 'IR_06', /unknown variant `visa`, expected one of `Visa`/);
    const capitalised = [{ payment_method: 'card', payment_method_types: [{ payment_method_type: 'Credit' }] }];
    assertApiError(await sandbox.request('POST', path, { ...key, body: { ...CYPRESS_BODY, payment_methods_enabled: capitalised } }), 400, 'IR_06', /unknown variant `Credit`, expected one of `ach`/);
    assertApiError(await sandbox.request('POST', path, { ...key, body: { ...CYPRESS_BODY, profile_id: 'pro_nonesuch' } }), 404, 'HE_02');
    const stranger = await newMerchant();
    assertApiError(await sandbox.request('POST', path, { ...key, body: { ...CYPRESS_BODY, profile_id: stranger.profileId } }), 403, 'IR_22');
    // the connector's own settings may be long, as Apple Pay's are, within the free-form limit
    await createAccount(path, key, { ...CYPRESS_BODY, connector_label: 'long', metadata: { apple_pay: 'a'.repeat(2000) } });
    assertApiError(await sandbox.request('POST', path, { ...key, body: { ...CYPRESS_BODY, connector_label: 'huge', metadata: { apple_pay: 'a'.repeat(17_000) } } }), 422, 'IR_06', /^metadata may be at most 16384 characters/);
  });

  it('retries a soft decline on the profile’s other accounts, as many times as the profile allows, and nothing else', async () => {
    const { merchantId, path, key, profileId } = await newMerchant();
    await createAccount(path, key);
    const adyen = await createAccount(path, key, { ...CYPRESS_BODY, connector_name: 'adyen' });
    const profile = (body: Body) => sandbox.request('POST', `/account/${merchantId}/business_profile/${profileId}`, { ...key, body });
    const attemptsOf = async (payment: Body) =>
      ((await sandbox.request('GET', `/payments/${String(payment['payment_id'])}`, { ...key, query: { expand_attempts: 'true' } })).body['attempts'] as Body[]).map((attempt) => [attempt['connector'], attempt['status'], attempt['error_code']]);
    const declined = (number: string) => pay(key, { ...cardPayment(number) });
    // off by default: one attempt
    assert.deepEqual(await attemptsOf(await declined('4000000000000002')), [['stripe', 'failure', 'card_declined']]);
    assert.equal((await profile({ is_auto_retries_enabled: true, max_auto_retries_enabled: 1 })).status, 200);
    const retried = await declined('4000000000000002');
    assert.deepEqual([retried['status'], retried['connector'], retried['merchant_connector_id'], retried['attempt_count']], ['failed', 'adyen', adyen['merchant_connector_id'], 2]);
    assert.deepEqual(await attemptsOf(retried), [
      ['stripe', 'failure', 'card_declined'],
      ['adyen', 'failure', 'card_declined'],
    ]);
    // a hard decline is not retried, nor is a payment that succeeds
    assert.equal((await attemptsOf(await declined('4000000000009995'))).length, 1);
    assert.equal((await pay(key))['attempt_count'], 1);
    assert.equal((await profile({ max_auto_retries_enabled: 0 })).status, 200);
    assert.equal((await attemptsOf(await declined('4000000000000002'))).length, 1);
  });

  it('lets only the merchant or the admin key reach its accounts, and only the admin key delete one', async () => {
    const owner = await newMerchant();
    const stranger = await newMerchant();
    const account = await createAccount(owner.path, admin());
    const url = `${owner.path}/${String(account['merchant_connector_id'])}`;
    for (const key of [stranger.key, { key: owner.publishableKey }, { key: 'snd_wrong' }]) {
      const refused = await sandbox.request('GET', url, key);
      assert.equal(refused.status, 401, refused.text);
      assert.deepEqual(refused.body, UNAUTHORIZED);
      assert.equal((await sandbox.request('POST', owner.path, { ...key, body: CYPRESS_BODY })).status, 401);
    }
    // another merchant's account through one's own route is not found
    const other = await sandbox.request('GET', `${stranger.path}/${String(account['merchant_connector_id'])}`, stranger.key);
    assertApiError(other, 404, 'HE_02', 'Merchant connector account does not exist in our records');
    assert.equal(other.body['error'] && (other.body['error'] as Body)['reason'], `${String(account['merchant_connector_id'])} does not exist`);
    assert.equal((await sandbox.request('DELETE', url, owner.key)).status, 401);
    const deleted = await sandbox.request('DELETE', url, admin());
    assert.deepEqual(deleted.body, { merchant_id: owner.merchantId, merchant_connector_id: account['merchant_connector_id'], deleted: true });
    assertApiError(await sandbox.request('GET', url, owner.key), 404, 'HE_02');
    assertApiError(await sandbox.request('DELETE', url, admin()), 404, 'HE_02');
    // a payment of the profile goes back to the simulated default
    assert.equal((await pay(owner.key))['connector'], 'phonypay');
  });
});
