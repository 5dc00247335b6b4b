/**
 * Who may call what (docs/architecture.md "Sandbox wire rules"; the real service's router checks):
 * every endpoint × every kind of key, then the client-secret rules and merchant isolation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type ApiResponse, assertApiError, cardPayment, startTestSandbox, type TestSandbox, UNAUTHORIZED } from './helpers.js';

type Body = Record<string, unknown>;

const UNKNOWN_SECRET_KEY = `snd_${'x'.repeat(64)}`;
const UNKNOWN_PUBLISHABLE_KEY = `pk_snd_${'0'.repeat(32)}`;

/** The `api-key` sent and whether the payment's client_secret goes along (body on POST, query on GET). */
type KeyKind =
  | 'none'
  | 'unknown secret key'
  | 'unknown publishable key'
  | 'admin'
  | 'secret'
  | 'secret + client_secret'
  | 'publishable'
  | 'publishable + client_secret';

interface ErrorExpectation {
  status: number;
  code: string;
  message?: string | RegExp;
}
type Expectation = 'ok' | ErrorExpectation;

const REFUSED: ErrorExpectation = { status: 401, code: 'IR_01' };
const MISSING_CLIENT_SECRET: ErrorExpectation = { status: 400, code: 'IR_04', message: 'Missing required param: client_secret' };
const SECRET_WITH_CLIENT_SECRET: ErrorExpectation = { status: 422, code: 'IR_06', message: 'client_secret is not a valid parameter' };

interface PaymentRef {
  payment_id: string;
  client_secret: string;
}

interface Endpoint {
  name: string;
  /** State for one call: a payment in the status the endpoint needs (fresh where the call changes it). */
  prepare(): Promise<PaymentRef>;
  call(key: string | null, clientSecret: string | undefined, payment: PaymentRef): Promise<ApiResponse>;
  /** Asserts the answer of an allowed call beyond its 200. */
  ok(response: ApiResponse, payment: PaymentRef): void;
  expect: Partial<Record<KeyKind, Expectation>>;
}

let sandbox: TestSandbox;
let accountCounter = 0;

const asPaymentRef = (body: Body): PaymentRef => ({
  payment_id: String(body['payment_id']),
  client_secret: String(body['client_secret']),
});

const newPayment = async (extra: Body = {}): Promise<PaymentRef> =>
  asPaymentRef(await sandbox.createPayment({ amount: 1000, currency: 'USD', ...extra }));

/** A payment with manual capture, authorized and waiting for capture. */
const authorizedPayment = async (): Promise<PaymentRef> => {
  const body = await sandbox.createPayment({
    amount: 1000,
    currency: 'USD',
    capture_method: 'manual',
    confirm: true,
    ...cardPayment('4242424242424242'),
  });
  assert.equal(body['status'], 'requires_capture');
  return asPaymentRef(body);
};

function keyFor(kind: KeyKind): string | null {
  switch (kind) {
    case 'none':
      return null;
    case 'unknown secret key':
      return UNKNOWN_SECRET_KEY;
    case 'unknown publishable key':
      return UNKNOWN_PUBLISHABLE_KEY;
    case 'admin':
      return sandbox.adminKey;
    case 'secret':
    case 'secret + client_secret':
      return sandbox.secretKey;
    case 'publishable':
    case 'publishable + client_secret':
      return sandbox.publishableKey;
  }
}

const sendsClientSecret = (kind: KeyKind): boolean => kind.endsWith('+ client_secret');

const withClientSecret = (body: Body, clientSecret: string | undefined): Body =>
  clientSecret === undefined ? body : { ...body, client_secret: clientSecret };

const queryWithClientSecret = (clientSecret: string | undefined): Record<string, string> =>
  clientSecret === undefined ? {} : { client_secret: clientSecret };

/** The seven kinds every endpoint is tried with; an endpoint's own table overrides the default refusal. */
const BASE_KINDS: KeyKind[] = [
  'none',
  'unknown secret key',
  'unknown publishable key',
  'admin',
  'secret',
  'publishable',
  'publishable + client_secret',
];

const ENDPOINTS: Endpoint[] = [
  {
    name: 'POST /payments',
    prepare: () => newPayment(),
    call: (key, clientSecret) =>
      sandbox.request('POST', '/payments', { key, body: withClientSecret({ amount: 1000, currency: 'USD' }, clientSecret) }),
    ok(response) {
      assert.equal(response.body['status'], 'requires_confirmation');
      const paymentId = String(response.body['payment_id']);
      assert.equal(paymentId.length, 30);
      assert.match(String(response.body['client_secret']), new RegExp(`^${paymentId}_secret_[0-9A-Za-z]{20}$`));
    },
    expect: { secret: 'ok', 'secret + client_secret': SECRET_WITH_CLIENT_SECRET },
  },
  {
    name: 'POST /payments/{id}/confirm',
    prepare: () => newPayment(),
    call: (key, clientSecret, payment) =>
      sandbox.request('POST', `/payments/${payment.payment_id}/confirm`, {
        key,
        body: withClientSecret(cardPayment('4242424242424242'), clientSecret),
      }),
    ok(response, payment) {
      assert.equal(response.body['payment_id'], payment.payment_id);
      assert.equal(response.body['status'], 'succeeded');
    },
    expect: {
      secret: 'ok',
      'secret + client_secret': SECRET_WITH_CLIENT_SECRET,
      publishable: MISSING_CLIENT_SECRET,
      'publishable + client_secret': 'ok',
    },
  },
  {
    name: 'GET /payments/{id}',
    prepare: () => newPayment(),
    call: (key, clientSecret, payment) =>
      sandbox.request('GET', `/payments/${payment.payment_id}`, { key, query: queryWithClientSecret(clientSecret) }),
    ok(response, payment) {
      assert.equal(response.body['payment_id'], payment.payment_id);
      assert.equal(response.body['status'], 'requires_confirmation');
    },
    expect: {
      secret: 'ok',
      'secret + client_secret': SECRET_WITH_CLIENT_SECRET,
      publishable: MISSING_CLIENT_SECRET,
      'publishable + client_secret': 'ok',
    },
  },
  {
    name: 'POST /payments/{id}/capture',
    prepare: authorizedPayment,
    call: (key, clientSecret, payment) =>
      sandbox.request('POST', `/payments/${payment.payment_id}/capture`, { key, body: withClientSecret({}, clientSecret) }),
    ok(response, payment) {
      assert.equal(response.body['payment_id'], payment.payment_id);
      assert.equal(response.body['status'], 'succeeded');
      assert.equal(response.body['amount_received'], 1000);
    },
    expect: { secret: 'ok' },
  },
  {
    name: 'POST /payments/{id}/cancel',
    prepare: () => newPayment(),
    call: (key, clientSecret, payment) =>
      sandbox.request('POST', `/payments/${payment.payment_id}/cancel`, {
        key,
        body: withClientSecret({ cancellation_reason: 'requested_by_customer' }, clientSecret),
      }),
    ok(response, payment) {
      assert.equal(response.body['payment_id'], payment.payment_id);
      assert.equal(response.body['status'], 'cancelled');
    },
    expect: { secret: 'ok' },
  },
  {
    name: 'GET /account/payment_methods',
    prepare: () => newPayment(),
    call: (key, clientSecret) => sandbox.request('GET', '/account/payment_methods', { key, query: queryWithClientSecret(clientSecret) }),
    ok(response) {
      const groups = response.body['payment_methods'] as { payment_method: string }[];
      assert.ok(Array.isArray(groups));
      assert.ok(groups.some((group) => group.payment_method === 'card'));
      assert.equal(response.body['merchant_name'], 'Demo Store');
    },
    expect: { secret: 'ok', publishable: MISSING_CLIENT_SECRET, 'publishable + client_secret': 'ok' },
  },
  {
    name: 'POST /accounts',
    prepare: () => newPayment(),
    call: (key, clientSecret) => {
      accountCounter += 1;
      return sandbox.request('POST', '/accounts', {
        key,
        body: withClientSecret({ merchant_id: `matrix_merchant_${accountCounter}`, merchant_name: 'Matrix' }, clientSecret),
      });
    },
    ok(response) {
      assert.match(String(response.body['merchant_id']), /^matrix_merchant_\d+$/);
      assert.match(String(response.body['publishable_key']), /^pk_snd_[0-9a-f]{32}$/);
    },
    expect: { admin: 'ok' },
  },
  {
    name: 'GET /accounts/{id}',
    prepare: () => newPayment(),
    call: (key, clientSecret) => sandbox.request('GET', '/accounts/demo_merchant', { key, query: queryWithClientSecret(clientSecret) }),
    ok(response) {
      assert.equal(response.body['merchant_id'], 'demo_merchant');
      assert.equal(response.body['publishable_key'], sandbox.publishableKey);
    },
    expect: { admin: 'ok' },
  },
  {
    name: 'POST /api_keys/{merchant_id}',
    prepare: () => newPayment(),
    call: (key, clientSecret) =>
      sandbox.request('POST', '/api_keys/demo_merchant', {
        key,
        body: withClientSecret({ name: 'matrix', expiration: 'never' }, clientSecret),
      }),
    ok(response) {
      assert.equal(response.body['merchant_id'], 'demo_merchant');
      assert.match(String(response.body['api_key']), /^snd_[0-9A-Za-z]{64}$/);
    },
    expect: { admin: 'ok' },
  },
];

function assertErrorBody(response: ApiResponse, expected: ErrorExpectation): void {
  assertApiError(response, expected.status, expected.code, expected.message);
  if (expected.status === 401) assert.deepEqual(response.body, UNAUTHORIZED);
}

describe('sandbox authentication', () => {
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  describe('endpoint × key kind matrix', () => {
    for (const endpoint of ENDPOINTS) {
      const kinds = [...BASE_KINDS, ...(endpoint.expect['secret + client_secret'] ? (['secret + client_secret'] as KeyKind[]) : [])];
      for (const kind of kinds) {
        const expected = endpoint.expect[kind] ?? REFUSED;
        const label = expected === 'ok' ? '200' : `${expected.status} ${expected.code}`;
        it(`${endpoint.name} with ${kind} → ${label}`, async () => {
          const payment = await endpoint.prepare();
          const response = await endpoint.call(keyFor(kind), sendsClientSecret(kind) ? payment.client_secret : undefined, payment);
          if (expected === 'ok') {
            assert.equal(response.status, 200, response.text);
            endpoint.ok(response, payment);
          } else {
            assertErrorBody(response, expected);
          }
        });
      }
    }
  });

  describe('malformed and unknown keys', () => {
    // headers are built lazily: the keys exist only once the sandbox has started
    const badKeys: [string, () => Record<string, string>][] = [
      ['an empty api-key header', () => ({ 'api-key': '' })],
      ['the admin key in another case', () => ({ 'api-key': sandbox.adminKey.toUpperCase() })],
      ['the secret key with a character appended', () => ({ 'api-key': `${sandbox.secretKey}x` })],
      ['the secret key cut short', () => ({ 'api-key': sandbox.secretKey.slice(0, -1) })],
      ['the secret key as a Bearer token in Authorization', () => ({ authorization: `Bearer ${sandbox.secretKey}` })],
      ['a publishable key of the wrong prefix', () => ({ 'api-key': sandbox.publishableKey.replace('pk_snd_', 'pk_prd_') })],
    ];
    for (const [name, headers] of badKeys) {
      it(`${name} → 401 IR_01`, async () => {
        const payment = await newPayment();
        const response = await sandbox.request('GET', `/payments/${payment.payment_id}`, { key: null, headers: headers() });
        assertErrorBody(response, REFUSED);
      });
    }
  });

  describe('client secret', () => {
    it('a client_secret of another payment → 400 IR_09 on confirm, and the payment is untouched', async () => {
      const payment = await newPayment();
      const other = await newPayment();
      const response = await sandbox.request('POST', `/payments/${payment.payment_id}/confirm`, {
        key: sandbox.publishableKey,
        body: { ...cardPayment('4242424242424242'), client_secret: other.client_secret },
      });
      assertErrorBody(response, {
        status: 400,
        code: 'IR_09',
        message: 'The client_secret provided does not match the client_secret associated with the Payment',
      });
      const after = await sandbox.request('GET', `/payments/${payment.payment_id}`);
      assert.equal(after.body['status'], 'requires_confirmation');
      assert.equal(after.body['attempt_count'], 0);
    });

    it('a client_secret of another payment → 400 IR_09 on retrieve', async () => {
      const payment = await newPayment();
      const other = await newPayment();
      const response = await sandbox.request('GET', `/payments/${payment.payment_id}`, {
        key: sandbox.publishableKey,
        query: { client_secret: other.client_secret },
      });
      assertErrorBody(response, { status: 400, code: 'IR_09' });
    });

    it('a forged client_secret (right payment id, wrong suffix) → 400 IR_09 on the payment-method list', async () => {
      const payment = await newPayment();
      const response = await sandbox.request('GET', '/account/payment_methods', {
        key: sandbox.publishableKey,
        query: { client_secret: `${payment.payment_id}_secret_${'A'.repeat(20)}` },
      });
      assertErrorBody(response, { status: 400, code: 'IR_09' });
    });

    it('an empty client_secret with the publishable key → 400 IR_04', async () => {
      const payment = await newPayment();
      const response = await sandbox.request('POST', `/payments/${payment.payment_id}/confirm`, {
        key: sandbox.publishableKey,
        body: { ...cardPayment('4242424242424242'), client_secret: '' },
      });
      assertErrorBody(response, MISSING_CLIENT_SECRET);
    });

    it('an expired client_secret (session_expiry: 1) → 400 IR_08 on confirm, retrieve and the payment-method list', async () => {
      const payment = await newPayment({ session_expiry: 1 });
      // the client secret lives one second: the sandbox's clock moves on by 1.2 s
      sandbox.advanceClock(1200);
      const expired: ErrorExpectation = { status: 400, code: 'IR_08', message: 'The provided client_secret has expired' };
      const confirm = await sandbox.request('POST', `/payments/${payment.payment_id}/confirm`, {
        key: sandbox.publishableKey,
        body: { ...cardPayment('4242424242424242'), client_secret: payment.client_secret },
      });
      assertErrorBody(confirm, expired);
      const retrieve = await sandbox.request('GET', `/payments/${payment.payment_id}`, {
        key: sandbox.publishableKey,
        query: { client_secret: payment.client_secret },
      });
      assertErrorBody(retrieve, expired);
      const list = await sandbox.request('GET', '/account/payment_methods', {
        key: sandbox.publishableKey,
        query: { client_secret: payment.client_secret },
      });
      assertErrorBody(list, expired);
      const afterwards = await sandbox.request('GET', `/payments/${payment.payment_id}`);
      assert.equal(afterwards.body['status'], 'requires_confirmation');
    });
  });

  describe('merchant isolation', () => {
    let keysOfB: { secretKey: string; publishableKey: string };
    let paymentOfA: PaymentRef;
    const NOT_FOUND: ErrorExpectation = { status: 404, code: 'HE_02', message: 'Payment does not exist in our records' };

    before(async () => {
      const account = await sandbox.request('POST', '/accounts', {
        key: sandbox.adminKey,
        body: { merchant_id: 'merchant_b', merchant_name: 'Merchant B' },
      });
      assert.equal(account.status, 200, account.text);
      const apiKey = await sandbox.request('POST', '/api_keys/merchant_b', {
        key: sandbox.adminKey,
        body: { name: 'b', expiration: 'never' },
      });
      assert.equal(apiKey.status, 200, apiKey.text);
      keysOfB = { secretKey: String(apiKey.body['api_key']), publishableKey: String(account.body['publishable_key']) };
      paymentOfA = await newPayment();
    });

    it("B's secret key cannot retrieve A's payment → 404 HE_02", async () => {
      const response = await sandbox.request('GET', `/payments/${paymentOfA.payment_id}`, { key: keysOfB.secretKey });
      assertErrorBody(response, NOT_FOUND);
    });

    it("B's secret key cannot confirm, capture or cancel A's payment → 404 HE_02", async () => {
      const confirm = await sandbox.request('POST', `/payments/${paymentOfA.payment_id}/confirm`, {
        key: keysOfB.secretKey,
        body: cardPayment('4242424242424242'),
      });
      assertErrorBody(confirm, NOT_FOUND);
      const capture = await sandbox.request('POST', `/payments/${paymentOfA.payment_id}/capture`, { key: keysOfB.secretKey, body: {} });
      assertErrorBody(capture, NOT_FOUND);
      const cancel = await sandbox.request('POST', `/payments/${paymentOfA.payment_id}/cancel`, { key: keysOfB.secretKey, body: {} });
      assertErrorBody(cancel, NOT_FOUND);
    });

    it("B's publishable key with A's client_secret cannot retrieve, confirm or list for A's payment → 404 HE_02", async () => {
      const retrieve = await sandbox.request('GET', `/payments/${paymentOfA.payment_id}`, {
        key: keysOfB.publishableKey,
        query: { client_secret: paymentOfA.client_secret },
      });
      assertErrorBody(retrieve, NOT_FOUND);
      const confirm = await sandbox.request('POST', `/payments/${paymentOfA.payment_id}/confirm`, {
        key: keysOfB.publishableKey,
        body: { ...cardPayment('4242424242424242'), client_secret: paymentOfA.client_secret },
      });
      assertErrorBody(confirm, NOT_FOUND);
      const list = await sandbox.request('GET', '/account/payment_methods', {
        key: keysOfB.publishableKey,
        query: { client_secret: paymentOfA.client_secret },
      });
      assertErrorBody(list, NOT_FOUND);
    });

    it("A's payment is untouched by B's attempts, and B's keys work on B's own payments", async () => {
      const ofA = await sandbox.request('GET', `/payments/${paymentOfA.payment_id}`);
      assert.equal(ofA.status, 200);
      assert.equal(ofA.body['status'], 'requires_confirmation');
      assert.equal(ofA.body['attempt_count'], 0);

      const created = await sandbox.request('POST', '/payments', { key: keysOfB.secretKey, body: { amount: 500, currency: 'EUR' } });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.body['merchant_id'], 'merchant_b');
      const paymentOfB = asPaymentRef(created.body);
      const confirmed = await sandbox.request('POST', `/payments/${paymentOfB.payment_id}/confirm`, {
        key: keysOfB.publishableKey,
        body: { ...cardPayment('4242424242424242'), client_secret: paymentOfB.client_secret },
      });
      assert.equal(confirmed.status, 200, confirmed.text);
      assert.equal(confirmed.body['status'], 'succeeded');
      // and A's key does not see B's payment either
      const crossed = await sandbox.request('GET', `/payments/${paymentOfB.payment_id}`);
      assertErrorBody(crossed, NOT_FOUND);
    });
  });
});
