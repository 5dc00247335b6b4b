/**
 * The error envelope for bad input (docs/architecture.md "Sandbox wire rules", README "Errors"): every refusal is
 * exactly `{"error":{"type","message","code"}}` with the documented status and code, names the
 * member at fault, and never carries a stack trace or the card number that was sent.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { type ApiResponse, assertApiError, card, cardPayment, type RequestOptions, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;

let sandbox: TestSandbox;

/** Every card number in a request body (any `card_number` member, at any depth). */
function cardNumbersIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(cardNumbersIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, member]) =>
    name === 'card_number' && (typeof member === 'string' || typeof member === 'number') ? [String(member)] : cardNumbersIn(member),
  );
}

/**
 * A request to the sandbox that also checks what must hold for every answer: no stack trace and
 * no card number that the request carried.
 */
async function call(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
  const response = await sandbox.request(method, path, options);
  assert.doesNotMatch(response.text, /\n\s*at\s/, `stack trace in ${response.text.slice(0, 500)}`);
  assert.doesNotMatch(response.text, /\.(?:ts|js|mjs|cjs):\d+:\d+/, 'source position in the body');
  const sent = [...cardNumbersIn(options.body), ...(options.rawBody?.match(/\d{12,19}/g) ?? [])];
  for (const number of sent) assert.ok(!response.text.includes(number), `the card number ${number.slice(-4)} came back in the body`);
  return response;
}


/** One request on a fresh connection that is closed afterwards (`Connection: close`). */
function requestOnOwnConnection(method: string, path: string, rawBody: string, headers: Record<string, string>): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(new URL(path, sandbox.url), { method, headers, agent: false }, (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (text += chunk));
      incoming.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (typeof value === 'string') responseHeaders.set(name, value);
        }
        assert.doesNotMatch(text, /\n\s*at\s/, 'stack trace in the body');
        resolve({ status: incoming.statusCode ?? 0, headers: responseHeaders, text, body: JSON.parse(text) as Record<string, unknown> });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(rawBody);
  });
}

const PAYMENT = { amount: 1000, currency: 'USD' };

const create = (body: unknown) => call('POST', '/payments', { body });

const newPayment = async (extra: Body = {}) => {
  const body = await sandbox.createPayment({ ...PAYMENT, ...extra });
  return { paymentId: String(body['payment_id']), clientSecret: String(body['client_secret']) };
};

/** A confirm from the browser: publishable key plus client secret. */
const clientConfirm = (payment: { paymentId: string; clientSecret: string }, body: Body) =>
  call('POST', `/payments/${payment.paymentId}/confirm`, {
    key: sandbox.publishableKey,
    body: { ...body, client_secret: payment.clientSecret },
  });

const alphanumeric = (length: number) => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[Math.floor(Math.random() * alphabet.length)];
  return out;
};

describe('sandbox error envelope', () => {
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  describe('bodies that are not a JSON object', () => {
    it('malformed JSON → 400 IR_06', async () => {
      const response = await call('POST', '/payments', {
        rawBody: '{"amount": 1000, "currency": "USD",',
        headers: { 'content-type': 'application/json' },
      });
      assertApiError(response, 400, 'IR_06', /^Json deserialize error: /);
    });

    it('an empty body on POST /payments → 400 IR_06', async () => {
      const response = await call('POST', '/payments', { rawBody: '', headers: { 'content-type': 'application/json' } });
      assertApiError(response, 400, 'IR_06', /body is empty/);
    });

    it('a JSON body sent as text/plain → 415 IR_06', async () => {
      const response = await call('POST', '/payments', {
        rawBody: JSON.stringify(PAYMENT),
        headers: { 'content-type': 'text/plain' },
      });
      assertApiError(response, 415, 'IR_06', /Content-Type must be application\/json/);
    });

    it('a JSON body without any content type → 415 IR_06', async () => {
      const response = await call('POST', '/payments', { rawBody: JSON.stringify(PAYMENT) });
      assertApiError(response, 415, 'IR_06');
    });

    for (const [name, rawBody] of [
      ['an array', '[{"amount":1000,"currency":"USD"}]'],
      ['a string', '"amount=1000"'],
      ['a number', '1000'],
      ['null', 'null'],
    ] as const) {
      it(`${name} as body → 400 IR_06`, async () => {
        const response = await call('POST', '/payments', { rawBody, headers: { 'content-type': 'application/json' } });
        assertApiError(response, 400, 'IR_06', /must be a JSON object/);
      });
    }

    it('a body over 1 MB → 413 IR_06', async () => {
      const rawBody = JSON.stringify({ ...PAYMENT, description: 'a'.repeat(1024 * 1024) });
      // On a connection of its own: the server closes a keep-alive connection whose large body it
      // did not read about 500 ms after answering, which would break the next test's request.
      const response = await requestOnOwnConnection('POST', '/payments', rawBody, {
        'api-key': sandbox.secretKey,
        'content-type': 'application/json',
      });
      assertApiError(response, 413, 'IR_06', /larger than the limit/);
    });
  });

  describe('unknown members', () => {
    it('an unknown top-level member on create → 400 IR_06 naming it', async () => {
      const response = await create({ ...PAYMENT, surprise_member: true });
      assertApiError(response, 400, 'IR_06', /surprise_member/);
    });

    it('an unknown nested member (payment_method_data.card.foo) on create → 400 IR_06 naming the path', async () => {
      const body = { ...PAYMENT, confirm: true, payment_method: 'card', payment_method_data: { card: { ...card('4242424242424242'), foo: 'x' } } };
      const response = await create(body);
      assertApiError(response, 400, 'IR_06', /payment_method_data\.card\.foo/);
    });

    it('an unknown nested member on a client confirm → 400 IR_06 naming the path, and the payment stays confirmable', async () => {
      const payment = await newPayment();
      const response = await clientConfirm(payment, {
        payment_method: 'card',
        payment_method_data: { card: { ...card('4242424242424242'), foo: 'x' } },
      });
      assertApiError(response, 400, 'IR_06', /payment_method_data\.card\.foo/);
      const good = await clientConfirm(payment, cardPayment('4242424242424242'));
      assert.equal(good.status, 200, good.text);
      assert.equal(good.body['status'], 'succeeded');
    });

    it('an unknown query parameter on GET /payments/{id} → 400 IR_06 naming it', async () => {
      const payment = await newPayment();
      const response = await call('GET', `/payments/${payment.paymentId}`, { query: { colour: 'blue' } });
      assertApiError(response, 400, 'IR_06', /colour/);
    });
  });

  describe('payment create members', () => {
    it('missing amount → 400 IR_04 naming it', async () => {
      assertApiError(await create({ currency: 'USD' }), 400, 'IR_04', 'Missing required param: amount');
    });

    it('missing currency → 400 IR_04 naming it', async () => {
      assertApiError(await create({ amount: 1000 }), 400, 'IR_04', 'Missing required param: currency');
    });

    it('an order_details item without product_name, quantity or amount → 400 IR_06, serde\'s "missing field" (upstream\'s OrderDetailsWithAmount requires them)', async () => {
      const item = { product_name: 'Socks', quantity: 1, amount: 1000 };
      for (const member of ['product_name', 'quantity', 'amount'] as const) {
        const { [member]: _left, ...rest } = item;
        const response = await create({ ...PAYMENT, order_details: [item, rest] });
        assertApiError(response, 400, 'IR_06', `Json deserialize error: missing field \`${member}\``);
        assert.equal((response.body['error'] as Body)['error_type'], 'invalid_request', 'the deserialize envelope names error_type');
      }
    });

    it('a return_url that is no URL → 400 IR_06 in serde\'s words, the value and where it ended (upstream\'s Option<Url>); a non-http one stays 422', async () => {
      const compact = JSON.stringify({ ...PAYMENT, return_url: 'not_a_valid_url' });
      const column = compact.lastIndexOf('"') + 1;
      const refused = await call('POST', '/payments', { rawBody: compact, headers: { 'content-type': 'application/json' } });
      assertApiError(refused, 400, 'IR_06', `Json deserialize error: relative URL without a base: "not_a_valid_url" at line 1 column ${column}`);
      assert.equal((refused.body['error'] as Body)['error_type'], 'invalid_request');
      // pretty-printed: line and column of the value's closing quote
      const pretty = '{\n  "amount": 1000,\n  "currency": "USD",\n  "return_url": "http://"\n}';
      assertApiError(await call('POST', '/payments', { rawBody: pretty, headers: { 'content-type': 'application/json' } }), 400, 'IR_06', 'Json deserialize error: empty host: "http://" at line 4 column 25');
      assertApiError(await create({ ...PAYMENT, return_url: 'https://shop.example:99999/back' }), 400, 'IR_06', /invalid port number: "https:\/\/shop\.example:99999\/back" at line 1 column \d+$/);
      // a URL, but not one the customer's browser may be sent to
      assertApiError(await create({ ...PAYMENT, return_url: 'javascript:alert(1)' }), 422, 'IR_06', 'return_url is not a valid url');
      // a value that could be a card number is not repeated
      const card = await create({ ...PAYMENT, return_url: '4242424242424242' });
      assertApiError(card, 400, 'IR_06', /relative URL without a base: the value sent at line 1 column \d+$/);
    });

    it('a customer id or an email the customer endpoints refuse is refused on a payment too (422 IR_06), and no customer is made', async () => {
      for (const [body, message] of [
        [{ customer_id: '../../x' }, 'customer_id is not a valid value'],
        [{ customer_id: 'cus\nx' }, 'customer_id is not a valid value'],
        [{ customer: { id: '<img src=x>' } }, 'customer.id is not a valid value'],
        [{ customer_id: 'cus_mail_1', email: 'not an email\r\nBcc: x@y.example' }, 'email is not a valid email'],
        [{ customer: { id: 'cus_mail_2', email: 'jane@example' } }, 'customer.email is not a valid email'],
        [{ billing: { email: 'jürgen@example.de' } }, 'billing.email is not a valid email'],
      ] as const) {
        assertApiError(await create({ ...PAYMENT, ...body }), 422, 'IR_06', message);
      }
      for (const id of ['../../x', 'cus_mail_1', 'cus_mail_2']) assert.equal((await call('GET', `/customers/${encodeURIComponent(id)}`)).status, 404, id);
      // what upstream's own clients send is taken
      assert.equal((await create({ ...PAYMENT, customer_id: 'StripeCustomer-1_x', email: "o'brien+shop@mail.example.co.uk" })).status, 200);
    });

    it('amount -1 → 422 IR_06', async () => {
      assertApiError(await create({ ...PAYMENT, amount: -1 }), 422, 'IR_06', /amount/);
    });

    for (const amount of [1.5, '100']) {
      it(`amount ${JSON.stringify(amount)} → 400 IR_06`, async () => {
        assertApiError(await create({ ...PAYMENT, amount }), 400, 'IR_06', /amount/);
      });
    }

    for (const currency of ['usd', 'XXX']) {
      it(`currency "${currency}" → 400 IR_06`, async () => {
        // serde's wording, as upstream (Cypress Commons.js:1139): the variant sent and the accepted ones
        assertApiError(await create({ ...PAYMENT, currency }), 400, 'IR_06', new RegExp(`^Json deserialize error: unknown variant \`${currency}\`, expected one of \`AED\`, `));
      });
    }

    for (const length of [29, 31]) {
      it(`a payment_id of ${length} characters → 422 IR_06`, async () => {
        const paymentId = `pay_${alphanumeric(length - 4)}`;
        assertApiError(await create({ ...PAYMENT, payment_id: paymentId }), 422, 'IR_06', /payment_id/);
      });
    }

    it('a payment_id of exactly 30 characters is used; the same one again → 400 HE_01', async () => {
      const paymentId = `pay_${alphanumeric(26)}`;
      const first = await create({ ...PAYMENT, payment_id: paymentId });
      assert.equal(first.status, 200, first.text);
      assert.equal(first.body['payment_id'], paymentId);
      const second = await create({ ...PAYMENT, payment_id: paymentId });
      assertApiError(second, 400, 'HE_01', /already exists/);
    });

    it('amount_to_capture above amount → 400 IR_05', async () => {
      // upstream: Cypress Commons.js:1224 InvalidAmountToCapture
      assertApiError(
        await create({ ...PAYMENT, amount_to_capture: 1001 }),
        400,
        'IR_05',
        'amount_to_capture contains invalid data. Expected format is amount_to_capture lesser than amount',
      );
    });

    it('metadata at its limits (50 keys, 40-character key, 500-character value) is accepted', async () => {
      const metadata: Record<string, string> = {};
      for (let i = 0; i < 49; i += 1) metadata[`key_${i}`] = 'v';
      metadata['k'.repeat(40)] = 'v'.repeat(500);
      const response = await create({ ...PAYMENT, metadata });
      assert.equal(response.status, 200, response.text);
    });

    it('metadata with 51 keys → 422 IR_06', async () => {
      const metadata = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`key_${i}`, 'v']));
      assertApiError(await create({ ...PAYMENT, metadata }), 422, 'IR_06', /metadata/);
    });

    it('a metadata key of 41 characters → 422 IR_06', async () => {
      assertApiError(await create({ ...PAYMENT, metadata: { ['k'.repeat(41)]: 'v' } }), 422, 'IR_06', /metadata/);
    });

    it('a metadata value of 501 characters → 422 IR_06', async () => {
      assertApiError(await create({ ...PAYMENT, metadata: { note: 'v'.repeat(501) } }), 422, 'IR_06', /metadata/);
    });

    it('a statement_descriptor_name of 22 characters with letters is accepted', async () => {
      const response = await create({ ...PAYMENT, statement_descriptor_name: 'Tender Shop 1234567890' });
      assert.equal(response.status, 200, response.text);
    });

    it('a statement_descriptor_name without a letter → 422 IR_06', async () => {
      assertApiError(await create({ ...PAYMENT, statement_descriptor_name: '1234 5678' }), 422, 'IR_06', /statement_descriptor_name/);
    });

    it('a statement_descriptor_name over 22 characters → 422 IR_06', async () => {
      assertApiError(await create({ ...PAYMENT, statement_descriptor_name: 'A'.repeat(23) }), 422, 'IR_06', /statement_descriptor_name/);
    });

    it('off_session without confirm → 422 IR_06', async () => {
      assertApiError(await create({ ...PAYMENT, off_session: true }), 422, 'IR_06', /off_session/);
    });

    it('mandate_id without off_session → 422 IR_06', async () => {
      assertApiError(await create({ ...PAYMENT, mandate_id: `man_${alphanumeric(20)}` }), 422, 'IR_06', /off_session/);
    });
  });

  describe('routes and methods', () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['GET', '/'],
      ['POST', '/payments/pay_x/refund_me'],
      ['GET', '/v2/payments'],
    ] as const) {
      it(`${method} ${path} → 404 IR_02`, async () => {
        assertApiError(await call(method, path), 404, 'IR_02', 'Unrecognized request URL');
      });
    }

    for (const [method, path] of [
      ['DELETE', '/payments'],
      ['GET', '/payments'],
      ['PUT', '/payments/pay_x/confirm'],
      ['GET', '/payments/pay_x/confirm'],
      ['DELETE', '/payments/pay_x'],
      ['PATCH', '/accounts'],
    ] as const) {
      it(`${method} ${path} → 405 IR_03`, async () => {
        assertApiError(await call(method, path), 405, 'IR_03', 'The HTTP method is not applicable for this API');
      });
    }
  });

  describe('state', () => {
    it('confirming a succeeded payment → 400 IR_16', async () => {
      const payment = await newPayment();
      const first = await clientConfirm(payment, cardPayment('4242424242424242'));
      assert.equal(first.body['status'], 'succeeded', first.text);
      const again = await clientConfirm(payment, cardPayment('4242424242424242'));
      assertApiError(again, 400, 'IR_16', 'You cannot confirm this payment because it has status succeeded');
    });

    it('an unknown payment id → 404 HE_02', async () => {
      const response = await call('GET', `/payments/pay_${alphanumeric(26)}`);
      assertApiError(response, 404, 'HE_02', 'Payment does not exist in our records');
    });
  });

  describe('card validation on confirm', () => {
    const year = new Date().getUTCFullYear();
    const badCards: [string, Body, string, RegExp][] = [
      ['a number failing the Luhn check (4242424242424241)', card('4242424242424241'), 'IR_06', /invalid card number/i],
      ['a 2-digit CVC', card('4242424242424242', '12'), 'IR_16', /^Invalid card_cvc length$/],
      ['a 5-digit CVC on an Amex card', card('378282246310005', '12345'), 'IR_16', /^Invalid card_cvc length$/],
      ['a CVC with a letter', card('4242424242424242', '12a'), 'IR_16', /^Invalid card_cvc length$/],
      ['expiry month 13', { ...card('4242424242424242'), card_exp_month: '13' }, 'IR_16', /expiry month/i],
      // upstream: a past year is "Invalid Expiry Year" (Cypress Commons.js:1085); "Card Expired" is a passed month of this year
      ['an expired year', { ...card('4242424242424242'), card_exp_month: '12', card_exp_year: String(year - 1) }, 'IR_16', /^Invalid Expiry Year$/],
      ...(new Date().getUTCMonth() > 0
        ? [['a passed month of this year', { ...card('4242424242424242'), card_exp_month: '01', card_exp_year: String(year) }, 'IR_16', /^Card Expired$/] as [string, Body, string, RegExp]]
        : []),
      // upstream checks the CVC length before the expiry (Cypress Commons.js:1112)
      ['a 6-digit CVC on an expired card', { ...card('4242424242424242', '123456'), card_exp_year: String(year - 1) }, 'IR_16', /^Invalid card_cvc length$/],
      ['a card number with dashes', card('4242-4242-4242-4242'), 'IR_06', /card number/i],
      ['a card number of 20 digits', card('42424242424242424242'), 'IR_06', /card number/i],
    ];

    it('each bad card → 400 with a clear message, and the payment stays confirmable', async () => {
      const payment = await newPayment();
      for (const [name, badCard, code, message] of badCards) {
        const response = await clientConfirm(payment, { payment_method: 'card', payment_method_data: { card: badCard } });
        assert.equal(response.status, 400, `${name}: ${response.text}`);
        assertApiError(response, 400, code, message);
        const state = await call('GET', `/payments/${payment.paymentId}`);
        assert.equal(state.body['status'], 'requires_confirmation', `${name}: the payment moved to ${String(state.body['status'])}`);
      }
      const good = await clientConfirm(payment, cardPayment('4242424242424242'));
      assert.equal(good.status, 200, good.text);
      assert.equal(good.body['status'], 'succeeded');
      assert.equal(good.body['attempt_count'], 1);
    });

    it('takes any 3 or 4 digits as the CVC whatever the network, as upstream (an Amex card with 737, a Visa with 4 digits)', async () => {
      for (const [number, cvc] of [['378282246310005', '737'], ['4242424242424242', '1234']] as const) {
        const paid = await clientConfirm(await newPayment(), { payment_method: 'card', payment_method_data: { card: card(number, cvc) } });
        assert.equal(paid.status, 200, `${number}/${cvc}: ${paid.text}`);
        assert.equal(paid.body['status'], 'succeeded');
      }
    });

    it('a card number sent as a JSON number → 400 IR_06 without echoing it', async () => {
      const payment = await newPayment();
      const response = await clientConfirm(payment, {
        payment_method: 'card',
        payment_method_data: { card: { ...card('4242424242424242'), card_number: 4242424242424242 } },
      });
      assertApiError(response, 400, 'IR_06', /card_number/);
    });
  });

  describe('internal errors', () => {
    it('an unexpected failure → 500 HE_00 of type api, with neither the stack nor the error message', async () => {
      const payment = await newPayment();
      const original = sandbox.payments.retrieve;
      // the sandbox cannot be driven into a 500 through its API: make the domain throw
      sandbox.payments.retrieve = () => {
        throw new Error('database exploded while reading 4111111111111111');
      };
      try {
        const response = await call('GET', `/payments/${payment.paymentId}`);
        assertApiError(response, 500, 'HE_00', 'Something went wrong');
        assert.deepEqual(response.body, { error: { type: 'api', message: 'Something went wrong', code: 'HE_00' } });
        assert.ok(!response.text.includes('exploded'));
        assert.ok(!response.text.includes('4111111111111111'));
      } finally {
        sandbox.payments.retrieve = original;
      }
      const recovered = await call('GET', `/payments/${payment.paymentId}`);
      assert.equal(recovered.status, 200);
    });
  });

  describe('CORS', () => {
    it('answers a preflight for a client confirm with 204 and allows any origin and the SDK headers', async () => {
      const response = await call('OPTIONS', '/payments/pay_x/confirm', {
        key: null,
        headers: {
          origin: 'https://shop.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'api-key, content-type, x-client-version',
        },
      });
      assert.equal(response.status, 204);
      assert.equal(response.text, '');
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      const allowedHeaders = (response.headers.get('access-control-allow-headers') ?? '')
        .split(',')
        .map((header) => header.trim().toLowerCase());
      for (const header of ['api-key', 'content-type', 'x-client-version']) {
        assert.ok(allowedHeaders.includes(header), `${header} not in ${allowedHeaders.join(',')}`);
      }
      const allowedMethods = (response.headers.get('access-control-allow-methods') ?? '').split(',').map((m) => m.trim());
      assert.ok(allowedMethods.includes('POST'), allowedMethods.join(','));
      // only the methods a browser uses on that route
      assert.ok(!allowedMethods.includes('GET') && !allowedMethods.includes('DELETE'), allowedMethods.join(','));
    });

    it('a normal response carries access-control-allow-origin', async () => {
      const payment = await newPayment();
      const response = await call('GET', `/payments/${payment.paymentId}`, {
        key: sandbox.publishableKey,
        query: { client_secret: payment.clientSecret },
        headers: { origin: 'https://shop.example' },
      });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
    });

    it('an error response carries access-control-allow-origin too, so the browser can read the envelope', async () => {
      const response = await call('POST', '/payments/pay_x/confirm', {
        key: sandbox.publishableKey,
        body: cardPayment('4242424242424242'),
        headers: { origin: 'https://shop.example' },
      });
      assertApiError(response, 400, 'IR_04', 'Missing required param: client_secret');
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
    });
  });
});
