import { aTimeout, expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../define.js';
import { en } from '../../i18n/index.js';
import { createPayment } from '../../../test/browser/sandbox-config.js';
import {
  answerChallenge,
  answerMobileMoney,
  arriveWithReturnParameters,
  buttonNamed,
  CHALLENGE_CARD,
  clearField,
  corsReturnUrl,
  createConfirmedPayment,
  createMobileMoneyPayment,
  DECLINED_CARD,
  fillCard,
  formOf,
  formShown,
  inputOf,
  mountCheckout,
  payButton,
  PROCESSING_CARD,
  retrieveAsMerchant,
  statusText,
  SUCCESS_CARD,
  typeInto,
} from '../../../test/browser/checkout-harness.js';
import { deferred, isConfirm, restoreFetch, wrapFetch } from '../../../test/browser/fetch-wrapper.js';


/**
 * Pays with a challenge card, keeps the page (tender-redirect cancelled), answers the bank's page as
 * the customer would and removes the element: what the customer's browser brings back is `landedOn`.
 */
async function leaveForChallenge(answer: 'complete' | 'reject') {
  const returnUrl = await corsReturnUrl();
  const first = await mountCheckout({ attributes: { 'return-url': returnUrl } });
  first.element.addEventListener('tender-redirect', (event) => event.preventDefault());
  await first.log.wait('tender-ready');
  await fillCard(first.element, { number: CHALLENGE_CARD });
  payButton(first.element).click();
  const redirect = await first.log.wait('tender-redirect');
  const landedOn = await answerChallenge(redirect.detail.url, answer);
  first.element.remove();
  return { payment: first.payment, landedOn };
}

describe('<tender-checkout> payment flows', () => {
  afterEach(() => restoreFetch());

  it('is accessible when ready', async () => {
    const { element, log } = await mountCheckout();
    await log.wait('tender-ready');
    await element.updateComplete;
    await expect(element).to.be.accessible();
  });

  describe('submit', () => {
    it('fires a cancelable tender-submit; preventDefault stops the confirm', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      element.addEventListener('tender-submit', (event) => event.preventDefault());
      const requests = wrapFetch();
      await fillCard(element, { number: SUCCESS_CARD });
      const outcome = await element.confirm();
      expect(outcome).to.deep.equal({ type: 'cancelled' });
      expect(log.of('tender-submit')).to.have.length(1);
      expect(log.of('tender-submit')[0]!.cancelable).to.equal(true);
      expect(requests.count(isConfirm)).to.equal(0);
      await element.updateComplete;
      expect(inputOf(element, 'number').disabled).to.equal(false);
      expect(payButton(element).disabled).to.equal(false);
    });

    it('locks the form while the confirm is in flight, keeping it focusable (read-only fields, an aria-disabled button)', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      const release = deferred();
      wrapFetch((call) => (isConfirm(call) ? release.promise.then(call.forward) : undefined));
      await fillCard(element, { number: SUCCESS_CARD });
      payButton(element).click();
      await log.wait('tender-submit');
      await element.updateComplete;
      const inputs = (['number', 'expiry', 'cvc', 'name'] as const).map((id) => [inputOf(element, id).readOnly, inputOf(element, id).disabled]);
      expect(inputs).to.deep.equal([[true, false], [true, false], [true, false], [true, false]]);
      expect(payButton(element).getAttribute('aria-disabled')).to.equal('true');
      expect(payButton(element).textContent!.trim()).to.equal(en.processing);
      expect(formOf(element).getAttribute('aria-busy')).to.equal('true');
      release.resolve();
      await log.wait('tender-result');
    });

    it('ignores a second submit while the first is in flight: one confirm request', async () => {
      const { element, log, payment } = await mountCheckout();
      await log.wait('tender-ready');
      const release = deferred();
      const requests = wrapFetch((call) => (isConfirm(call) ? release.promise.then(call.forward) : undefined));
      await fillCard(element, { number: SUCCESS_CARD });
      await sendKeys({ press: 'Enter' });
      await log.wait('tender-submit');
      payButton(element).click();
      formOf(element).requestSubmit();
      const again = element.confirm();
      release.resolve();
      await log.wait('tender-result');
      expect((await again).type).to.equal('result');
      expect(requests.count(isConfirm)).to.equal(1);
      expect(log.of('tender-submit')).to.have.length(1);
      expect(log.of('tender-result')).to.have.length(1);
      expect((await retrieveAsMerchant(payment.payment_id)).attempt_count).to.equal(1);
    });

    it('resolves confirm() with the outcome, for a host with its own button', async () => {
      const { element, log } = await mountCheckout({ attributes: { 'hide-button': '' } });
      await log.wait('tender-ready');
      expect(payButton(element)).to.equal(null);
      await fillCard(element, { number: SUCCESS_CARD });
      const outcome = await element.confirm();
      expect(outcome.type).to.equal('result');
      expect(outcome.type === 'result' && outcome.detail.status).to.equal('succeeded');
    });
  });

  describe('outcomes', () => {
    it('pays with a test card typed by the keyboard and reports succeeded', async () => {
      const { element, payment, log } = await mountCheckout();
      await log.wait('tender-ready');
      await fillCard(element, { number: SUCCESS_CARD, name: 'Ada Lovelace' });
      await sendKeys({ press: 'Enter' });
      const event = await log.wait('tender-result');
      expect(event.detail.status).to.equal('succeeded');
      expect(event.detail.paymentId).to.equal(payment.payment_id);
      expect(event.detail.retryable).to.equal(false);
      expect(event.detail.payment.payment_id).to.equal(payment.payment_id);
      await element.updateComplete;
      expect(statusText(element)).to.equal(en['status.succeeded']);
      expect(formShown(element)).to.equal(false);
    });

    it('reports requires_capture for a manual-capture payment', async () => {
      const { element, log } = await mountCheckout({ create: { amount: 2500, currency: 'EUR', capture_method: 'manual' } });
      await log.wait('tender-ready');
      await fillCard(element, { number: '5555555555554444' });
      payButton(element).click();
      const event = await log.wait('tender-result');
      expect(event.detail.status).to.equal('requires_capture');
      expect(event.detail.retryable).to.equal(false);
      await element.updateComplete;
      expect(statusText(element)).to.equal(en['status.requires_capture']);
    });

    it('shows a decline, keeps the form open and pays with another card', async () => {
      const { element, log, payment } = await mountCheckout();
      await log.wait('tender-ready');
      await fillCard(element, { number: DECLINED_CARD });
      payButton(element).click();
      const declined = await log.wait('tender-result');
      expect(declined.detail).to.include({ status: 'failed', retryable: true, errorCode: 'card_declined', errorMessage: en['decline.card_declined'] });
      await element.updateComplete;
      expect(statusText(element)).to.equal(en['decline.card_declined']);
      expect(inputOf(element, 'number').disabled).to.equal(false);

      await clearField(element, 'number');
      await typeInto(element, 'number', SUCCESS_CARD);
      payButton(element).click();
      const paid = await log.wait('tender-result', 2);
      expect(paid.detail.status).to.equal('succeeded');
      expect((await retrieveAsMerchant(payment.payment_id)).attempt_count).to.equal(2);
    });

    it('shows a decline message from the host’s own catalogue', async () => {
      const message = 'Karte abgelehnt. Bitte eine andere Karte verwenden.';
      const { element, log } = await mountCheckout({
        configure: (checkout) => {
          checkout.messages = { 'decline.insufficient_funds': message };
        },
      });
      await log.wait('tender-ready');
      await fillCard(element, { number: '4000000000009995' });
      payButton(element).click();
      const declined = await log.wait('tender-result');
      expect(declined.detail.errorCode).to.equal('insufficient_funds');
      expect(declined.detail.errorMessage).to.equal(message);
      await element.updateComplete;
      expect(statusText(element)).to.equal(message);
    });

    it('polls a processing payment until it is final', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await fillCard(element, { number: PROCESSING_CARD });
      payButton(element).click();
      await waitUntil(() => statusText(element) === en['status.processing'], 'processing status not shown', { timeout: 3000 });
      expect(formShown(element)).to.equal(false);
      const event = await log.wait('tender-result');
      expect(event.detail.status).to.equal('succeeded');
      expect(log.of('tender-result')).to.have.length(1);
    });

    it('reports a payment that is already final when it loads, without tender-ready', async () => {
      const payment = await createConfirmedPayment({ amount: 4200 });
      const { element, log } = await mountCheckout({ payment });
      const event = await log.wait('tender-result');
      expect(event.detail).to.include({ paymentId: payment.payment_id, status: 'succeeded', retryable: false });
      await element.updateComplete;
      expect(log.of('tender-ready')).to.have.length(0);
      expect(formShown(element)).to.equal(false);
      expect(statusText(element)).to.equal(en['status.succeeded']);
    });

    it('reports an expired client secret as a final error', async () => {
      const payment = await createPayment({ amount: 1099, currency: 'USD', session_expiry: 1 });
      await aTimeout(1200); // the sandbox's clock: the secret lives one second
      const { element, log } = await mountCheckout({ payment });
      const error = await log.wait('tender-error');
      expect(error.detail).to.include({ code: 'client_secret_expired', recoverable: false });
      await element.updateComplete;
      expect(statusText(element)).to.equal(en['error.expired']);
      expect(buttonNamed(element, en.retry)).to.equal(null);
      expect(log.of('tender-ready')).to.have.length(0);
    });

    it('reports a client secret of another payment as a final error', async () => {
      const payment = await createPayment({ amount: 1099, currency: 'USD' });
      const other = await createPayment({ amount: 1099, currency: 'USD' });
      const mismatched = `${payment.payment_id}_secret_${other.client_secret.split('_secret_')[1]}`;
      const { element, log } = await mountCheckout({ payment: { ...payment, client_secret: mismatched } });
      const error = await log.wait('tender-error');
      expect(error.detail).to.include({ code: 'client_secret_mismatch', recoverable: false });
      await element.updateComplete;
      expect(buttonNamed(element, en.retry)).to.equal(null);
      expect(log.of('tender-ready')).to.have.length(0);
    });
  });

  describe('3-D Secure', () => {
    it('emits a cancelable tender-redirect with the challenge URL and stays put when cancelled', async () => {
      const { element, log, payment } = await mountCheckout();
      element.addEventListener('tender-redirect', (event) => event.preventDefault());
      await log.wait('tender-ready');
      await fillCard(element, { number: CHALLENGE_CARD });
      payButton(element).click();
      const redirect = await log.wait('tender-redirect');
      expect(redirect.cancelable).to.equal(true);
      expect(redirect.detail.paymentId).to.equal(payment.payment_id);
      expect(new URL(redirect.detail.url).pathname).to.match(new RegExp(`^/payments/redirect/${payment.payment_id}/`));
      await element.updateComplete;
      expect(statusText(element)).to.equal(en['status.awaitingAuthentication']);
      expect(log.of('tender-result')).to.have.length(0);
      // the customer can start the authentication again
      buttonNamed(element, en['status.continueAuthentication'])!.click();
      const again = await log.wait('tender-redirect', 2);
      expect(again.detail.url).to.equal(redirect.detail.url);
    });

    it('completes on return: retrieves, reports succeeded and cleans the address bar', async () => {
      const { payment, landedOn } = await leaveForChallenge('complete');
      expect(landedOn.searchParams.get('payment_intent_client_secret')).to.equal(payment.client_secret);

      const before = location.href;
      const restore = arriveWithReturnParameters(landedOn);
      try {
        const back = await mountCheckout({ payment: payment });
        const result = await back.log.wait('tender-result');
        expect(result.detail).to.include({ paymentId: payment.payment_id, status: 'succeeded', retryable: false });
        expect(location.href).to.equal(before);
        expect(back.log.of('tender-ready')).to.have.length(0);
      } finally {
        restore();
      }
    });

    it('never trusts the status in the return URL', async () => {
      const { payment, landedOn } = await leaveForChallenge('reject');
      landedOn.searchParams.set('status', 'succeeded'); // a tampered address

      const restore = arriveWithReturnParameters(landedOn);
      try {
        const back = await mountCheckout({ payment: payment });
        const result = await back.log.wait('tender-result');
        expect(result.detail).to.include({ status: 'failed', retryable: true, errorCode: 'authentication_failed' });
        await back.element.updateComplete;
        // a rejected challenge may be retried with another card
        expect(back.log.of('tender-ready')).to.have.length(1);
        expect(formShown(back.element)).to.equal(true);
        expect(statusText(back.element)).to.equal(en['decline.authentication_failed']);
        expect(new URL(location.href).searchParams.has('status')).to.equal(false);
      } finally {
        restore();
      }
    });
  });

  describe('mobile money', () => {
    it('shows the wait screen and polls until the phone approves', async () => {
      const payment = await createMobileMoneyPayment('+254700007777');
      const { element, log } = await mountCheckout({ payment });
      await waitUntil(() => statusText(element).startsWith(en['status.waitScreen']), 'wait screen not shown');
      expect(formShown(element)).to.equal(false);
      expect(log.of('tender-ready')).to.have.length(0);
      await answerMobileMoney(payment, 'approve');
      const result = await log.wait('tender-result');
      expect(result.detail).to.include({ paymentId: payment.payment_id, status: 'succeeded' });
      await element.updateComplete;
      expect(statusText(element)).to.equal(en['status.succeeded']);
    });

    it('reports the approval of a phone number ending 0000 by itself', async () => {
      const payment = await createMobileMoneyPayment('+254700000000');
      const { log } = await mountCheckout({ payment });
      expect((await log.wait('tender-result')).detail.status).to.equal('succeeded');
    });

    it('reports a decline on the phone as a final failure', async () => {
      const payment = await createMobileMoneyPayment('+254700008888');
      const { element, log } = await mountCheckout({ payment });
      await waitUntil(() => statusText(element).startsWith(en['status.waitScreen']), 'wait screen not shown');
      await answerMobileMoney(payment, 'decline');
      const result = await log.wait('tender-result');
      expect(result.detail).to.include({ status: 'failed', retryable: false, errorCode: 'mobile_money_declined' });
      await element.updateComplete;
      expect(statusText(element)).to.equal(en['decline.mobile_money_declined']);
    });
  });
});
