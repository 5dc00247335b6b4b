// Business profiles (domain/profiles.ts, routes/profiles.ts): the five v1 routes, who may call them,
// their errors, the default profile of a merchant (new, with business details, stored before profiles
// existed), and what a profile changes in its payments: profile_id, manual retry, session_expiry,
// return_url. Upstream: juspay/hyperswitch routes/profiles.rs, core/admin.rs, core/utils.rs,
// payments/helpers.rs get_attempt_type (the commits are in domain/profiles.ts).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { startSandbox } from '../server.js';
import { UNAUTHORIZED, answerChallenge, assertApiError, cardPayment, startTestSandbox, temporaryFolder, type ApiResponse, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;

const DECLINED = '4000000000000002';
const APPROVED = '4242424242424242';
const CHALLENGED = '4000003800000446';
const RETRY_DISABLED = 'You cannot confirm this payment because it has status failed, you can enable `manual_retry` in profile to try this payment again';
const RETRY_EXPIRED = 'You cannot confirm this payment using `manual_retry` because the allowed duration has expired';

let merchants = 0;
const uniqueId = (name: string): string => `profiles_${name}_${(merchants += 1)}`;

describe('business profiles', () => {
  let sandbox: TestSandbox;
  const admin = () => ({ key: sandbox.adminKey });
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  /** A merchant of the test's own, with a secret key; its account as created. */
  async function newMerchant(name: string, members: Body = {}) {
    const merchantId = uniqueId(name);
    const made = await sandbox.createMerchant(merchantId, members);
    const key = { key: made.secretKey };
    const path = `/account/${merchantId}/business_profile`;
    return { merchantId, ...made, key, path, defaultProfile: made.account['default_profile'] as string | null };
  }

  /** POST /account/{id}/business_profile, with the admin key unless told; fails the test on anything but 200. */
  async function createProfile(path: string, body: Body, options: { key?: string } = admin()): Promise<Body> {
    const created = await sandbox.request('POST', path, { ...options, body });
    assert.equal(created.status, 200, created.text);
    return created.body;
  }

  /** A payment of `key`'s merchant (any body members over an amount and currency); fails the test on anything but 200. */
  async function pay(key: { key: string }, body: Body): Promise<Body> {
    const created = await sandbox.request('POST', '/payments', { ...key, body: { amount: 1000, currency: 'USD', ...body } });
    assert.equal(created.status, 200, created.text);
    return created.body;
  }

  /** A confirm of an existing payment with a card, by the merchant's server. */
  const confirm = (key: { key: string }, paymentId: unknown, number: string): Promise<ApiResponse> =>
    sandbox.request('POST', `/payments/${String(paymentId)}/confirm`, { ...key, body: cardPayment(number) });

  describe('create, list, retrieve, update, delete', () => {
    it("creates a profile with upstream's defaults, taken from its merchant where upstream takes them", async () => {
      const merchant = await newMerchant('defaults', {
        return_url: 'https://shop.example/back',
        webhook_details: { webhook_url: 'https://shop.example/hooks', payment_succeeded_enabled: true },
        redirect_to_merchant_with_http_post: true,
      });
      const profile = await createProfile(merchant.path, { profile_name: 'web' });
      assert.match(String(profile['profile_id']), /^pro_[A-Za-z0-9]{20}$/);
      assert.equal(profile['merchant_id'], merchant.merchantId);
      assert.equal(profile['profile_name'], 'web');
      assert.equal(profile['return_url'], 'https://shop.example/back');
      assert.equal(profile['redirect_to_merchant_with_http_post'], true);
      assert.equal((profile['webhook_details'] as Body)['webhook_url'], 'https://shop.example/hooks');
      assert.deepEqual((profile['webhook_details'] as Body)['payment_statuses_enabled'], ['succeeded']);
      assert.equal(profile['payment_response_hash_key'], merchant.account['payment_response_hash_key']);
      assert.equal(profile['session_expiry'], 900);
      assert.equal(profile['intent_fulfillment_time'], 900);
      assert.equal(profile['is_manual_retry_enabled'], null);
      assert.equal(profile['use_billing_as_payment_method_billing'], true);
      assert.equal(profile['routing_algorithm'], null);
      assert.deepEqual(profile['card_testing_guard_config'], {
        card_ip_blocking_status: 'disabled',
        card_ip_blocking_threshold: 3,
        guest_user_card_blocking_status: 'disabled',
        guest_user_card_blocking_threshold: 10,
        customer_id_blocking_status: 'disabled',
        customer_id_blocking_threshold: 5,
        card_testing_guard_expiry: 3600,
      });
      for (const member of ['is_tax_connector_enabled', 'is_network_tokenization_enabled', 'is_auto_retries_enabled', 'is_click_to_pay_enabled', 'is_clear_pan_retries_enabled', 'force_3ds_challenge', 'is_pre_network_tokenization_enabled']) {
        assert.equal(profile[member], false, member);
      }
      assert.ok(!('created_at' in profile) && !('modified_at' in profile), 'only the members of ProfileResponse');
    });

    it('shows outgoing_webhook_custom_http_headers masked, as upstream\'s MaskedHeaders (two characters each end; 4 bytes or fewer all *)', async () => {
      const merchant = await newMerchant('headers');
      const sent = { 'x-secret': 'secret', 'x-short': 'xy', 'x-four': 'abcd', 'x-euro': 'ab€cd' };
      const masked = { 'x-secret': 'se**et', 'x-short': '**', 'x-four': '****', 'x-euro': 'ab*cd' };
      const profile = await createProfile(merchant.path, { profile_name: 'hooks', outgoing_webhook_custom_http_headers: sent });
      assert.deepEqual(profile['outgoing_webhook_custom_http_headers'], masked);
      const path = `${merchant.path}/${String(profile['profile_id'])}`;
      assert.deepEqual((await sandbox.request('GET', path, admin())).body['outgoing_webhook_custom_http_headers'], masked);
      // stored as sent: an update of another member shows the same masks, not masks of masks
      const updated = await sandbox.request('POST', path, { ...admin(), body: { session_expiry: 600 } });
      assert.deepEqual(updated.body['outgoing_webhook_custom_http_headers'], masked);
    });

    it('keeps what the request sets over the defaults', async () => {
      const merchant = await newMerchant('sent');
      const profile = await createProfile(merchant.path, {
        profile_name: 'app',
        return_url: 'https://app.example/done',
        session_expiry: 120,
        is_manual_retry_enabled: true,
        metadata: { channel: 'app' },
        merchant_business_country: 'DE',
        enable_payment_response_hash: true,
      });
      assert.deepEqual(
        [profile['return_url'], profile['session_expiry'], profile['is_manual_retry_enabled'], profile['metadata'], profile['merchant_business_country'], profile['enable_payment_response_hash']],
        ['https://app.example/done', 120, true, { channel: 'app' }, 'DE', true],
      );
    });

    it('lists the merchant\'s profiles oldest first, and retrieves one', async () => {
      const merchant = await newMerchant('list');
      const web = await createProfile(merchant.path, { profile_name: 'web' });
      const app = await createProfile(merchant.path, { profile_name: 'app' });
      const list = await sandbox.request<Body[]>('GET', merchant.path, admin());
      assert.equal(list.status, 200);
      assert.deepEqual(list.body.map((profile) => profile['profile_name']), ['default', 'web', 'app']);
      assert.equal(list.body[0]?.['profile_id'], merchant.defaultProfile);
      const retrieved = await sandbox.request('GET', `${merchant.path}/${String(app['profile_id'])}`, admin());
      assert.deepEqual(retrieved.body, app);
      assert.notDeepEqual(retrieved.body, web);
    });

    it('updates the members sent, leaves the others (and those sent as null), and merges webhook_details', async () => {
      const merchant = await newMerchant('update');
      const profile = await createProfile(merchant.path, {
        profile_name: 'web',
        return_url: 'https://web.example/back',
        webhook_details: { webhook_url: 'https://web.example/hooks', webhook_password: 'kept' },
      });
      const path = `${merchant.path}/${String(profile['profile_id'])}`;
      const updated = await sandbox.request('POST', path, {
        ...admin(),
        body: { is_manual_retry_enabled: false, session_expiry: 300, return_url: null, webhook_details: { payment_failed_enabled: true } },
      });
      assert.equal(updated.status, 200, updated.text);
      assert.equal(updated.body['is_manual_retry_enabled'], false);
      assert.equal(updated.body['session_expiry'], 300);
      assert.equal(updated.body['return_url'], 'https://web.example/back');
      assert.equal(updated.body['profile_name'], 'web');
      const webhooks = updated.body['webhook_details'] as Body;
      assert.deepEqual([webhooks['webhook_url'], webhooks['webhook_password'], webhooks['payment_failed_enabled']], ['https://web.example/hooks', 'kept', true]);
      assert.deepEqual((await sandbox.request('GET', path, admin())).body, updated.body);
    });

    it('deletes a profile: the answer is `true`, and it is gone from retrieve, list and payments', async () => {
      const merchant = await newMerchant('delete');
      const profile = await createProfile(merchant.path, { profile_name: 'gone' });
      const path = `${merchant.path}/${String(profile['profile_id'])}`;
      const deleted = await sandbox.request('DELETE', path, admin());
      assert.equal(deleted.status, 200, deleted.text);
      assert.equal(deleted.body, true);
      assertApiError(await sandbox.request('GET', path, admin()), 404, 'HE_02', `Business profile with the given id ${String(profile['profile_id'])} does not exist`);
      const list = await sandbox.request<Body[]>('GET', merchant.path, admin());
      assert.deepEqual(list.body.map((listed) => listed['profile_name']), ['default']);
      assertApiError(await sandbox.request('POST', '/payments', { ...merchant.key, body: { amount: 100, currency: 'USD', profile_id: profile['profile_id'] } }), 404, 'HE_02');
      assertApiError(await sandbox.request('DELETE', path, admin()), 404, 'HE_02', `Business profile with the given id ${String(profile['profile_id'])} does not exist`);
      // the name is free again
      assert.equal((await createProfile(merchant.path, { profile_name: 'gone' }))['profile_name'], 'gone');
    });
  });

  describe('keys', () => {
    it("takes the route merchant's own secret key for create, list, retrieve and update", async () => {
      const merchant = await newMerchant('own_key');
      const profile = await createProfile(merchant.path, { profile_name: 'by_key' }, merchant.key);
      const path = `${merchant.path}/${String(profile['profile_id'])}`;
      assert.equal((await sandbox.request<Body[]>('GET', merchant.path, merchant.key)).body.length, 2);
      assert.equal((await sandbox.request('GET', path, merchant.key)).body['profile_name'], 'by_key');
      assert.equal((await sandbox.request('POST', path, { ...merchant.key, body: { session_expiry: 600 } })).body['session_expiry'], 600);
    });

    it("refuses another merchant's key, a publishable key, no key, and the admin key on a merchant that does not exist (401 IR_01)", async () => {
      const merchant = await newMerchant('keys');
      const other = await newMerchant('keys_other');
      const profilePath = `${merchant.path}/${String(merchant.defaultProfile)}`;
      for (const key of [other.secretKey, merchant.publishableKey, null]) {
        for (const [method, path, body] of [['POST', merchant.path, { profile_name: 'x' }], ['GET', merchant.path], ['GET', profilePath], ['POST', profilePath, {}]] as const) {
          const refused = await sandbox.request(method, path, { key, ...(body ? { body } : {}) });
          assertApiError(refused, 401, 'IR_01');
          assert.deepEqual(refused.body, UNAUTHORIZED);
        }
      }
      assertApiError(await sandbox.request('GET', '/account/nobody_here/business_profile', admin()), 401, 'IR_01');
      assertApiError(await sandbox.request('POST', '/account/nobody_here/business_profile', { ...admin(), body: { profile_name: 'x' } }), 401, 'IR_01');
    });

    it('deletes with the admin key only; an unknown merchant or profile is 404 HE_02', async () => {
      const merchant = await newMerchant('delete_keys');
      const profile = await createProfile(merchant.path, { profile_name: 'kept' });
      const path = `${merchant.path}/${String(profile['profile_id'])}`;
      assertApiError(await sandbox.request('DELETE', path, merchant.key), 401, 'IR_01');
      assertApiError(await sandbox.request('DELETE', `/account/nobody_here/business_profile/${String(profile['profile_id'])}`, admin()), 404, 'HE_02');
      assert.equal((await sandbox.request('GET', path, admin())).status, 200, 'still there');
    });
  });

  describe('errors', () => {
    it('refuses a profile_name the merchant already has (400 IR_38, upstream naming the id it would have made), also on rename', async () => {
      const merchant = await newMerchant('duplicate');
      const web = await createProfile(merchant.path, { profile_name: 'web' });
      assertApiError(await sandbox.request('POST', merchant.path, { ...admin(), body: { profile_name: 'web' } }), 400, 'IR_38', /^Business Profile with the profile_id pro_[A-Za-z0-9]{20} already exists$/);
      assertApiError(await sandbox.request('POST', merchant.path, { ...admin(), body: {} }), 400, 'IR_38', /already exists$/);
      const app = await createProfile(merchant.path, { profile_name: 'app' });
      const rename = await sandbox.request('POST', `${merchant.path}/${String(app['profile_id'])}`, { ...admin(), body: { profile_name: 'web' } });
      assertApiError(rename, 400, 'IR_38', `Business Profile with the profile_id ${String(app['profile_id'])} already exists`);
      // another merchant may use the name
      const other = await newMerchant('duplicate_other');
      assert.equal((await createProfile(other.path, { profile_name: 'web' }))['profile_name'], 'web');
      assert.notEqual(web['profile_id'], app['profile_id']);
    });

    it("answers an unknown profile, and another merchant's under this merchant, as not found (404 HE_02)", async () => {
      const merchant = await newMerchant('unknown');
      const other = await newMerchant('unknown_other');
      assertApiError(await sandbox.request('GET', `${merchant.path}/pro_nope`, admin()), 404, 'HE_02', 'Business profile with the given id pro_nope does not exist');
      assertApiError(await sandbox.request('POST', `${merchant.path}/pro_nope`, { ...admin(), body: { session_expiry: 120 } }), 404, 'HE_02');
      const foreign = `${merchant.path}/${String(other.defaultProfile)}`;
      assertApiError(await sandbox.request('GET', foreign, merchant.key), 404, 'HE_02', `Business profile with the given id ${String(other.defaultProfile)} does not exist`);
      assertApiError(await sandbox.request('POST', foreign, { ...merchant.key, body: { session_expiry: 120 } }), 404, 'HE_02');
      assertApiError(await sandbox.request('DELETE', foreign, admin()), 404, 'HE_02');
      assert.equal((await sandbox.request('GET', `${other.path}/${String(other.defaultProfile)}`, admin())).body['session_expiry'], 900, 'untouched');
    });

    it("refuses session_expiry and intent_fulfillment_time outside upstream's ranges, in its words (422 IR_06)", async () => {
      const merchant = await newMerchant('ranges');
      const path = `${merchant.path}/${String(merchant.defaultProfile)}`;
      const sessionRule = 'session_expiry should be between 60(1 min) to 7890000(3 months).';
      assertApiError(await sandbox.request('POST', merchant.path, { ...admin(), body: { profile_name: 'a', session_expiry: 59 } }), 422, 'IR_06', sessionRule);
      assertApiError(await sandbox.request('POST', path, { ...admin(), body: { session_expiry: 7_890_001 } }), 422, 'IR_06', sessionRule);
      assertApiError(await sandbox.request('POST', path, { ...admin(), body: { intent_fulfillment_time: 1801 } }), 422, 'IR_06', 'intent_fulfillment_time should be between 60(1 min) to 1800(30 mins).');
      assert.equal((await sandbox.request('POST', path, { ...admin(), body: { session_expiry: 60 } })).body['session_expiry'], 60);
    });

    it('refuses a member ProfileCreate does not have (400 IR_06)', async () => {
      const merchant = await newMerchant('unknown_member');
      assertApiError(await sandbox.request('POST', merchant.path, { ...admin(), body: { profile_name: 'a', colour: 'blue' } }), 400, 'IR_06', /^Json deserialize error: /);
    });
  });

  describe('the default profile of a merchant', () => {
    it("is a real profile named `default`: retrieved, listed, updated, and a payment's profile without profile_id", async () => {
      const merchant = await newMerchant('default');
      assert.match(String(merchant.defaultProfile), /^pro_/);
      const path = `${merchant.path}/${String(merchant.defaultProfile)}`;
      assert.equal((await sandbox.request('GET', path, admin())).body['profile_name'], 'default');
      assert.equal((await sandbox.request('POST', path, { ...admin(), body: { session_expiry: 240 } })).status, 200);
      const payment = await pay(merchant.key, {});
      assert.equal(payment['profile_id'], merchant.defaultProfile);
      assert.equal(Date.parse(String(payment['expires_on'])) - Date.parse(String(payment['created'])), 240_000);
    });

    it('is one profile per primary_business_details entry, named {country}_{business}, the default only when there is one', async () => {
      const one = await newMerchant('one_business', { primary_business_details: [{ country: 'US', business: 'food' }] });
      const listOne = await sandbox.request<Body[]>('GET', one.path, admin());
      assert.deepEqual(listOne.body.map((profile) => [profile['profile_name'], profile['profile_id']]), [['US_food', one.defaultProfile]]);
      const two = await newMerchant('two_business', { primary_business_details: [{ country: 'US', business: 'food' }, { country: 'GB', business: 'toys' }, { country: 'US', business: 'food' }] });
      assert.equal(two.defaultProfile, null);
      const listTwo = await sandbox.request<Body[]>('GET', two.path, admin());
      assert.deepEqual(listTwo.body.map((profile) => profile['profile_name']), ['US_food', 'GB_toys']);
      // no default: a payment names its profile, or its business country and label name one
      assertApiError(await sandbox.request('POST', '/payments', { ...two.key, body: { amount: 100, currency: 'USD' } }), 400, 'IR_04', 'Missing required param: profile_id or business_country, business_label');
      const byBusiness = await pay(two.key, { business_country: 'GB', business_label: 'toys' });
      assert.equal(byBusiness['profile_id'], listTwo.body[1]?.['profile_id']);
      assertApiError(await sandbox.request('POST', '/payments', { ...two.key, body: { amount: 100, currency: 'USD', business_country: 'FR', business_label: 'toys' } }), 404, 'HE_02', 'Business profile with the given id FR_toys does not exist');
    });

    it("is unset once the merchant creates another profile, and the account's default_profile names one of its own again", async () => {
      const merchant = await newMerchant('unset');
      const other = await newMerchant('unset_other');
      const second = await createProfile(merchant.path, { profile_name: 'second' });
      assert.equal((await sandbox.request('GET', `/accounts/${merchant.merchantId}`, admin())).body['default_profile'], null);
      assertApiError(await sandbox.request('POST', '/payments', { ...merchant.key, body: { amount: 100, currency: 'USD' } }), 400, 'IR_04', 'Missing required param: profile_id or business_country, business_label');
      assertApiError(await sandbox.request('POST', `/accounts/${merchant.merchantId}`, { ...admin(), body: { default_profile: 'pro_nope' } }), 404, 'HE_02', 'Business profile with the given id pro_nope does not exist');
      assertApiError(
        await sandbox.request('POST', `/accounts/${merchant.merchantId}`, { ...admin(), body: { default_profile: other.defaultProfile } }),
        403,
        'IR_22',
        `Access forbidden. Not authorized to access this resource ${String(other.defaultProfile)}`,
      );
      const named = await sandbox.request('POST', `/accounts/${merchant.merchantId}`, { ...admin(), body: { default_profile: second['profile_id'] } });
      assert.equal(named.body['default_profile'], second['profile_id']);
      assert.equal((await pay(merchant.key, {}))['profile_id'], second['profile_id']);
    });

    it('is unset when an account update adds business details, which make profiles of their own', async () => {
      const merchant = await newMerchant('business_update');
      const updated = await sandbox.request('POST', `/accounts/${merchant.merchantId}`, { ...admin(), body: { primary_business_details: [{ country: 'FR', business: 'books' }] } });
      assert.equal(updated.body['default_profile'], null);
      const list = await sandbox.request<Body[]>('GET', merchant.path, admin());
      assert.deepEqual(list.body.map((profile) => profile['profile_name']), ['default', 'FR_books']);
      // the same details again make nothing more
      await sandbox.request('POST', `/accounts/${merchant.merchantId}`, { ...admin(), body: { primary_business_details: [{ country: 'FR', business: 'books' }] } });
      assert.equal((await sandbox.request<Body[]>('GET', merchant.path, admin())).body.length, 2);
    });

    it('a payment without profile_id on a deleted default profile is 404 HE_02', async () => {
      const merchant = await newMerchant('deleted_default');
      await sandbox.request('DELETE', `${merchant.path}/${String(merchant.defaultProfile)}`, admin());
      assertApiError(await sandbox.request('POST', '/payments', { ...merchant.key, body: { amount: 100, currency: 'USD' } }), 404, 'HE_02', `Business profile with the given id ${String(merchant.defaultProfile)} does not exist`);
    });
  });

  describe('payments on a profile', () => {
    it("answers the profile it names; an unknown profile is 404 HE_02, another merchant's 403 IR_22", async () => {
      const merchant = await newMerchant('payments');
      const other = await newMerchant('payments_other');
      const app = await createProfile(merchant.path, { profile_name: 'app' });
      const payment = await pay(merchant.key, { profile_id: app['profile_id'] });
      assert.equal(payment['profile_id'], app['profile_id']);
      assert.equal((await sandbox.request('GET', `/payments/${String(payment['payment_id'])}`, merchant.key)).body['profile_id'], app['profile_id']);
      assertApiError(await sandbox.request('POST', '/payments', { ...merchant.key, body: { amount: 100, currency: 'USD', profile_id: 'pro_unknown' } }), 404, 'HE_02', 'Business profile with the given id pro_unknown does not exist');
      const foreign = await sandbox.request('POST', '/payments', { ...merchant.key, body: { amount: 100, currency: 'USD', profile_id: other.defaultProfile } });
      assertApiError(foreign, 403, 'IR_22', `Access forbidden. Not authorized to access this resource ${String(other.defaultProfile)}`);
      // a confirm or update naming another merchant's profile is refused the same way, and changes nothing
      assertApiError(await sandbox.request('POST', `/payments/${String(payment['payment_id'])}/confirm`, { ...merchant.key, body: { ...cardPayment(APPROVED), profile_id: other.defaultProfile } }), 403, 'IR_22');
      assertApiError(await sandbox.request('POST', `/payments/${String(payment['payment_id'])}`, { ...merchant.key, body: { profile_id: 'pro_unknown' } }), 404, 'HE_02');
      assert.equal((await sandbox.request('GET', `/payments/${String(payment['payment_id'])}`, merchant.key)).body['status'], 'requires_confirmation');
    });

    it("gives a payment without session_expiry its profile's, and the client secret lapses then", async () => {
      const merchant = await newMerchant('session');
      const short = await createProfile(merchant.path, { profile_name: 'short', session_expiry: 120 });
      const payment = await pay(merchant.key, { profile_id: short['profile_id'] });
      const own = await pay(merchant.key, { profile_id: short['profile_id'], session_expiry: 600 });
      assert.equal(Date.parse(String(payment['expires_on'])) - Date.parse(String(payment['created'])), 120_000);
      assert.equal(Date.parse(String(own['expires_on'])) - Date.parse(String(own['created'])), 600_000);
      const asBrowser = (created: Body) =>
        sandbox.request('GET', `/payments/${String(created['payment_id'])}`, { key: merchant.publishableKey, query: { client_secret: String(created['client_secret']) } });
      assert.equal((await asBrowser(payment)).status, 200);
      sandbox.advanceClock(121_000);
      assertApiError(await asBrowser(payment), 400, 'IR_08', 'The provided client_secret has expired');
      assert.equal((await asBrowser(own)).status, 200);
    });

    it("sends the customer to the profile's return_url after 3-D Secure when the payment has none", async () => {
      const merchant = await newMerchant('return', { return_url: 'https://merchant.example/back' });
      const profile = await createProfile(merchant.path, { profile_name: 'web', return_url: 'https://profile.example/back' });
      const payment = await pay(merchant.key, { profile_id: profile['profile_id'], confirm: true, ...cardPayment(CHALLENGED) });
      assert.equal(payment['return_url'], null, 'the payment keeps its own (none), as upstream');
      const back = await answerChallenge(String((payment['next_action'] as Body)['redirect_to_url']), 'complete');
      assert.match(back.headers.get('location') ?? '', /^https:\/\/profile\.example\/back\?status=succeeded&/);
    });

    it("answers the payment-method list with its profile's redirect URL and wallet collection, as upstream's list_payment_methods", async () => {
      const merchant = await newMerchant('list', { return_url: 'https://merchant.example/back' });
      const list = async (profile: Body | null, members: Body = {}) => {
        const payment = await pay(merchant.key, { ...(profile ? { profile_id: profile['profile_id'] } : {}), ...members });
        const answer = await sandbox.request('GET', '/account/payment_methods', { key: merchant.publishableKey, query: { client_secret: String(payment['client_secret']) } });
        assert.equal(answer.status, 200, answer.text);
        return [answer.body['redirect_url'], answer.body['collect_billing_details_from_wallets'], answer.body['collect_shipping_details_from_wallets']];
      };
      // no profile_id: the default profile, which took the merchant's return URL and collects nothing
      await sandbox.request('POST', `${merchant.path}/${String(merchant.defaultProfile)}`, { ...admin(), body: { return_url: 'https://default.example/back' } });
      assert.deepEqual(await list(null, { return_url: 'https://payment.example/back' }), ['https://default.example/back', false, false]);
      // the merchant's server, without a payment: its default profile
      assert.equal((await sandbox.request('GET', '/account/payment_methods', merchant.key)).body['redirect_url'], 'https://default.example/back');
      const web = await createProfile(merchant.path, { profile_name: 'web', return_url: 'https://profile.example/back', collect_billing_details_from_wallet_connector: true });
      const app = await createProfile(merchant.path, { profile_name: 'app', always_collect_shipping_details_from_wallet_connector: true });
      // the profile's return_url, not the payment's own (cards.rs: business_profile.return_url)
      assert.deepEqual(await list(web, { return_url: 'https://payment.example/back' }), ['https://profile.example/back', true, false]);
      assert.deepEqual(await list(app), ['https://merchant.example/back', false, true]);
      // `always_collect_…` false leaves `collect_…` to say
      await sandbox.request('POST', `${merchant.path}/${String(web['profile_id'])}`, { ...admin(), body: { always_collect_billing_details_from_wallet_connector: false } });
      assert.deepEqual(await list(web), ['https://profile.example/back', true, false]);
      // a second profile unset the default (as upstream): the server's list has no profile to read, and says the merchant's
      const server = await sandbox.request('GET', '/account/payment_methods', merchant.key);
      assert.equal(server.body['redirect_url'], 'https://merchant.example/back');
      assert.equal(server.body['collect_billing_details_from_wallets'], false);
    });
  });

  describe('manual retry', () => {
    /** A profile of a new merchant with `settings`, and a payment on it declined once. */
    async function declined(settings: Body) {
      const merchant = await newMerchant('retry');
      const profile = await createProfile(merchant.path, { profile_name: 'retry', ...settings });
      const payment = await pay(merchant.key, { profile_id: profile['profile_id'] });
      const decline = await confirm(merchant.key, payment['payment_id'], DECLINED);
      assert.equal(decline.body['status'], 'failed', decline.text);
      return { merchant, profile, payment, decline };
    }

    it('unset (the sandbox default): a decline may be retried, however late in its session', async () => {
      const { merchant, payment, decline } = await declined({});
      assert.equal(decline.body['manual_retry_allowed'], true);
      sandbox.advanceClock(600_000);
      const retry = await confirm(merchant.key, payment['payment_id'], APPROVED);
      assert.deepEqual([retry.status, retry.body['status'], retry.body['attempt_count']], [200, 'succeeded', 2]);
    });

    it("false: a decline answers manual_retry_allowed false, and its confirm is upstream's 400 IR_16", async () => {
      const { merchant, payment, decline } = await declined({ is_manual_retry_enabled: false });
      assert.equal(decline.body['manual_retry_allowed'], false);
      assertApiError(await confirm(merchant.key, payment['payment_id'], APPROVED), 400, 'IR_16', RETRY_DISABLED);
      // from the browser too, and nothing changed
      const browser = await sandbox.request('POST', `/payments/${String(payment['payment_id'])}/confirm`, {
        key: merchant.publishableKey,
        body: { client_secret: payment['client_secret'], ...cardPayment(APPROVED) },
      });
      assertApiError(browser, 400, 'IR_16', RETRY_DISABLED);
      const after = await sandbox.request('GET', `/payments/${String(payment['payment_id'])}`, merchant.key);
      assert.deepEqual([after.body['status'], after.body['attempt_count']], ['failed', 1]);
    });

    it('true: a decline may be retried until half its session has passed, then 400 IR_16', async () => {
      const { merchant, profile, payment, decline } = await declined({ is_manual_retry_enabled: true, session_expiry: 120 });
      assert.equal(decline.body['manual_retry_allowed'], true);
      sandbox.advanceClock(60_000);
      const retry = await confirm(merchant.key, payment['payment_id'], DECLINED);
      assert.deepEqual([retry.status, retry.body['attempt_count']], [200, 2], 'at half the session: still allowed');
      sandbox.advanceClock(1_000);
      assertApiError(await confirm(merchant.key, payment['payment_id'], APPROVED), 400, 'IR_16', RETRY_EXPIRED);
      // the first confirm of another payment, as late, is no retry
      const late = await pay(merchant.key, { profile_id: profile['profile_id'] });
      sandbox.advanceClock(61_000);
      const first = await confirm(merchant.key, late['payment_id'], APPROVED);
      assert.deepEqual([first.status, first.body['status']], [200, 'succeeded']);
    });

    it('follows the profile as it is when the retry comes', async () => {
      const { merchant, profile, payment } = await declined({ is_manual_retry_enabled: false });
      await sandbox.request('POST', `${merchant.path}/${String(profile['profile_id'])}`, { ...admin(), body: { is_manual_retry_enabled: true } });
      const retry = await confirm(merchant.key, payment['payment_id'], APPROVED);
      assert.deepEqual([retry.status, retry.body['status']], [200, 'succeeded']);
    });
  });
});

describe('business profiles of a database stored before profiles existed', () => {
  const folder = temporaryFolder('tender-profiles-');

  it('upgrades the file, and gives a stored merchant its default profile on first use', async () => {
    const dbPath = join(folder(), 'sandbox.db');
    const first = await startTestSandbox({ dbPath });
    const merchant = await first.createMerchant('stored_before');
    const defaultProfile = String(merchant.account['default_profile']);
    const before = await first.request('POST', '/payments', { key: merchant.secretKey, body: { amount: 100, currency: 'USD' } });
    assert.equal(before.body['profile_id'], defaultProfile);
    await first.close();

    // the file as a sandbox without profiles left it: schema version 3, none of the tables of later versions (profiles, …)
    const db = new Database(dbPath);
    const VERSION_3 = ['organizations', 'merchants', 'api_keys', 'customers', 'payments', 'attempts', 'mandates', 'refunds', 'webhook_outbox', 'payment_tokens'];
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((row) => row.name);
    assert.ok(tables.includes('profiles'), tables.join(', '));
    for (const table of tables) if (!VERSION_3.includes(table)) db.exec(`DROP TABLE ${table}`);
    db.pragma('user_version = 3');
    db.close();

    const second = await startSandbox({ port: 0, dbPath, log: null });
    try {
      const call = async (method: string, path: string, body?: Body): Promise<{ status: number; body: Body & Body[] }> => {
        const response = await fetch(new URL(path, second.url), {
          method,
          headers: { 'api-key': merchant.secretKey, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return { status: response.status, body: (await response.json()) as Body & Body[] };
      };
      const list = await call('GET', '/account/stored_before/business_profile');
      assert.equal(list.status, 200);
      assert.deepEqual(list.body.map((profile) => [profile['profile_id'], profile['profile_name'], profile['session_expiry']]), [[defaultProfile, 'default', 900]]);
      const updated = await call('POST', `/account/stored_before/business_profile/${defaultProfile}`, { is_manual_retry_enabled: false });
      assert.equal(updated.body['is_manual_retry_enabled'], false);
      const after = await call('POST', '/payments', { amount: 100, currency: 'USD' });
      assert.equal(after.body['profile_id'], defaultProfile);
      assert.equal((await call('GET', `/payments/${String(before.body['payment_id'])}`)).body['profile_id'], defaultProfile);
    } finally {
      await second.close();
    }
  });
});
