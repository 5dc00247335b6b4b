import { expect } from '@open-wc/testing';
import '../../src/define.js';
import { en } from '../../src/i18n/en.js';
import { clearField, fillCard, mountCheckout, payButton, retrieveAsMerchant, statusText, typeInto } from './checkout-harness.js';
import { merchantCall, sandboxConfig, type SandboxEndpoint } from './sandbox-config.js';

/** A merchant of its own whose default profile blocks debit cards, its blocklist guard on. */
async function merchantBlockingDebit(): Promise<SandboxEndpoint> {
  const config = await sandboxConfig();
  const merchantId = `blocking_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const account = await merchantCall<{ publishable_key: string; default_profile: string }>('POST', '/accounts', { merchant_id: merchantId }, undefined, config.adminKey);
  const key = await merchantCall<{ api_key: string }>('POST', `/api_keys/${merchantId}`, { name: 'blocking', expiration: 'never' }, undefined, config.adminKey);
  const endpoint = { url: config.url, publishableKey: account.body.publishable_key, secretKey: key.body.api_key };
  const profile = await merchantCall('POST', `/account/${merchantId}/business_profile/${account.body.default_profile}`, { payment_method_blocking: { card: { card_types: ['debit'] } } }, endpoint);
  const guard = await merchantCall('POST', '/blocklist/toggle?status=true', undefined, endpoint);
  expect([profile.status, guard.status]).to.deep.equal([200, 200]);
  return endpoint;
}

describe('a card the merchant blocks', () => {
  it('is a failed payment the shopper can pay again with another card: the page hears the outcome, the API confirmed nothing twice', async () => {
    const sandbox = await merchantBlockingDebit();
    const { element, payment, log } = await mountCheckout({ sandbox, create: { amount: 2000, currency: 'USD' } });
    await log.wait('tender-ready');
    await fillCard(element, { number: '4111 1111 1111 1111' });
    payButton(element).click();
    // the API answers 200 with the `blocked` envelope: the confirm was applied, so the payment is read back
    const failed = await log.wait('tender-result');
    expect(failed.detail).to.include({ paymentId: payment.payment_id, status: 'failed', retryable: true, errorCode: 'HE-03' });
    expect(log.of('tender-error')).to.have.length(0);
    expect(statusText(element)).to.equal(en['decline.card_not_supported']);
    expect(await retrieveAsMerchant(payment.payment_id, sandbox)).to.include({ status: 'failed', attempt_count: 1 });
    // a credit card pays the same payment
    await clearField(element, 'number');
    await typeInto(element, 'number', '4242 4242 4242 4242');
    payButton(element).click();
    expect((await log.wait('tender-result', 2)).detail).to.include({ status: 'succeeded' });
    expect(await retrieveAsMerchant(payment.payment_id, sandbox)).to.include({ status: 'succeeded', attempt_count: 2 });
  });
});
