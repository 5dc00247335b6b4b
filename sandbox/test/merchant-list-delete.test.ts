// `GET /accounts/list` and `DELETE /accounts/{id}` (admin key), as upstream's merchantListCall and
// merchantDeleteCall send them: an organization's accounts, and an account that is read as none once
// deleted while what it made stays stored.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { UNAUTHORIZED, assertApiError, cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;

describe('merchant accounts: list by organization, delete', () => {
  let sandbox: TestSandbox;
  const admin = () => ({ key: sandbox.adminKey });
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  it('lists an organization’s accounts, oldest first, and none of another’s or a deleted one', async () => {
    const organization = await sandbox.request('POST', '/organization', { ...admin(), body: { organization_name: 'Listed' } });
    assert.equal(organization.status, 200, organization.text);
    const organizationId = String(organization.body['organization_id']);
    for (const id of ['listed_a', 'listed_b', 'listed_c']) await sandbox.createMerchant(id, { organization_id: organizationId });
    await sandbox.createMerchant('listed_elsewhere');
    const list = async () => (await sandbox.request<Body[]>('GET', '/accounts/list', { ...admin(), query: { organization_id: organizationId } })).body;
    const listed = await list();
    assert.deepEqual(listed.map((account) => account['merchant_id']), ['listed_a', 'listed_b', 'listed_c']);
    // merchantListCall's checks
    for (const account of listed) for (const member of ['merchant_id', 'organization_id', 'default_profile']) assert.ok(account[member], member);
    assert.equal((await sandbox.request('DELETE', '/accounts/listed_b', admin())).status, 200);
    assert.deepEqual((await list()).map((account) => account['merchant_id']), ['listed_a', 'listed_c']);
    assert.deepEqual((await sandbox.request('GET', '/accounts/list', { ...admin(), query: { organization_id: 'org_nonesuch' } })).body, []);
    assertApiError(await sandbox.request('GET', '/accounts/list', admin()), 400, 'IR_06');
    const merchantKey = await sandbox.request('GET', '/accounts/list', { query: { organization_id: organizationId } });
    assert.deepEqual([merchantKey.status, merchantKey.body], [401, UNAUTHORIZED]);
  });

  it('deletes an account: its keys stop working, it is not found, its id is not given again, and its payments stay', async () => {
    const made = await sandbox.createMerchant('deleted_shop');
    const key = { key: made.secretKey };
    const paid = await sandbox.request('POST', '/payments', { ...key, body: { amount: 1000, currency: 'USD', confirm: true, ...cardPayment('4242424242424242') } });
    assert.equal(paid.status, 200, paid.text);
    const deleted = await sandbox.request('DELETE', '/accounts/deleted_shop', admin());
    assert.deepEqual([deleted.status, deleted.body], [200, { merchant_id: 'deleted_shop', deleted: true }]);
    for (const options of [key, { key: made.publishableKey }]) {
      const refused = await sandbox.request('GET', `/payments/${String(paid.body['payment_id'])}`, options);
      assert.deepEqual([refused.status, refused.body], [401, UNAUTHORIZED]);
    }
    assertApiError(await sandbox.request('GET', '/accounts/deleted_shop', admin()), 404, 'HE_02', 'Merchant account does not exist in our records');
    assertApiError(await sandbox.request('DELETE', '/accounts/deleted_shop', admin()), 404, 'HE_02');
    assertApiError(await sandbox.request('POST', '/accounts', { ...admin(), body: { merchant_id: 'deleted_shop' } }), 400, 'HE_01');
    assert.ok(sandbox.store.payment('deleted_shop', String(paid.body['payment_id'])), 'the payment is still stored');
  });

  it('takes the admin key only, and keeps the demo merchant', async () => {
    const made = await sandbox.createMerchant('kept_shop');
    const refused = await sandbox.request('DELETE', '/accounts/kept_shop', { key: made.secretKey });
    assert.deepEqual([refused.status, refused.body], [401, UNAUTHORIZED]);
    assertApiError(await sandbox.request('DELETE', '/accounts/demo_merchant', admin()), 422, 'IR_06', "demo_merchant is the sandbox's demo merchant and cannot be deleted");
    assert.equal((await sandbox.request('GET', '/accounts/demo_merchant', admin())).status, 200);
  });
});
