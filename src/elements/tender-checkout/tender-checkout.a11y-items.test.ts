/**
 * Issue 16, items 5, 6, 8, 9 and 16: predictable focus after a field is complete, required fields and
 * the expiry format in what assistive technology gets, errors said when they change, a Pay click that
 * nothing moves away from, and the confirmation after a success. Names, descriptions and the required
 * state are read from Chromium's own accessibility tree (`accessibilityOf`).
 */
import { expect, fixture, waitUntil } from '@open-wc/testing';
import { emulateMedia, resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import '../../define.js';
import { PREVIEW_PAYMENT } from '../../flow/preview.js';
import { en, loadCatalogue } from '../../i18n/index.js';
import { PRESET_NAMES } from '../../themes/index.js';
import type { ColorScheme } from '../../themes/index.js';
import {
  accessibilityOf,
  announcements,
  errorText,
  fillCard,
  focusedId,
  FUTURE_EXPIRY,
  hintOf,
  hintText,
  inputOf,
  labelText,
  mountCheckout,
  nbsp,
  payButton,
  statusArea,
  statusText,
  SUCCESS_CARD,
  typeInto,
} from '../../../test/browser/checkout-harness.js';
import type { TenderCheckout } from './tender-checkout.js';

/** Text without the invisible bidi isolates the catalogue puts around values. */
const plain = (text: string) => nbsp(text).replace(/[\u2066-\u2069]/g, '');

/** The centre of an element in viewport pixels, rounded (where a mouse click lands). */
function centre(target: Element): [number, number] {
  const box = target.getBoundingClientRect();
  return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
}

async function ready(options: Parameters<typeof mountCheckout>[0] = {}) {
  const mounted = await mountCheckout(options);
  await mounted.log.wait('tender-ready');
  await mounted.element.updateComplete;
  return mounted;
}

describe('<tender-checkout> issue 16, items 5, 6, 8, 9 and 16', () => {
  afterEach(async () => {
    await resetMouse();
    await setViewport({ width: 800, height: 600 });
    await emulateMedia({ colorScheme: 'light' });
  });

  describe('item 5: after focus moves on by itself, the next Tab skips no field (WCAG 3.2.2)', () => {
    it('a Tab right after the number moved focus to the expiry stays in the expiry; the same from the expiry to the CVC', async () => {
      const { element } = await ready();
      await typeInto(element, 'number', SUCCESS_CARD);
      expect(focusedId(element), 'a complete number still moves focus on').to.equal('expiry');
      await sendKeys({ press: 'Tab' });
      expect(focusedId(element), 'the habitual Tab skipped the expiry').to.equal('expiry');
      await sendKeys({ type: FUTURE_EXPIRY });
      expect(focusedId(element)).to.equal('cvc');
      await sendKeys({ press: 'Tab' });
      expect(focusedId(element), 'the habitual Tab skipped the CVC').to.equal('cvc');
      await sendKeys({ type: '123' });
      await sendKeys({ press: 'Tab' });
      expect(focusedId(element), 'a Tab after typing moves on as always').to.equal('name');
    });

    it('only the first Tab stays: a second one moves on, and Shift+Tab is never held', async () => {
      const { element } = await ready();
      await typeInto(element, 'number', SUCCESS_CARD);
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Tab' });
      expect(focusedId(element)).to.equal('cvc');
      await sendKeys({ press: 'Shift+Tab' });
      await sendKeys({ press: 'Shift+Tab' });
      expect(focusedId(element)).to.equal('number');
      await sendKeys({ press: 'End' });
      await sendKeys({ press: 'Backspace' });
      await sendKeys({ type: '2' });
      expect(focusedId(element), 'the number completed again moves focus on').to.equal('expiry');
      await sendKeys({ press: 'Shift+Tab' });
      expect(focusedId(element), 'Shift+Tab right after the move goes back').to.equal('number');
    });
  });

  describe('item 6: required fields and the expiry format are conveyed (WCAG 3.3.2)', () => {
    it('number, expiry and CVC are required, the name is marked optional, in the accessibility tree and on screen', async () => {
      const { element } = await ready();
      for (const field of ['number', 'expiry', 'cvc'] as const) {
        expect((await accessibilityOf(element, field)).required, field).to.equal(true);
      }
      const name = await accessibilityOf(element, 'name');
      expect(name.required).to.equal(false);
      expect(labelText(element, 'name')).to.equal(`${en.holderName} ${en.optional}`);
      expect(plain(name.name)).to.equal(labelText(element, 'name'));
      await expect(element).to.be.accessible();
    });

    it('the expiry describes its format while empty, while typing (placeholder gone) and with an error', async () => {
      const { element } = await ready();
      const hint = en.expiryHint.replace('{format}', en.expiryPlaceholder);
      expect(plain(hintText(element, 'expiry'))).to.equal(hint);
      expect(plain((await accessibilityOf(element, 'expiry')).description)).to.equal(hint);
      await typeInto(element, 'expiry', '1');
      expect(inputOf(element, 'expiry').matches(':placeholder-shown')).to.equal(false);
      expect(plain((await accessibilityOf(element, 'expiry')).description)).to.equal(hint);
      await sendKeys({ press: 'Tab' });
      await element.updateComplete;
      expect(errorText(element, 'expiry')).to.equal(en['error.expiry.incomplete']);
      expect(plain((await accessibilityOf(element, 'expiry')).description)).to.equal(`${en['error.expiry.incomplete']} ${hint}`);
      expect(hintOf(element, 'expiry')!.getBoundingClientRect().height, 'the hint is shown, not only read').to.be.greaterThan(0);
    });

    it('the hint and the optional mark are in the customer’s language (de)', async () => {
      const de = await loadCatalogue('de');
      const { element } = await ready({ attributes: { locale: 'de' } });
      await waitUntil(() => labelText(element, 'number') === de.cardNumber, 'German not shown');
      expect(plain(hintText(element, 'expiry'))).to.equal(de.expiryHint.replace('{format}', de.expiryPlaceholder));
      expect(labelText(element, 'name')).to.equal(`${de.holderName} ${de.optional}`);
    });
  });

  describe('item 8: errors and descriptions say what is there', () => {
    it('after a failed submit, an error that changed while typing (empty → incomplete) is said when the field is left', async () => {
      const { element } = await ready();
      const said = announcements(element);
      payButton(element).click();
      await waitUntil(() => said.length > 0, 'the failed submit was not announced');
      expect(focusedId(element)).to.equal('number');
      await sendKeys({ type: '4242' });
      await element.updateComplete;
      expect(errorText(element, 'number')).to.equal(en['error.number.incomplete']);
      await sendKeys({ press: 'Tab' });
      await waitUntil(() => said.length > 1, 'the changed error was not announced when the number was left');
      expect(said).to.deep.equal([en['announce.invalid'], en['error.number.incomplete']]);
    });

    it('an error that did not change while the field had focus is not said again', async () => {
      const { element } = await ready();
      const said = announcements(element);
      payButton(element).click();
      await waitUntil(() => said.length > 0, 'the failed submit was not announced');
      await sendKeys({ press: 'Tab' });
      await element.updateComplete;
      expect(focusedId(element)).to.equal('expiry');
      expect(said).to.deep.equal([en['announce.invalid']]);
    });

    it('the empty card number has no description (the hidden brand badge says nothing); a detected brand is described', async () => {
      const { element } = await ready();
      expect((await accessibilityOf(element, 'number')).description).to.equal('');
      await typeInto(element, 'number', '4242');
      await element.updateComplete;
      expect(plain((await accessibilityOf(element, 'number')).description)).to.equal(en.brand.replace('{brand}', 'Visa'));
    });
  });

  describe('item 9: a mouse click on Pay while leaving an invalid number is not lost', () => {
    it('a real click at the button’s place (measured before the field is left) submits: every field is flagged', async () => {
      const { element, log } = await ready();
      const said = announcements(element);
      await typeInto(element, 'number', '4242424242424241');
      expect(focusedId(element)).to.equal('number');
      const [x, y] = centre(payButton(element));
      await sendMouse({ type: 'click', position: [x, y] });
      await element.updateComplete;
      expect(errorText(element, 'expiry'), 'the click was lost: expiry not flagged').to.equal(en['error.expiry.empty']);
      expect(errorText(element, 'cvc')).to.equal(en['error.cvc.empty']);
      expect(errorText(element, 'number')).to.equal(en['error.number.invalid']);
      expect(focusedId(element)).to.equal('number');
      expect(log.last('tender-change')!.detail.errors).to.deep.equal({ number: 'invalid', expiry: 'empty', cvc: 'empty' });
      await waitUntil(() => said.length > 0, 'nothing announced');
      expect(said).to.deep.equal([en['announce.invalid']]);
    });

    it('the button does not move between press and release; the left field’s error shows once the press ends', async () => {
      const { element } = await ready();
      const said = announcements(element);
      await typeInto(element, 'number', '4242424242424241');
      const before = payButton(element).getBoundingClientRect();
      await sendMouse({ type: 'move', position: centre(payButton(element)) });
      await sendMouse({ type: 'down' });
      await element.updateComplete;
      expect(payButton(element).getBoundingClientRect().top, 'the button moved under the pointer').to.equal(before.top);
      expect(errorText(element, 'number')).to.equal('');
      // released elsewhere: no click on the button, no submit, and the number's error shows and is said
      await sendMouse({ type: 'move', position: [2, 2] });
      await sendMouse({ type: 'up' });
      await waitUntil(() => errorText(element, 'number') !== '', 'the error never showed after the press');
      expect(errorText(element, 'number')).to.equal(en['error.number.invalid']);
      expect(errorText(element, 'expiry')).to.equal('');
      await waitUntil(() => said.length > 0, 'the error was not announced');
      expect(said).to.deep.equal([en['error.number.invalid']]);
    });

    it('a click into another field shows the left field’s error after the click', async () => {
      const { element } = await ready();
      await typeInto(element, 'number', '4242');
      await sendMouse({ type: 'click', position: centre(inputOf(element, 'cvc')) });
      expect(focusedId(element)).to.equal('cvc');
      await waitUntil(() => errorText(element, 'number') !== '', 'the error never showed');
      expect(errorText(element, 'number')).to.equal(en['error.number.incomplete']);
    });
  });

  describe('item 16: the success is a clear confirmation, announced once', () => {
    it('shows an icon, the amount and the payment id as reference; the live region says the success once', async () => {
      const { element, log, payment } = await ready();
      const said = announcements(element);
      await fillCard(element, { number: SUCCESS_CARD });
      payButton(element).click();
      await log.wait('tender-result');
      await element.updateComplete;
      await waitUntil(() => statusArea(element).querySelector('svg'), 'no confirmation shown');
      const area = statusArea(element);
      expect(statusText(element)).to.equal(en['status.succeeded']);
      expect(area.querySelector('svg')!.getAttribute('aria-hidden')).to.equal('true');
      const text = plain(area.textContent ?? '').replace(/\s+/g, ' ');
      expect(text).to.contain('$10.99');
      expect(text).to.contain(en.reference.replace('{id}', payment.payment_id));
      expect(area.querySelectorAll('[aria-live], [role=status], [role=alert]'), 'a second live region').to.have.length(0);
      await waitUntil(() => said.includes(en['status.succeeded']), 'the success was not announced');
      await element.updateComplete;
      expect(said).to.deep.equal([en.processing, en['status.succeeded']]);
      await expect(element).to.be.accessible();
    });

    for (const theme of PRESET_NAMES) {
      for (const scheme of ['light', 'dark'] as ColorScheme[]) {
        it(`${theme}, ${scheme}: fits a 320 px viewport, inside the padding, and passes axe`, async () => {
          await setViewport({ width: 320, height: 640 });
          const element = document.createElement('tender-checkout');
          element.setAttribute('preview', 'succeeded');
          element.setAttribute('locale', 'en-US');
          element.appearance = { theme, colorScheme: scheme };
          await fixture<TenderCheckout>(element);
          await element.updateComplete;
          const area = statusArea(element);
          const icon = area.querySelector('svg');
          expect(icon, 'no icon').to.not.equal(null);
          expect(plain(area.textContent ?? '')).to.contain(PREVIEW_PAYMENT.payment_id);
          const base = area.parentElement!.getBoundingClientRect();
          for (const part of [icon!, ...area.querySelectorAll('p')]) {
            const box = part.getBoundingClientRect();
            expect(box.width, part.outerHTML).to.be.greaterThan(0);
            const clearance = Math.min(box.left - base.left, base.right - box.right, box.top - base.top, base.bottom - box.bottom);
            expect(clearance, `${part.textContent}: ${clearance} px from the edge`).to.be.at.least(12);
          }
          expect(area.scrollWidth, 'the reference runs out of its box').to.be.at.most(area.clientWidth);
          expect(document.documentElement.scrollWidth).to.be.at.most(320);
          expect(getComputedStyle(icon!).color, 'the icon is in the success colour').to.equal(getComputedStyle(area.querySelector('.status')!).color);
          await expect(element).to.be.accessible();
        });
      }
    }
  });
});
