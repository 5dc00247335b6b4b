/**
 * Contract tests of the Hyperswitch web SDK's start-up calls (docs/sandbox.md, "Using the sandbox
 * with the Hyperswitch web SDK"), over real HTTP: the members the SDK reads, who may call, the
 * client-secret errors (the same as every other client route), validation and CORS.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type ApiResponse, assertApiError, cardPayment, type RequestOptions, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;

const assertError = (response: ApiResponse, expected: ErrorExpectation): void => assertApiError(response, expected.status, expected.code, expected.message);

interface ErrorExpectation {
  status: number;
  code: string;
  message?: string | RegExp;
}


const REFUSED: ErrorExpectation = {
  status: 401,
  code: 'IR_01',
  message: 'API key not provided or invalid API key used',
};
const MISSING_CLIENT_SECRET: ErrorExpectation = { status: 400, code: 'IR_04', message: 'Missing required param: client_secret' };
const SECRET_WITH_CLIENT_SECRET: ErrorExpectation = { status: 422, code: 'IR_06', message: 'client_secret is not a valid parameter' };
const MISMATCH: ErrorExpectation = {
  status: 400,
  code: 'IR_09',
  message: 'The client_secret provided does not match the client_secret associated with the Payment',
};
const EXPIRED: ErrorExpectation = { status: 400, code: 'IR_08', message: 'The provided client_secret has expired' };
const NOT_FOUND: ErrorExpectation = { status: 404, code: 'HE_02', message: 'Payment does not exist in our records' };

const SDK_CONFIG = '/v1/sdk/configs/web/sdk_config.json';
const CARD_NETWORKS = ['Visa', 'Mastercard', 'AmericanExpress', 'Discover', 'DinersClub', 'JCB', 'UnionPay'];

interface PaymentRef {
  payment_id: string;
  client_secret: string;
  profile_id: string;
}

/** Members of a card entry of `payment_methods_enabled`, in upstream's order (other entries have no `card_networks`). */
const CARD_ENTRY_MEMBERS = [
  'payment_method',
  'payment_method_type',
  'card_networks',
  'payment_experience',
  'collect_shipping_details_from_wallets',
  'collect_billing_details_from_wallets',
];

/** Members of `intent_data`, in upstream's order (the ones its published answers show). */
const INTENT_DATA_MEMBERS = [
  'payment_id', 'status', 'amount', 'currency', 'client_secret', 'description', 'customer_id', 'return_url',
  'setup_future_usage', 'billing', 'shipping', 'email', 'metadata', 'order_details', 'created', 'expires_on',
  'profile_id', 'merchant_order_reference_id', 'attempt_count', 'installment_options', 'capture_method',
  'merchant_name', 'mandate_payment', 'payment_type', 'request_external_three_ds_authentication',
  'is_tax_calculation_enabled', 'is_guest_customer',
];

interface ClientList {
  payment_methods_enabled: {
    payment_method: string;
    payment_method_type: string;
    card_networks?: string[];
    payment_experience: string[] | null;
    collect_shipping_details_from_wallets: boolean | null;
    collect_billing_details_from_wallets: boolean | null;
  }[];
  customer_payment_methods: unknown[];
  intent_data: Body;
  sdk_next_action: { next_action: string; should_block_confirm: boolean };
}

interface SdkConfig {
  raw_configs: { contexts: unknown[]; overrides: Body; default_configs: Body };
  resolved_configs: unknown;
  context_used: { profile_id: string; merchant_id: string; processor_merchant_id: string; organization_id: string; connector: string[] };
  payment_methods: {
    payment_method: string;
    payment_method_types: {
      payment_method_type: string;
      payment_method_criteria: string | null;
      criteria_rules: { criteria_value: string; eligible_connectors: string[] }[];
    }[];
  }[];
  account_config: { profile: Record<string, boolean | string> };
}

describe('the Hyperswitch web SDK start-up endpoints', () => {
  let sandbox: TestSandbox;
  let otherMerchant: { publishableKey: string };

  before(async () => {
    sandbox = await startTestSandbox();
    const account = await sandbox.request('POST', '/accounts', { key: 'test_admin', body: { merchant_id: 'other_shop', merchant_name: 'Other shop' } });
    assert.equal(account.status, 200, account.text);
    otherMerchant = { publishableKey: String(account.body['publishable_key']) };
  });
  after(() => sandbox.close());

  const newPayment = async (body: Body = {}): Promise<PaymentRef> =>
    (await sandbox.createPayment({ amount: 6540, currency: 'USD', ...body })) as unknown as PaymentRef;

  /** A payment whose client secret has expired (session_expiry 0), once the clock has moved on. */
  const expiredPayment = async (): Promise<PaymentRef> => {
    const payment = await newPayment({ session_expiry: 0 });
    // the sandbox reads the same clock; a few milliseconds put "now" past the creation time
    await new Promise((resolve) => setTimeout(resolve, 5));
    return payment;
  };

  /** GET with the publishable key and the payment's client secret, as the SDK sends it. */
  const clientGet = <T = Body>(path: string, clientSecret: string, options: RequestOptions = {}) =>
    sandbox.request<T>('GET', path, { key: sandbox.publishableKey, query: { client_secret: clientSecret }, ...options });

  /** The SDK's session-token body (PaymentHelpers.res `fetchSessions`). */
  const sessionBody = (payment: PaymentRef, extra: Body = {}): Body => ({
    payment_id: payment.payment_id,
    client_secret: payment.client_secret,
    wallets: [],
    delayed_session_token: false,
    ...extra,
  });
  const sessionTokens = (body: Body, key: string | null = sandbox.publishableKey) =>
    sandbox.request('POST', '/payments/session_tokens', { key, body });

  describe('GET /payments/{payment_id}/client', () => {
    it('answers the flat payment-method list, no saved methods, the next action and the intent data', async () => {
      const payment = await newPayment({ description: 'Order 7', return_url: 'https://shop.example/return', metadata: { order: '7' } });
      const response = await clientGet<ClientList>(`/payments/${payment.payment_id}/client`, payment.client_secret);
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(Object.keys(response.body), ['payment_methods_enabled', 'customer_payment_methods', 'sdk_next_action', 'intent_data']);
      const { payment_methods_enabled: methods } = response.body;
      assert.deepEqual(
        methods.map((entry) => `${entry.payment_method}/${entry.payment_method_type}`),
        ['card/credit', 'card/debit', 'wallet/pay_bill', 'wallet/pay_till'],
      );
      for (const entry of methods.filter((m) => m.payment_method === 'card')) {
        // upstream's members, then the sandbox's required_fields (docs/sandbox.md, "Billing details")
        assert.deepEqual(Object.keys(entry), [...CARD_ENTRY_MEMBERS, 'required_fields']);
        assert.ok(entry.card_networks?.every((network) => typeof network === 'string'), 'card_networks are plain strings');
        for (const network of CARD_NETWORKS) assert.ok(entry.card_networks?.includes(network), `${entry.payment_method_type}: missing ${network}`);
        assert.equal(entry.payment_experience, null);
        assert.equal(entry.collect_billing_details_from_wallets, null);
      }
      for (const entry of methods.filter((m) => m.payment_method === 'wallet')) {
        assert.deepEqual(Object.keys(entry), CARD_ENTRY_MEMBERS.filter((member) => member !== 'card_networks'));
        assert.deepEqual(entry.payment_experience, ['display_wait_screen']);
        assert.equal(entry.collect_shipping_details_from_wallets, false);
      }
      assert.deepEqual(response.body.customer_payment_methods, []);
      assert.deepEqual(response.body.sdk_next_action, { next_action: 'confirm', should_block_confirm: false });

      const account = await sandbox.request('GET', `/accounts/${sandbox.demo.merchantId}`, { key: 'test_admin' });
      const retrieved = await sandbox.request('GET', `/payments/${payment.payment_id}`);
      assert.equal(typeof account.body['merchant_name'], 'string');
      const intent = response.body.intent_data;
      assert.deepEqual(Object.keys(intent), INTENT_DATA_MEMBERS);
      for (const member of ['payment_id', 'status', 'amount', 'currency', 'client_secret', 'description', 'customer_id', 'return_url', 'metadata', 'created', 'profile_id', 'attempt_count', 'capture_method']) {
        assert.deepEqual(intent[member], retrieved.body[member], member);
      }
      assert.equal(intent['merchant_name'], account.body['merchant_name']);
      assert.equal(intent['payment_type'], 'normal');
      assert.equal(intent['mandate_payment'], null);
      assert.equal(intent['is_guest_customer'], true);
      assert.equal(intent['is_tax_calculation_enabled'], false);
      assert.equal(intent['email'], null);
      // 900 s after creation, printed as upstream prints it
      const expiresOn = Date.parse(`${String(intent['expires_on']).replace(' ', 'T')}Z`);
      assert.equal(expiresOn - Date.parse(String(retrieved.body['created'])), 900_000);
    });

    it("names the customer of a payment that has one, with the customer's email; no guest, no saved cards", async () => {
      const payment = await newPayment({ customer: { id: 'cus_sdk_contract', email: 'ada@example.com' } });
      const response = await clientGet<ClientList>(`/payments/${payment.payment_id}/client`, payment.client_secret);
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.intent_data['customer_id'], 'cus_sdk_contract');
      assert.equal(response.body.intent_data['email'], 'ada@example.com');
      assert.equal(response.body.intent_data['is_guest_customer'], false);
      assert.deepEqual(response.body.customer_payment_methods, []);
    });

    it("gives a mandate payment's mandate type as mandate_payment, here and in /account/payment_methods", async () => {
      const mandateType = { single_use: { amount: 6540, currency: 'USD' } };
      const payment = await newPayment({
        customer_id: 'cus_sdk_mandate',
        mandate_data: {
          customer_acceptance: { acceptance_type: 'online', accepted_at: '2026-11-01T10:00:00Z', online: { ip_address: '127.0.0.1', user_agent: 'node' } },
          mandate_type: mandateType,
        },
      });
      const client = await clientGet<ClientList>(`/payments/${payment.payment_id}/client`, payment.client_secret);
      assert.equal(client.status, 200, client.text);
      assert.deepEqual(client.body.intent_data['mandate_payment'], mandateType);
      assert.equal(client.body.intent_data['payment_type'], 'new_mandate');
      const classic = await clientGet('/account/payment_methods', payment.client_secret);
      assert.deepEqual(classic.body['mandate_payment'], mandateType);
    });

    it('lists the same methods and card networks as /account/payment_methods', async () => {
      const payment = await newPayment();
      const client = await clientGet<ClientList>(`/payments/${payment.payment_id}/client`, payment.client_secret);
      const classic = await clientGet<{ payment_methods: { payment_method: string; payment_method_types: { payment_method_type: string; card_networks: { card_network: string }[] | null }[] }[] }>(
        '/account/payment_methods',
        payment.client_secret,
      );
      const flattened = classic.body.payment_methods.flatMap((group) =>
        group.payment_method_types.map((type) => ({
          method: `${group.payment_method}/${type.payment_method_type}`,
          networks: type.card_networks?.map((entry) => entry.card_network) ?? null,
        })),
      );
      assert.deepEqual(
        client.body.payment_methods_enabled.map((entry) => ({ method: `${entry.payment_method}/${entry.payment_method_type}`, networks: entry.card_networks ?? null })),
        flattened,
      );
    });

    it("narrows the list to the payment's allowed_payment_method_types, never to nothing", async () => {
      const payment = await newPayment({ allowed_payment_method_types: ['debit'] });
      const response = await clientGet<ClientList>(`/payments/${payment.payment_id}/client`, payment.client_secret);
      assert.deepEqual(
        response.body.payment_methods_enabled.map((entry) => entry.payment_method_type),
        ['debit'],
      );
    });

    it('tells the SDK to sync a payment the processor is still deciding', async () => {
      const payment = await newPayment({ confirm: true, ...cardPayment('4000000000004012') });
      const response = await clientGet<ClientList>(`/payments/${payment.payment_id}/client`, payment.client_secret);
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.sdk_next_action.next_action, 'sync');
    });

    describe('keys', () => {
      it('takes the publishable key only: the secret key (with or without a client secret), the admin key, an unknown key and no key get 401 IR_01', async () => {
        const payment = await newPayment();
        assertError(await sandbox.request('GET', `/payments/${payment.payment_id}/client`), REFUSED);
        for (const key of [sandbox.secretKey, 'test_admin', `pk_snd_${'0'.repeat(32)}`, null]) {
          assertError(await clientGet(`/payments/${payment.payment_id}/client`, payment.client_secret, { key }), REFUSED);
        }
      });

      it('asks the publishable key for a client secret (400 IR_04)', async () => {
        const payment = await newPayment();
        const response = await sandbox.request('GET', `/payments/${payment.payment_id}/client`, { key: sandbox.publishableKey });
        assertError(response, MISSING_CLIENT_SECRET);
      });
    });

    describe('client secrets', () => {
      it("another payment's client secret → 400 IR_09, a malformed one too", async () => {
        const payment = await newPayment();
        const other = await newPayment();
        assertError(await clientGet(`/payments/${payment.payment_id}/client`, other.client_secret), MISMATCH);
        assertError(await clientGet(`/payments/${payment.payment_id}/client`, 'not-a-client-secret'), MISMATCH);
      });

      it('an expired client secret → 400 IR_08', async () => {
        const payment = await expiredPayment();
        assertError(await clientGet(`/payments/${payment.payment_id}/client`, payment.client_secret), EXPIRED);
      });

      it("an unknown payment, or another merchant's, → 404 HE_02", async () => {
        const payment = await newPayment();
        assertError(await clientGet('/payments/pay_doesnotexist0000000000000000/client', payment.client_secret), NOT_FOUND);
        const response = await clientGet(`/payments/${payment.payment_id}/client`, payment.client_secret, { key: otherMerchant.publishableKey });
        assertError(response, NOT_FOUND);
      });

      it('an unknown query parameter → 400 IR_06', async () => {
        const payment = await newPayment();
        const response = await sandbox.request('GET', `/payments/${payment.payment_id}/client`, {
          key: sandbox.publishableKey,
          query: { client_secret: payment.client_secret, expand: 'all' },
        });
        assertError(response, { status: 400, code: 'IR_06', message: /unknown query parameter `expand`/ });
      });
    });
  });

  describe('GET /v1/sdk/configs/web/sdk_config.json', () => {
    it("answers the payment profile's configuration, consistent with the merchant's account", async () => {
      const payment = await newPayment();
      const response = await clientGet<SdkConfig>(SDK_CONFIG, payment.client_secret);
      assert.equal(response.status, 200, response.text);
      const account = await sandbox.request('GET', `/accounts/${sandbox.demo.merchantId}`, { key: 'test_admin' });
      const { context_used: context } = response.body;
      assert.equal(context.profile_id, payment.profile_id);
      assert.equal(context.merchant_id, sandbox.demo.merchantId);
      assert.equal(context.processor_merchant_id, sandbox.demo.merchantId);
      assert.equal(context.organization_id, account.body['organization_id']);
      assert.ok(context.connector.length > 0);
      assert.deepEqual(response.body.raw_configs, { contexts: [], overrides: {}, default_configs: {} });
      assert.equal(response.body.resolved_configs, null);
      assert.equal(response.body.account_config.profile['vaulting_action'], 'skip');

      const methods = response.body.payment_methods;
      assert.deepEqual(
        methods.map((method) => [method.payment_method, method.payment_method_types.map((type) => type.payment_method_type)]),
        [['card', ['credit', 'debit']], ['wallet', ['pay_bill', 'pay_till']]],
      );
      for (const type of methods[0]?.payment_method_types ?? []) {
        assert.equal(type.payment_method_criteria, 'card_network');
        const networks = type.criteria_rules.map((rule) => rule.criteria_value);
        for (const network of CARD_NETWORKS) assert.ok(networks.includes(network), `${type.payment_method_type}: missing ${network}`);
        for (const rule of type.criteria_rules) {
          assert.ok(rule.eligible_connectors.length > 0);
          assert.ok(rule.eligible_connectors.every((connector) => context.connector.includes(connector)));
        }
      }
      for (const type of methods[1]?.payment_method_types ?? []) {
        assert.equal(type.payment_method_criteria, 'payment_experience');
        assert.deepEqual(type.criteria_rules.map((rule) => rule.criteria_value), ['display_wait_screen']);
      }
    });

    it('offers the same card networks as the client list', async () => {
      const payment = await newPayment();
      const config = await clientGet<SdkConfig>(SDK_CONFIG, payment.client_secret);
      const client = await clientGet<ClientList>(`/payments/${payment.payment_id}/client`, payment.client_secret);
      const configured = config.body.payment_methods[0]?.payment_method_types[0]?.criteria_rules.map((rule) => rule.criteria_value);
      assert.deepEqual(configured, client.body.payment_methods_enabled[0]?.card_networks);
    });

    it("narrows the methods to the payment's allowed_payment_method_types", async () => {
      const payment = await newPayment({ allowed_payment_method_types: ['pay_till'] });
      const response = await clientGet<SdkConfig>(SDK_CONFIG, payment.client_secret);
      assert.deepEqual(
        response.body.payment_methods.map((method) => [method.payment_method, method.payment_method_types.map((type) => type.payment_method_type)]),
        [['wallet', ['pay_till']]],
      );
    });

    it('asks every caller for a client secret (400 IR_04) and refuses it with the secret key (422 IR_06)', async () => {
      const payment = await newPayment();
      assertError(await sandbox.request('GET', SDK_CONFIG, { key: sandbox.publishableKey }), MISSING_CLIENT_SECRET);
      assertError(await sandbox.request('GET', SDK_CONFIG), MISSING_CLIENT_SECRET);
      assertError(await clientGet(SDK_CONFIG, payment.client_secret, { key: sandbox.secretKey }), SECRET_WITH_CLIENT_SECRET);
    });

    it('refuses the admin key and no key (401 IR_01)', async () => {
      const payment = await newPayment();
      assertError(await clientGet(SDK_CONFIG, payment.client_secret, { key: 'test_admin' }), REFUSED);
      assertError(await clientGet(SDK_CONFIG, payment.client_secret, { key: null }), REFUSED);
    });

    it('a forged, malformed or expired client secret gets the errors of the other client routes', async () => {
      const payment = await newPayment();
      assertError(await clientGet(SDK_CONFIG, `${payment.payment_id}_secret_${'x'.repeat(20)}`), MISMATCH);
      assertError(await clientGet(SDK_CONFIG, 'no-secret-here'), MISMATCH);
      assertError(await clientGet(SDK_CONFIG, (await expiredPayment()).client_secret), EXPIRED);
      assertError(await clientGet(SDK_CONFIG, payment.client_secret, { key: otherMerchant.publishableKey }), NOT_FOUND);
    });
  });

  describe('POST /payments/session_tokens', () => {
    it('answers the payment id, its client secret and no session token (the sandbox has no wallets)', async () => {
      const payment = await newPayment();
      const response = await sessionTokens(sessionBody(payment));
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.body, { payment_id: payment.payment_id, client_secret: payment.client_secret, session_token: [] });
      const named = await sessionTokens(sessionBody(payment, { wallets: ['apple_pay', 'google_pay', 'paypal'] }));
      assert.deepEqual(named.body['session_token'], []);
    });

    it('validates the body as the real service does', async () => {
      const payment = await newPayment();
      const { wallets: _wallets, ...withoutWallets } = sessionBody(payment);
      assertError(await sessionTokens(withoutWallets), { status: 400, code: 'IR_04', message: 'Missing required param: wallets' });
      const { client_secret: _secret, ...withoutSecret } = sessionBody(payment);
      assertError(await sessionTokens(withoutSecret), MISSING_CLIENT_SECRET);
      const { payment_id: _id, ...withoutId } = sessionBody(payment);
      assertError(await sessionTokens(withoutId), { status: 400, code: 'IR_04', message: 'Missing required param: payment_id' });
      // serde's wording, as the real service answers an unknown enum variant (Cypress Commons.js:1139; docs/decisions/0060)
      assertError(await sessionTokens(sessionBody(payment, { wallets: ['carrier_pigeon'] })), { status: 400, code: 'IR_06', message: /^Json deserialize error: unknown variant `carrier_pigeon`, expected one of .*`apple_pay`/ });
      assertError(await sessionTokens(sessionBody(payment, { wallets: 'apple_pay' })), { status: 400, code: 'IR_06', message: /invalid type for `wallets`/ });
      assertError(await sessionTokens(sessionBody(payment, { amount: 1 })), { status: 400, code: 'IR_06', message: /unknown field `amount`/ });
      const notJson = await sandbox.request('POST', '/payments/session_tokens', {
        key: sandbox.publishableKey,
        rawBody: '{"payment_id":',
        headers: { 'content-type': 'application/json' },
      });
      assertError(notJson, { status: 400, code: 'IR_06', message: /not valid JSON/ });
    });

    it('takes the publishable key only: the secret key, the admin key and no key get 401 IR_01', async () => {
      const payment = await newPayment();
      for (const key of [sandbox.secretKey, 'test_admin', null]) assertError(await sessionTokens(sessionBody(payment), key), REFUSED);
    });

    it("another payment's client secret → IR_09, an expired one → IR_08, an unknown payment → 404 HE_02", async () => {
      const payment = await newPayment();
      const other = await newPayment();
      assertError(await sessionTokens(sessionBody(payment, { client_secret: other.client_secret })), MISMATCH);
      assertError(await sessionTokens(sessionBody(await expiredPayment())), EXPIRED);
      assertError(await sessionTokens(sessionBody(payment, { payment_id: 'pay_doesnotexist0000000000000000' })), NOT_FOUND);
      assertError(await sessionTokens(sessionBody(payment), otherMerchant.publishableKey), NOT_FOUND);
    });

    it('refuses a payment that already succeeded or failed (400 IR_16)', async () => {
      const succeeded = await newPayment({ confirm: true, ...cardPayment('4242424242424242') });
      assertError(await sessionTokens(sessionBody(succeeded)), {
        status: 400,
        code: 'IR_16',
        message: 'You cannot create a session token for this payment because it has status succeeded',
      });
      const failed = await newPayment({ confirm: true, ...cardPayment('4000000000000002') });
      assertError(await sessionTokens(sessionBody(failed)), { status: 400, code: 'IR_16', message: /because it has status failed$/ });
    });
  });

  describe('CORS', () => {
    for (const [method, path] of [
      ['GET', '/payments/pay_x/client'],
      ['GET', SDK_CONFIG],
      ['POST', '/payments/session_tokens'],
    ] as const) {
      it(`answers the preflight of ${method} ${path} with the SDK's headers`, async () => {
        const response = await sandbox.request('OPTIONS', path, {
          key: null,
          headers: {
            origin: 'https://shop.example',
            'access-control-request-method': method,
            'access-control-request-headers': 'api-key, content-type, x-merchant-domain, x-client-source',
          },
        });
        assert.equal(response.status, 204);
        assert.equal(response.headers.get('access-control-allow-origin'), '*');
        const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(',').map((header) => header.trim());
        for (const header of ['api-key', 'content-type', 'x-merchant-domain', 'x-client-source']) assert.ok(allowed.includes(header), allowed.join(','));
        assert.ok((response.headers.get('access-control-allow-methods') ?? '').split(',').includes(method));
      });
    }

    it('answers the calls themselves with access-control-allow-origin', async () => {
      const payment = await newPayment();
      const client = await clientGet(`/payments/${payment.payment_id}/client`, payment.client_secret, { headers: { origin: 'https://shop.example' } });
      assert.equal(client.headers.get('access-control-allow-origin'), '*');
    });
  });

  it('ignores a payment_type a client-side confirm sends, as upstream\'s confirm does: the payment keeps its own', async () => {
    const payment = await newPayment();
    const response = await sandbox.request('POST', `/payments/${payment.payment_id}/confirm`, {
      key: sandbox.publishableKey,
      body: { client_secret: payment.client_secret, payment_type: 'setup_mandate', ...cardPayment('4242424242424242') },
    });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual([response.body['status'], response.body['payment_type'], response.body['mandate_id']], ['succeeded', 'normal', null]);
  });

  it("carries the SDK's start-up and a card confirm through to succeeded", async () => {
    const payment = await newPayment();
    const key = sandbox.publishableKey;
    const query = { client_secret: payment.client_secret };
    const retrieve = await sandbox.request('GET', `/payments/${payment.payment_id}`, { key, query });
    const list = await sandbox.request('GET', `/payments/${payment.payment_id}/client`, { key, query });
    const config = await sandbox.request('GET', SDK_CONFIG, { key, query });
    const sessions = await sessionTokens(sessionBody(payment));
    assert.deepEqual([retrieve.status, list.status, config.status, sessions.status], [200, 200, 200, 200]);
    const { payment_method_data: data } = cardPayment('4242424242424242');
    const confirm = await sandbox.request('POST', `/payments/${payment.payment_id}/confirm`, {
      key,
      headers: { 'x-merchant-domain': 'shop.example' },
      body: {
        client_secret: payment.client_secret,
        payment_method: 'card',
        payment_method_type: 'credit',
        payment_type: 'normal',
        payment_method_data: { card: { ...data.card, card_network: 'Visa' } },
        browser_info: { user_agent: 'Mozilla/5.0', language: 'en-US', color_depth: 24, screen_height: 900, screen_width: 1440, time_zone: -60, java_enabled: false, java_script_enabled: true },
        return_url: 'https://shop.example/return',
      },
    });
    assert.equal(confirm.status, 200, confirm.text);
    assert.equal(confirm.body['status'], 'succeeded');
  });
});
