import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../define.js';
import { en } from '../../i18n/index.js';
import { createPayment, sandboxConfig } from '../../../test/browser/sandbox-config.js';
import {
  DECLINED_CARD,
  fillCard,
  focusedId,
  FUTURE_EXPIRY,
  inputOf,
  mountCheckout,
  payButton,
  SUCCESS_CARD,
  typeInto, root } from '../../../test/browser/checkout-harness.js';
import { deferred, isConfirm, isRetrieve, restoreFetch, wrapFetch } from '../../../test/browser/fetch-wrapper.js';
import type { TenderCheckout } from './tender-checkout.js';


/** The text a sighted customer sees in the shadow root (the hidden live region left out). */
function visibleText(element: TenderCheckout): string {
  const clone = document.createElement('div');
  for (const node of root(element).childNodes) clone.append(node.cloneNode(true));
  clone.querySelector('#announcer')?.remove();
  clone.querySelectorAll('[hidden]').forEach((node) => node.remove());
  return (clone.textContent ?? '').replace(/\s+/g, ' ');
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

/** A checkout between two page buttons, so a Tab out of it is visible. */
async function mountBetweenButtons(cardFor: 'success' | 'decline') {
  const config = await sandboxConfig();
  const payment = await createPayment({ amount: 1099, currency: 'USD' });
  const wrapper = await fixture<HTMLDivElement>(html`<div>
    <button type="button">Before</button>
    <tender-checkout inline publishable-key=${config.publishableKey} client-secret=${payment.client_secret} api-base=${config.url}
      return-url="https://merchant.example/return" locale="en-US" billing="never" email="never" phone="never"></tender-checkout>
    <button type="button" id="after">After</button>
  </div>`);
  const element = wrapper.querySelector('tender-checkout')!;
  await waitUntil(() => payButton(element) && !payButton(element).disabled, 'the form never became ready', { timeout: 5000 });
  await fillCard(element, { number: cardFor === 'success' ? SUCCESS_CARD : DECLINED_CARD });
  return { element, wrapper };
}

/** Focus is inside the checkout (on an element of its shadow root). */
const focusInside = (element: TenderCheckout) => document.activeElement === element && root(element).activeElement !== null;

describe('<tender-checkout> focus and feedback through the payment flow', () => {
  afterEach(() => restoreFetch());

  describe('focus is never lost (issue 16.4)', () => {
    it('keeps focus on the pay button while the confirm is in flight', async () => {
      const { element } = await mountBetweenButtons('success');
      const release = deferred();
      wrapFetch((call) => (isConfirm(call) ? release.promise.then(call.forward) : undefined));
      payButton(element).focus();
      const result = new Promise((resolve) => element.addEventListener('tender-result', resolve, { once: true }));
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => payButton(element).getAttribute('aria-disabled') === 'true', 'the button never said it was busy');
      expect(focusInside(element), 'focus left the widget while submitting').to.equal(true);
      expect(root(element).activeElement).to.equal(payButton(element));
      release.resolve();
      await result;
    });

    it('after a decline, focus is on the card number to fix and the next Tab stays in the form', async () => {
      const { element } = await mountBetweenButtons('decline');
      payButton(element).focus();
      const result = new Promise((resolve) => element.addEventListener('tender-result', resolve, { once: true }));
      await sendKeys({ press: 'Enter' });
      await result;
      await waitUntil(() => focusedId(element) === 'number', 'focus never reached the card number');
      expect(focusInside(element), 'focus left the widget after the decline').to.equal(true);
      expect(focusedId(element)).to.equal('number');
      await sendKeys({ press: 'Tab' });
      expect(focusedId(element)).to.equal('expiry');
    });

    it('after a success, focus is on the status that says so', async () => {
      const { element } = await mountBetweenButtons('success');
      payButton(element).focus();
      const result = new Promise((resolve) => element.addEventListener('tender-result', resolve, { once: true }));
      await sendKeys({ press: 'Enter' });
      await result;
      await waitUntil(() => root(element).activeElement?.getAttribute('part') === 'status', 'focus never reached the status');
      expect(focusInside(element), 'focus left the widget after the success').to.equal(true);
      const focused = root(element).activeElement as HTMLElement;
      expect(focused.getAttribute('part')).to.equal('status');
      expect(focused.textContent).to.contain(en['status.succeeded']);
    });
  });

  describe('"Processing…" is shown once (issue 16.15)', () => {
    it('in the button only, while the confirm is in flight', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      const release = deferred();
      wrapFetch((call) => (isConfirm(call) ? release.promise.then(call.forward) : undefined));
      await fillCard(element, { number: SUCCESS_CARD });
      payButton(element).click();
      await log.wait('tender-submit');
      await element.updateComplete;
      expect(occurrences(visibleText(element), en.processing)).to.equal(1);
      expect(payButton(element).textContent).to.contain(en.processing);
      release.resolve();
      await log.wait('tender-result');
    });

    it('in the status line when the host hides the button', async () => {
      const { element, log } = await mountCheckout({ attributes: { 'hide-button': '' } });
      await log.wait('tender-ready');
      const release = deferred();
      wrapFetch((call) => (isConfirm(call) ? release.promise.then(call.forward) : undefined));
      await fillCard(element, { number: SUCCESS_CARD });
      const outcome = element.confirm();
      await log.wait('tender-submit');
      await element.updateComplete;
      expect(occurrences(visibleText(element), en.processing)).to.equal(1);
      release.resolve();
      await outcome;
    });
  });

  describe('the fields take input before the payment has loaded (issue 16.17)', () => {
    it('types a card while the payment is still being fetched; only the pay button waits', async () => {
      const release = deferred();
      wrapFetch((call) => (isRetrieve(call) ? release.promise.then(call.forward) : undefined));
      const { element, log } = await mountCheckout();
      await element.updateComplete;
      expect(log.of('tender-ready')).to.have.length(0);
      expect(payButton(element).disabled, 'the pay button must wait for the payment').to.equal(true);
      await typeInto(element, 'number', SUCCESS_CARD);
      await typeInto(element, 'expiry', FUTURE_EXPIRY);
      expect(inputOf(element, 'number').value).to.equal('4242 4242 4242 4242');
      expect(inputOf(element, 'expiry').value).to.not.equal('');
      release.resolve();
      await log.wait('tender-ready');
      await element.updateComplete;
      expect(inputOf(element, 'number').value, 'the typed number survives the load').to.equal('4242 4242 4242 4242');
      expect(payButton(element).disabled).to.equal(false);
    });
  });

  describe('amounts are formatted with a tag Intl has data for (issue 16.11, wired)', () => {
    it('locale="nn" formats the amount the Norwegian way (nb), not in the browser\'s default language', async () => {
      const { element, log } = await mountCheckout({ create: { amount: 2500, currency: 'EUR' }, attributes: { locale: 'nn' } });
      await log.wait('tender-ready');
      await element.updateComplete;
      const expected = new Intl.NumberFormat('nb', { style: 'currency', currency: 'EUR' }).format(25).replace(/\s/g, ' ');
      expect(payButton(element).textContent!.replace(/[\s\u2068\u2069]/g, ' ')).to.contain(expected);
    });
  });
});
