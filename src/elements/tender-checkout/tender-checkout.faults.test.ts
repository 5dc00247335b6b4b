import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../define.js';
import { en } from '../../i18n/index.js';
import { createPayment, sandboxConfig } from '../../../test/browser/sandbox-config.js';
import {
  brandOf,
  buttonNamed,
  cardDataIn,
  clearField,
  DECLINED_CARD,
  errorText,
  fillCard,
  formShown,
  FUTURE_EXPIRY,
  inputOf,
  mountCheckout,
  nbsp,
  payButton,
  retrieveAsMerchant,
  statusText,
  SUCCESS_CARD,
  typeInto,
} from '../../../test/browser/checkout-harness.js';
import { deferred, hang, isConfirm, isRetrieve, networkError, restoreFetch, wrapFetch } from '../../../test/browser/fetch-wrapper.js';


describe('<tender-checkout> faults and lifecycle', () => {
  afterEach(() => restoreFetch());

  it('is accessible when ready', async () => {
    const { element, log } = await mountCheckout();
    await log.wait('tender-ready');
    await element.updateComplete;
    await expect(element).to.be.accessible();
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
  element.setAttribute('inline', '');
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
      const own = element.getAttributeNames().filter((name) => !['api-base', 'client-secret', 'locale', 'publishable-key', 'return-url', 'three-ds', 'inline', 'billing', 'email', 'phone'].includes(name));
      expect(own.every((name) => ['theme', 'disabled'].includes(name)), element.outerHTML).to.equal(true);
    });
  });
});
