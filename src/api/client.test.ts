import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type Sandbox } from '../../sandbox/server.js';
import { answerChallenge } from '../../sandbox/test/helpers.js';
import {
  createClient,
  type CardInput,
  type ClientError,
  type ClientOptions,
  type ConfirmResult,
  type FetchLike,
  type PaymentResponse,
} from './client.js';

const YEAR = new Date().getUTCFullYear() + 3;
const CVC = '737';
const RETURN_URL = 'https://merchant.example/checkout?order=7';
const FAST_RETRIES = { retries: 3, baseDelayMs: 1, maxDelayMs: 4 };

const card = (number: string, cvc = CVC): CardInput => ({ number, expiryMonth: 12, expiryYear: YEAR, cvc, holderName: 'Ada Lovelace' });

/** Nothing in a result (error values above all) carries the card number or the CVC. */
function assertNoCardData(result: unknown, used: CardInput): void {
  const text = JSON.stringify(result);
  const digits = used.number.replace(/\D/g, '');
  assert.ok(!text.includes(digits), 'the card number leaked into the result');
  assert.ok(!text.includes(used.number), 'the card number leaked into the result');
  assert.ok(!text.includes('card_cvc'), 'a CVC member leaked into the result');
  const visit = (value: unknown, inError: boolean): void => {
    if (typeof value === 'string') {
      assert.notEqual(value, used.cvc, 'the CVC leaked into the result');
      if (inError) assert.ok(!value.includes(used.cvc), 'the CVC leaked into an error value');
    } else if (value && typeof value === 'object') {
      for (const [key, member] of Object.entries(value)) visit(member, inError || key === 'error');
    }
  };
  visit(result, false);
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

type Step = (url: string, init: RequestInit) => Response | Promise<Response>;

/** A fetch stand-in for faults the sandbox cannot produce: plays `steps` in order (the last repeats). */
function scripted(...steps: Step[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    const step = steps[Math.min(calls.length, steps.length) - 1] as Step;
    return step(url, init);
  };
  return { fetch, calls };
}

const networkDown: FetchLike = () => Promise.reject(new TypeError('fetch failed: connect ECONNREFUSED 127.0.0.1'));
const hang: FetchLike = () => new Promise<Response>(() => {});
const realFetch: FetchLike = (url, init) => fetch(url, init);

const FAKE_ID = 'pay_FakeFakeFakeFakeFake0';
const FAKE_SECRET = `${FAKE_ID}_secret_AbCdEfGhIjKlMnOpQrSt`;
const fakePayment = (extra: Record<string, unknown> = {}) => ({
  payment_id: FAKE_ID,
  merchant_id: 'demo_merchant',
  status: 'succeeded',
  amount: 1099,
  net_amount: 1099,
  amount_capturable: 0,
  currency: 'USD',
  attempt_count: 1,
  ...extra,
});
const fakeClient = (fetch: FetchLike, options: Partial<ClientOptions> = {}) =>
  createClient({ publishableKey: 'pk_snd_0123456789abcdef0123456789abcdef', baseUrl: 'https://api.example', fetch, retries: FAST_RETRIES, ...options });

function expectError(result: { ok: boolean; error?: ClientError }, type: ClientError['type'], code?: string): ClientError {
  assert.equal(result.ok, false, `expected an error value, got ${JSON.stringify(result).slice(0, 200)}`);
  const error = result.error as ClientError;
  assert.equal(error.type, type);
  if (code !== undefined) assert.equal(error.code, code);
  assert.equal(typeof error.message, 'string');
  return error;
}

function expectPayment(result: ConfirmResult | { ok: boolean; payment?: PaymentResponse; error?: ClientError }): PaymentResponse {
  assert.equal(result.ok, true, `expected a payment, got ${JSON.stringify(result).slice(0, 300)}`);
  return result.payment as PaymentResponse;
}

describe('createClient against the sandbox', () => {
  let sandbox: Sandbox;
  let secretKey: string;
  before(async () => {
    sandbox = await startSandbox({ port: 0, dbPath: ':memory:', log: null });
    secretKey = sandbox.demo.secretKey as string;
  });
  after(() => sandbox.close());

  const createPayment = async (extra: Record<string, unknown> = {}) => {
    const response = await fetch(`${sandbox.url}/payments`, {
      method: 'POST',
      headers: { 'api-key': secretKey, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 1099, currency: 'USD', ...extra }),
    });
    assert.equal(response.status, 200);
    return (await response.json()) as { payment_id: string; client_secret: string; status: string };
  };
  const client = (options: Partial<ClientOptions> = {}) =>
    createClient({ publishableKey: sandbox.demo.publishableKey, baseUrl: sandbox.url, retries: FAST_RETRIES, ...options });

  /** Wraps the real fetch to see what the client sends. */
  const spy = () => {
    const calls: { url: string; method: string; headers: Record<string, string>; body: string | undefined }[] = [];
    const fetch: FetchLike = (url, init) => {
      calls.push({ url, method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string>) }, body: init.body as string | undefined });
      return realFetch(url, init);
    };
    return { fetch, calls };
  };

  describe('confirmCardPayment', () => {
    it('confirms 4242 4242 4242 4242 to succeeded, sending the documented body', async () => {
      const payment = await createPayment({ return_url: 'https://merchant.example/other' });
      const { fetch, calls } = spy();
      const used: CardInput = { number: '4242 4242-4242 4242', expiryMonth: '4', expiryYear: String(YEAR % 100), cvc: CVC, holderName: ' Ada Lovelace ' };
      const result = await client({ fetch }).confirmCardPayment(payment.client_secret, used, { returnUrl: RETURN_URL });

      const confirmed = expectPayment(result);
      assert.equal(confirmed.status, 'succeeded');
      assert.equal(confirmed.payment_id, payment.payment_id);
      assert.equal(result.ok && result.reconciled, false);
      assert.equal(calls.length, 1);
      const [call] = calls;
      assert.equal(call?.method, 'POST');
      assert.equal(call?.url, `${sandbox.url}/payments/${payment.payment_id}/confirm`);
      assert.deepEqual(call?.headers, { 'api-key': sandbox.demo.publishableKey, 'content-type': 'application/json' });
      assert.deepEqual(JSON.parse(call?.body ?? ''), {
        client_secret: payment.client_secret,
        payment_method: 'card',
        payment_method_data: {
          card: {
            card_number: '4242424242424242',
            card_exp_month: '04',
            card_exp_year: String(YEAR),
            card_cvc: CVC,
            card_holder_name: 'Ada Lovelace',
            card_network: 'Visa',
          },
        },
        return_url: RETURN_URL,
      });
      assertNoCardData(result, used);
    });

    it('sends the card network of the detected brand and the given browser_info', async () => {
      const payment = await createPayment();
      const { fetch, calls } = spy();
      const browserInfo = { user_agent: 'test', language: 'en-GB', java_enabled: false, java_script_enabled: true, time_zone: -60 };
      const amex = { number: '3782 822463 10005', expiryMonth: 12, expiryYear: YEAR, cvc: '7373' };
      const result = await client({ fetch }).confirmCardPayment(payment.client_secret, amex, { returnUrl: RETURN_URL, browserInfo });
      assert.equal(expectPayment(result).status, 'succeeded');
      const body = JSON.parse(calls[0]?.body ?? '') as { payment_method_data: { card: Record<string, unknown> }; browser_info: unknown };
      assert.equal(body.payment_method_data.card['card_network'], 'AmericanExpress');
      assert.equal('card_holder_name' in body.payment_method_data.card, false);
      assert.deepEqual(body.browser_info, browserInfo);
      assertNoCardData(result, amex);
    });

    it('sends card_network only as a value of the real CardNetwork enum: an Elo card sends null', async () => {
      const payment = await createPayment();
      const { fetch, calls } = spy();
      const elo = { number: '6362 9700 0045 7013', expiryMonth: 12, expiryYear: YEAR, cvc: '123' };
      await client({ fetch }).confirmCardPayment(payment.client_secret, elo, { returnUrl: RETURN_URL });
      const body = JSON.parse(calls[0]?.body ?? '') as { payment_method_data: { card: Record<string, unknown> } };
      assert.equal(body.payment_method_data.card['card_network'], null);
    });

    it('collects browser_info when it runs in a browser', async () => {
      const payment = await createPayment();
      const { fetch, calls } = spy();
      const names = ['window', 'navigator', 'screen'] as const;
      const saved = names.map((name) => Object.getOwnPropertyDescriptor(globalThis, name));
      const fakes = {
        window: {},
        navigator: { userAgent: 'Mozilla/5.0 (test)', language: 'fr-FR' },
        screen: { colorDepth: 24, height: 900, width: 1440 },
      };
      for (const name of names) Object.defineProperty(globalThis, name, { value: fakes[name], configurable: true, writable: true });
      try {
        await client({ fetch }).confirmCardPayment(payment.client_secret, card('4242424242424242'), { returnUrl: RETURN_URL });
      } finally {
        names.forEach((name, index) => {
          const descriptor = saved[index];
          if (descriptor) Object.defineProperty(globalThis, name, descriptor);
          else delete (globalThis as Record<string, unknown>)[name];
        });
      }
      const body = JSON.parse(calls[0]?.body ?? '') as { browser_info: Record<string, unknown> };
      assert.deepEqual(body.browser_info, {
        user_agent: 'Mozilla/5.0 (test)',
        accept_header: body.browser_info['accept_header'],
        language: 'fr-FR',
        color_depth: 24,
        screen_height: 900,
        screen_width: 1440,
        time_zone: new Date().getTimezoneOffset(),
        java_enabled: false,
        java_script_enabled: true,
      });
      assert.match(String(body.browser_info['accept_header']), /text\/html/);
    });

    it('leaves browser_info out in Node', async () => {
      const payment = await createPayment();
      const { fetch, calls } = spy();
      await client({ fetch }).confirmCardPayment(payment.client_secret, card('4242424242424242'), { returnUrl: RETURN_URL });
      assert.equal('browser_info' in JSON.parse(calls[0]?.body ?? ''), false);
    });

    it('reports a declined card as an outcome, then confirms the same payment with another card', async () => {
      const payment = await createPayment();
      const tender = client();
      const declinedCard = card('4000 0000 0000 0002');
      const declined = await tender.confirmCardPayment(payment.client_secret, declinedCard, { returnUrl: RETURN_URL });
      const failed = expectPayment(declined);
      assert.equal(failed.status, 'failed');
      assert.equal(failed.error_code, 'card_declined');
      assert.equal(failed.manual_retry_allowed, true);
      assertNoCardData(declined, declinedCard);

      const retried = await tender.confirmCardPayment(payment.client_secret, card('5555555555554444'), { returnUrl: RETURN_URL });
      const succeeded = expectPayment(retried);
      assert.equal(succeeded.status, 'succeeded');
      assert.equal(succeeded.attempt_count, 2);
    });

    it('leaves a manual-capture payment requires_capture', async () => {
      const payment = await createPayment({ capture_method: 'manual' });
      const result = await client().confirmCardPayment(payment.client_secret, card('4242424242424242'), { returnUrl: RETURN_URL });
      assert.equal(expectPayment(result).status, 'requires_capture');
    });

    it('reports processing for 4000 0000 0000 4012', async () => {
      const payment = await createPayment();
      const tender = client();
      const result = await tender.confirmCardPayment(payment.client_secret, card('4000000000004012'), { returnUrl: RETURN_URL });
      assert.equal(expectPayment(result).status, 'processing');
      assert.equal(expectPayment(await tender.retrievePayment(payment.client_secret)).status, 'processing');
    });

    it('refuses to confirm a payment that is already final (IR_16), without retrying', async () => {
      const payment = await createPayment();
      const { fetch, calls } = spy();
      const tender = client({ fetch });
      expectPayment(await tender.confirmCardPayment(payment.client_secret, card('4242424242424242'), { returnUrl: RETURN_URL }));
      const again = await tender.confirmCardPayment(payment.client_secret, card('4111111111111111'), { returnUrl: RETURN_URL });
      const error = expectError(again, 'api', 'IR_16');
      assert.equal(error.status, 400);
      assert.equal(error.apiErrorType, 'invalid_request');
      assert.equal(error.outcomeUnknown, undefined);
      assert.equal(calls.length, 2, 'no reconciling retrieve after a refusal');
      assertNoCardData(again, card('4111111111111111'));
    });

    it('reports an expired client secret (IR_08)', async () => {
      const payment = await createPayment({ session_expiry: 1 });
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const tender = client();
      const confirm = await tender.confirmCardPayment(payment.client_secret, card('4242424242424242'), { returnUrl: RETURN_URL });
      assert.equal(expectError(confirm, 'api', 'IR_08').status, 400);
      expectError(await tender.retrievePayment(payment.client_secret), 'api', 'IR_08');
    });

    it('reports a client secret of another payment (IR_09)', async () => {
      const payment = await createPayment();
      const forged = `${payment.payment_id}_secret_${'x'.repeat(20)}`;
      const tender = client();
      expectError(await tender.confirmCardPayment(forged, card('4242424242424242'), { returnUrl: RETURN_URL }), 'api', 'IR_09');
      expectError(await tender.retrievePayment(forged), 'api', 'IR_09');
      expectError(await tender.listPaymentMethods(forged), 'api', 'IR_09');
    });

    it('reports an unknown publishable key (IR_01, 401) and does not retry it', async () => {
      const payment = await createPayment();
      const { fetch, calls } = spy();
      const tender = client({ fetch, publishableKey: `pk_snd_${'0'.repeat(32)}` });
      const result = await tender.retrievePayment(payment.client_secret);
      assert.equal(expectError(result, 'api', 'IR_01').status, 401);
      assert.equal(calls.length, 1);
      expectError(await tender.confirmCardPayment(payment.client_secret, card('4242424242424242'), { returnUrl: RETURN_URL }), 'api', 'IR_01');
    });
  });

  describe('3-D Secure and the return URL', () => {
    it('confirms a challenge card, completes the test page and reads the outcome from the return URL', async () => {
      const payment = await createPayment();
      const tender = client();
      const result = await tender.confirmCardPayment(payment.client_secret, card('4000 0038 0000 0446'), { returnUrl: RETURN_URL });
      const pending = expectPayment(result);
      assert.equal(pending.status, 'requires_customer_action');
      const nextAction = pending.next_action as { type: string; redirect_to_url: string };
      assert.equal(nextAction.type, 'redirect_to_url');
      assert.ok(nextAction.redirect_to_url.startsWith(`${sandbox.url}/payments/redirect/${payment.payment_id}/`));

      const answer = await answerChallenge(nextAction.redirect_to_url, 'complete');
      assert.equal(answer.status, 302);
      const location = answer.headers.get('location') ?? '';
      assert.ok(location.startsWith('https://merchant.example/checkout?order=7&'));

      const back = await tender.paymentFromReturnUrl(location);
      assert.ok(back);
      assert.equal(back.clientSecret, payment.client_secret);
      assert.equal(expectPayment(back).status, 'succeeded');
      assert.equal(expectPayment(back).next_action, null);
    });

    it('never trusts the status in the query', async () => {
      const payment = await createPayment();
      const url = new URL(RETURN_URL);
      url.searchParams.set('status', 'succeeded');
      url.searchParams.set('payment_id', payment.payment_id);
      url.searchParams.set('payment_intent_client_secret', payment.client_secret);
      const back = await client().paymentFromReturnUrl(url);
      assert.ok(back);
      assert.equal(expectPayment(back).status, 'requires_confirmation');
    });

    it('reads a bare query string', async () => {
      const payment = await createPayment();
      const back = await client().paymentFromReturnUrl(
        `?payment_intent_client_secret=${encodeURIComponent(payment.client_secret)}&payment_id=${payment.payment_id}&status=failed`,
      );
      assert.equal(back && expectPayment(back).payment_id, payment.payment_id);
    });
  });

  describe('retrievePayment and listPaymentMethods', () => {
    it('retrieves with the publishable key and the client secret in the query', async () => {
      const payment = await createPayment();
      const { fetch, calls } = spy();
      const result = await client({ fetch, baseUrl: `${sandbox.url}/` }).retrievePayment(payment.client_secret);
      assert.equal(expectPayment(result).status, 'requires_confirmation');
      assert.equal(calls[0]?.method, 'GET');
      assert.equal(calls[0]?.url, `${sandbox.url}/payments/${payment.payment_id}?client_secret=${payment.client_secret}`);
      assert.deepEqual(calls[0]?.headers, { 'api-key': sandbox.demo.publishableKey });
    });

    it('reports an unknown payment as HE_02', async () => {
      const result = await client().retrievePayment(`pay_${'N'.repeat(26)}_secret_${'s'.repeat(20)}`);
      assert.equal(expectError(result, 'api', 'HE_02').status, 404);
    });

    it('lists the payment methods of a payment', async () => {
      const payment = await createPayment();
      const result = await client().listPaymentMethods(payment.client_secret);
      assert.equal(result.ok, true);
      assert.ok(result.ok);
      const cards = result.paymentMethods.payment_methods.find((group) => group.payment_method === 'card');
      const networks = cards?.payment_method_types[0]?.card_networks?.map((entry) => entry.card_network) ?? [];
      assert.ok(networks.includes('Visa'));
      assert.equal(result.paymentMethods.currency, 'USD');
    });
  });

  describe('reconciling a confirm whose answer was lost', () => {
    /** Forwards the confirm to the sandbox, lets it finish, then loses the answer. */
    const loseConfirmAnswer = (lost: (response: Response) => Response | Promise<Response>) => {
      const calls: string[] = [];
      const fetch: FetchLike = async (url, init) => {
        calls.push(init.method ?? 'GET');
        const response = await realFetch(url, init);
        if (init.method !== 'POST') return response;
        return lost(response);
      };
      return { fetch, calls };
    };

    it('retrieves the payment after a network error and reports it succeeded, reconciled', async () => {
      const payment = await createPayment();
      const { fetch, calls } = loseConfirmAnswer(async (response) => {
        await response.text();
        throw new TypeError('fetch failed: socket hang up');
      });
      const used = card('4242424242424242');
      const result = await client({ fetch }).confirmCardPayment(payment.client_secret, used, { returnUrl: RETURN_URL });
      assert.equal(expectPayment(result).status, 'succeeded');
      assert.equal(result.ok && result.reconciled, true);
      assert.deepEqual(calls, ['POST', 'GET'], 'the confirm is never retried');
      assertNoCardData(result, used);
    });

    it('reports a decline whose answer was lost as the decline (a new attempt)', async () => {
      const payment = await createPayment();
      const { fetch } = loseConfirmAnswer(async (response) => {
        await response.text();
        throw new TypeError('fetch failed');
      });
      const tender = client({ fetch });
      expectPayment(await tender.retrievePayment(payment.client_secret));
      const result = await tender.confirmCardPayment(payment.client_secret, card('4000000000000002'), { returnUrl: RETURN_URL });
      const failed = expectPayment(result);
      assert.equal(failed.status, 'failed');
      assert.equal(failed.error_code, 'card_declined');
      assert.equal(result.ok && result.reconciled, true);
    });

    it('reconciles a 502 without an envelope and an unreadable 200 body', async () => {
      for (const lost of [() => new Response('<html>Bad gateway</html>', { status: 502 }), () => new Response('{"status":', { status: 200 })]) {
        const payment = await createPayment();
        const { fetch, calls } = loseConfirmAnswer(async (response) => {
          await response.text();
          return lost();
        });
        const result = await client({ fetch }).confirmCardPayment(payment.client_secret, card('4242424242424242'), { returnUrl: RETURN_URL });
        assert.equal(expectPayment(result).status, 'succeeded');
        assert.equal(result.ok && result.reconciled, true);
        assert.deepEqual(calls, ['POST', 'GET']);
      }
    });

    it('says the confirm did not go through when it never reached the server', async () => {
      const payment = await createPayment();
      const calls: string[] = [];
      const fetch: FetchLike = (url, init) => {
        calls.push(init.method ?? 'GET');
        return init.method === 'POST' ? networkDown(url, init) : realFetch(url, init);
      };
      const used = card('4242424242424242');
      const result = await client({ fetch }).confirmCardPayment(payment.client_secret, used, { returnUrl: RETURN_URL });
      const error = expectError(result, 'network', 'network_error');
      assert.equal(error.outcomeUnknown, false);
      assert.match(error.message, /not applied/);
      assert.equal(result.ok === false && result.payment?.status, 'requires_confirmation');
      assert.deepEqual(calls, ['POST', 'GET']);
      assertNoCardData(result, used);
    });

    it('does not report an earlier decline as the outcome of a retry that never arrived', async () => {
      const payment = await createPayment();
      let offline = false;
      const fetch: FetchLike = (url, init) => (offline && init.method === 'POST' ? networkDown(url, init) : realFetch(url, init));
      const tender = client({ fetch });
      assert.equal(expectPayment(await tender.confirmCardPayment(payment.client_secret, card('4000000000000002'), { returnUrl: RETURN_URL })).status, 'failed');
      offline = true;
      const result = await tender.confirmCardPayment(payment.client_secret, card('4242424242424242'), { returnUrl: RETURN_URL });
      const error = expectError(result, 'network');
      assert.equal(error.outcomeUnknown, false);
      assert.equal(result.ok === false && result.payment?.attempt_count, 1);
    });

    it('reports a confirm timeout as not applied when the payment is unchanged', async () => {
      const payment = await createPayment();
      const fetch: FetchLike = (url, init) => (init.method === 'POST' ? hang(url, init) : realFetch(url, init));
      const result = await client({ fetch, timeoutMs: { confirm: 30, retrieve: 2000 } }).confirmCardPayment(
        payment.client_secret,
        card('4242424242424242'),
        { returnUrl: RETURN_URL },
      );
      const error = expectError(result, 'timeout', 'timeout');
      assert.equal(error.outcomeUnknown, false);
    });

    it('returns the original error, outcome unknown, when the retrieve fails too', async () => {
      const payment = await createPayment();
      const { fetch, calls } = scripted(networkDown);
      const used = card('4242424242424242');
      const result = await createClient({
        publishableKey: sandbox.demo.publishableKey,
        baseUrl: sandbox.url,
        fetch,
        retries: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 },
      }).confirmCardPayment(payment.client_secret, used, { returnUrl: RETURN_URL });
      const error = expectError(result, 'network', 'network_error');
      assert.equal(error.outcomeUnknown, true);
      assert.equal(result.ok === false && result.payment, undefined);
      assert.deepEqual(calls.map((call) => call.init.method), ['POST', 'GET', 'GET', 'GET']);
      assertNoCardData(result, used);
    });
  });
});

describe('createClient with faults the sandbox cannot produce', () => {
  it('retries a GET after a network error', async () => {
    const { fetch, calls } = scripted(networkDown, () => json(200, fakePayment()));
    const result = await fakeClient(fetch).retrievePayment(FAKE_SECRET);
    assert.equal(expectPayment(result).status, 'succeeded');
    assert.equal(calls.length, 2);
  });

  it('retries a GET after a 503 and after a 429 with Retry-After', async () => {
    for (const first of [() => json(503, 'Service Unavailable'), () => json(429, '', { 'retry-after': '0' })]) {
      const { fetch, calls } = scripted(first, () => json(200, fakePayment()));
      assert.equal(expectPayment(await fakeClient(fetch).retrievePayment(FAKE_SECRET)).payment_id, FAKE_ID);
      assert.equal(calls.length, 2);
    }
  });

  it('retries a 500 envelope and keeps the server error when retries run out', async () => {
    const { fetch, calls } = scripted(() => json(500, { error: { type: 'api', message: 'Something went wrong', code: 'HE_00' } }));
    const error = expectError(await fakeClient(fetch).retrievePayment(FAKE_SECRET), 'api', 'HE_00');
    assert.equal(error.status, 500);
    assert.equal(error.apiErrorType, 'api');
    assert.equal(calls.length, 1 + FAST_RETRIES.retries);
  });

  it('reports a 5xx without an envelope as a server error', async () => {
    const { fetch, calls } = scripted(() => new Response('<html>502</html>', { status: 502 }));
    const error = expectError(await fakeClient(fetch, { retries: 1 }).retrievePayment(FAKE_SECRET), 'server', 'server_error');
    assert.equal(error.status, 502);
    assert.equal(calls.length, 2);
  });

  it('never retries a 4xx', async () => {
    const { fetch, calls } = scripted(() => json(400, { error: { error_type: 'invalid_request', message: 'Missing required param: client_secret', code: 'IR_04' } }));
    const error = expectError(await fakeClient(fetch).retrievePayment(FAKE_SECRET), 'api', 'IR_04');
    assert.equal(error.message, 'Missing required param: client_secret');
    assert.equal(error.apiErrorType, 'invalid_request');
    assert.equal(calls.length, 1);
  });

  it('reports a 4xx without an envelope as invalid_response', async () => {
    const { fetch, calls } = scripted(() => new Response('Not Found', { status: 404 }));
    expectError(await fakeClient(fetch).retrievePayment(FAKE_SECRET), 'invalid_response', 'unexpected_status');
    assert.equal(calls.length, 1);
  });

  it('reports a garbage body as invalid_response, without retrying', async () => {
    const { fetch, calls } = scripted(() => new Response('<html>hello</html>', { status: 200 }));
    const error = expectError(await fakeClient(fetch).retrievePayment(FAKE_SECRET), 'invalid_response', 'invalid_json');
    assert.equal(error.status, 200);
    assert.equal(calls.length, 1);
  });

  it('reports a 200 body missing required members as invalid_response', async () => {
    const { status: _status, ...withoutStatus } = fakePayment();
    const { fetch } = scripted(() => json(200, withoutStatus));
    const error = expectError(await fakeClient(fetch).retrievePayment(FAKE_SECRET), 'invalid_response', 'unexpected_response');
    assert.match(error.message, /status/);
    const unknownStatus = scripted(() => json(200, fakePayment({ status: 'teleported' })));
    expectError(await fakeClient(unknownStatus.fetch).retrievePayment(FAKE_SECRET), 'invalid_response', 'unexpected_response');
  });

  it('reports an error envelope sent with HTTP 200 as an api error, without reconciling', async () => {
    const { fetch, calls } = scripted(() => json(200, { error: { type: 'blocked', message: 'The payment was blocked', code: 'HE_05' } }));
    const result = await fakeClient(fetch).confirmCardPayment(FAKE_SECRET, card('4242424242424242'), { returnUrl: RETURN_URL });
    const error = expectError(result, 'api', 'HE_05');
    assert.equal(error.apiErrorType, 'blocked');
    assert.equal(error.status, 200);
    assert.equal(calls.length, 1);
  });

  it('reports an answer about another payment as invalid_response', async () => {
    const { fetch } = scripted(() => json(200, fakePayment({ payment_id: 'pay_SomeoneElse0000000000000' })));
    expectError(await fakeClient(fetch).retrievePayment(FAKE_SECRET), 'invalid_response', 'payment_mismatch');
  });

  it('times out a hanging fetch, whether or not it honours the abort signal', async () => {
    const honouring: Step = (_url, init) =>
      new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    for (const step of [hang, honouring]) {
      const { fetch, calls } = scripted(step);
      const started = Date.now();
      const error = expectError(await fakeClient(fetch, { timeoutMs: 20, retries: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 } }).retrievePayment(FAKE_SECRET), 'timeout', 'timeout');
      assert.ok(Date.now() - started < 2000);
      assert.equal(calls.length, 2, 'a GET timeout is retried');
      assert.equal(error.status, undefined);
    }
  });

  it('times out a body that never ends', async () => {
    const { fetch } = scripted(() => new Response(new ReadableStream({ start() {} }), { status: 200 }));
    expectError(await fakeClient(fetch, { timeoutMs: 20, retries: 0 }).retrievePayment(FAKE_SECRET), 'timeout');
  });

  it('never retries a confirm refused with 429', async () => {
    const { fetch, calls } = scripted(() => json(429, ''));
    const error = expectError(
      await fakeClient(fetch).confirmCardPayment(FAKE_SECRET, card('4242424242424242'), { returnUrl: RETURN_URL }),
      'server',
      'rate_limited',
    );
    assert.equal(error.outcomeUnknown, undefined);
    assert.equal(calls.length, 1);
  });

  it('redacts card data a server echoes in an error message', async () => {
    const used = card('4242 4242 4242 4242');
    const { fetch } = scripted(() => json(400, { error: { type: 'invalid_request', message: `card 4242424242424242 / 4242 4242 4242 4242 with cvc ${CVC} refused`, code: 'IR_06' } }));
    const result = await fakeClient(fetch).confirmCardPayment(FAKE_SECRET, used, { returnUrl: RETURN_URL });
    const error = expectError(result, 'api', 'IR_06');
    assert.equal(error.message, 'card [redacted] / [redacted] with cvc [redacted] refused');
    assertNoCardData(result, used);
  });

  it('builds URLs under a base path and encodes the client secret', async () => {
    const { fetch, calls } = scripted(() => json(200, fakePayment()), () => json(200, { payment_methods: [] }));
    const tender = fakeClient(fetch, { baseUrl: 'https://api.example/v1/' });
    expectPayment(await tender.retrievePayment(FAKE_SECRET));
    assert.equal(calls[0]?.url, `https://api.example/v1/payments/${FAKE_ID}?client_secret=${FAKE_SECRET}`);
    const listed = await tender.listPaymentMethods(FAKE_SECRET);
    assert.deepEqual(listed, { ok: true, paymentMethods: { payment_methods: [] } });
    assert.equal(calls[1]?.url, `https://api.example/v1/account/payment_methods?client_secret=${FAKE_SECRET}`);
  });

  it('reports an unusable payment-method list as invalid_response', async () => {
    const { fetch } = scripted(() => json(200, { payment_methods: 'card' }));
    expectError(await fakeClient(fetch).listPaymentMethods(FAKE_SECRET), 'invalid_response', 'unexpected_response');
  });
});

describe('createClient configuration errors', () => {
  const confirm = (tender: ReturnType<typeof createClient>, clientSecret = FAKE_SECRET) =>
    tender.confirmCardPayment(clientSecret, card('4242424242424242'), { returnUrl: RETURN_URL });

  it('refuses a secret key or a malformed publishable key without sending anything', async () => {
    for (const publishableKey of [`snd_${'a'.repeat(64)}`, '', 'pk_snd_', 'pk snd 123']) {
      const { fetch, calls } = scripted(() => json(200, fakePayment()));
      const tender = fakeClient(fetch, { publishableKey });
      expectError(await tender.retrievePayment(FAKE_SECRET), 'configuration', 'invalid_publishable_key');
      expectError(await confirm(tender), 'configuration', 'invalid_publishable_key');
      expectError(await tender.listPaymentMethods(FAKE_SECRET), 'configuration', 'invalid_publishable_key');
      assert.equal(calls.length, 0);
    }
  });

  it('refuses a base URL that is not an absolute http(s) URL', async () => {
    for (const baseUrl of ['not a url', '/relative', 'ftp://api.example', 'https://api.example/?x=1']) {
      const { fetch, calls } = scripted(() => json(200, fakePayment()));
      expectError(await fakeClient(fetch, { baseUrl }).retrievePayment(FAKE_SECRET), 'configuration', 'invalid_base_url');
      assert.equal(calls.length, 0);
    }
  });

  it('refuses a client secret without _secret_', async () => {
    const { fetch, calls } = scripted(() => json(200, fakePayment()));
    const tender = fakeClient(fetch);
    for (const clientSecret of [FAKE_ID, '_secret_abc', `${FAKE_ID}_secret_`, '']) {
      expectError(await tender.retrievePayment(clientSecret), 'configuration', 'invalid_client_secret');
      expectError(await confirm(tender, clientSecret), 'configuration', 'invalid_client_secret');
      expectError(await tender.listPaymentMethods(clientSecret), 'configuration', 'invalid_client_secret');
    }
    assert.equal(calls.length, 0);
  });

  it('splits the client secret on the last _secret_', async () => {
    const id = 'pay_odd_secret_name';
    const { fetch, calls } = scripted(() => json(200, fakePayment({ payment_id: id })));
    expectPayment(await fakeClient(fetch).retrievePayment(`${id}_secret_AbCdEfGhIjKlMnOpQrSt`));
    assert.ok(calls[0]?.url.startsWith(`https://api.example/payments/${id}?`));
  });

  it('refuses a return URL that is not an absolute http(s) URL', async () => {
    const { fetch, calls } = scripted(() => json(200, fakePayment()));
    for (const returnUrl of ['', '/checkout', 'javascript:alert(1)']) {
      const result = await fakeClient(fetch).confirmCardPayment(FAKE_SECRET, card('4242424242424242'), { returnUrl });
      expectError(result, 'configuration', 'invalid_return_url');
    }
    assert.equal(calls.length, 0);
  });

  it('resolves an error value instead of throwing on unusable arguments', async () => {
    const { fetch } = scripted(() => json(200, fakePayment()));
    const browserInfo: Record<string, unknown> = {};
    browserInfo['self'] = browserInfo;
    const result = await fakeClient(fetch).confirmCardPayment(FAKE_SECRET, card('4242424242424242'), { returnUrl: RETURN_URL, browserInfo });
    expectError(result, 'configuration', 'invalid_argument');
  });

  it('reads nothing from a return URL without a client secret', async () => {
    const { fetch, calls } = scripted(() => json(200, fakePayment()));
    const tender = fakeClient(fetch);
    assert.equal(await tender.paymentFromReturnUrl('https://merchant.example/checkout?order=7'), null);
    assert.equal(await tender.paymentFromReturnUrl(new URL('https://merchant.example/checkout?status=succeeded&payment_id=pay_x')), null);
    assert.equal(await tender.paymentFromReturnUrl(''), null);
    assert.equal(calls.length, 0);
  });

  it('refuses a return URL whose payment_id is not the client secret’s payment', async () => {
    const { fetch, calls } = scripted(() => json(200, fakePayment()));
    const url = `https://merchant.example/checkout?status=succeeded&payment_id=pay_Other&payment_intent_client_secret=${FAKE_SECRET}`;
    const result = await fakeClient(fetch).paymentFromReturnUrl(url);
    assert.ok(result);
    assert.equal(result.clientSecret, FAKE_SECRET);
    expectError(result, 'configuration', 'payment_id_mismatch');
    assert.equal(calls.length, 0);
  });
});
