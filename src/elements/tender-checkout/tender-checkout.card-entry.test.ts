/**
 * Issue 25, defects 5 and 10 (inline; the isolated frame's paste is in test/browser/isolated-a11y.test.ts):
 * a paste is formatted before anything cuts it (real Ctrl+C and Ctrl+V through the browser's clipboard),
 * and the security code's errors say what the card needs.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../define.js';
import { en } from '../../i18n/index.js';
import ja from '../../i18n/locales/ja.js';
import {
  accessibilityOf,
  announcements,
  errorText,
  focusedId,
  FUTURE_EXPIRY,
  inputOf,
  labelText,
  mountCheckout,
  typeInto,
} from '../../../test/browser/checkout-harness.js';
import type { TenderCheckout } from './tender-checkout.js';

const AMEX = '378282246310005';
const VISA = '4242424242424242';

async function ready(options: Parameters<typeof mountCheckout>[0] = {}) {
  const mounted = await mountCheckout(options);
  await mounted.log.wait('tender-ready', 1, 20000);
  await mounted.element.updateComplete;
  return mounted;
}

/** Copies `text` as a customer does (selected in a field of the page, Ctrl+C), then pastes it into a field with Ctrl+V. */
async function paste(element: TenderCheckout, id: 'number' | 'expiry' | 'cvc', text: string) {
  const source = document.createElement('textarea');
  source.value = text;
  document.body.append(source);
  source.select();
  await sendKeys({ press: 'ControlOrMeta+C' });
  source.remove();
  inputOf(element, id).focus();
  await sendKeys({ press: 'End' });
  await sendKeys({ press: 'ControlOrMeta+V' });
  await element.updateComplete;
}

describe('<tender-checkout inline> issue 25: card entry', () => {
  describe('defect 5: a paste is formatted before it is cut to the field’s length', () => {
    it('"12 / 2030" in the expiry is 12 / 30, valid, and focus moves on', async () => {
      const { element, log } = await ready();
      await paste(element, 'expiry', '12 / 2030');
      expect(inputOf(element, 'expiry').value).to.equal('12 / 30');
      expect(focusedId(element), 'a complete expiry moves on to the CVC').to.equal('cvc');
      expect(errorText(element, 'expiry')).to.equal('');
      expect(log.last('tender-change')!.detail.errors).to.deep.equal({});
    });

    it('"4242 - 4242 - 4242 - 4242" in the number is the whole number, valid', async () => {
      const { element, log } = await ready();
      await paste(element, 'number', '4242 - 4242 - 4242 - 4242');
      expect(inputOf(element, 'number').value).to.equal('4242 4242 4242 4242');
      expect(focusedId(element)).to.equal('expiry');
      expect(log.last('tender-change')!.detail).to.include({ brand: 'visa' });
      expect(errorText(element, 'number')).to.equal('');
    });

    it('" 123 " in the CVC of a Visa is 123', async () => {
      const { element } = await ready();
      await typeInto(element, 'number', VISA);
      await paste(element, 'cvc', ' 123 ');
      expect(inputOf(element, 'cvc').value).to.equal('123');
    });

    it('typing still stops at the field’s length', async () => {
      const { element } = await ready();
      await typeInto(element, 'expiry', FUTURE_EXPIRY);
      await typeInto(element, 'expiry', '9');
      expect(inputOf(element, 'expiry').value).to.equal(`12 / ${FUTURE_EXPIRY.slice(2)}`);
      await typeInto(element, 'cvc', '12345');
      expect(inputOf(element, 'cvc').value).to.equal('1234');
    });
  });

  describe('defect 10: the security code’s errors say what the card needs', () => {
    it('an American Express with 3 digits: 4 digits, on the front of the card (said, shown and described)', async () => {
      const { element, log } = await ready();
      const said = announcements(element);
      const front = en['error.cvc.front'].replace('{brand}', '\u2068American Express\u2069');
      await typeInto(element, 'number', AMEX);
      await typeInto(element, 'expiry', FUTURE_EXPIRY);
      await typeInto(element, 'cvc', '123');
      await sendKeys({ press: 'Tab' });
      expect(errorText(element, 'cvc')).to.equal(front);
      expect(said).to.include(front);
      expect((await accessibilityOf(element, 'cvc')).description).to.equal(front);
      // what the host hears keeps its codes
      expect(log.last('tender-change')!.detail.errors).to.deep.equal({ cvc: 'incomplete' });
    });

    it('a 4-digit code left after the number becomes a Visa: this card’s code has 3 digits', async () => {
      const { element, log } = await ready();
      await typeInto(element, 'cvc', '1234');
      await typeInto(element, 'number', VISA);
      expect(inputOf(element, 'cvc').value).to.equal('1234');
      expect(errorText(element, 'cvc')).to.equal(en['error.cvc.invalid']);
      expect(log.last('tender-change')!.detail.errors).to.deep.equal({ cvc: 'invalid' });
    });

    it('with no brand yet, or a code too short for a Visa, the plain message', async () => {
      const { element } = await ready();
      await typeInto(element, 'cvc', '12');
      await sendKeys({ press: 'Tab' });
      expect(errorText(element, 'cvc')).to.equal(en['error.cvc.incomplete']);
      await typeInto(element, 'number', VISA);
      expect(errorText(element, 'cvc')).to.equal(en['error.cvc.incomplete']);
    });

    it('ja: "(optional)" is written with full-width parentheses, right after the label', async () => {
      const { element } = await ready({ attributes: { locale: 'ja' } });
      expect(ja.optional).to.equal('（任意）');
      expect(labelText(element, 'name')).to.equal(`${ja.holderName}${ja.optional}`);
      expect((await accessibilityOf(element, 'name')).name).to.equal(`${ja.holderName}${ja.optional}`);
    });
  });
});
