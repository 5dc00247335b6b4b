import { expect } from '@open-wc/testing';
import { createPayment, sandboxConfig } from './sandbox-config.js';

/**
 * The sandbox answers browsers on another origin where a browser legitimately calls (the
 * publishable-key routes: preflight, api-key header, JSON both ways), and nowhere else: a web page
 * cannot use the admin key or a secret key, the documented default admin key included.
 */
describe('sandbox from a browser (CORS)', () => {
  it('runs on another origin than the test page', async () => {
    const { url } = await sandboxConfig();
    expect(new URL(url).origin).to.not.equal(location.origin);
  });

  it('confirms with the publishable key and retrieves a payment cross-origin', async () => {
    const { url, publishableKey } = await sandboxConfig();
    const payment = await createPayment({ amount: 1999, currency: 'EUR' });

    const confirmed = await fetch(`${url}/payments/${payment.payment_id}/confirm`, {
      method: 'POST',
      headers: { 'api-key': publishableKey, 'content-type': 'application/json', 'x-client-version': 'test' },
      body: JSON.stringify({
        client_secret: payment.client_secret,
        payment_method: 'card',
        payment_method_data: {
          card: { card_number: '4242424242424242', card_exp_month: '12', card_exp_year: String(new Date().getFullYear() + 2), card_cvc: '123' },
        },
      }),
    });
    expect(confirmed.status).to.equal(200);
    expect(((await confirmed.json()) as { status: string }).status).to.equal('succeeded');

    const retrieved = await fetch(`${url}/payments/${payment.payment_id}?client_secret=${encodeURIComponent(payment.client_secret)}`, {
      headers: { 'api-key': publishableKey },
    });
    const body = (await retrieved.json()) as { status: string; amount: number };
    expect(body.status).to.equal('succeeded');
    expect(body.amount).to.equal(1999);
  });

  it('lets a browser read the error envelope of a refused publishable-key call', async () => {
    const { url } = await sandboxConfig();
    const response = await fetch(`${url}/payments/pay_unknown/confirm`, {
      method: 'POST',
      headers: { 'api-key': 'pk_snd_unknown', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).to.equal(401);
    expect(await response.json()).to.deep.equal({
      error: { type: 'invalid_request', message: 'API key not provided or invalid API key used', code: 'IR_01' },
    });
  });

  it('keeps the admin key and the secret key away from a web page: the browser refuses the call', async () => {
    const { url, adminKey, secretKey } = await sandboxConfig();
    const refused = async (input: string, init: RequestInit) => {
      try {
        await fetch(input, init);
        return false;
      } catch (error) {
        return error instanceof TypeError;
      }
    };
    expect(await refused(`${url}/accounts/demo_merchant`, { headers: { 'api-key': adminKey } })).to.equal(true);
    expect(
      await refused(`${url}/api_keys/demo_merchant`, {
        method: 'POST',
        headers: { 'api-key': adminKey, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'from a web page', expiration: 'never' }),
      }),
    ).to.equal(true);
    expect(
      await refused(`${url}/payments`, {
        method: 'POST',
        headers: { 'api-key': secretKey, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 100, currency: 'USD' }),
      }),
    ).to.equal(true);
  });
});
