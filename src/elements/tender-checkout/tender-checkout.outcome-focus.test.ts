/**
 * Issue 25, defects 1, 2 and 6 (inline; the isolated frame's are in test/browser/isolated-a11y.test.ts):
 * where focus is after an outcome, driven with the keyboard alone against the real sandbox.
 *
 * - 1: after a 3-D Secure challenge that succeeds, focus is on the confirmation (never the page's body),
 *   and the next Tab moves on from the widget;
 * - 2: after a rejected challenge, focus goes to the card number (the one place every outcome with the
 *   form open sends it), at once: nothing moves it later, so digits typed right away all land there; and
 *   no outcome moves focus the customer moved themselves while waiting;
 * - 6: the card number's description (Chromium's accessibility tree) carries the reason of the decline.
 */
import { aTimeout, expect, fixture, html, waitUntil } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../define.js';
import { en } from '../../i18n/index.js';
import {
  accessibilityOf,
  CHALLENGE_CARD,
  challengeDialog,
  DECLINED_CARD,
  EventLog,
  focusedId,
  FUTURE_EXPIRY,
  inputOf,
  payButton,
  root,
  typeInto,
} from '../../../test/browser/checkout-harness.js';
import { deferred, isConfirm, restoreFetch, wrapFetch } from '../../../test/browser/fetch-wrapper.js';
import { createPayment, sandboxConfig } from '../../../test/browser/sandbox-config.js';
import type { TenderCheckout } from './tender-checkout.js';

/** A checkout between two page buttons, so where a Tab out of it goes is visible. 3-D Secure in the modal. */
async function mountBetweenButtons() {
  const config = await sandboxConfig();
  const payment = await createPayment({ amount: 1099, currency: 'USD' });
  const wrapper = await fixture<HTMLDivElement>(html`<div>
    <button type="button" id="before">Before</button>
    <tender-checkout inline publishable-key=${config.publishableKey} client-secret=${payment.client_secret} api-base=${config.url}
      return-url=${location.href.split('#')[0]!} locale="en-US" three-ds="modal" billing="never" email="never" phone="never"></tender-checkout>
    <button type="button" id="after">After</button>
  </div>`);
  const element = wrapper.querySelector('tender-checkout')!;
  const log = new EventLog(element);
  await waitUntil(() => payButton(element) && !payButton(element).disabled, 'the form never became ready', { timeout: 20000 });
  return { element, log, wrapper };
}

/** Types a card with the keyboard, then Tab (to the name), Tab (to Pay) and Enter. */
async function payWithKeyboard(element: TenderCheckout, number: string) {
  await typeInto(element, 'number', number);
  await sendKeys({ type: FUTURE_EXPIRY });
  await sendKeys({ type: '123' });
  await sendKeys({ press: 'Tab' });
  await sendKeys({ press: 'Tab' });
  expect(root(element).activeElement, 'the keyboard reached the pay button').to.equal(payButton(element));
  await sendKeys({ press: 'Enter' });
}

/**
 * Resolves once the challenge page in the dialog has loaded (a capture listener on the form's shadow
 * root, set before paying: `load` does not bubble, and the page is on another origin).
 */
function challengePageLoaded(element: TenderCheckout): Promise<void> {
  return new Promise((resolve) => {
    const formRoot = root(element);
    formRoot.addEventListener(
      'load',
      function loaded(event) {
        if (!(event.target as Element).closest?.('dialog')) return;
        formRoot.removeEventListener('load', loaded, { capture: true });
        resolve();
      },
      { capture: true },
    );
  });
}

/** In the open challenge, with the keyboard: Tab from Close into the page (Complete comes first, then Reject), Enter. */
async function answerWithKeyboard(choice: 'Complete' | 'Reject') {
  await sendKeys({ press: 'Tab' });
  if (choice === 'Reject') await sendKeys({ press: 'Tab' });
  await sendKeys({ press: 'Enter' });
}

const focusedPart = (element: TenderCheckout) => (root(element).activeElement as HTMLElement | null)?.getAttribute('part') ?? '';

describe('<tender-checkout inline> issue 25: focus and the reason after an outcome', () => {
  afterEach(async () => {
    restoreFetch();
    await resetMouse();
  });

  describe('defect 1: a 3-D Secure challenge that succeeds', () => {
    it('leaves focus on the confirmation, and the next Tab moves on from the widget', async function () {
      this.timeout(40000);
      const { element, log, wrapper } = await mountBetweenButtons();
      const loaded = challengePageLoaded(element);
      await payWithKeyboard(element, CHALLENGE_CARD);
      await waitUntil(() => challengeDialog(element)?.open, 'the dialog did not open', { timeout: 8000 });
      await loaded;
      await answerWithKeyboard('Complete');
      expect((await log.wait('tender-result')).detail.status).to.equal('succeeded');
      await waitUntil(() => focusedPart(element) === 'status', `focus is not on the confirmation but on ${document.activeElement?.localName}`, { timeout: 2000 });
      expect(document.activeElement).to.equal(element);
      expect(root(element).activeElement!.textContent).to.contain(en['status.succeeded']);
      await sendKeys({ press: 'Tab' });
      expect(document.activeElement, 'the next Tab restarted at the top of the page').to.equal(wrapper.querySelector('#after'));
    });
  });

  describe('defect 2: one place after an outcome, and no focus move the customer did not ask for', () => {
    it('after a rejected challenge focus is on the card number at once, and stays with what the customer types', async function () {
      this.timeout(40000);
      const { element, log } = await mountBetweenButtons();
      const loaded = challengePageLoaded(element);
      await payWithKeyboard(element, CHALLENGE_CARD);
      await waitUntil(() => challengeDialog(element)?.open, 'the dialog did not open', { timeout: 8000 });
      await loaded;
      await answerWithKeyboard('Reject');
      const result = await log.wait('tender-result');
      expect(result.detail).to.include({ status: 'failed', errorCode: 'authentication_failed' });
      await element.updateComplete;
      await waitUntil(() => focusedId(element) === 'number', `focus is not on the card number but on ${focusedPart(element) || focusedId(element) || document.activeElement?.localName}`, { timeout: 1000 });
      // the customer types a new card right away: every digit lands in the number, nothing takes focus later
      await sendKeys({ press: 'ControlOrMeta+A' });
      await sendKeys({ type: '4242424242424242' });
      await aTimeout(400);
      expect(inputOf(element, 'number').value).to.equal('4242 4242 4242 4242');
      expect(focusedId(element), 'a complete number moves on to the expiry, and nothing else moved focus').to.equal('expiry');
    });

    it('a decline leaves focus where the customer put it while the confirm was in flight', async () => {
      const { element, log } = await mountBetweenButtons();
      const release = deferred();
      wrapFetch((call) => (isConfirm(call) ? release.promise.then(call.forward) : undefined));
      await payWithKeyboard(element, DECLINED_CARD);
      await log.wait('tender-submit');
      await sendKeys({ press: 'Shift+Tab' }); // back to the name field, read-only while paying
      expect(focusedId(element)).to.equal('name');
      release.resolve();
      await log.wait('tender-result');
      await element.updateComplete;
      await aTimeout(300);
      expect(focusedId(element), 'the outcome moved focus the customer had moved').to.equal('name');
    });

    it('a click into a field during the wait keeps focus there too', async () => {
      const { element, log } = await mountBetweenButtons();
      const release = deferred();
      wrapFetch((call) => (isConfirm(call) ? release.promise.then(call.forward) : undefined));
      await payWithKeyboard(element, DECLINED_CARD);
      await log.wait('tender-submit');
      const box = inputOf(element, 'cvc').getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] });
      expect(focusedId(element)).to.equal('cvc');
      release.resolve();
      await log.wait('tender-result');
      await element.updateComplete;
      await aTimeout(300);
      expect(focusedId(element)).to.equal('cvc');
    });
  });

  describe('defect 6: the reason of a decline is in the description of the field focus lands on', () => {
    it('a plain decline: focus on the card number, whose description says why', async () => {
      const { element, log } = await mountBetweenButtons();
      await payWithKeyboard(element, DECLINED_CARD);
      await log.wait('tender-result');
      await waitUntil(() => focusedId(element) === 'number', 'focus is not on the card number', { timeout: 2000 });
      const number = await accessibilityOf(element, 'number');
      expect(number.description).to.contain(en['decline.card_declined']);
      expect(number.description.replace(/[\u2066-\u2069]/g, '')).to.contain('Card brand: Visa');
    });

    it('a rejected challenge: the same', async function () {
      this.timeout(40000);
      const { element, log } = await mountBetweenButtons();
      const loaded = challengePageLoaded(element);
      await payWithKeyboard(element, CHALLENGE_CARD);
      await waitUntil(() => challengeDialog(element)?.open, 'the dialog did not open', { timeout: 8000 });
      await loaded;
      await answerWithKeyboard('Reject');
      await log.wait('tender-result');
      await waitUntil(() => focusedId(element) === 'number', 'focus is not on the card number', { timeout: 2000 });
      expect((await accessibilityOf(element, 'number')).description).to.contain(en['decline.authentication_failed']);
    });

    it('the form before any payment: the number describes no decline', async () => {
      const { element } = await mountBetweenButtons();
      expect((await accessibilityOf(element, 'number')).description).to.equal('');
    });
  });
});
