/**
 * Merchant administration (docs/sandbox.md, spec "Merchant account", "Organization", "API key",
 * "Limits", "Authentication"): merchant accounts, organizations and API keys, each with the admin
 * key, then every admin endpoint × every kind of key.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type ApiResponse, assertApiError, startTestSandbox, type TestSandbox, UNAUTHORIZED } from './helpers.js';

type Body = Record<string, unknown>;

let sandbox: TestSandbox;
let counter = 0;
/** A merchant_id no other test uses. */
const uniqueId = (prefix: string) => `${prefix}_${++counter}`;

const admin = () => ({ key: sandbox.adminKey });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


async function createAccount(body: Body): Promise<Body> {
  const response = await sandbox.request('POST', '/accounts', { ...admin(), body });
  assert.equal(response.status, 200, response.text);
  return response.body;
}

async function createKey(merchantId: string, body: Body = { name: 'key', expiration: 'never' }): Promise<Body> {
  const response = await sandbox.request('POST', `/api_keys/${merchantId}`, { ...admin(), body });
  assert.equal(response.status, 200, response.text);
  return response.body;
}

/** A merchant account and one live secret key of it. */
async function merchantWithKey(prefix = 'merchant'): Promise<{ merchantId: string; account: Body; secretKey: string; keyId: string }> {
  const merchantId = uniqueId(prefix);
  const account = await createAccount({ merchant_id: merchantId, merchant_name: `Shop ${merchantId}` });
  const key = await createKey(merchantId);
  return { merchantId, account, secretKey: String(key['api_key']), keyId: String(key['key_id']) };
}

/** A call only a live secret key of the merchant can make: a payment create. */
const paymentCreateWith = (key: string) => sandbox.request('POST', '/payments', { key, body: { amount: 1000, currency: 'USD' } });

/** The members of the spec's merchant account table. */
const ACCOUNT_MEMBERS = [
  'merchant_id', 'merchant_name', 'return_url', 'primary_business_details', 'merchant_details', 'webhook_details',
  'payout_routing_algorithm', 'frm_routing_algorithm', 'sub_merchants_enabled', 'parent_merchant_id',
  'enable_payment_response_hash', 'payment_response_hash_key', 'redirect_to_merchant_with_http_post', 'metadata',
  'publishable_key', 'locker_id', 'organization_id', 'default_profile', 'pm_collect_link_config', 'is_recon_enabled',
  'recon_status',
];

const API_KEY_MEMBERS = ['created', 'description', 'expiration', 'key_id', 'merchant_id', 'name', 'prefix'];

describe('merchant administration', () => {
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  describe('merchant accounts', () => {
    it('creates an account with every member of the spec table (and gateway_fee_config), and retrieves it unchanged', async () => {
      const organization = await sandbox.request('POST', '/organization', { ...admin(), body: { organization_name: 'Full Org' } });
      assert.equal(organization.status, 200, organization.text);
      const organizationId = String(organization.body['organization_id']);
      const request: Body = {
        merchant_id: 'full_merchant',
        merchant_name: 'Full Merchant Ltd',
        return_url: 'https://full.example/return?from=sandbox',
        primary_business_details: [
          { country: 'US', business: 'food' },
          { country: 'GB', business: 'retail' },
        ],
        merchant_details: {
          primary_contact_person: 'Ada Lovelace',
          primary_phone: '+1 555 0100',
          primary_email: 'ada@full.example',
          secondary_contact_person: 'Grace Hopper',
          secondary_phone: '+1 555 0101',
          secondary_email: 'grace@full.example',
          website: 'https://full.example',
          about_business: 'Groceries delivered',
          address: {
            city: 'Springfield',
            country: 'US',
            line1: '1 Main Street',
            line2: 'Suite 2',
            line3: 'Floor 3',
            zip: '12345',
            state: 'IL',
            first_name: 'Ada',
            last_name: 'Lovelace',
          },
        },
        webhook_details: {
          webhook_version: '1.0.2',
          webhook_username: 'hooks',
          webhook_password: 'hook-password',
          webhook_url: 'https://full.example/webhooks',
          payment_created_enabled: true,
          payment_succeeded_enabled: true,
          payment_failed_enabled: false,
        },
        payout_routing_algorithm: { type: 'single', data: { connector: 'phonypay', merchant_connector_id: 'mca_payout0000000000001' } },
        frm_routing_algorithm: { type: 'single', data: { connector: 'fauxpay', merchant_connector_id: 'mca_frm000000000000001' } },
        sub_merchants_enabled: true,
        parent_merchant_id: 'parent_merchant_1',
        enable_payment_response_hash: true,
        payment_response_hash_key: 'a-known-response-hash-key',
        redirect_to_merchant_with_http_post: true,
        metadata: { region: 'emea', tier: 3, flags: { beta: true } },
        publishable_key: `pk_snd_${'ab'.repeat(16)}`,
        locker_id: 'locker_full_1',
        organization_id: organizationId,
        default_profile: 'pro_full_profile_1',
        pm_collect_link_config: {
          allowed_domains: ['full.example', 'pay.full.example'],
          enabled_payment_methods: [{ payment_method: 'card', payment_method_types: ['credit', 'debit'] }],
          logo: 'https://full.example/logo.png',
          merchant_name: 'Full',
          theme: '#123456',
          domain_name: 'pay.full.example',
        },
        gateway_fee_config: { percentage: 1.5 },
      };
      const created = await createAccount(request);
      for (const member of ACCOUNT_MEMBERS) assert.ok(member in created, `response lacks ${member}`);
      for (const [member, value] of Object.entries(request)) {
        if (member === 'gateway_fee_config' || member === 'webhook_details') continue;
        // upstream's MerchantDetails answers every member, null when not sent
        const expected = member === 'merchant_details' ? { ...(value as Body), merchant_tax_registration_id: null } : value;
        assert.deepEqual(created[member], expected, member);
      }
      // upstream's response adds the status lists the OpenAPI schema requires (from the switches when not set)
      assert.deepEqual(created['webhook_details'], {
        ...(request['webhook_details'] as Body),
        payment_statuses_enabled: ['succeeded'],
        refund_statuses_enabled: [],
        payout_statuses_enabled: null,
      });
      assert.deepEqual(created['gateway_fee_config'], { percentage: 1.5, flat_amount: null });
      assert.equal(created['is_recon_enabled'], false);
      assert.equal(created['recon_status'], 'not_requested');

      const retrieved = await sandbox.request('GET', '/accounts/full_merchant', admin());
      assert.equal(retrieved.status, 200, retrieved.text);
      assert.deepEqual(retrieved.body, created);
    });

    it('fills the defaults when members are absent: organization, keys, recon and switches', async () => {
      const created = await createAccount({ merchant_id: 'minimal_merchant' });
      for (const member of ACCOUNT_MEMBERS) assert.ok(member in created, `response lacks ${member}`);
      assert.equal(created['merchant_id'], 'minimal_merchant');
      assert.match(String(created['organization_id']), /^org_[0-9A-Za-z]{20}$/);
      assert.match(String(created['publishable_key']), /^pk_snd_[0-9a-f]{32}$/);
      assert.equal(typeof created['payment_response_hash_key'], 'string');
      assert.ok(String(created['payment_response_hash_key']).length >= 32, 'a generated hash key should be long');
      assert.equal(created['recon_status'], 'not_requested');
      assert.equal(created['is_recon_enabled'], false);
      assert.equal(created['sub_merchants_enabled'], false);
      // upstream's MerchantAccountCreate get_enable_payment_response_hash: on unless sent
      assert.equal(created['enable_payment_response_hash'], true);
      assert.equal(created['redirect_to_merchant_with_http_post'], false);
      for (const member of ['merchant_name', 'return_url', 'webhook_details', 'parent_merchant_id', 'metadata', 'locker_id', 'gateway_fee_config']) {
        assert.equal(created[member], null, `${member} should be null`);
      }
      // the organization created for it exists
      const organization = await sandbox.request('GET', `/organization/${created['organization_id']}`, admin());
      assert.equal(organization.status, 200, organization.text);
      assert.equal(organization.body['organization_id'], created['organization_id']);

      // a second account gets its own organization and keys
      const other = await createAccount({ merchant_id: 'minimal_merchant_2' });
      assert.notEqual(other['organization_id'], created['organization_id']);
      assert.notEqual(other['publishable_key'], created['publishable_key']);
      assert.notEqual(other['payment_response_hash_key'], created['payment_response_hash_key']);
    });

    it('joins an existing organization when organization_id is passed', async () => {
      const first = await createAccount({ merchant_id: uniqueId('org_member') });
      const second = await createAccount({ merchant_id: uniqueId('org_member'), organization_id: first['organization_id'] });
      assert.equal(second['organization_id'], first['organization_id']);
    });

    it('updates only the members sent; webhook_details keeps the members not sent', async () => {
      const merchantId = uniqueId('updated');
      const created = await createAccount({
        merchant_id: merchantId,
        merchant_name: 'Before',
        return_url: 'https://before.example/return',
        metadata: { a: '1' },
        locker_id: 'locker_a',
        webhook_details: {
          webhook_version: '1',
          webhook_username: 'user',
          webhook_password: 'secret-password',
          webhook_url: 'https://before.example/hooks',
          payment_created_enabled: true,
          payment_succeeded_enabled: true,
          payment_failed_enabled: false,
        },
      });
      await sleep(5);
      const updated = await sandbox.request('POST', `/accounts/${merchantId}`, {
        ...admin(),
        body: { merchant_name: 'After', webhook_details: { payment_failed_enabled: true, webhook_url: 'https://after.example/hooks' } },
      });
      assert.equal(updated.status, 200, updated.text);
      assert.equal(updated.body['merchant_name'], 'After');
      assert.equal(updated.body['return_url'], 'https://before.example/return');
      assert.deepEqual(updated.body['metadata'], { a: '1' });
      assert.equal(updated.body['locker_id'], 'locker_a');
      assert.equal(updated.body['publishable_key'], created['publishable_key']);
      assert.equal(updated.body['payment_response_hash_key'], created['payment_response_hash_key']);
      assert.equal(updated.body['organization_id'], created['organization_id']);
      assert.deepEqual(updated.body['webhook_details'], {
        webhook_version: '1',
        webhook_username: 'user',
        webhook_password: 'secret-password',
        webhook_url: 'https://after.example/hooks',
        payment_created_enabled: true,
        payment_succeeded_enabled: true,
        payment_failed_enabled: true,
        // upstream's status lists, from the switches when not set
        payment_statuses_enabled: ['succeeded', 'failed'],
        refund_statuses_enabled: [],
        payout_statuses_enabled: null,
      });
      assert.equal(updated.body['created_at'], created['created_at']);
      assert.ok(Date.parse(String(updated.body['modified_at'])) > Date.parse(String(created['modified_at'])), 'modified_at should move');

      const retrieved = await sandbox.request('GET', `/accounts/${merchantId}`, admin());
      assert.deepEqual(retrieved.body, updated.body);
    });

    it('clears a member sent as null, and changes gateway_fee_config and switches on update', async () => {
      const merchantId = uniqueId('cleared');
      await createAccount({ merchant_id: merchantId, return_url: 'https://clear.example/r', gateway_fee_config: { percentage: 2 } });
      const updated = await sandbox.request('POST', `/accounts/${merchantId}`, {
        ...admin(),
        body: {
          return_url: null,
          gateway_fee_config: { flat_amount: 25 },
          enable_payment_response_hash: true,
          redirect_to_merchant_with_http_post: true,
          sub_merchants_enabled: true,
        },
      });
      assert.equal(updated.status, 200, updated.text);
      assert.equal(updated.body['return_url'], null);
      assert.deepEqual(updated.body['gateway_fee_config'], { percentage: null, flat_amount: 25 });
      assert.equal(updated.body['enable_payment_response_hash'], true);
      assert.equal(updated.body['redirect_to_merchant_with_http_post'], true);
      assert.equal(updated.body['sub_merchants_enabled'], true);
    });

    it('an update naming another merchant_id in the body → 422 IR_06, and the account is unchanged', async () => {
      const merchantId = uniqueId('mismatch');
      await createAccount({ merchant_id: merchantId, merchant_name: 'Kept' });
      const response = await sandbox.request('POST', `/accounts/${merchantId}`, {
        ...admin(),
        body: { merchant_id: 'someone_else', merchant_name: 'Changed' },
      });
      assertApiError(response, 422, 'IR_06', /merchant_id/);
      const retrieved = await sandbox.request('GET', `/accounts/${merchantId}`, admin());
      assert.equal(retrieved.body['merchant_name'], 'Kept');
    });

    it('a taken merchant_id → 400 HE_01, and the first account is unchanged', async () => {
      const merchantId = uniqueId('taken');
      await createAccount({ merchant_id: merchantId, merchant_name: 'First' });
      const response = await sandbox.request('POST', '/accounts', { ...admin(), body: { merchant_id: merchantId, merchant_name: 'Second' } });
      assertApiError(response, 400, 'HE_01');
      const retrieved = await sandbox.request('GET', `/accounts/${merchantId}`, admin());
      assert.equal(retrieved.body['merchant_name'], 'First');
    });

    it('a publishable_key already in use → 400 HE_01', async () => {
      const first = await createAccount({ merchant_id: uniqueId('pk_owner') });
      const merchantId = uniqueId('pk_thief');
      const response = await sandbox.request('POST', '/accounts', {
        ...admin(),
        body: { merchant_id: merchantId, publishable_key: first['publishable_key'] },
      });
      assertApiError(response, 400, 'HE_01');
      assertApiError(await sandbox.request('GET', `/accounts/${merchantId}`, admin()), 404, 'HE_02');
    });

    it('an unknown organization_id → 404 HE_02, and no account is created', async () => {
      const merchantId = uniqueId('orphan');
      const response = await sandbox.request('POST', '/accounts', {
        ...admin(),
        body: { merchant_id: merchantId, organization_id: 'org_00000000000000000000' },
      });
      assertApiError(response, 404, 'HE_02', 'Organization does not exist in our records');
      assertApiError(await sandbox.request('GET', `/accounts/${merchantId}`, admin()), 404, 'HE_02');
    });

    it('an unknown account → 404 HE_02 on retrieve and on update', async () => {
      assertApiError(await sandbox.request('GET', '/accounts/no_such_merchant', admin()), 404, 'HE_02', 'Merchant account does not exist in our records');
      assertApiError(
        await sandbox.request('POST', '/accounts/no_such_merchant', { ...admin(), body: { merchant_name: 'x' } }),
        404,
        'HE_02',
        'Merchant account does not exist in our records',
      );
    });

    it('gateway_fee_config with both percentage and flat_amount → 422 IR_06 saying to pick one, on create and on update', async () => {
      const merchantId = uniqueId('both_fees');
      const response = await sandbox.request('POST', '/accounts', {
        ...admin(),
        body: { merchant_id: merchantId, gateway_fee_config: { percentage: 1, flat_amount: 10 } },
      });
      assertApiError(response, 422, 'IR_06', /gateway_fee_config.*percentage.*flat_amount.*not both/);
      assertApiError(await sandbox.request('GET', `/accounts/${merchantId}`, admin()), 404, 'HE_02');

      await createAccount({ merchant_id: merchantId, gateway_fee_config: { percentage: 1 } });
      const update = await sandbox.request('POST', `/accounts/${merchantId}`, {
        ...admin(),
        body: { gateway_fee_config: { percentage: 1, flat_amount: 10 } },
      });
      assertApiError(update, 422, 'IR_06', /not both/);
      const retrieved = await sandbox.request('GET', `/accounts/${merchantId}`, admin());
      assert.deepEqual(retrieved.body['gateway_fee_config'], { percentage: 1, flat_amount: null });
    });

    describe('limits', () => {
      const metadataWith = (keys: number, keyLength = 8, valueLength = 5): Body =>
        Object.fromEntries(Array.from({ length: keys }, (_, i) => [`${String(i).padStart(keyLength, 'k')}`, 'v'.repeat(valueLength)]));
      const urlOfLength = (length: number) => {
        const base = 'https://merchant.example/';
        return base + 'a'.repeat(length - base.length);
      };

      const accepted: [string, () => Body][] = [
        ['a merchant_id of 64 characters', () => ({ merchant_id: 'm'.repeat(64) })],
        ['a merchant_id of 1 character', () => ({ merchant_id: 'x' })],
        ['a merchant_id with _ and -', () => ({ merchant_id: 'Shop-Name_01' })],
        ['a return_url of 255 characters', () => ({ merchant_id: uniqueId('url255'), return_url: urlOfLength(255) })],
        ['metadata at its limits (50 keys, 40-character keys, 500-character values)', () => ({ merchant_id: uniqueId('meta_ok'), metadata: metadataWith(50, 40, 500) })],
      ];
      for (const [name, body] of accepted) {
        it(`${name} is accepted`, async () => {
          const request = body();
          const created = await createAccount(request);
          assert.equal(created['merchant_id'], request['merchant_id']);
          for (const [member, value] of Object.entries(request)) assert.deepEqual(created[member], value, member);
        });
      }

      const refused: [string, () => Body, number, string, RegExp?][] = [
        ['a missing merchant_id', () => ({ merchant_name: 'No id' }), 400, 'IR_04', /^Missing required param: merchant_id$/],
        ['an empty merchant_id', () => ({ merchant_id: '' }), 422, 'IR_06', /merchant_id/],
        ['a merchant_id of 65 characters', () => ({ merchant_id: 'm'.repeat(65) }), 422, 'IR_06', /merchant_id/],
        ['a merchant_id with a space and !', () => ({ merchant_id: 'bad id!' }), 422, 'IR_06', /merchant_id/],
        ['a merchant_id with a slash', () => ({ merchant_id: 'a/b' }), 422, 'IR_06', /merchant_id/],
        ['a return_url of 256 characters', () => ({ merchant_id: uniqueId('url256'), return_url: urlOfLength(256) }), 422, 'IR_06', /return_url/],
        // upstream's return_url is a url::Url: serde refuses it while reading the body, in the url crate's words
        ['a return_url that is not a URL', () => ({ merchant_id: uniqueId('badurl'), return_url: 'not a url' }), 400, 'IR_06', /^Json deserialize error: relative URL without a base: "not a url" at line 1 column \d+$/],
        ['a return_url that is a URL but not http(s)', () => ({ merchant_id: uniqueId('ftpurl'), return_url: 'ftp://files.example/back' }), 422, 'IR_06', /^return_url is not a valid url$/],
        ['a return_url with a javascript: scheme', () => ({ merchant_id: uniqueId('jsurl'), return_url: 'javascript:alert(1)' }), 422, 'IR_06', /return_url/],
        [
          'a webhook_url that is not http(s)',
          () => ({ merchant_id: uniqueId('ftp'), webhook_details: { webhook_url: 'ftp://merchant.example/hooks' } }),
          422,
          'IR_06',
          /webhook_details\.webhook_url/,
        ],
        ['metadata with 51 keys', () => ({ merchant_id: uniqueId('meta51'), metadata: metadataWith(51) }), 422, 'IR_06', /metadata/],
        ['a metadata key of 41 characters', () => ({ merchant_id: uniqueId('meta41'), metadata: metadataWith(1, 41) }), 422, 'IR_06', /metadata/],
        ['a metadata value of 501 characters', () => ({ merchant_id: uniqueId('meta501'), metadata: metadataWith(1, 8, 501) }), 422, 'IR_06', /metadata/],
        ['an unknown member', () => ({ merchant_id: uniqueId('unknown'), colour: 'red' }), 400, 'IR_06', /unknown field `colour`/],
        [
          'an unknown member inside webhook_details',
          () => ({ merchant_id: uniqueId('unknown_nested'), webhook_details: { webhook_url: 'https://a.example/h', retries: 3 } }),
          400,
          'IR_06',
          /unknown field `webhook_details\.retries`/,
        ],
        [
          'a routing algorithm of an unknown type',
          () => ({ merchant_id: uniqueId('routing'), payout_routing_algorithm: { type: 'bogus', data: {} } }),
          400,
          'IR_06',
          // serde's wording, as upstream (Cypress Commons.js:1167): the variant sent and the accepted ones
          /unknown variant `bogus`, expected one of `single`, `priority`, `volume_split`, `advanced`/,
        ],
        // a country is upstream's CountryAlpha2 enum: anything else is serde's unknown variant
        ['a primary_business_details country in lower case', () => ({ merchant_id: uniqueId('country'), primary_business_details: [{ country: 'us', business: 'x' }] }), 400, 'IR_06', /unknown variant `us`, expected one of `AF`, `AX`/],
        ['a negative gateway fee percentage', () => ({ merchant_id: uniqueId('neg_fee'), gateway_fee_config: { percentage: -1 } }), 422, 'IR_06', /gateway_fee_config\.percentage/],
        ['a gateway fee percentage over 100', () => ({ merchant_id: uniqueId('big_fee'), gateway_fee_config: { percentage: 101 } }), 422, 'IR_06', /gateway_fee_config\.percentage/],
        ['a fractional flat gateway fee', () => ({ merchant_id: uniqueId('frac_fee'), gateway_fee_config: { flat_amount: 2.5 } }), 400, 'IR_06', /gateway_fee_config\.flat_amount/],
      ];
      for (const [name, body, status, code, message] of refused) {
        it(`${name} → ${status} ${code}, and no account is created`, async () => {
          const request = body();
          const response = await sandbox.request('POST', '/accounts', { ...admin(), body: request });
          assertApiError(response, status, code, message);
          const merchantId = request['merchant_id'];
          if (typeof merchantId === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(merchantId)) {
            assertApiError(await sandbox.request('GET', `/accounts/${merchantId}`, admin()), 404, 'HE_02');
          }
        });
      }

      it('the same limits apply on update: return_url of 256 → 422, metadata of 51 keys → 422, unknown member → 400', async () => {
        const merchantId = uniqueId('update_limits');
        await createAccount({ merchant_id: merchantId, return_url: 'https://kept.example/' });
        assertApiError(await sandbox.request('POST', `/accounts/${merchantId}`, { ...admin(), body: { return_url: urlOfLength(256) } }), 422, 'IR_06', /return_url/);
        assertApiError(await sandbox.request('POST', `/accounts/${merchantId}`, { ...admin(), body: { metadata: metadataWith(51) } }), 422, 'IR_06', /metadata/);
        assertApiError(await sandbox.request('POST', `/accounts/${merchantId}`, { ...admin(), body: { colour: 'red' } }), 400, 'IR_06', /unknown field `colour`/);
        const retrieved = await sandbox.request('GET', `/accounts/${merchantId}`, admin());
        assert.equal(retrieved.body['return_url'], 'https://kept.example/');
        assert.equal(retrieved.body['metadata'], null);
      });
    });
  });

  describe('organizations', () => {
    it('creates an organization with name, details and metadata, and retrieves it', async () => {
      const response = await sandbox.request('POST', '/organization', {
        ...admin(),
        body: { organization_name: 'Acme Holdings', organization_details: { vat: 'GB123', employees: 12 }, metadata: { crm: 'c-1' } },
      });
      assert.equal(response.status, 200, response.text);
      const organization = response.body;
      assert.match(String(organization['organization_id']), /^org_[0-9A-Za-z]{20}$/);
      assert.equal(organization['organization_name'], 'Acme Holdings');
      assert.deepEqual(organization['organization_details'], { vat: 'GB123', employees: 12 });
      assert.deepEqual(organization['metadata'], { crm: 'c-1' });
      assert.ok(!Number.isNaN(Date.parse(String(organization['created_at']))), 'created_at is a date-time');
      assert.equal(organization['modified_at'], organization['created_at']);

      const retrieved = await sandbox.request('GET', `/organization/${organization['organization_id']}`, admin());
      assert.equal(retrieved.status, 200, retrieved.text);
      assert.deepEqual(retrieved.body, organization);
    });

    it('updates organization_name, then details and metadata; created_at stays, modified_at moves', async () => {
      const created = await sandbox.request('POST', '/organization', {
        ...admin(),
        body: { organization_name: 'Old Name', organization_details: { a: 1 }, metadata: { m: 'x' } },
      });
      const id = String(created.body['organization_id']);
      await sleep(5);
      const renamed = await sandbox.request('PUT', `/organization/${id}`, { ...admin(), body: { organization_name: 'New Name' } });
      assert.equal(renamed.status, 200, renamed.text);
      assert.equal(renamed.body['organization_id'], id);
      assert.equal(renamed.body['organization_name'], 'New Name');
      assert.deepEqual(renamed.body['organization_details'], { a: 1 });
      assert.deepEqual(renamed.body['metadata'], { m: 'x' });
      assert.equal(renamed.body['created_at'], created.body['created_at']);
      assert.ok(Date.parse(String(renamed.body['modified_at'])) > Date.parse(String(created.body['modified_at'])), 'modified_at should move');

      await sleep(5);
      const detailed = await sandbox.request('PUT', `/organization/${id}`, {
        ...admin(),
        body: { organization_details: { b: 2 }, metadata: { m: 'y' } },
      });
      assert.equal(detailed.status, 200, detailed.text);
      assert.equal(detailed.body['organization_name'], 'New Name');
      assert.deepEqual(detailed.body['organization_details'], { b: 2 });
      assert.deepEqual(detailed.body['metadata'], { m: 'y' });
      assert.equal(detailed.body['created_at'], created.body['created_at']);
      assert.ok(Date.parse(String(detailed.body['modified_at'])) > Date.parse(String(renamed.body['modified_at'])), 'modified_at should move again');

      const retrieved = await sandbox.request('GET', `/organization/${id}`, admin());
      assert.deepEqual(retrieved.body, detailed.body);
    });

    it('without organization_name → 400 IR_04', async () => {
      assertApiError(
        await sandbox.request('POST', '/organization', { ...admin(), body: { metadata: { a: 1 } } }),
        400,
        'IR_04',
        'Missing required param: organization_name',
      );
    });

    it('an empty organization_name → 422 IR_06 on create and on update', async () => {
      assertApiError(await sandbox.request('POST', '/organization', { ...admin(), body: { organization_name: '' } }), 422, 'IR_06', /organization_name/);
      const created = await sandbox.request('POST', '/organization', { ...admin(), body: { organization_name: 'Kept' } });
      const id = String(created.body['organization_id']);
      assertApiError(await sandbox.request('PUT', `/organization/${id}`, { ...admin(), body: { organization_name: '' } }), 422, 'IR_06', /organization_name/);
      assert.equal((await sandbox.request('GET', `/organization/${id}`, admin())).body['organization_name'], 'Kept');
    });

    it('an unknown member → 400 IR_06', async () => {
      assertApiError(
        await sandbox.request('POST', '/organization', { ...admin(), body: { organization_name: 'X', owner: 'me' } }),
        400,
        'IR_06',
        /unknown field `owner`/,
      );
    });

    it('an unknown organization → 404 HE_02 on retrieve and on update', async () => {
      assertApiError(await sandbox.request('GET', '/organization/org_00000000000000000000', admin()), 404, 'HE_02', 'Organization does not exist in our records');
      assertApiError(
        await sandbox.request('PUT', '/organization/org_00000000000000000000', { ...admin(), body: { organization_name: 'X' } }),
        404,
        'HE_02',
        'Organization does not exist in our records',
      );
    });
  });

  describe('API keys', () => {
    it('creates a key whose plaintext (snd_ + 64) is shown once and works as a secret key', async () => {
      const merchantId = uniqueId('keyed');
      await createAccount({ merchant_id: merchantId });
      const expiration = new Date(Date.now() + 86_400_000).toISOString();
      const created = await createKey(merchantId, { name: 'server', description: 'The checkout server', expiration });
      assert.deepEqual(Object.keys(created).sort(), [...API_KEY_MEMBERS, 'api_key'].sort());
      const plaintext = String(created['api_key']);
      assert.match(plaintext, /^snd_[0-9A-Za-z]{64}$/);
      assert.equal(created['prefix'], plaintext.slice(0, 12));
      assert.match(String(created['key_id']), /^snd_[0-9A-Za-z]{20}$/);
      assert.equal(created['merchant_id'], merchantId);
      assert.equal(created['name'], 'server');
      assert.equal(created['description'], 'The checkout server');
      assert.equal(created['expiration'], expiration);
      assert.ok(Math.abs(Date.parse(String(created['created'])) - Date.now()) < 60_000, 'created is now');

      const payment = await paymentCreateWith(plaintext);
      assert.equal(payment.status, 200, payment.text);
      assert.equal(payment.body['merchant_id'], merchantId);

      const retrieved = await sandbox.request('GET', `/api_keys/${merchantId}/${created['key_id']}`, admin());
      assert.equal(retrieved.status, 200, retrieved.text);
      assert.deepEqual(Object.keys(retrieved.body).sort(), API_KEY_MEMBERS);
      assert.ok(!retrieved.text.includes(plaintext), 'retrieve never shows the plaintext');
      const { api_key: _shownOnce, ...withoutPlaintext } = created;
      assert.deepEqual(retrieved.body, withoutPlaintext);
    });

    it('lists keys in order of creation, honours limit and skip, and never shows a plaintext', async () => {
      const merchantId = uniqueId('listed');
      await createAccount({ merchant_id: merchantId });
      const keys: Body[] = [];
      for (const name of ['first', 'second', 'third']) keys.push(await createKey(merchantId, { name, expiration: 'never' }));
      const list = async (query: Record<string, string> = {}) => {
        const response = await sandbox.request<Body[]>('GET', `/api_keys/${merchantId}/list`, { ...admin(), query });
        assert.equal(response.status, 200, response.text);
        assert.ok(Array.isArray(response.body));
        for (const key of keys) assert.ok(!response.text.includes(String(key['api_key'])), 'a list never shows a plaintext');
        for (const item of response.body) assert.deepEqual(Object.keys(item).sort(), API_KEY_MEMBERS);
        return response.body.map((item) => item['name']);
      };
      assert.deepEqual(await list(), ['first', 'second', 'third']);
      assert.deepEqual(await list({ limit: '2' }), ['first', 'second']);
      assert.deepEqual(await list({ limit: '1', skip: '1' }), ['second']);
      assert.deepEqual(await list({ skip: '2' }), ['third']);
      assert.deepEqual(await list({ skip: '3' }), []);
      const full = await sandbox.request<Body[]>('GET', `/api_keys/${merchantId}/list`, admin());
      assert.deepEqual(full.body.map((item) => item['key_id']), keys.map((key) => key['key_id']));
      assert.deepEqual(full.body.map((item) => item['prefix']), keys.map((key) => key['prefix']));
    });

    it('lists only the keys of the merchant in the path', async () => {
      const a = await merchantWithKey('list_a');
      const b = await merchantWithKey('list_b');
      const listed = await sandbox.request<Body[]>('GET', `/api_keys/${a.merchantId}/list`, admin());
      assert.deepEqual(listed.body.map((item) => item['key_id']), [a.keyId]);
      assert.ok(!listed.text.includes(b.keyId));
    });

    for (const limit of ['abc', '1.5']) {
      it(`a list with limit=${limit} → 400 IR_06`, async () => {
        const merchantId = uniqueId('bad_limit');
        await createAccount({ merchant_id: merchantId });
        assertApiError(await sandbox.request('GET', `/api_keys/${merchantId}/list`, { ...admin(), query: { limit } }), 400, 'IR_06', /limit/);
      });
    }

    it('a list with an unknown query parameter → 400 IR_06 naming it', async () => {
      const merchantId = uniqueId('bad_query');
      await createAccount({ merchant_id: merchantId });
      assertApiError(await sandbox.request('GET', `/api_keys/${merchantId}/list`, { ...admin(), query: { page: '2' } }), 400, 'IR_06', /page/);
    });

    it('a list for an unknown merchant → 404 HE_02', async () => {
      assertApiError(await sandbox.request('GET', '/api_keys/no_such_merchant/list', admin()), 404, 'HE_02');
    });

    it('updates name, description and expiration', async () => {
      const { merchantId, keyId, secretKey } = await merchantWithKey('key_update');
      const expiration = new Date(Date.now() + 3_600_000).toISOString();
      const updated = await sandbox.request('POST', `/api_keys/${merchantId}/${keyId}`, {
        ...admin(),
        body: { name: 'renamed', description: 'now described', expiration },
      });
      assert.equal(updated.status, 200, updated.text);
      assert.deepEqual(Object.keys(updated.body).sort(), API_KEY_MEMBERS);
      assert.equal(updated.body['name'], 'renamed');
      assert.equal(updated.body['description'], 'now described');
      assert.equal(updated.body['expiration'], expiration);
      assert.equal(updated.body['key_id'], keyId);
      assert.equal(updated.body['prefix'], secretKey.slice(0, 12));
      const retrieved = await sandbox.request('GET', `/api_keys/${merchantId}/${keyId}`, admin());
      assert.deepEqual(retrieved.body, updated.body);
      // the key still works, and 'never' is accepted back
      assert.equal((await paymentCreateWith(secretKey)).status, 200);
      const never = await sandbox.request('POST', `/api_keys/${merchantId}/${keyId}`, { ...admin(), body: { expiration: 'never' } });
      assert.equal(never.body['expiration'], 'never');
      assert.equal(never.body['name'], 'renamed');
    });

    it('an expiration in the past → 422 IR_06 on create and on update', async () => {
      const { merchantId, keyId } = await merchantWithKey('past');
      const past = new Date(Date.now() - 60_000).toISOString();
      assertApiError(await sandbox.request('POST', `/api_keys/${merchantId}`, { ...admin(), body: { name: 'p', expiration: past } }), 422, 'IR_06', /expiration/);
      assertApiError(await sandbox.request('POST', `/api_keys/${merchantId}/${keyId}`, { ...admin(), body: { expiration: past } }), 422, 'IR_06', /expiration/);
      assert.equal((await sandbox.request('GET', `/api_keys/${merchantId}/${keyId}`, admin())).body['expiration'], 'never');
    });

    it('name over 64 and description over 256 characters → 422 IR_06; 64 and 256 are accepted', async () => {
      const { merchantId, keyId } = await merchantWithKey('lengths');
      const create = (body: Body) => sandbox.request('POST', `/api_keys/${merchantId}`, { ...admin(), body: { expiration: 'never', ...body } });
      assertApiError(await create({ name: 'n'.repeat(65) }), 422, 'IR_06', /name/);
      assertApiError(await create({ name: 'ok', description: 'd'.repeat(257) }), 422, 'IR_06', /description/);
      assertApiError(await create({ name: '' }), 422, 'IR_06', /name/);
      const atLimits = await create({ name: 'n'.repeat(64), description: 'd'.repeat(256) });
      assert.equal(atLimits.status, 200, atLimits.text);
      const update = (body: Body) => sandbox.request('POST', `/api_keys/${merchantId}/${keyId}`, { ...admin(), body });
      assertApiError(await update({ name: 'n'.repeat(65) }), 422, 'IR_06', /name/);
      assertApiError(await update({ description: 'd'.repeat(257) }), 422, 'IR_06', /description/);
    });

    it('missing name or expiration → 400 IR_04; an unknown member → 400 IR_06', async () => {
      const { merchantId } = await merchantWithKey('missing');
      const create = (body: Body) => sandbox.request('POST', `/api_keys/${merchantId}`, { ...admin(), body });
      assertApiError(await create({ expiration: 'never' }), 400, 'IR_04', 'Missing required param: name');
      assertApiError(await create({ name: 'x' }), 400, 'IR_04', 'Missing required param: expiration');
      assertApiError(await create({ name: 'x', expiration: 'never', scope: 'all' }), 400, 'IR_06', /unknown field `scope`/);
    });

    it('a key for an unknown merchant → 404 HE_02; an unknown key_id → 404 HE_02', async () => {
      assertApiError(await sandbox.request('POST', '/api_keys/no_such_merchant', { ...admin(), body: { name: 'x', expiration: 'never' } }), 404, 'HE_02');
      const { merchantId } = await merchantWithKey('unknown_key');
      const unknown = 'snd_00000000000000000000';
      assertApiError(await sandbox.request('GET', `/api_keys/${merchantId}/${unknown}`, admin()), 404, 'HE_02');
      assertApiError(await sandbox.request('POST', `/api_keys/${merchantId}/${unknown}`, { ...admin(), body: { name: 'x' } }), 404, 'HE_02');
      assertApiError(await sandbox.request('DELETE', `/api_keys/${merchantId}/${unknown}`, admin()), 404, 'HE_02');
    });

    it("another merchant's key is not found under this merchant's path", async () => {
      const a = await merchantWithKey('owner_a');
      const b = await merchantWithKey('owner_b');
      assertApiError(await sandbox.request('GET', `/api_keys/${b.merchantId}/${a.keyId}`, admin()), 404, 'HE_02');
      assertApiError(await sandbox.request('DELETE', `/api_keys/${b.merchantId}/${a.keyId}`, admin()), 404, 'HE_02');
      assert.equal((await paymentCreateWith(a.secretKey)).status, 200, "A's key still works");
    });

    it('revoking a key → its next call is 401 IR_01 at once; it is gone from retrieve and list; other keys still work', async () => {
      const { merchantId, keyId, secretKey } = await merchantWithKey('revoked');
      const other = await createKey(merchantId, { name: 'other', expiration: 'never' });
      assert.equal((await paymentCreateWith(secretKey)).status, 200);

      const revoked = await sandbox.request('DELETE', `/api_keys/${merchantId}/${keyId}`, admin());
      assert.equal(revoked.status, 200, revoked.text);
      assert.deepEqual(revoked.body, { merchant_id: merchantId, key_id: keyId, revoked: true });

      const refused = await paymentCreateWith(secretKey);
      assert.equal(refused.status, 401, refused.text);
      assert.deepEqual(refused.body, UNAUTHORIZED);
      assertApiError(await sandbox.request('GET', `/api_keys/${merchantId}/${keyId}`, admin()), 404, 'HE_02');
      assertApiError(await sandbox.request('DELETE', `/api_keys/${merchantId}/${keyId}`, admin()), 404, 'HE_02');
      const listed = await sandbox.request<Body[]>('GET', `/api_keys/${merchantId}/list`, admin());
      assert.deepEqual(listed.body.map((item) => item['key_id']), [other['key_id']], 'a revoked key is no longer listed');
      assert.equal((await paymentCreateWith(String(other['api_key']))).status, 200);
    });

    it('a key past its expiration → 401 IR_01', async () => {
      const merchantId = uniqueId('expiring');
      await createAccount({ merchant_id: merchantId });
      const expiresAt = Date.now() + 1500;
      const key = await createKey(merchantId, { name: 'short-lived', expiration: new Date(expiresAt).toISOString() });
      const plaintext = String(key['api_key']);
      assert.equal((await paymentCreateWith(plaintext)).status, 200, 'the key works before it expires');
      // an expiration is a point in time: nothing to await but the clock
      await sleep(Math.max(0, expiresAt - Date.now()) + 100);
      const refused = await paymentCreateWith(plaintext);
      assert.equal(refused.status, 401, refused.text);
      assert.deepEqual(refused.body, UNAUTHORIZED);
    });
  });

  describe('admin endpoints × key kind', () => {
    /** The state every call of the matrix works on: a merchant with a key and an organization. */
    let fixture: { merchantId: string; secretKey: string; keyId: string; publishableKey: string; organizationId: string };

    before(async () => {
      const { merchantId, account, secretKey, keyId } = await merchantWithKey('matrix');
      const organization = await sandbox.request('POST', '/organization', { ...admin(), body: { organization_name: 'Matrix Org' } });
      fixture = { merchantId, secretKey, keyId, publishableKey: String(account['publishable_key']), organizationId: String(organization.body['organization_id']) };
    });

    type Kind = 'none' | 'unknown key' | "the merchant's secret key" | "the merchant's publishable key" | 'admin';
    const KINDS: Kind[] = ['none', 'unknown key', "the merchant's secret key", "the merchant's publishable key", 'admin'];
    const keyFor = (kind: Kind): string | null => {
      switch (kind) {
        case 'none':
          return null;
        case 'unknown key':
          return `snd_${'y'.repeat(64)}`;
        case "the merchant's secret key":
          return fixture.secretKey;
        case "the merchant's publishable key":
          return fixture.publishableKey;
        case 'admin':
          return sandbox.adminKey;
      }
    };

    interface AdminEndpoint {
      name: string;
      call(key: string | null): Promise<ApiResponse>;
      ok(response: ApiResponse): void;
      /** After a refused call: nothing changed. */
      unchanged?(): Promise<void>;
    }

    let target = 0;
    const ENDPOINTS: AdminEndpoint[] = [
      {
        name: 'POST /organization',
        call: (key) => sandbox.request('POST', '/organization', { key, body: { organization_name: 'Made by matrix' } }),
        ok: (response) => assert.match(String(response.body['organization_id']), /^org_/),
      },
      {
        name: 'GET /organization/{id}',
        call: (key) => sandbox.request('GET', `/organization/${fixture.organizationId}`, { key }),
        ok: (response) => assert.equal(response.body['organization_id'], fixture.organizationId),
      },
      {
        name: 'PUT /organization/{id}',
        call: (key) => sandbox.request('PUT', `/organization/${fixture.organizationId}`, { key, body: { organization_name: `Renamed by ${key}` } }),
        ok: (response) => assert.equal(response.body['organization_name'], `Renamed by ${sandbox.adminKey}`),
        async unchanged() {
          const organization = await sandbox.request('GET', `/organization/${fixture.organizationId}`, admin());
          assert.ok(['Matrix Org', `Renamed by ${sandbox.adminKey}`].includes(String(organization.body['organization_name'])));
        },
      },
      {
        name: 'POST /accounts',
        call: (key) => {
          target += 1;
          return sandbox.request('POST', '/accounts', { key, body: { merchant_id: `matrix_new_${target}` } });
        },
        ok: (response) => assert.equal(response.body['merchant_id'], `matrix_new_${target}`),
        async unchanged() {
          assertApiError(await sandbox.request('GET', `/accounts/matrix_new_${target}`, admin()), 404, 'HE_02');
        },
      },
      {
        name: 'GET /accounts/{id}',
        call: (key) => sandbox.request('GET', `/accounts/${fixture.merchantId}`, { key }),
        ok: (response) => assert.equal(response.body['publishable_key'], fixture.publishableKey),
      },
      {
        name: 'POST /accounts/{id}',
        call: (key) => sandbox.request('POST', `/accounts/${fixture.merchantId}`, { key, body: { metadata: { by: String(key) } } }),
        ok: (response) => assert.deepEqual(response.body['metadata'], { by: sandbox.adminKey }),
        async unchanged() {
          const account = await sandbox.request('GET', `/accounts/${fixture.merchantId}`, admin());
          assert.ok(account.body['metadata'] === null || (account.body['metadata'] as Body)['by'] === sandbox.adminKey);
        },
      },
      {
        name: 'POST /api_keys/{merchant_id}',
        call: (key) => sandbox.request('POST', `/api_keys/${fixture.merchantId}`, { key, body: { name: 'matrix', expiration: 'never' } }),
        ok: (response) => assert.match(String(response.body['api_key']), /^snd_[0-9A-Za-z]{64}$/),
      },
      {
        name: 'GET /api_keys/{merchant_id}/list',
        call: (key) => sandbox.request('GET', `/api_keys/${fixture.merchantId}/list`, { key }),
        ok: (response) => assert.ok(Array.isArray(response.body) && (response.body as unknown as Body[]).some((item) => item['key_id'] === fixture.keyId)),
      },
      {
        name: 'GET /api_keys/{merchant_id}/{key_id}',
        call: (key) => sandbox.request('GET', `/api_keys/${fixture.merchantId}/${fixture.keyId}`, { key }),
        ok: (response) => assert.equal(response.body['key_id'], fixture.keyId),
      },
      {
        name: 'POST /api_keys/{merchant_id}/{key_id}',
        call: (key) => sandbox.request('POST', `/api_keys/${fixture.merchantId}/${fixture.keyId}`, { key, body: { description: `by ${key}` } }),
        ok: (response) => assert.equal(response.body['description'], `by ${sandbox.adminKey}`),
        async unchanged() {
          const apiKey = await sandbox.request('GET', `/api_keys/${fixture.merchantId}/${fixture.keyId}`, admin());
          assert.ok(apiKey.body['description'] === null || apiKey.body['description'] === `by ${sandbox.adminKey}`);
        },
      },
      {
        name: 'DELETE /api_keys/{merchant_id}/{key_id}',
        // revokes a key made for this call, so the fixture's key lives on
        call: async (key) => {
          const victim = await createKey(fixture.merchantId, { name: 'victim', expiration: 'never' });
          lastVictim = String(victim['api_key']);
          return sandbox.request('DELETE', `/api_keys/${fixture.merchantId}/${victim['key_id']}`, { key });
        },
        ok: (response) => assert.equal(response.body['revoked'], true),
        async unchanged() {
          assert.equal((await paymentCreateWith(lastVictim)).status, 200, 'the key survives a refused revoke');
        },
      },
    ];
    let lastVictim = '';

    for (const endpoint of ENDPOINTS) {
      for (const kind of KINDS) {
        const allowed = kind === 'admin';
        it(`${endpoint.name} with ${kind} → ${allowed ? '200' : '401 IR_01'}`, async () => {
          const response = await endpoint.call(keyFor(kind));
          if (allowed) {
            assert.equal(response.status, 200, response.text);
            endpoint.ok(response);
          } else {
            assert.equal(response.status, 401, response.text);
            assert.deepEqual(response.body, UNAUTHORIZED);
            await endpoint.unchanged?.();
          }
        });
      }
    }
  });
});
