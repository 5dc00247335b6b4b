// `locale="auto"` (the default) resolves alike in both modes, in a browser whose language is German:
// the closest `lang` around the element, and when the widget does not speak it the browser's languages.
// Isolated, the host sends its frame the tag it read and the frame resolves it with the same rule.
import { loadCatalogue } from '../../src/i18n/index.js';
import { createPayment, expect, forEachMode, test } from './support.js';

test.use({ locale: 'de-DE' });

forEachMode(() => {
  test('a page language the widget does not speak (html lang="xx") falls to the browser language: German', async ({ merchant }) => {
    const de = await loadCatalogue('de');
    const payment = await createPayment({ amount: 2500, currency: 'EUR' });
    await merchant.open(payment.client_secret, { 'html-lang': 'xx' });
    await merchant.onlyEvent('tender-ready');
    await expect(merchant.form.locator('label[for=number]')).toHaveText(de.cardNumber);
    await expect(merchant.form.locator('.base')).toHaveAttribute('lang', 'de-DE');
  });

  test('the closest lang wins over the page: <div lang="fr"> on a German page is French', async ({ merchant }) => {
    const fr = await loadCatalogue('fr');
    const payment = await createPayment({ amount: 2500, currency: 'EUR' });
    await merchant.open(payment.client_secret, { 'html-lang': 'de', 'around-lang': 'fr' });
    await merchant.onlyEvent('tender-ready');
    await expect(merchant.form.locator('label[for=number]')).toHaveText(fr.cardNumber);
    await expect(merchant.form.locator('.base')).toHaveAttribute('lang', 'fr');
  });
});
