import { expect, fixture, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../define.js';
import { en, loadCatalogue, type Messages } from '../../i18n/index.js';
import type { TenderCheckout } from './tender-checkout.js';
import {
  clearField,
  DECLINED_CARD,
  EventLog,
  fillCard,
  inputOf,
  mountCheckout,
  nbsp,
  payButton,
  statusText,
  typeInto, root } from '../../../test/browser/checkout-harness.js';

const part = (element: TenderCheckout, selector: string) => root(element).querySelector<HTMLElement>(selector)!;
const labelOf = (element: TenderCheckout, field: string) => part(element, `label[for=${field}]`).textContent?.trim();

/** Every text the live region says, in order (one entry per announcement). */
function listen(element: TenderCheckout): string[] {
  const said: string[] = [];
  const region = part(element, '#announcer');
  new MutationObserver(() => {
    const text = region.textContent?.trim() ?? '';
    if (text) said.push(text);
  }).observe(region, { childList: true, characterData: true, subtree: true });
  return said;
}

async function previewIn(locale: string, setup: (element: TenderCheckout) => void = () => {}) {
  const element = document.createElement('tender-checkout');
  element.setAttribute('inline', '');
  element.setAttribute('preview', 'filled');
  element.setAttribute('locale', locale);
  setup(element);
  await fixture<TenderCheckout>(element);
  return element;
}

describe('<tender-checkout> localisation and announcements', () => {
  it('is accessible in a right-to-left locale', async () => {
    const element = await previewIn('ar');
    await waitUntil(() => part(element, '.base').lang === 'ar' && labelOf(element, 'number') !== en.cardNumber, 'Arabic not loaded');
    await expect(element).to.be.accessible();
  });

  describe('locales', () => {
    it('loads the asked locale and shows every text from it', async () => {
      const fr = await loadCatalogue('fr');
      const element = await previewIn('fr');
      await waitUntil(() => labelOf(element, 'number') === fr.cardNumber, 'French not shown');
      expect(labelOf(element, 'expiry')).to.equal(fr.expiry);
      expect(part(element, '#expiry').getAttribute('placeholder')).to.equal(fr.expiryPlaceholder);
      expect(part(element, '.base').getAttribute('lang')).to.equal('fr');
    });

    it('falls back along the chain: fr-CH shows French with Swiss number formats', async () => {
      const fr = await loadCatalogue('fr');
      const element = await previewIn('fr-CH');
      await waitUntil(() => labelOf(element, 'number') === fr.cardNumber, 'French not shown for fr-CH');
      const expected = new Intl.NumberFormat('fr-CH', { style: 'currency', currency: 'EUR' }).format(25);
      expect(nbsp(payButton(element).textContent ?? '')).to.contain(nbsp(expected));
    });

    it("falls back to the browser's language for a locale it does not have (English here: this Chromium's is en-US)", async () => {
      const element = await previewIn('qq-QQ');
      await element.updateComplete;
      expect(navigator.languages[0]).to.match(/^en\b/);
      expect(labelOf(element, 'number')).to.equal(en.cardNumber);
      expect(part(element, '.base').getAttribute('lang')).to.equal(navigator.languages[0]);
    });

    it('auto takes the page language', async () => {
      const de = await loadCatalogue('de');
      const saved = document.documentElement.lang;
      document.documentElement.lang = 'de-AT';
      try {
        const element = await previewIn('auto');
        await waitUntil(() => labelOf(element, 'number') === de.cardNumber, 'German not shown for lang=de-AT');
        expect(part(element, '.base').getAttribute('lang')).to.equal('de-AT');
      } finally {
        document.documentElement.lang = saved;
      }
    });

    it('switches language live when the locale attribute changes', async () => {
      const ja = await loadCatalogue('ja');
      const element = await previewIn('en');
      element.setAttribute('locale', 'ja');
      await waitUntil(() => labelOf(element, 'number') === ja.cardNumber, 'Japanese not shown');
      expect(part(element, '.base').getAttribute('dir')).to.equal('ltr');
    });

    it('per-message overrides sit on top of the locale', async () => {
      const de = await loadCatalogue('de');
      const element = await previewIn('de', (el) => (el.messages = { cardNumber: 'Kreditkarte' } as Partial<Messages>));
      await waitUntil(() => labelOf(element, 'expiry') === de.expiry, 'German not shown');
      expect(labelOf(element, 'number')).to.equal('Kreditkarte');
    });
  });

  describe('right-to-left layout', () => {
    for (const locale of ['ar', 'he', 'fa', 'ur']) {
      it(`${locale}: dir=rtl, expiry to the right of the CVC, card digits still left to right`, async () => {
        const element = await previewIn(locale);
        await element.updateComplete;
        expect(part(element, '.base').getAttribute('dir')).to.equal('rtl');
        const expiry = part(element, '#expiry').getBoundingClientRect();
        const cvc = part(element, '#cvc').getBoundingClientRect();
        expect(expiry.left).to.be.greaterThan(cvc.left);
        expect(getComputedStyle(part(element, '#number')).direction).to.equal('ltr');
        const label = part(element, 'label[for=number]').getBoundingClientRect();
        const input = part(element, '#number').getBoundingClientRect();
        expect(Math.round(label.right)).to.equal(Math.round(input.right)); // labels start on the right
      });
    }
  });

  describe('live region', () => {
    it('announces a field error once, when the field is left', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      const said = listen(element);
      await typeInto(element, 'number', '4242424242424241');
      await sendKeys({ press: 'Tab' });
      await waitUntil(() => said.length > 0, 'nothing announced');
      await element.updateComplete;
      expect(said).to.deep.equal([en['error.number.invalid']]);
    });

    it('a failed submit announces once and moves focus to the first invalid field', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      const said = listen(element);
      await typeInto(element, 'number', '4242424242424242');
      payButton(element).click();
      await waitUntil(() => said.length > 0, 'nothing announced');
      expect(said).to.deep.equal([en['announce.invalid']]);
      expect(root(element).activeElement).to.equal(inputOf(element, 'expiry'));
    });

    it('announces a decline once, then the success of the next card once', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      const said = listen(element);
      await fillCard(element, { number: DECLINED_CARD });
      payButton(element).click();
      await log.wait('tender-result');
      await waitUntil(() => said.includes(en['decline.card_declined']), 'decline not announced');
      // focus goes to the card number after a decline; typing before it lands would race that move
      await waitUntil(() => root(element).activeElement === inputOf(element, 'number'), 'focus not on the card number after the decline');
      for (const id of ['cvc', 'expiry', 'number'] as const) await clearField(element, id);
      await fillCard(element, { number: '4242424242424242' });
      payButton(element).click();
      await log.wait('tender-result', 2);
      await waitUntil(() => said.includes(en['status.succeeded']), 'success not announced');
      // the CVC and expiry, emptied to type the next card, each say their error once as they are left (issue 16.8)
      expect(said).to.deep.equal([en.processing, en['decline.card_declined'], en['error.cvc.empty'], en['error.expiry.empty'], en.processing, en['status.succeeded']]);
      expect(statusText(element)).to.equal(en['status.succeeded']);
    });

    it('announces in the active locale', async () => {
      const es = await loadCatalogue('es');
      const { element, log } = await mountCheckout({ attributes: { locale: 'es' } });
      await log.wait('tender-ready');
      expect(labelOf(element, 'number')).to.equal(es.cardNumber);
      const said = listen(element);
      await fillCard(element, { number: DECLINED_CARD });
      payButton(element).click();
      await log.wait('tender-result');
      await waitUntil(() => said.includes(es['decline.card_declined']), 'Spanish decline not announced');
      expect(log.last('tender-result')!.detail.errorMessage).to.equal(es['decline.card_declined']);
    });

    it('status changes never double up with the visible status area', async () => {
      const { element, log } = await mountCheckout();
      await log.wait('tender-ready');
      const live = root(element).querySelectorAll('[aria-live], [role=status], [role=alert]');
      expect(live).to.have.length(1);
      expect(live[0]!.id).to.equal('announcer');
      expect(new EventLog(element).events).to.have.length(0);
    });
  });
});
