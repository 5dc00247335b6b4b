import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { createClient } from './client.js';
import {
  CVC,
  RETURN_URL,
  FAST_RETRIES,
  card,
  assertNoCardData,
  json,
  scripted,
  networkDown,
  hang,
  FAKE_ID,
  FAKE_SECRET,
  fakePayment,
  fakeClient,
  expectError,
  expectPayment,
  type Step,
} from '../../test/fixtures/client.js';

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

  it("reads the payment back after an error envelope sent with HTTP 200 (upstream's blocked card: the confirm was applied)", async () => {
    const blocked = () => json(200, { error: { type: 'blocked', message: 'Debit cards are not accepted for this transaction, please try a different card', code: 'HE_03', reason: 'Blocked' } });
    const failed = fakePayment({ status: 'failed', attempt_count: 1, error_code: 'HE-03', error_message: 'Debit cards are not accepted for this transaction, please try a different card' });
    const open = () => json(200, fakePayment({ status: 'requires_confirmation', attempt_count: 0 }));
    const { fetch, calls } = scripted(open, blocked, () => json(200, failed));
    const client = fakeClient(fetch);
    await client.retrievePayment(FAKE_SECRET);
    const result = await client.confirmCardPayment(FAKE_SECRET, card('4111111111111111'), { returnUrl: RETURN_URL });
    assert.deepEqual([result.ok && result.payment.status, result.ok && result.reconciled], ['failed', true]);
    assert.deepEqual(calls.map((call) => call.init.method ?? 'GET'), ['GET', 'POST', 'GET'], 'the confirm is never sent twice');
    // when the read shows no new attempt, the envelope is the answer: an api error, its type kept
    const unchanged = scripted(open, blocked, open);
    const other = fakeClient(unchanged.fetch);
    await other.retrievePayment(FAKE_SECRET);
    const error = expectError(await other.confirmCardPayment(FAKE_SECRET, card('4111111111111111'), { returnUrl: RETURN_URL }), 'api', 'HE_03');
    assert.deepEqual([error.apiErrorType, error.status], ['blocked', 200]);
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
