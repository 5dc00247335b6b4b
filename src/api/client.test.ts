import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type Sandbox } from '../../sandbox/server.js';
import { answerChallenge } from '../../sandbox/test/helpers.js';
import { createClient, type CardInput, type ClientOptions, type FetchLike } from './client.js';
import {
  YEAR,
  CVC,
  RETURN_URL,
  FAST_RETRIES,
  card,
  assertNoCardData,
  scripted,
  networkDown,
  hang,
  realFetch,
  expectError,
  expectPayment,
} from '../../test/fixtures/client.js';

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

    it('sends the network the customer chose for a co-badged card, and the sandbox returns it on the payment', async () => {
      const payment = await createPayment();
      const { fetch, calls } = spy();
      const coBadged = { number: '4000 0025 0000 1001', expiryMonth: 12, expiryYear: YEAR, cvc: '123', network: 'cartes_bancaires' as const };
      const result = await client({ fetch }).confirmCardPayment(payment.client_secret, coBadged, { returnUrl: RETURN_URL });
      const body = JSON.parse(calls[0]?.body ?? '') as { payment_method_data: { card: Record<string, unknown> } };
      assert.equal(body.payment_method_data.card['card_network'], 'CartesBancaires');
      const paid = expectPayment(result).payment_method_data as { card: { card_network: string } };
      assert.equal(paid.card.card_network, 'CartesBancaires');
      assertNoCardData(result, coBadged);
    });

    it("sends the brand's network when the chosen one is not the card's (a card of one network, or no choice)", async () => {
      const payment = await createPayment();
      const { fetch, calls } = spy();
      const visa = { number: '4242 4242 4242 4242', expiryMonth: 12, expiryYear: YEAR, cvc: '123', network: 'cartes_bancaires' as const };
      await client({ fetch }).confirmCardPayment(payment.client_secret, visa, { returnUrl: RETURN_URL });
      const body = JSON.parse(calls[0]?.body ?? '') as { payment_method_data: { card: Record<string, unknown> } };
      assert.equal(body.payment_method_data.card['card_network'], 'Visa');
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
