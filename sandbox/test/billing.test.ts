/**
 * Billing details beyond the card (docs/sandbox.md, "Billing details"): the merchant's
 * `billing_requirements`, the `required_fields` the payment-method lists answer from it (upstream's
 * `RequiredFieldInfo`, prefilled from the payment), the payment's `billing` and `email` as the
 * browser sees them, and the simulated address verification of the postal code.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AVS_COUNTRIES, AVS_CURRENCIES, addressVerificationFails, billingLevel, billingRequirements, requiredFields } from '../domain/billing.js';
import { assertApiError, cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';

type Field = { required_field: string; display_name: string; field_type: unknown; value: string | null };
type ClassicList = { payment_methods: { payment_method: string; payment_method_types: { payment_method_type: string; required_fields: Record<string, Field> | null }[] }[] };
type ClientList = { payment_methods_enabled: { payment_method: string; payment_method_type: string; required_fields?: Record<string, Field> }[]; intent_data: { email: string | null; billing: unknown } };

const US_ADDRESS = { address: { first_name: 'Ada', last_name: 'Lovelace', line1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', country: 'US' }, phone: { number: '5555550100', country_code: '+1' }, email: 'ada@example.com' };

describe('billing details', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  const admin = () => ({ key: sandbox.adminKey });

  /** A new merchant with its own secret key. */
  const merchant = (merchantId: string, body: Record<string, unknown> = {}) => sandbox.createMerchant(merchantId, body);

  const create = async (secretKey: string, body: Record<string, unknown>) => {
    const created = await sandbox.request('POST', '/payments', { key: secretKey, body: { amount: 1000, ...body } });
    assert.equal(created.status, 200, created.text);
    return created.body as { payment_id: string; client_secret: string };
  };

  const classicList = async (publishableKey: string, clientSecret: string) => {
    const list = await sandbox.request<ClassicList>('GET', '/account/payment_methods', { key: publishableKey, query: { client_secret: clientSecret } });
    assert.equal(list.status, 200, list.text);
    return list.body;
  };
  const classicFields = (list: ClassicList, type: string) =>
    list.payment_methods.flatMap((method) => method.payment_method_types).find((entry) => entry.payment_method_type === type)?.required_fields;

  const clientList = async (publishableKey: string, payment: { payment_id: string; client_secret: string }) => {
    const list = await sandbox.request<ClientList>('GET', `/payments/${payment.payment_id}/client`, { key: publishableKey, query: { client_secret: payment.client_secret } });
    assert.equal(list.status, 200, list.text);
    return list.body;
  };

  describe('billing_requirements on the merchant account', () => {
    it('is stored on create, shown on retrieve, changed and reset to the default on update', async () => {
      const { account } = await merchant('billing_crud', { billing_requirements: { billing: 'full', email: true } });
      assert.deepEqual(account.billing_requirements, { billing: 'full', email: true, phone: false });
      const retrieved = await sandbox.request('GET', '/accounts/billing_crud', admin());
      assert.deepEqual(retrieved.body.billing_requirements, { billing: 'full', email: true, phone: false });
      const updated = await sandbox.request('POST', '/accounts/billing_crud', { ...admin(), body: { billing_requirements: { billing: 'postal_code', phone: true } } });
      assert.deepEqual(updated.body.billing_requirements, { billing: 'postal_code', email: false, phone: true });
      const cleared = await sandbox.request('POST', '/accounts/billing_crud', { ...admin(), body: { billing_requirements: null } });
      assert.deepEqual(cleared.body.billing_requirements, { billing: 'auto', email: false, phone: false });
      const plain = await merchant('billing_plain');
      assert.deepEqual(plain.account.billing_requirements, { billing: 'auto', email: false, phone: false });
    });

    it('refuses an unknown level, an unknown member or a wrong type with 400 IR_06 (a deserialize error, as upstream)', async () => {
      for (const [billing_requirements, message] of [
        [{ billing: 'street' }, /unknown variant `street`/],
        [{ billing: 'full', zip: true }, /unknown field `billing_requirements.zip`/],
        [{ email: 'yes' }, /email/],
      ] as const) {
        const response = await sandbox.request('POST', '/accounts', { ...admin(), body: { merchant_id: 'billing_bad', billing_requirements } });
        assertApiError(response, 400, 'IR_06', message);
      }
      assert.equal((await sandbox.request('GET', '/accounts/billing_bad', admin())).status, 404, 'no account was made');
    });
  });

  describe('required_fields', () => {
    it('asks a USD payment for country and postal code by default (AVS), in upstream RequiredFieldInfo shape, in both lists', async () => {
      const { secretKey, publishableKey } = await merchant('billing_auto_usd');
      const payment = await create(secretKey, { currency: 'USD' });
      const expected = {
        'billing.address.zip': { required_field: 'payment_method_data.billing.address.zip', display_name: 'zip', field_type: 'user_address_pincode', value: null },
        'billing.address.country': {
          required_field: 'payment_method_data.billing.address.country',
          display_name: 'country',
          field_type: { user_address_country: { options: ['ALL'] } },
          value: null,
        },
      };
      const classic = await classicList(publishableKey, payment.client_secret);
      assert.deepEqual(classicFields(classic, 'credit'), expected);
      assert.deepEqual(classicFields(classic, 'debit'), expected);
      assert.deepEqual(classicFields(classic, 'pay_bill'), {}, 'mobile money asks for no billing details');
      const client = await clientList(publishableKey, payment);
      assert.deepEqual(client.payment_methods_enabled.find((m) => m.payment_method_type === 'credit')?.required_fields, expected);
      assert.equal(client.payment_methods_enabled.find((m) => m.payment_method_type === 'pay_bill')?.required_fields, undefined);
    });

    it('asks a EUR payment for nothing by default, and for the postal code when its billing country is an AVS country', async () => {
      const { secretKey, publishableKey } = await merchant('billing_auto_eur');
      const euro = await create(secretKey, { currency: 'EUR' });
      assert.deepEqual(classicFields(await classicList(publishableKey, euro.client_secret), 'credit'), {});
      const british = await create(secretKey, { currency: 'EUR', billing: { address: { country: 'GB' } } });
      const fields = classicFields(await classicList(publishableKey, british.client_secret), 'credit') ?? {};
      assert.deepEqual(Object.keys(fields).sort(), ['billing.address.country', 'billing.address.zip']);
      assert.equal(fields['billing.address.country']?.value, 'GB', 'prefilled from the payment');
    });

    it('asks for the full address, email and phone when the merchant sets them, each prefilled from the payment', async () => {
      const { secretKey, publishableKey } = await merchant('billing_full', { billing_requirements: { billing: 'full', email: true, phone: true } });
      const payment = await create(secretKey, { currency: 'EUR', billing: US_ADDRESS });
      const fields = classicFields(await classicList(publishableKey, payment.client_secret), 'credit') ?? {};
      const summary = Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, [field.required_field, field.field_type, field.value]]));
      assert.deepEqual(summary, {
        'billing.address.first_name': ['payment_method_data.billing.address.first_name', 'user_billing_name', 'Ada'],
        'billing.address.last_name': ['payment_method_data.billing.address.last_name', 'user_billing_name', 'Lovelace'],
        'billing.address.line1': ['payment_method_data.billing.address.line1', 'user_address_line1', '1 Main St'],
        'billing.address.city': ['payment_method_data.billing.address.city', 'user_address_city', 'Springfield'],
        'billing.address.state': ['payment_method_data.billing.address.state', 'user_address_state', 'IL'],
        'billing.address.zip': ['payment_method_data.billing.address.zip', 'user_address_pincode', '62701'],
        'billing.address.country': ['payment_method_data.billing.address.country', { user_address_country: { options: ['ALL'] } }, 'US'],
        'billing.email': ['payment_method_data.billing.email', 'user_email_address', 'ada@example.com'],
        'billing.phone.number': ['payment_method_data.billing.phone.number', 'user_phone_number', '5555550100'],
        'billing.phone.country_code': ['payment_method_data.billing.phone.country_code', 'user_phone_number_country_code', '+1'],
      });
    });

    it("prefills the email from the payment's customer, else the payment's own email", async () => {
      const { secretKey, publishableKey } = await merchant('billing_email', { billing_requirements: { billing: 'none', email: true } });
      const guest = await create(secretKey, { currency: 'EUR', email: 'guest@example.com' });
      assert.deepEqual(classicFields(await classicList(publishableKey, guest.client_secret), 'credit'), {
        'billing.email': { required_field: 'payment_method_data.billing.email', display_name: 'email', field_type: 'user_email_address', value: 'guest@example.com' },
      });
      const known = await create(secretKey, { currency: 'EUR', customer: { id: 'cus_billing', email: 'known@example.com' } });
      assert.equal(classicFields(await classicList(publishableKey, known.client_secret), 'credit')?.['billing.email']?.value, 'known@example.com');
    });

    it('asks for nothing when the merchant sets none, even for USD', async () => {
      const { secretKey, publishableKey } = await merchant('billing_none', { billing_requirements: { billing: 'none' } });
      const payment = await create(secretKey, { currency: 'USD' });
      assert.deepEqual(classicFields(await classicList(publishableKey, payment.client_secret), 'credit'), {});
    });

    it('settles auto by currency or billing country (pure rule)', () => {
      const auto = billingRequirements(null);
      for (const currency of AVS_CURRENCIES) assert.equal(billingLevel(auto, { currency, billing: null }), 'postal_code', currency);
      for (const country of AVS_COUNTRIES) assert.equal(billingLevel(auto, { currency: 'EUR', billing: { address: { country } } }), 'postal_code', country);
      assert.equal(billingLevel(auto, { currency: 'INR', billing: { address: { country: 'IN' } } }), 'none');
      assert.deepEqual(requiredFields(auto, null, null), {}, 'the server list (no payment) cannot settle auto');
    });
  });

  describe("the payment's billing and email", () => {
    it('returns the billing and email the merchant set at create to the browser (client-secret retrieve and /client)', async () => {
      const { secretKey, publishableKey } = await merchant('billing_prefill');
      const payment = await create(secretKey, { currency: 'USD', billing: US_ADDRESS, email: 'guest@example.com' });
      const retrieved = await sandbox.request('GET', `/payments/${payment.payment_id}`, { key: publishableKey, query: { client_secret: payment.client_secret } });
      assert.equal(retrieved.status, 200, retrieved.text);
      assert.deepEqual((retrieved.body.billing as { address: Record<string, unknown> }).address.zip, '62701');
      assert.equal((retrieved.body.billing as { email: unknown }).email, 'ada@example.com');
      assert.equal(retrieved.body.email, 'guest@example.com');
      const client = await clientList(publishableKey, payment);
      assert.equal(client.intent_data.email, 'guest@example.com');
      assert.equal((client.intent_data.billing as { address: { city: string } }).address.city, 'Springfield');
    });

    it('keeps an email set on update', async () => {
      const { secretKey } = await merchant('billing_email_update');
      const payment = await create(secretKey, { currency: 'USD' });
      const updated = await sandbox.request('POST', `/payments/${payment.payment_id}`, { key: secretKey, body: { email: 'later@example.com' } });
      assert.equal(updated.status, 200, updated.text);
      assert.equal(updated.body.email, 'later@example.com');
    });

    it("stores the billing address the shopper typed on the browser's confirm, completing or replacing the merchant's", async () => {
      const { secretKey, publishableKey } = await merchant('billing_browser');
      const payment = await create(secretKey, { currency: 'USD', billing: { address: { country: 'US' } } });
      const typed = { address: { zip: '94107', country: 'US', line1: '500 Howard St' }, email: 'shopper@example.com' };
      const confirm = await sandbox.request('POST', `/payments/${payment.payment_id}/confirm`, {
        key: publishableKey,
        body: { client_secret: payment.client_secret, billing: typed, ...cardPayment('4242424242424242') },
      });
      assert.equal(confirm.status, 200, confirm.text);
      assert.equal(confirm.body.status, 'succeeded');
      const stored = await sandbox.request('GET', `/payments/${payment.payment_id}`, { key: secretKey });
      const billing = stored.body.billing as { address: Record<string, unknown>; email: unknown };
      assert.equal(billing.address.zip, '94107');
      assert.equal(billing.address.line1, '500 Howard St');
      assert.equal(billing.email, 'shopper@example.com');
    });

    it('still refuses a browser confirm that changes the amount or currency, with the billing address beside it', async () => {
      const { secretKey, publishableKey } = await merchant('billing_browser_amount');
      const payment = await create(secretKey, { currency: 'USD' });
      const confirm = await sandbox.request('POST', `/payments/${payment.payment_id}/confirm`, {
        key: publishableKey,
        body: { client_secret: payment.client_secret, amount: 1, billing: { address: { zip: '94107' } }, ...cardPayment('4242424242424242') },
      });
      assertApiError(confirm, 422, 'IR_06');
      const stored = await sandbox.request('GET', `/payments/${payment.payment_id}`, { key: secretKey });
      assert.equal(stored.body.billing, null, 'a refused confirm changes nothing');
    });
  });

  describe('address verification', () => {
    const FAILING = ['99999', '99999-1234', 'AB1 0AA', 'ab10aa', 'Z9Z 9Z9'];
    for (const zip of FAILING) {
      it(`declines a card that would pass with address_verification_failed for postal code ${zip}`, async () => {
        const response = await sandbox.request('POST', '/payments', {
          body: { amount: 2500, currency: 'USD', confirm: true, billing: { address: { zip, country: 'US' } }, ...cardPayment('4242424242424242') },
        });
        assert.equal(response.status, 200, response.text);
        assert.equal(response.body.status, 'failed');
        assert.equal(response.body.error_code, 'address_verification_failed');
        assert.match(String(response.body.error_message), /Address verification failed/);
        assert.equal(response.body.unified_code, 'UE_1009');
        assert.equal(response.body.manual_retry_allowed, true);
      });
    }

    it("reads the card's own billing (payment_method_data.billing) first, as the browser's confirm sends it", async () => {
      const { secretKey, publishableKey } = await merchant('avs_browser');
      const payment = await create(secretKey, { currency: 'USD', billing: { address: { zip: '62701', country: 'US' } } });
      const card = cardPayment('4242424242424242');
      const confirm = await sandbox.request('POST', `/payments/${payment.payment_id}/confirm`, {
        key: publishableKey,
        body: { client_secret: payment.client_secret, payment_method: 'card', payment_method_data: { ...card.payment_method_data, billing: { address: { zip: '99999' } } } },
      });
      assert.equal(confirm.status, 200, confirm.text);
      assert.equal(confirm.body.error_code, 'address_verification_failed');
      // retried with a good postal code, the same payment succeeds
      const retry = await sandbox.request('POST', `/payments/${payment.payment_id}/confirm`, {
        key: publishableKey,
        body: { client_secret: payment.client_secret, retry_action: 'manual_retry', payment_method: 'card', payment_method_data: { ...card.payment_method_data, billing: { address: { zip: '62701' } } } },
      });
      assert.equal(retry.status, 200, retry.text);
      assert.equal(retry.body.status, 'succeeded');
    });

    it('checks a card attached at create when the bare confirm pays with it', async () => {
      const created = await sandbox.request('POST', '/payments', {
        body: { amount: 2500, currency: 'GBP', billing: { address: { zip: 'AB1 0AA', country: 'GB' } }, ...cardPayment('4242424242424242') },
      });
      assert.equal(created.body.status, 'requires_confirmation', created.text);
      const confirm = await sandbox.request('POST', `/payments/${String(created.body.payment_id)}/confirm`, { body: {} });
      assert.equal(confirm.status, 200, confirm.text);
      assert.equal(confirm.body.error_code, 'address_verification_failed');
    });

    it('passes any other postal code, and a payment without one', async () => {
      for (const billing of [{ address: { zip: '62701', country: 'US' } }, { address: { zip: 'SW1A 1AA', country: 'GB' } }, { address: { country: 'US' } }, null]) {
        const response = await sandbox.request('POST', '/payments', {
          body: { amount: 2500, currency: 'USD', confirm: true, billing, ...cardPayment('4242424242424242') },
        });
        assert.equal(response.body.status, 'succeeded', JSON.stringify(billing));
      }
    });

    it('declines before a 3-D Secure challenge the card would have asked for', async () => {
      const response = await sandbox.request('POST', '/payments', {
        body: { amount: 2500, currency: 'USD', confirm: true, billing: { address: { zip: '99999' } }, ...cardPayment('4000003800000446') },
      });
      assert.equal(response.body.status, 'failed');
      assert.equal(response.body.error_code, 'address_verification_failed');
      assert.equal(response.body.next_action, null);
    });

    it("keeps the card's own decline when the card fails anyway", async () => {
      const response = await sandbox.request('POST', '/payments', {
        body: { amount: 2500, currency: 'USD', confirm: true, billing: { address: { zip: '99999' } }, ...cardPayment('4000000000009995') },
      });
      assert.equal(response.body.error_code, 'insufficient_funds');
    });

    it('compares postal codes without spaces, dashes or case (pure rule)', () => {
      assert.equal(addressVerificationFails({ billing: { address: { zip: ' z9z-9z9 ' } }, billing_of_method: null }), true);
      assert.equal(addressVerificationFails({ billing: { address: { zip: '999990' } }, billing_of_method: null }), false);
      assert.equal(addressVerificationFails({ billing: null, billing_of_method: { address: { zip: '10001' } } }), false);
    });
  });
});
