import { aTimeout, expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../define.js';
import { en } from '../../i18n/index.js';
import type { TenderCheckout } from './tender-checkout.js';
import { createPayment, sandboxConfig } from '../../../test/browser/sandbox-config.js';
import {
  EventLog,
  FUTURE_EXPIRY,
  answerChallenge,
  answerMobileMoney,
  arriveWithReturnParameters,
  brandOf,
  buttonNamed,
  cardDataIn,
  clearField,
  corsReturnUrl,
  createConfirmedPayment,
  createMobileMoneyPayment,
  errorText,
  fillCard,
  focusedId,
  formOf,
  formShown,
  inputOf,
  mountCheckout,
  payButton,
  retrieveAsMerchant,
  statusText,
  typeInto,
} from '../../../test/browser/checkout-harness.js';
import { deferred, hang, isConfirm, isRetrieve, networkError, restoreFetch, wrapFetch } from '../../../test/browser/fetch-wrapper.js';

const SUCCESS_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';
const CHALLENGE_CARD = '4000003800000446';
const PROCESSING_CARD = '4000000000004012';
const nbsp = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe('<tender-checkout>', () => {
  afterEach(() => restoreFetch());

  it('is accessible when ready', async () => {
    const { element, log } = await mountCheckout();
    await log.wait('tender-ready');
    await element.updateComplete;
    await expect(element).to.be.accessible();
  });

  describe('defaults', () => {
    it('fetches the payment and shows the amount on the button', async () => {
      const config = await sandboxConfig();
      const payment = await createPayment({ amount: 1099, currency: 'USD' });
      const element = document.createElement('tender-checkout');
      element.setAttribute('publishable-key', config.publishableKey);
      element.setAttribute('client-secret', payment.client_secret);
      element.setAttribute('api-base', config.url);
      element.setAttribute('locale', 'en-US');
      const ready = oneEvent(element, 'tender-ready');
      document.body.append(element);
      const event = await ready;
      expect(event.detail).to.deep.equal({ paymentId: payment.payment_id, amount: 1099, currency: 'USD', status: 'requires_confirmation' });
      await element.updateComplete;
      expect(payButton(element).textContent!.trim()).to.equal('Pay \u2068$10.99\u2069');
      element.remove();
    });

    it('shows an empty form with autofill hints, no errors and no brand', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await element.updateComplete;
      const hints = (['number', 'expiry', 'cvc', 'name'] as const).map((id) => inputOf(element, id).autocomplete);
      expect(hints).to.deep.equal(['cc-number', 'cc-exp', 'cc-csc', 'cc-name']);
      expect((['number', 'expiry', 'cvc'] as const).map((id) => inputOf(element, id).inputMode)).to.deep.equal(['numeric', 'numeric', 'numeric']);
      expect((['number', 'expiry', 'cvc'] as const).map((id) => errorText(element, id))).to.deep.equal(['', '', '']);
      expect(brandOf(element).hidden).to.equal(true);
      expect(log.of('tender-change')).to.have.length(0);
    });

    it('does nothing and reports nothing while it has no configuration', async () => {
      const element = document.createElement('tender-checkout');
      const log = new EventLog(element);
      await fixture<TenderCheckout>(element);
      expect(log.events).to.have.length(0);
      expect(statusText(element)).to.equal('');
    });

    it('reports a missing api-base as a configuration error', async () => {
      const { element, log } = await mountCheckout({ attributes: { 'api-base': '' } });
      const error = await log.wait('tender-error');
      expect(error.detail.code).to.equal('configuration');
      expect(error.detail.recoverable).to.equal(false);
      await element.updateComplete;
      expect(statusText(element)).to.equal(en['error.configuration']);
    });
  });

  describe('accessibility', () => {
    it('is accessible with a card typed in', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await fillCard(element, { number: SUCCESS_CARD, name: 'Ada Lovelace' });
      await element.updateComplete;
      await expect(element).to.be.accessible();
    });

    it('is accessible with errors shown', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await typeInto(element, 'number', '4242');
      payButton(element).click();
      await element.updateComplete;
      expect(errorText(element, 'number')).to.not.equal('');
      await expect(element).to.be.accessible();
    });

    it('is accessible after a successful payment', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await fillCard(element, { number: SUCCESS_CARD });
      payButton(element).click();
      await log.wait('tender-result');
      await element.updateComplete;
      await expect(element).to.be.accessible();
    });

    it('is accessible after a decline', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await fillCard(element, { number: DECLINED_CARD });
      payButton(element).click();
      await log.wait('tender-result');
      await element.updateComplete;
      await expect(element).to.be.accessible();
    });

    it('is accessible on the mobile-money wait screen', async () => {
      const payment = await createMobileMoneyPayment('+254700005555');
      const { element } = await mountCheckout({ payment });
      await waitUntil(() => statusText(element).startsWith(en['status.waitScreen']), 'wait screen not shown');
      await expect(element).to.be.accessible();
    });
  });

  describe('card entry', () => {
    it('groups a Visa number 4-4-4-4 as it is typed', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await typeInto(element, 'number', SUCCESS_CARD);
      expect(inputOf(element, 'number').value).to.equal('4242 4242 4242 4242');
    });

    it('groups an Amex number 4-6-5', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await typeInto(element, 'number', '378282246310005');
      expect(inputOf(element, 'number').value).to.equal('3782 822463 10005');
    });

    it('keeps the caret after a digit typed in the middle of the number', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await typeInto(element, 'number', '42424242');
      await sendKeys({ press: 'Home' });
      await sendKeys({ press: 'ArrowRight' });
      await sendKeys({ type: '1' });
      const number = inputOf(element, 'number');
      expect(number.value).to.equal('4124 2424 2');
      expect(number.selectionStart).to.equal(2);
    });

    it('removes a digit and its group space with Backspace', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await typeInto(element, 'number', '42424');
      await sendKeys({ press: 'Backspace' });
      expect(inputOf(element, 'number').value).to.equal('4242');
    });

    it('pads a single expiry month: 4 → "04 / "', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await typeInto(element, 'expiry', '4');
      const expiry = inputOf(element, 'expiry');
      expect(expiry.value).to.equal('04 / ');
      expect(expiry.selectionStart).to.equal(5);
    });

    it('moves focus from a complete, valid number to the expiry, and from the expiry to the CVC', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await typeInto(element, 'number', SUCCESS_CARD);
      expect(focusedId(element)).to.equal('expiry');
      await sendKeys({ type: FUTURE_EXPIRY });
      expect(inputOf(element, 'expiry').value).to.equal(`${FUTURE_EXPIRY.slice(0, 2)} / ${FUTURE_EXPIRY.slice(2)}`);
      expect(focusedId(element)).to.equal('cvc');
    });

    it('keeps typing a 16-digit Visa whose first 13 digits pass the check digit (4000 0027 6000 3184)', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await typeInto(element, 'number', '4000002760003184');
      expect(inputOf(element, 'number').value).to.equal('4000 0027 6000 3184');
      expect(inputOf(element, 'expiry').value).to.equal('');
      expect(focusedId(element)).to.equal('expiry');
    });

    it('keeps focus on a complete number that fails the check digit', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await typeInto(element, 'number', '4242424242424241');
      expect(focusedId(element)).to.equal('number');
    });

    it('shows the detected brand with a text alternative', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await typeInto(element, 'number', '4');
      await element.updateComplete;
      const brand = brandOf(element);
      expect(brand.hidden).to.equal(false);
      expect(brand.getAttribute('role')).to.equal('img');
      expect(brand.getAttribute('aria-label')).to.equal('Card brand: \u2068Visa\u2069');
      expect(inputOf(element, 'number').getAttribute('aria-describedby')).to.include('number-brand');
      await clearField(element, 'number');
      await typeInto(element, 'number', '37');
      await element.updateComplete;
      expect(brand.getAttribute('aria-label')).to.equal('Card brand: \u2068American Express\u2069');
      expect(inputOf(element, 'cvc').maxLength).to.equal(4);
    });

    it('reports the card state in tender-change: brand, complete, empty', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await typeInto(element, 'number', '4');
      expect(log.last('tender-change')!.detail).to.deep.equal({ complete: false, empty: false, brand: 'visa', errors: {} });
      await sendKeys({ type: SUCCESS_CARD.slice(1) });
      await sendKeys({ type: FUTURE_EXPIRY });
      await sendKeys({ type: '123' });
      expect(log.last('tender-change')!.detail).to.deep.equal({ complete: true, empty: false, brand: 'visa', errors: {} });
      for (const id of ['cvc', 'expiry', 'number'] as const) await clearField(element, id);
      // the number was left empty: that is no error until a submit
      await sendKeys({ press: 'Tab' });
      expect(log.last('tender-change')!.detail).to.deep.equal({ complete: false, empty: true, brand: null, errors: {} });
    });

    it('fires tender-change only when the state changes, not on every key', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await typeInto(element, 'number', '4242');
      await sendKeys({ type: '42' });
      // "4" made the brand known; the next digits changed nothing the host can see
      expect(log.of('tender-change')).to.have.length(1);
    });
  });

  describe('validation', () => {
    it('shows no error while a valid prefix is typed, then the error once the field is left', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await typeInto(element, 'number', '4242');
      await element.updateComplete;
      expect(errorText(element, 'number')).to.equal('');
      expect(inputOf(element, 'number').getAttribute('aria-invalid')).to.equal('false');
      await sendKeys({ press: 'Tab' });
      await element.updateComplete;
      expect(errorText(element, 'number')).to.equal(en['error.number.incomplete']);
      expect(inputOf(element, 'number').getAttribute('aria-invalid')).to.equal('true');
      expect(log.last('tender-change')!.detail.errors).to.deep.equal({ number: 'incomplete' });
    });

    it('clears a shown error once the field is corrected', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await typeInto(element, 'number', '4242');
      await sendKeys({ press: 'Tab' });
      await typeInto(element, 'number', '424242424242');
      await element.updateComplete;
      expect(errorText(element, 'number')).to.equal('');
      expect(log.last('tender-change')!.detail.errors).to.deep.equal({});
    });

    it('shows no error while a field it already left is being corrected', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await typeInto(element, 'number', SUCCESS_CARD); // complete: focus moved on to the expiry
      await sendKeys({ press: 'Shift+Tab' });
      await sendKeys({ press: 'End' });
      await sendKeys({ press: 'Backspace' });
      await element.updateComplete;
      expect(inputOf(element, 'number').value).to.equal('4242 4242 4242 424');
      expect(errorText(element, 'number')).to.equal('');
      expect(log.last('tender-change')!.detail.errors).to.deep.equal({});
      await clearField(element, 'number');
      await element.updateComplete;
      expect(errorText(element, 'number')).to.equal('');
      await sendKeys({ type: '4242' });
      await sendKeys({ press: 'Tab' });
      await element.updateComplete;
      expect(errorText(element, 'number')).to.equal(en['error.number.incomplete']);
    });

    it('reports an expired card when the expiry is left', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await typeInto(element, 'expiry', '0120');
      expect(focusedId(element)).to.equal('expiry');
      await sendKeys({ press: 'Tab' });
      await element.updateComplete;
      expect(errorText(element, 'expiry')).to.equal(en['error.expiry.expired']);
      expect(log.last('tender-change')!.detail.errors).to.deep.equal({ expiry: 'expired' });
    });

    it('on a failed submit shows every error and moves focus to the first invalid field', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      const confirms = wrapFetch();
      await typeInto(element, 'number', SUCCESS_CARD);
      inputOf(element, 'name').focus();
      payButton(element).click();
      await element.updateComplete;
      expect(focusedId(element)).to.equal('expiry');
      expect(errorText(element, 'expiry')).to.equal(en['error.expiry.empty']);
      expect(errorText(element, 'cvc')).to.equal(en['error.cvc.empty']);
      expect(errorText(element, 'number')).to.equal('');
      expect(log.last('tender-change')!.detail.errors).to.deep.equal({ expiry: 'empty', cvc: 'empty' });
      expect(log.of('tender-submit')).to.have.length(0);
      expect(confirms.count(isConfirm)).to.equal(0);
    });

    it('after a failed submit, updates errors as the customer types', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      payButton(element).click();
      await element.updateComplete;
      expect(errorText(element, 'number')).to.equal(en['error.number.empty']);
      await sendKeys({ type: '4242' });
      await element.updateComplete;
      expect(errorText(element, 'number')).to.equal(en['error.number.incomplete']);
      await sendKeys({ type: '424242424242' });
      await element.updateComplete;
      expect(errorText(element, 'number')).to.equal('');
      expect(log.last('tender-change')!.detail.errors).to.deep.equal({ expiry: 'empty', cvc: 'empty' });
    });

    it('on an empty submit focuses the card number', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      const outcome = await element.confirm();
      expect(outcome).to.deep.equal({ type: 'invalid', errors: { number: 'empty', expiry: 'empty', cvc: 'empty' } });
      expect(focusedId(element)).to.equal('number');
    });
  });

  describe('keyboard', () => {
    it('tabs through the fields in visual order', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      inputOf(element, 'number').focus();
      const order = [focusedId(element)];
      for (let step = 0; step < 4; step += 1) {
        await sendKeys({ press: 'Tab' });
        order.push(focusedId(element) || (element.shadowRoot!.activeElement === payButton(element) ? 'button' : ''));
      }
      expect(order).to.deep.equal(['number', 'expiry', 'cvc', 'name', 'button']);
    });

    it('pays with the keyboard alone: Tab in, type, Tab to the button, Enter', async () => {
      const config = await sandboxConfig();
      const payment = await createPayment({ amount: 1099, currency: 'USD' });
      const wrapper = await fixture<HTMLDivElement>(html`<div>
        <button type="button">Before</button>
        <tender-checkout publishable-key=${config.publishableKey} client-secret=${payment.client_secret} api-base=${config.url}
          return-url="https://merchant.example/return" locale="en-US"></tender-checkout>
      </div>`);
      const element = wrapper.querySelector('tender-checkout')!;
      await waitUntil(() => payButton(element) && !payButton(element).disabled, 'the form never became ready', { timeout: 5000 });
      wrapper.querySelector('button')!.focus();
      await sendKeys({ press: 'Tab' });
      expect(focusedId(element)).to.equal('number');
      await sendKeys({ type: SUCCESS_CARD });
      await sendKeys({ type: FUTURE_EXPIRY });
      await sendKeys({ type: '123' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ type: 'Ada Lovelace' });
      await sendKeys({ press: 'Tab' });
      expect(element.shadowRoot!.activeElement).to.equal(payButton(element));
      const result = oneEvent(element, 'tender-result');
      await sendKeys({ press: 'Enter' });
      expect((await result).detail.status).to.equal('succeeded');
    });

    it('submits with Enter from a field', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await fillCard(element, { number: SUCCESS_CARD });
      await sendKeys({ press: 'Enter' });
      const submit = await log.wait('tender-submit');
      expect(submit.detail).to.deep.equal({ paymentId: (await log.wait('tender-ready')).detail.paymentId });
      expect((await log.wait('tender-result')).detail.status).to.equal('succeeded');
    });
  });

  describe('amount', () => {
    it('formats a zero-decimal currency (JPY)', async () => {
      const { element, log } = await mountCheckout({ create: { amount: 1000, currency: 'JPY' } });
      await log.wait('tender-ready');
      await element.updateComplete;
      expect(nbsp(payButton(element).textContent!.trim())).to.equal('Pay \u2068¥1,000\u2069');
    });

    it('formats a three-decimal currency (BHD)', async () => {
      const { element, log } = await mountCheckout({ create: { amount: 1234, currency: 'BHD' } });
      await log.wait('tender-ready');
      await element.updateComplete;
      expect(nbsp(payButton(element).textContent!.trim())).to.equal('Pay \u2068BHD 1.234\u2069');
    });

    it('formats a three-decimal currency (KWD)', async () => {
      const { element, log } = await mountCheckout({ create: { amount: 5, currency: 'KWD' } });
      await log.wait('tender-ready');
      await element.updateComplete;
      expect(nbsp(payButton(element).textContent!.trim())).to.equal('Pay \u2068KWD 0.005\u2069');
    });
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

    it('locks the form while the confirm is in flight', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      const release = deferred();
      wrapFetch((call) => (isConfirm(call) ? release.promise.then(call.forward) : undefined));
      await fillCard(element, { number: SUCCESS_CARD });
      payButton(element).click();
      await log.wait('tender-submit');
      await element.updateComplete;
      const inputs = (['number', 'expiry', 'cvc', 'name'] as const).map((id) => inputOf(element, id).disabled);
      expect(inputs).to.deep.equal([true, true, true, true]);
      expect(payButton(element).disabled).to.equal(true);
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
      const returnUrl = await corsReturnUrl();
      const first = await mountCheckout({ attributes: { 'return-url': returnUrl } });
      first.element.addEventListener('tender-redirect', (event) => event.preventDefault());
      await first.log.wait('tender-ready');
      await fillCard(first.element, { number: CHALLENGE_CARD });
      payButton(first.element).click();
      const redirect = await first.log.wait('tender-redirect');
      const landedOn = await answerChallenge(redirect.detail.url, 'complete');
      expect(landedOn.searchParams.get('payment_intent_client_secret')).to.equal(first.payment.client_secret);
      first.element.remove();

      const before = location.href;
      const restore = arriveWithReturnParameters(landedOn);
      try {
        const back = await mountCheckout({ payment: first.payment });
        const result = await back.log.wait('tender-result');
        expect(result.detail).to.include({ paymentId: first.payment.payment_id, status: 'succeeded', retryable: false });
        expect(location.href).to.equal(before);
        expect(back.log.of('tender-ready')).to.have.length(0);
      } finally {
        restore();
      }
    });

    it('never trusts the status in the return URL', async () => {
      const returnUrl = await corsReturnUrl();
      const first = await mountCheckout({ attributes: { 'return-url': returnUrl } });
      first.element.addEventListener('tender-redirect', (event) => event.preventDefault());
      await first.log.wait('tender-ready');
      await fillCard(first.element, { number: CHALLENGE_CARD });
      payButton(first.element).click();
      const redirect = await first.log.wait('tender-redirect');
      const landedOn = await answerChallenge(redirect.detail.url, 'reject');
      landedOn.searchParams.set('status', 'succeeded'); // a tampered address
      first.element.remove();

      const restore = arriveWithReturnParameters(landedOn);
      try {
        const back = await mountCheckout({ payment: first.payment });
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
      await answerMobileMoney(payment.payment_id, 'approve');
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
      await answerMobileMoney(payment.payment_id, 'decline');
      const result = await log.wait('tender-result');
      expect(result.detail).to.include({ status: 'failed', retryable: false, errorCode: 'mobile_money_declined' });
      await element.updateComplete;
      expect(statusText(element)).to.equal(en['decline.mobile_money_declined']);
    });
  });

  describe('faults', () => {
    it('reconciles a confirm whose answer was lost: reports the payment as it is', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      const requests = wrapFetch((call) => (isConfirm(call) ? call.forward().then(networkError) : undefined));
      await fillCard(element, { number: SUCCESS_CARD });
      payButton(element).click();
      const result = await log.wait('tender-result');
      expect(result.detail.status).to.equal('succeeded');
      expect(log.of('tender-error')).to.have.length(0);
      expect(requests.count(isConfirm)).to.equal(1);
    });

    it('reconciles a confirm that timed out (request-timeout)', async () => {
      const { element, log } = await mountCheckout({ attributes: { 'request-timeout': '1500' } });
      await log.wait('tender-ready');
      wrapFetch((call) => (isConfirm(call) ? call.forward().then(() => hang(call.signal)) : undefined));
      await fillCard(element, { number: SUCCESS_CARD });
      payButton(element).click();
      const result = await log.wait('tender-result', 1, 8000);
      expect(result.detail.status).to.equal('succeeded');
      expect(log.of('tender-error')).to.have.length(0);
    });

    it('keeps checking when even the reconciling retrieve fails, and never reports a failure', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      wrapFetch((call) => (isConfirm(call) ? call.forward().then(networkError) : isRetrieve(call) ? networkError() : undefined));
      await fillCard(element, { number: SUCCESS_CARD });
      payButton(element).click();
      const error = await log.wait('tender-error');
      expect(error.detail).to.include({ code: 'outcome_unknown', recoverable: true });
      await element.updateComplete;
      expect(statusText(element)).to.equal(en['error.outcomeUnknown']);
      expect(formShown(element)).to.equal(false);
      restoreFetch(); // the connection comes back
      const result = await log.wait('tender-result');
      expect(result.detail.status).to.equal('succeeded');
    });

    it('offers to try again when a confirm was refused by a server error, and pays on the retry', async () => {
      const { element, log, payment } = await mountCheckout();
      await log.wait('tender-ready');
      wrapFetch((call) => (isConfirm(call) ? Promise.resolve(new Response('upstream exploded', { status: 502 })) : undefined));
      await fillCard(element, { number: SUCCESS_CARD });
      payButton(element).click();
      const error = await log.wait('tender-error');
      expect(error.detail).to.include({ code: 'server', recoverable: true });
      await element.updateComplete;
      expect(statusText(element)).to.equal(en['error.server']);
      expect(inputOf(element, 'number').value).to.equal('4242 4242 4242 4242');
      restoreFetch();
      buttonNamed(element, en.retry)!.click();
      expect((await log.wait('tender-result')).detail.status).to.equal('succeeded');
      expect((await retrieveAsMerchant(payment.payment_id)).attempt_count).to.equal(1);
    });

    it('offers to try again after a network error on a confirm that did not go through', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      wrapFetch((call) => (isConfirm(call) ? networkError() : undefined));
      await fillCard(element, { number: SUCCESS_CARD });
      payButton(element).click();
      const error = await log.wait('tender-error');
      expect(error.detail).to.include({ code: 'network', recoverable: true });
      await element.updateComplete;
      expect(statusText(element)).to.equal(en['error.network']);
      restoreFetch();
      buttonNamed(element, en.retry)!.click();
      expect((await log.wait('tender-result')).detail.status).to.equal('succeeded');
    });

    it('reconciles a confirm answered with an unparseable body', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      wrapFetch((call) => (isConfirm(call) ? call.forward().then(() => new Response('<html>oops', { status: 200 })) : undefined));
      await fillCard(element, { number: SUCCESS_CARD });
      payButton(element).click();
      expect((await log.wait('tender-result')).detail.status).to.equal('succeeded');
    });

    it('offers to try again when the payment cannot be loaded (unparseable body)', async () => {
      wrapFetch((call) => (isRetrieve(call) ? Promise.resolve(new Response('not json', { status: 200 })) : undefined));
      const { element, log } = await mountCheckout();
      const error = await log.wait('tender-error');
      expect(error.detail).to.include({ code: 'server', recoverable: true });
      await element.updateComplete;
      expect(statusText(element)).to.equal(en['error.server']);
      restoreFetch();
      buttonNamed(element, en.retry)!.click();
      const ready = await log.wait('tender-ready');
      expect(ready.detail.status).to.equal('requires_confirmation');
      await element.updateComplete;
      expect(buttonNamed(element, en.retry)).to.equal(null);
    });

    it('reports a server that keeps failing after the GET retries', async () => {
      const requests = wrapFetch((call) => (isRetrieve(call) ? Promise.resolve(new Response('', { status: 503 })) : undefined));
      const { element, log } = await mountCheckout();
      const error = await log.wait('tender-error');
      expect(error.detail).to.include({ code: 'server', recoverable: true });
      expect(requests.count(isRetrieve)).to.equal(4);
      await element.updateComplete;
      expect(buttonNamed(element, en.retry)).to.not.equal(null);
    });

    it('retries a GET that failed once and loads without an error', async () => {
      let failures = 0;
      const requests = wrapFetch((call) => (isRetrieve(call) && failures++ === 0 ? networkError() : undefined));
      const { log } = await mountCheckout();
      await log.wait('tender-ready');
      expect(requests.count(isRetrieve)).to.equal(2);
      expect(log.of('tender-error')).to.have.length(0);
    });
  });

  describe('lifecycle', () => {
    it('keeps typed data when removed and re-added, and fires tender-ready once per connection', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      const requests = wrapFetch();
      await typeInto(element, 'number', SUCCESS_CARD);
      await typeInto(element, 'expiry', FUTURE_EXPIRY);
      const parent = element.parentElement!;
      element.remove();
      parent.append(element);
      await element.updateComplete;
      expect(log.of('tender-ready')).to.have.length(2);
      expect(inputOf(element, 'number').value).to.equal('4242 4242 4242 4242');
      expect(errorText(element, 'number')).to.equal('');
      expect(requests.count(isConfirm)).to.equal(0);
      await typeInto(element, 'cvc', '123');
      payButton(element).click();
      expect((await log.wait('tender-result')).detail.status).to.equal('succeeded');
      expect(requests.count(isConfirm)).to.equal(1);
    });

    it('survives connect, disconnect, connect in one task (React StrictMode): one load, one tender-ready', async () => {
      const config = await sandboxConfig();
      const payment = await createPayment({ amount: 1099, currency: 'USD' });
      const requests = wrapFetch();
      const host = await fixture<HTMLDivElement>(html`<div></div>`);
      const element = document.createElement('tender-checkout');
      element.setAttribute('publishable-key', config.publishableKey);
      element.setAttribute('client-secret', payment.client_secret);
      element.setAttribute('api-base', config.url);
      const readies: Event[] = [];
      element.addEventListener('tender-ready', (event) => readies.push(event));
      host.append(element);
      element.remove();
      host.append(element);
      await oneEvent(element, 'tender-ready');
      await element.updateComplete;
      // a second load would have sent its request before the first answer came back
      expect(readies).to.have.length(1);
      expect(requests.count(isRetrieve)).to.equal(1);
    });

    it('never confirms twice when moved while a confirm is in flight', async () => {
      const { element, log, payment } = await mountCheckout();
      await log.wait('tender-ready');
      const release = deferred();
      const requests = wrapFetch((call) => (isConfirm(call) ? release.promise.then(call.forward) : undefined));
      await fillCard(element, { number: SUCCESS_CARD });
      payButton(element).click();
      await log.wait('tender-submit');
      const parent = element.parentElement!;
      element.remove();
      parent.append(element);
      element.remove();
      parent.append(element);
      release.resolve();
      expect((await log.wait('tender-result')).detail.status).to.equal('succeeded');
      expect(requests.count(isConfirm)).to.equal(1);
      expect(log.of('tender-ready')).to.have.length(1);
      expect((await retrieveAsMerchant(payment.payment_id)).attempt_count).to.equal(1);
    });

    it('resets cleanly for a new client-secret: fields cleared, new tender-ready', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await typeInto(element, 'number', '4242');
      await sendKeys({ press: 'Tab' });
      const changes = log.of('tender-change').length;
      const next = await createPayment({ amount: 500, currency: 'EUR' });
      element.setAttribute('client-secret', next.client_secret);
      const ready = await log.wait('tender-ready', 2);
      expect(ready.detail).to.deep.equal({ paymentId: next.payment_id, amount: 500, currency: 'EUR', status: 'requires_confirmation' });
      await element.updateComplete;
      expect((['number', 'expiry', 'cvc', 'name'] as const).map((id) => inputOf(element, id).value)).to.deep.equal(['', '', '', '']);
      expect(errorText(element, 'number')).to.equal('');
      expect(brandOf(element).hidden).to.equal(true);
      expect(nbsp(payButton(element).textContent!.trim())).to.equal('Pay \u2068€5.00\u2069');
      expect(log.of('tender-change')).to.have.length(changes);
    });

    it('drops the answer for the old payment when the client-secret changes mid-confirm, and pays the new one', async () => {
      const { element, log, payment } = await mountCheckout();
      await log.wait('tender-ready');
      const release = deferred();
      const requests = wrapFetch((call) => (isConfirm(call) && call.url.includes(payment.payment_id) ? release.promise.then(call.forward) : undefined));
      await fillCard(element, { number: SUCCESS_CARD });
      const oldConfirm = element.confirm();
      await log.wait('tender-submit');
      const next = await createPayment({ amount: 500, currency: 'EUR' });
      element.setAttribute('client-secret', next.client_secret);
      await log.wait('tender-ready', 2);
      await element.updateComplete;
      expect(inputOf(element, 'number').disabled).to.equal(false);

      await fillCard(element, { number: SUCCESS_CARD });
      payButton(element).click();
      const submit = await log.wait('tender-submit', 2);
      expect(submit.detail.paymentId).to.equal(next.payment_id);
      const result = await log.wait('tender-result');
      expect(result.detail).to.include({ paymentId: next.payment_id, status: 'succeeded' });

      release.resolve();
      expect(await oldConfirm).to.deep.equal({ type: 'cancelled' });
      expect(log.of('tender-result')).to.have.length(1);
      expect(requests.count(isConfirm)).to.equal(2);
    });
  });

  describe('card data stays in the form', () => {
    it('puts no card number, CVC or expiry in any event, attribute or the light DOM', async () => {
      const card = { number: DECLINED_CARD, cvc: '737', expiry: FUTURE_EXPIRY };
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      await fillCard(element, { number: card.number, cvc: card.cvc, expiry: card.expiry, name: 'Ada Lovelace' });
      payButton(element).click();
      await log.wait('tender-result');
      await clearField(element, 'number');
      await typeInto(element, 'number', SUCCESS_CARD);
      payButton(element).click();
      await log.wait('tender-result', 2);
      await element.updateComplete;

      expect(new Set(log.events.map((event) => event.type))).to.deep.equal(new Set(['tender-ready', 'tender-change', 'tender-submit', 'tender-result']));
      for (const event of log.events) {
        expect([event.bubbles, event.composed], event.type).to.deep.equal([true, true]);
        const text = JSON.stringify(event.detail);
        expect(cardDataIn(text, card), `${event.type}: ${text}`).to.deep.equal([]);
        expect(cardDataIn(text, { ...card, number: SUCCESS_CARD }), event.type).to.deep.equal([]);
      }
      expect(cardDataIn(element.outerHTML, card)).to.deep.equal([]);
      expect(cardDataIn(element.outerHTML, { ...card, number: SUCCESS_CARD })).to.deep.equal([]);
      const own = element.getAttributeNames().filter((name) => !['api-base', 'client-secret', 'locale', 'publishable-key', 'return-url'].includes(name));
      expect(own.every((name) => ['theme', 'disabled'].includes(name)), element.outerHTML).to.equal(true);
    });
  });
});
