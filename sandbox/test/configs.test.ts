// `/configs` (admin key), as upstream's core/configs.rs answers it, and the two of its keys the
// sandbox reads: `step_up_enabled_{merchant_id}` (a soft decline of a no_three_ds payment retried once
// with 3-D Secure) and `max_auto_retries_enabled_{merchant_id}` (before the profile's number).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { UNAUTHORIZED, assertApiError, cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;
const CONNECTOR = { connector_type: 'payment_processor', connector_account_details: { auth_type: 'HeaderKey', api_key: 'sk_test_connector' } };

let merchants = 0;

describe('configs', () => {
  let sandbox: TestSandbox;
  const admin = () => ({ key: sandbox.adminKey });
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  it('creates, reads, replaces and deletes a config, each answered as {key, value}', async () => {
    const key = `test_config_${Date.now()}`;
    assert.deepEqual((await sandbox.request('POST', '/configs/', { ...admin(), body: { key, value: 'one' } })).body, { key, value: 'one' });
    assertApiError(await sandbox.request('POST', '/configs/', { ...admin(), body: { key, value: 'two' } }), 400, 'HE_01', 'The config with the specified key already exists in our records');
    assert.deepEqual((await sandbox.request('GET', `/configs/${key}`, admin())).body, { key, value: 'one' });
    assert.deepEqual((await sandbox.request('POST', `/configs/${key}`, { ...admin(), body: { value: 'two' } })).body, { key, value: 'two' });
    assert.deepEqual((await sandbox.request('DELETE', `/configs/${key}`, admin())).body, { key, value: 'two' });
    for (const [method, body] of [['GET'], ['DELETE'], ['POST', { value: 'x' }]] as const) {
      assertApiError(await sandbox.request(method, `/configs/${key}`, { ...admin(), ...(body ? { body } : {}) }), 404, 'HE_02', 'Config key does not exist in our records.');
    }
    assertApiError(await sandbox.request('POST', '/configs/', { ...admin(), body: { key } }), 400, 'IR_04', 'Missing required param: value');
    const merchantKey = await sandbox.request('GET', `/configs/${key}`, {});
    assert.deepEqual([merchantKey.status, merchantKey.body], [401, UNAUTHORIZED]);
  });

  /** A merchant whose default profile has a Stripe and an Adyen account and auto retries on (max 1). */
  async function retryingMerchant() {
    const merchantId = `configs_${(merchants += 1)}`;
    const made = await sandbox.createMerchant(merchantId);
    const key = { key: made.secretKey };
    for (const connector_name of ['stripe', 'adyen']) assert.equal((await sandbox.request('POST', `/account/${merchantId}/connectors`, { ...key, body: { ...CONNECTOR, connector_name } })).status, 200);
    const profile = await sandbox.request('POST', `/account/${merchantId}/business_profile/${String(made.account['default_profile'])}`, { ...key, body: { is_auto_retries_enabled: true, max_auto_retries_enabled: 1 } });
    assert.equal(profile.status, 200, profile.text);
    const decline = async (body: Body = {}) => {
      const paid = await sandbox.request('POST', '/payments', { ...key, body: { amount: 1000, currency: 'USD', confirm: true, authentication_type: 'no_three_ds', ...cardPayment('4000000000000002'), ...body } });
      assert.equal(paid.status, 200, paid.text);
      const retrieved = await sandbox.request('GET', `/payments/${String(paid.body['payment_id'])}`, { ...key, query: { expand_attempts: 'true' } });
      return { payment: retrieved.body, attempts: (retrieved.body['attempts'] as Body[]).map((attempt) => [attempt['connector'], attempt['authentication_type']]) };
    };
    return { merchantId, decline };
  }

  it('retries a no_three_ds soft decline once with 3-D Secure on the same account when step_up_enabled lists its connector', async () => {
    const { merchantId, decline } = await retryingMerchant();
    // without the config: the auto retry on the other account
    assert.deepEqual((await decline()).attempts, [
      ['stripe', 'no_three_ds'],
      ['adyen', 'no_three_ds'],
    ]);
    assert.equal((await sandbox.request('POST', '/configs/', { ...admin(), body: { key: `step_up_enabled_${merchantId}`, value: '["stripe"]' } })).status, 200);
    const stepped = await decline();
    assert.deepEqual(stepped.attempts, [
      ['stripe', 'no_three_ds'],
      ['stripe', 'three_ds'],
    ]);
    assert.deepEqual([stepped.payment['status'], stepped.payment['authentication_type']], ['failed', 'three_ds']);
    // a three_ds payment has nothing to step up to
    assert.deepEqual((await decline({ authentication_type: 'three_ds' })).attempts, [
      ['stripe', 'three_ds'],
      ['adyen', 'three_ds'],
    ]);
  });

  it('takes max_auto_retries_enabled_{merchant_id} before the profile’s number', async () => {
    const { merchantId, decline } = await retryingMerchant();
    assert.equal((await sandbox.request('POST', '/configs/', { ...admin(), body: { key: `max_auto_retries_enabled_${merchantId}`, value: '0' } })).status, 200);
    assert.deepEqual((await decline()).attempts, [['stripe', 'no_three_ds']]);
  });
});
