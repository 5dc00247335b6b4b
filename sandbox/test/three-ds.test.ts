import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { answerChallenge, cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';

describe('3-D Secure challenge', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  const challenged = async (number = '4000003800000446', extra: Record<string, unknown> = {}) => {
    const payment = await sandbox.createPayment({
      amount: 4200,
      currency: 'EUR',
      confirm: true,
      return_url: 'https://merchant.example/checkout?order=7',
      ...cardPayment(number),
      ...extra,
    });
    assert.equal(payment.status, 'requires_customer_action');
    const nextAction = payment.next_action as { type: string; redirect_to_url: string };
    assert.equal(nextAction.type, 'redirect_to_url');
    return { payment, url: nextAction.redirect_to_url };
  };

  /** Answers the test page as the customer's browser does: opens the link, then posts the page's form with its token. */
  const answer = answerChallenge;
  /** Posts an answer with the token of a page already opened. */
  const answerAgain = (url: string, pageToken: string, choice: 'complete' | 'reject') =>
    fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ answer: choice, page_token: pageToken }).toString() });

  for (const number of ['4000003800000446', '4000002760003184', '4000000000003220', '4000002500003155']) {
    it(`challenges ${number} and sends the customer back succeeded on Complete`, async () => {
      const { payment, url } = await challenged(number);
      assert.match(url, new RegExp(`^${sandbox.url}/payments/redirect/${payment.payment_id}/demo_merchant/${payment.payment_id}_1\\?token=[A-Za-z0-9_-]{43}$`));
      const page = await fetch(url);
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(html, /Test Payment Page/);
      assert.match(html, /Complete Payment/);
      assert.match(html, /Reject Payment/);
      assert.match(html, /€42\.00/);

      // the link opened once; the retrieved payment has a fresh one
      const retrieved = await sandbox.request<{ next_action: { redirect_to_url: string } }>('GET', `/payments/${payment.payment_id}`);
      const back = await answer(retrieved.body.next_action.redirect_to_url, 'complete');
      assert.equal(back.status, 302);
      const location = new URL(back.headers.get('location') ?? '');
      assert.equal(location.origin + location.pathname, 'https://merchant.example/checkout');
      // the demo merchant signs its redirects (enable_payment_response_hash, on unless the account says otherwise)
      assert.deepEqual([...location.searchParams.keys()], ['order', 'status', 'payment_id', 'payment_intent_client_secret', 'amount', 'manual_retry_allowed', 'signature', 'signature_algorithm']);
      assert.equal(location.searchParams.get('order'), '7');
      assert.equal(location.searchParams.get('status'), 'succeeded');
      assert.equal(location.searchParams.get('payment_id'), payment.payment_id);
      assert.equal(location.searchParams.get('payment_intent_client_secret'), payment.client_secret);
      assert.equal(location.searchParams.get('amount'), '4200');
      assert.equal(location.searchParams.get('manual_retry_allowed'), 'false');

      const after = await sandbox.request('GET', `/payments/${payment.payment_id}`);
      assert.equal(after.body.status, 'succeeded');
      assert.equal(after.body.next_action, null);
    });
  }

  it('fails the payment on Reject, and lets the customer try another card', async () => {
    const { payment, url } = await challenged();
    const back = await answer(url, 'reject');
    const location = new URL(back.headers.get('location') ?? '');
    assert.equal(location.searchParams.get('status'), 'failed');
    assert.equal(location.searchParams.get('manual_retry_allowed'), 'true');
    const after = await sandbox.request('GET', `/payments/${payment.payment_id}`);
    assert.equal(after.body.status, 'failed');
    assert.equal(after.body.error_code, 'authentication_failed');
    const retry = await sandbox.request('POST', `/payments/${payment.payment_id}/confirm`, { body: cardPayment('4242424242424242') });
    assert.equal(retry.body.status, 'succeeded');
  });

  it('fails 4000 0000 0000 4038 after authentication, even on Complete', async () => {
    const { url } = await challenged('4000000000004038');
    const back = await answer(url, 'complete');
    assert.equal(new URL(back.headers.get('location') ?? '').searchParams.get('status'), 'failed');
  });

  it('ends in requires_capture after the challenge with manual capture', async () => {
    const { url } = await challenged('4000003800000446', { capture_method: 'manual' });
    const back = await answer(url, 'complete');
    assert.equal(new URL(back.headers.get('location') ?? '').searchParams.get('status'), 'requires_capture');
  });

  it('treats a used or unknown link as expired, and a second answer changes nothing', async () => {
    const { payment, url } = await challenged();
    const html = await (await fetch(url)).text();
    const pageToken = /name="page_token" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const action = new URL(`/payments/redirect/${payment.payment_id}/demo_merchant/${payment.payment_id}_1`, sandbox.url).toString();
    assert.equal((await answerAgain(action, pageToken, 'complete')).status, 302);
    const second = await answerAgain(action, pageToken, 'reject');
    assert.equal(second.status, 403);
    assert.match(await second.text(), /not valid or it is expired/);
    assert.equal((await sandbox.request('GET', `/payments/${payment.payment_id}`)).body.status, 'succeeded');
    const used = await fetch(url);
    assert.equal(used.status, 404);
    assert.match(await used.text(), /not valid or it is expired/);
    const unknown = await fetch(`${sandbox.url}/payments/redirect/pay_nope/demo_merchant/pay_nope_1?token=${'A'.repeat(43)}`);
    assert.equal(unknown.status, 404);
  });

  it('refuses a confirm while the challenge is pending (IR_16)', async () => {
    const { payment } = await challenged();
    const confirm = await sandbox.request('POST', `/payments/${payment.payment_id}/confirm`, { body: cardPayment('4242424242424242') });
    assert.equal((confirm.body.error as { code: string }).code, 'IR_16');
  });

  it("uses the merchant's return_url when the payment has none", async () => {
    const admin = { key: sandbox.adminKey };
    await sandbox.request('POST', '/accounts', { ...admin, body: { merchant_id: 'returning', return_url: 'https://shop.example/back' } });
    const key = await sandbox.request<{ api_key: string }>('POST', '/api_keys/returning', { ...admin, body: { name: 'k', expiration: 'never' } });
    const created = await sandbox.request<{ next_action: { redirect_to_url: string } }>('POST', '/payments', {
      key: key.body.api_key,
      body: { amount: 100, currency: 'USD', confirm: true, ...cardPayment('4000003800000446') },
    });
    const back = await answer(created.body.next_action.redirect_to_url, 'complete');
    assert.match(back.headers.get('location') ?? '', /^https:\/\/shop\.example\/back\?status=succeeded&/);
  });

  it('signs the return parameters with HMAC-SHA512 when the merchant enables the response hash', async () => {
    const admin = { key: sandbox.adminKey };
    const account = await sandbox.request<{ payment_response_hash_key: string }>('POST', '/accounts', {
      ...admin,
      body: { merchant_id: 'signing', enable_payment_response_hash: true, payment_response_hash_key: 'merchant-secret-hash-key' },
    });
    assert.equal(account.body.payment_response_hash_key, 'merchant-secret-hash-key');
    const key = await sandbox.request<{ api_key: string }>('POST', '/api_keys/signing', { ...admin, body: { name: 'k', expiration: 'never' } });
    const created = await sandbox.request<{ next_action: { redirect_to_url: string } }>('POST', '/payments', {
      key: key.body.api_key,
      body: { amount: 100, currency: 'USD', confirm: true, return_url: 'https://shop.example/r?order=9', ...cardPayment('4000003800000446') },
    });
    const back = await answer(created.body.next_action.redirect_to_url, 'complete');
    const params = new URL(back.headers.get('location') ?? '').searchParams;
    assert.equal(params.get('signature_algorithm'), 'HMAC-SHA512');
    assert.equal(params.get('order'), '9');
    // verify as a merchant would: take the parameters the sandbox sets (never the return URL's own), sort by name, form-encode, HMAC
    const signed = [...params]
      .filter(([name]) => ['status', 'payment_id', 'payment_intent_client_secret', 'amount', 'manual_retry_allowed'].includes(name))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const expected = createHmac('sha512', 'merchant-secret-hash-key').update(new URLSearchParams(signed).toString()).digest('hex');
    assert.equal(params.get('signature'), expected);
    // a tampered status no longer verifies
    const tampered = signed.map(([name, value]): [string, string] => [name, name === 'status' ? 'failed' : value]);
    const forged = createHmac('sha512', 'merchant-secret-hash-key').update(new URLSearchParams(tampered).toString()).digest('hex');
    assert.notEqual(params.get('signature'), forged);
  });
});
