/**
 * How `<tender-checkout>` turns its `locale` value into text and formats, in real Chromium (whose `Intl`
 * lacks some locales' data): unknown values fall back to English, `auto` keeps the page's region for
 * amounts, and a locale `Intl` cannot format falls back along its chain.
 */
import { expect, fixture } from '@open-wc/testing';
import '../../src/define.js';
import { en } from '../../src/i18n/index.js';
import type { TenderCheckout } from '../../src/elements/tender-checkout/tender-checkout.js';

const part = (element: TenderCheckout, selector: string) => element.shadowRoot!.querySelector<HTMLElement>(selector);
const labelOf = (element: TenderCheckout, field: string) => part(element, `label[for=${field}]`)?.textContent?.trim();
/** The pay button's text with no-break spaces as spaces and without bidi isolation marks. */
const buttonText = (element: TenderCheckout) => (part(element, 'button[part=button]')?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ').replace(/[\u2066-\u2069]/g, '').trim();

/** A preview (sample payment of EUR 25.00, no network) in a locale. */
async function previewIn(locale: string) {
  const element = document.createElement('tender-checkout');
  element.setAttribute('preview', 'filled');
  element.setAttribute('locale', locale);
  await fixture<TenderCheckout>(element);
  return element;
}

describe('<tender-checkout> locale resolution', () => {
  describe('a locale value named like an Object.prototype member', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      it(`locale="${name}" renders the form in English`, async () => {
        const element = await previewIn(name);
        await element.updateComplete;
        expect(labelOf(element, 'number')).to.equal(en.cardNumber);
        expect(part(element, '.base')?.getAttribute('lang')).to.equal('en');
        expect(buttonText(element)).to.match(/^Pay .*25\.00/);
      });
    }
  });
});
