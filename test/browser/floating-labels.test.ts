/**
 * Labels at 320 CSS px (WCAG 1.4.10 reflow, 1.4.12 text spacing) in every locale, floating and above, and
 * floating labels beside the card-brand badge in right-to-left locales. Measured on the drawn text: a label's text must lie inside
 * its own box (nothing clipped) and inside its field, and never under the brand badge.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../src/define.js';
import { LOCALES } from '../../src/i18n/index.js';
import type { TenderCheckout } from '../../src/elements/tender-checkout/tender-checkout.js';
import { root } from './checkout-harness.js';

/** The text-spacing override of WCAG 1.4.12, adopted inside the shadow root (a page's stylesheet cannot reach it). */
const TEXT_SPACING = new CSSStyleSheet();
TEXT_SPACING.replaceSync(
  '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }',
);

async function floating(state: 'empty' | 'filled', locale: string, textSpacing: boolean, labels: 'floating' | 'above' = 'floating'): Promise<TenderCheckout> {
  const element = await fixture<TenderCheckout>(html`<tender-checkout preview=${state} locale=${locale}></tender-checkout>`);
  element.appearance = { labels };
  await element.updateComplete;
  if (textSpacing) root(element).adoptedStyleSheets = [...root(element).adoptedStyleSheets, TEXT_SPACING];
  return element;
}

/** The box the text of an element is drawn in (the union of its text's line boxes). */
function textBox(element: Element): DOMRect {
  const range = document.createRange();
  range.selectNodeContents(element);
  return range.getBoundingClientRect();
}

/** Labels whose text is cut off or runs out of their field, as `field: why`. */
function overflowing(element: TenderCheckout): string[] {
  const found: string[] = [];
  for (const label of root(element).querySelectorAll<HTMLLabelElement>('label')) {
    const field = label.closest('.field')!.getBoundingClientRect();
    const box = label.getBoundingClientRect();
    const text = textBox(label);
    const name = `${label.htmlFor} "${label.textContent}"`;
    if (label.scrollWidth > label.clientWidth) found.push(`${name}: scrollWidth ${label.scrollWidth} > clientWidth ${label.clientWidth}`);
    if (text.left < box.left - 0.5 || text.right > box.right + 0.5) found.push(`${name}: text outside its label`);
    if (text.left < field.left - 0.5 || text.right > field.right + 0.5) found.push(`${name}: text outside its field`);
  }
  return found;
}

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('labels at 320 px in every locale', () => {
  before(async () => {
    await setViewport({ width: 320, height: 800 });
  });
  after(async () => {
    await setViewport({ width: 800, height: 600 });
  });

  for (const textSpacing of [false, true]) {
    for (const state of ['empty', 'filled'] as const) {
      it(`floating: no label text is cut off (${state}${textSpacing ? ', with the 1.4.12 text-spacing override' : ''})`, async () => {
        const found: string[] = [];
        for (const locale of LOCALES) {
          const element = await floating(state, locale, textSpacing);
          expect(root(element).querySelectorAll('label').length, locale).to.equal(4);
          found.push(...overflowing(element).map((why) => `${locale} ${why}`));
          element.remove();
        }
        expect(found).to.deep.equal([]);
        expect(document.documentElement.scrollWidth).to.be.at.most(320);
      });
    }
    it(`above: no label text is cut off${textSpacing ? ' (with the 1.4.12 text-spacing override)' : ''}`, async () => {
      const found: string[] = [];
      for (const locale of LOCALES) {
        const element = await floating('filled', locale, textSpacing, 'above');
        found.push(...overflowing(element).map((why) => `${locale} ${why}`));
        element.remove();
      }
      expect(found).to.deep.equal([]);
    });
  }
});

describe('floating labels beside the brand badge', () => {
  for (const locale of ['ar', 'he', 'en']) {
    for (const [brand, number] of [
      ['Visa', '4242424242424242'],
      ['Diners', '36227206271667'],
    ] as const) {
      it(`${locale}: the card-number label never lies under the ${brand} badge`, async () => {
        const element = await floating('empty', locale, false);
        const input = root(element).querySelector<HTMLInputElement>('#number')!;
        input.focus();
        await sendKeys({ type: number });
        await element.updateComplete;
        const badge = root(element).querySelector<HTMLElement>('[part=brand]')!;
        expect(badge.hidden, 'badge shown').to.equal(false);
        const label = root(element).querySelector('label[for=number]')!;
        expect(overlaps(textBox(label), badge.getBoundingClientRect())).to.equal(false);
        // and once the field is left, the label stays up, still clear of the badge
        input.blur();
        await element.updateComplete;
        expect(overlaps(textBox(label), badge.getBoundingClientRect())).to.equal(false);
      });
    }
  }
});
