/**
 * How `<tender-checkout>` turns its `locale` value into text and formats, in real Chromium (whose `Intl`
 * lacks some locales' data): a tag the widget does not speak falls to the browser's languages, then
 * English; `auto` is the closest `lang` around the element and keeps its region for amounts; a locale
 * `Intl` cannot format falls back along its chain.
 */
import { expect, fixture, waitUntil } from '@open-wc/testing';
import '../../src/define.js';
import { en, formattingLocale, loadCatalogue, pageLanguage, resolveLocale } from '../../src/i18n/index.js';
import type { TenderCheckout } from '../../src/elements/tender-checkout/tender-checkout.js';
import { root } from './checkout-harness.js';

const part = (element: TenderCheckout, selector: string) => root(element).querySelector<HTMLElement>(selector);
const labelOf = (element: TenderCheckout, field: string) => part(element, `label[for=${field}]`)?.textContent?.trim();
/** The pay button's text with no-break spaces as spaces and without bidi isolation marks. */
const buttonText = (element: TenderCheckout) => (part(element, 'button[part=button]')?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ').replace(/[\u2066-\u2069]/g, '').trim();

const eur25 = (tag: string) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' }).format(25).replace(/[\u00a0\u202f]/g, ' ');

/** A preview (sample payment of EUR 25.00, no network) in a locale. */
async function previewIn(locale: string) {
  const element = document.createElement('tender-checkout');
  element.setAttribute('inline', '');
  element.setAttribute('preview', 'filled');
  element.setAttribute('locale', locale);
  await fixture<TenderCheckout>(element);
  return element;
}

/** Runs with `<html lang>` set to a tag, then puts it back. */
async function onPage<T>(lang: string, run: () => Promise<T>): Promise<T> {
  const saved = document.documentElement.lang;
  document.documentElement.lang = lang;
  try {
    return await run();
  } finally {
    document.documentElement.lang = saved;
  }
}

/** Runs with the browser's languages set to `languages` (navigator.languages and navigator.language), then puts them back. */
async function withBrowserLanguages<T>(languages: string[], run: () => Promise<T>): Promise<T> {
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
  Object.defineProperty(navigator, 'language', { value: languages[0], configurable: true });
  try {
    return await run();
  } finally {
    delete (navigator as unknown as Record<string, unknown>).languages;
    delete (navigator as unknown as Record<string, unknown>).language;
  }
}

describe('<tender-checkout> locale resolution', () => {
  describe('a tag the widget does not speak falls to the browser languages, then English', () => {
    it('the first of the browser languages it speaks (am, fr → fr), explicit or auto; English when it speaks none', async () => {
      await withBrowserLanguages(['am', 'fr-BE', 'de'], async () => {
        expect(resolveLocale('am')).to.equal('fr-BE');
        expect(resolveLocale('xx')).to.equal('fr-BE');
        await onPage('', async () => expect(resolveLocale('auto')).to.equal('fr-BE'));
        await onPage('xx', async () => expect(resolveLocale('auto')).to.equal('fr-BE'));
        expect(resolveLocale('de-CH'), 'a tag it speaks is kept').to.equal('de-CH');
      });
      await withBrowserLanguages(['am', 'mr'], async () => expect(resolveLocale('xx')).to.equal('en'));
    });

    it('auto is the closest lang around the element, across shadow roots: <div lang="fr"> on a German page is French', async () => {
      const fr = await loadCatalogue('fr');
      await onPage('de', async () => {
        const around = document.createElement('div');
        around.lang = 'fr';
        const element = document.createElement('tender-checkout');
        for (const [name, value] of Object.entries({ inline: '', preview: 'filled', locale: 'auto' })) element.setAttribute(name, value);
        around.append(element);
        await fixture(around);
        await waitUntil(() => labelOf(element, 'number') === fr.cardNumber, 'French not shown inside lang=fr');
        expect(pageLanguage(element.shadowRoot!.querySelector('tender-card-form')!), 'from inside the element').to.equal('fr');
        expect(pageLanguage(document.body)).to.equal('de');
      });
    });
  });


  describe('a locale value named like an Object.prototype member', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      it(`locale="${name}" renders the form in the browser's language (English: en-US here)`, async () => {
        const element = await previewIn(name);
        await element.updateComplete;
        expect(labelOf(element, 'number')).to.equal(en.cardNumber);
        expect(part(element, '.base')?.getAttribute('lang')).to.equal(navigator.languages[0]);
        expect(buttonText(element)).to.match(/^Pay .*25\.00/);
      });
    }
  });

  describe('auto keeps the page region for amounts', () => {
    it('<html lang="de-CH">: German text, Swiss amount ("EUR 25.00 zahlen")', async () => {
      const de = await loadCatalogue('de');
      await onPage('de-CH', async () => {
        const element = await previewIn('auto');
        await waitUntil(() => labelOf(element, 'number') === de.cardNumber, 'German not shown for lang=de-CH');
        expect(eur25('de-CH')).to.equal('EUR 25.00'); // what Chromium's Swiss German data says
        expect(buttonText(element)).to.equal(de.pay.replace('{amount}', 'EUR 25.00'));
        expect(part(element, '.base')?.getAttribute('lang')).to.equal('de-CH');
      });
    });

    it('<html lang="fr-CH">: French text, Swiss amount', async () => {
      const fr = await loadCatalogue('fr');
      await onPage('fr-CH', async () => {
        const element = await previewIn('auto');
        await waitUntil(() => labelOf(element, 'number') === fr.cardNumber, 'French not shown for lang=fr-CH');
        expect(eur25('fr-CH')).to.not.equal(eur25('fr'));
        expect(buttonText(element)).to.equal(fr.pay.replace('{amount}', eur25('fr-CH')));
      });
    });
  });

  describe("a locale Chromium's Intl has no data for", () => {
    it('is detected with supportedLocalesOf: is, mt and nn here', () => {
      for (const tag of ['is', 'mt', 'nn']) expect(Intl.NumberFormat.supportedLocalesOf(tag), tag).to.deep.equal([]);
    });

    it('formats along the chain: nn → nb, is → en, mt → en; a tag Intl has stays', () => {
      expect(formattingLocale('nn')).to.equal('nb');
      expect(formattingLocale('nn-NO')).to.equal('nb');
      expect(formattingLocale('is')).to.equal('en');
      expect(formattingLocale('mt-MT')).to.equal('en');
      expect(formattingLocale('de-CH')).to.equal('de-CH');
    });

    it('<html lang="nn">: Norwegian text with Norwegian amounts, not English ones', async () => {
      const nb = await loadCatalogue('nb');
      await onPage('nn', async () => {
        const element = await previewIn('auto');
        await waitUntil(() => labelOf(element, 'number') === nb.cardNumber, 'Norwegian not shown for lang=nn');
        expect(eur25('nb')).to.not.equal(eur25('en'));
        expect(buttonText(element)).to.equal(nb.pay.replace('{amount}', eur25('nb')));
      });
    });
  });
});
