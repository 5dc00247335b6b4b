/**
 * The holes a hostile test of the sandbox found, each reproduced over real HTTP: forged signed
 * returns, what a publishable key may change, mandates charged from the browser, captured money
 * stranded by a cancel, deep JSON, open redirects, unsafe totals and payment ids shared across
 * merchants.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';

describe('security', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  const admin = () => ({ key: sandbox.adminKey });

  /** A new merchant with its own secret key; returns the key and the account. */
  const merchant = async (merchantId: string, body: Record<string, unknown> = {}) => {
    const account = await sandbox.request<Record<string, unknown>>('POST', '/accounts', { ...admin(), body: { merchant_id: merchantId, ...body } });
    assert.equal(account.status, 200, account.text);
    const key = await sandbox.request<{ api_key: string }>('POST', `/api_keys/${merchantId}`, { ...admin(), body: { name: 'k', expiration: 'never' } });
    return { secretKey: key.body.api_key, publishableKey: String(account.body.publishable_key), account: account.body };
  };

  /** The browser's confirm: publishable key + client secret. */
  const clientConfirm = (payment: Record<string, unknown>, body: Record<string, unknown>, publishableKey = sandbox.publishableKey) =>
    sandbox.request('POST', `/payments/${String(payment.payment_id)}/confirm`, {
      key: publishableKey,
      body: { client_secret: payment.client_secret, ...body },
    });

  /** Answers the 3-D Secure test page as the customer's browser does. */
  const answer = (url: string, choice: 'complete' | 'reject') =>
    fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `answer=${choice}` });

  describe('signed returns', () => {
    it('replaces status, payment_id and amount already in return_url, and signs exactly what the merchant reads', async () => {
      const hashKey = 'forgery-test-hash-key';
      const { secretKey, publishableKey } = await merchant('signed_forgery', {
        enable_payment_response_hash: true,
        payment_response_hash_key: hashKey,
      });
      const created = await sandbox.request('POST', '/payments', { key: secretKey, body: { amount: 4200, currency: 'USD' } });
      // the browser puts a forged outcome into its return_url, then fails 3-D Secure
      const forged = 'https://shop.example/return?order=7&status=succeeded&amount=1&payment_id=pay_forged&signature=x&signature_algorithm=none';
      const confirm = await clientConfirm(created.body, { return_url: forged, ...cardPayment('4000003800000446') }, publishableKey);
      const redirect = (confirm.body.next_action as { redirect_to_url: string }).redirect_to_url;
      const back = await answer(redirect, 'reject');
      assert.equal(back.status, 302);
      const params = new URL(back.headers.get('location') ?? '').searchParams;
      for (const name of ['status', 'payment_id', 'amount', 'payment_intent_client_secret', 'manual_retry_allowed', 'signature', 'signature_algorithm']) {
        assert.equal(params.getAll(name).length, 1, `${name} appears once`);
      }
      assert.equal(params.get('status'), 'failed');
      assert.equal(params.get('payment_id'), created.body.payment_id);
      assert.equal(params.get('amount'), '4200');
      assert.equal(params.get('order'), '7', "the merchant's own parameters stay");
      const signed = [...params]
        .filter(([name]) => name !== 'signature' && name !== 'signature_algorithm')
        .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
      const expected = createHmac('sha512', hashKey).update(new URLSearchParams(signed).toString()).digest('hex');
      assert.equal(params.get('signature'), expected);
    });

    it('keeps forged outcome parameters out of the URL of an HTTP POST return too', async () => {
      const { secretKey } = await merchant('signed_post', { enable_payment_response_hash: true, redirect_to_merchant_with_http_post: true });
      const created = await sandbox.request<{ next_action: { redirect_to_url: string } }>('POST', '/payments', {
        key: secretKey,
        body: { amount: 300, currency: 'USD', confirm: true, return_url: 'https://shop.example/r?status=succeeded&x=1', ...cardPayment('4000003800000446') },
      });
      const page = await answer(created.body.next_action.redirect_to_url, 'reject');
      const html = await page.text();
      const action = /action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';
      assert.equal(new URL(action).searchParams.get('status'), null);
      assert.equal(new URL(action).searchParams.get('x'), '1');
      assert.match(html, /name="status" value="failed"/);
    });
  });
});
