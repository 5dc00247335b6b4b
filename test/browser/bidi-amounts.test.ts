/**
 * Amounts inside right-to-left text, read back in the order Chromium draws them: an amount is one bidi
 * isolate in its sentence, and a currency symbol written with Latin letters (US$, CA$, R$) keeps its own
 * left-to-right order inside it ("US$", never "$US").
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../src/define.js';
import { loadCatalogue } from '../../src/i18n/index.js';
import type { TenderCheckout } from '../../src/elements/tender-checkout/tender-checkout.js';
import { mountCheckout, payButton } from './checkout-harness.js';

/**
 * The characters of an element's text that are Latin letters, digits or symbols, left to right as drawn
 * on screen (each character's box from a Range). Spaces, marks and right-to-left letters are left out.
 */
function drawnOrder(element: HTMLElement): string {
  const drawn: { left: number; char: string }[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (let index = 0; index < text.length; index += 1) {
      const char = text[index]!;
      if (!/[\p{Script=Latin}\p{Nd}\p{Sc}.,]/u.test(char)) continue;
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      drawn.push({ left: range.getBoundingClientRect().left, char });
    }
  }
  return drawn
    .sort((a, b) => a.left - b.left)
    .map(({ char }) => char)
    .join('');
}

async function payButtonIn(locale: string, currency: string): Promise<HTMLButtonElement> {
  const messages = await loadCatalogue(locale);
  const { element, log } = await mountCheckout({ create: { amount: 2500, currency }, attributes: { locale } });
  await log.wait('tender-ready');
  await waitUntil(() => payButton(element as TenderCheckout).textContent?.includes(messages.pay.replace('{amount}', '').trim()), `${locale} not shown`);
  return payButton(element);
}

describe('amounts inside right-to-left text', () => {
  it('Arabic: the pay button draws "US$ 25.00", not "$US 25.00"', async () => {
    const button = await payButtonIn('ar', 'USD');
    expect(getComputedStyle(button).direction).to.equal('rtl');
    expect(drawnOrder(button)).to.equal('US$25.00');
  });

  it('Arabic: "R$" for Brazilian reais stays "R$"', async () => {
    const button = await payButtonIn('ar', 'BRL');
    expect(drawnOrder(button)).to.equal('R$25.00');
  });

  it('Hebrew: "CA$" for Canadian dollars stays "CA$"', async () => {
    const button = await payButtonIn('he', 'CAD');
    expect(getComputedStyle(button).direction).to.equal('rtl');
    expect(drawnOrder(button)).to.equal('CA$25.00');
  });

  it('the amount is one isolate (FSI … PDI) inside the sentence', async () => {
    const button = await payButtonIn('ar', 'USD');
    expect(button.textContent).to.match(/\u2068[^\u2068\u2069]*\u2066US\$\u2069[^\u2068\u2069]*\u2069/);
  });
});
