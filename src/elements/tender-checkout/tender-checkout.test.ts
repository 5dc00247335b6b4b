import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../define.js';
import { en } from '../../i18n/index.js';
import type { TenderCheckout } from './tender-checkout.js';
import { createPayment, sandboxConfig } from '../../../test/browser/sandbox-config.js';
import {
  brandOf,
  clearField,
  createMobileMoneyPayment,
  DECLINED_CARD,
  errorText,
  EventLog,
  fillCard,
  focusedId,
  FUTURE_EXPIRY,
  inputOf,
  mountCheckout,
  nbsp,
  payButton,
  statusText,
  SUCCESS_CARD,
  typeInto, root } from '../../../test/browser/checkout-harness.js';
import { isConfirm, wrapFetch } from '../../../test/browser/fetch-wrapper.js';


describe('<tender-checkout>', () => {

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
  element.setAttribute('inline', '');
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
  element.setAttribute('inline', '');
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
        order.push(focusedId(element) || (root(element).activeElement === payButton(element) ? 'button' : ''));
      }
      expect(order).to.deep.equal(['number', 'expiry', 'cvc', 'name', 'button']);
    });

    it('pays with the keyboard alone: Tab in, type, Tab to the button, Enter', async () => {
      const config = await sandboxConfig();
      const payment = await createPayment({ amount: 1099, currency: 'USD' });
      const wrapper = await fixture<HTMLDivElement>(html`<div>
        <button type="button">Before</button>
        <tender-checkout inline publishable-key=${config.publishableKey} client-secret=${payment.client_secret} api-base=${config.url}
          return-url="https://merchant.example/return" locale="en-US" billing="never" email="never" phone="never"></tender-checkout>
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
      expect(root(element).activeElement).to.equal(payButton(element));
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
});
