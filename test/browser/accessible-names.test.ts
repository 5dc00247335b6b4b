/**
 * WCAG 2.5.3 (label in name), with each input's accessible name computed by axe-core (the accessible-name
 * algorithm @open-wc/testing's axe checks use): what each input shows as its label is what assistive
 * technology names it, in every locale. With `labels: 'hidden'` only the number and name
 * fields meet it (docs/accessibility.md, "Known limits").
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/define.js';
import { LOCALES } from '../../src/i18n/index.js';
import type { Appearance } from '../../src/themes/index.js';
import type { TenderCheckout } from '../../src/elements/tender-checkout/tender-checkout.js';
import { root } from './checkout-harness.js';

/** The part of axe-core's global this test uses (its published types leave `commons` out). */
interface AxeGlobal {
  setup(root: Element): unknown;
  teardown(): void;
  utils: { getNodeFromTree(node: Element): unknown };
  commons: { text: { accessibleTextVirtual(node: unknown): string } };
}

const FIELDS = ['number', 'expiry', 'cvc', 'name'] as const;

async function mount(locale: string, labels: Appearance['labels'], state = 'empty'): Promise<TenderCheckout> {
  const element = await fixture<TenderCheckout>(html`<tender-checkout preview=${state} locale=${locale}></tender-checkout>`);
  element.appearance = { labels };
  await element.updateComplete;
  return element;
}

const input = (element: TenderCheckout, field: string) => root(element).querySelector<HTMLInputElement>(`#${field}`)!;
const label = (element: TenderCheckout, field: string) => root(element).querySelector(`label[for=${field}]`)!.textContent!.trim();

/** The accessible names of the four inputs, in document order. */
async function textboxNames(element: TenderCheckout): Promise<string[]> {
  // @ts-expect-error the minified build has no declarations; loading it registers `window.axe` (as chai-a11y-axe does)
  await import('axe-core/axe.min.js');
  const axe = (window as unknown as { axe: AxeGlobal }).axe;
  axe.setup(element);
  try {
    return FIELDS.map((field) => axe.commons.text.accessibleTextVirtual(axe.utils.getNodeFromTree(input(element, field))));
  } finally {
    axe.teardown();
  }
}


describe('accessible names (WCAG 2.5.3)', () => {
  for (const labels of ['above', 'floating'] as const) {
    it(`${labels} labels: every input is named by its visible label, in every locale`, async () => {
      const mismatched: string[] = [];
      for (const locale of LOCALES) {
        const element = await mount(locale, labels);
        const names = await textboxNames(element);
        FIELDS.forEach((field, index) => {
          if (names[index] !== label(element, field)) mismatched.push(`${locale} ${field}: "${names[index]}" ≠ "${label(element, field)}"`);
        });
        element.remove();
      }
      expect(mismatched).to.deep.equal([]);
    });
  }

  it('hidden labels: the number and name fields show their accessible name as placeholder; expiry and CVC show the format, not the name', async () => {
    const element = await mount('de', 'hidden');
    const names = await textboxNames(element);
    expect(names).to.deep.equal(FIELDS.map((field) => label(element, field)));
    expect(input(element, 'number').placeholder).to.equal(names[0]);
    expect(input(element, 'name').placeholder).to.equal(names[3]);
    // the documented exception: "MM / JJ" and "CVC" are not in "Ablaufdatum" and "Sicherheitscode"
    expect(names[1]).not.to.include(input(element, 'expiry').placeholder);
    expect(names[2]).not.to.include(input(element, 'cvc').placeholder);
  });

  it('hidden labels: once a field is filled, no visible label remains (the documented 3.3.2 exception)', async () => {
    const element = await mount('en', 'hidden', 'filled');
    for (const field of ['number', 'expiry', 'cvc'] as const) {
      expect(input(element, field).matches(':placeholder-shown'), field).to.equal(false);
      const box = root(element).querySelector(`label[for=${field}]`)!.getBoundingClientRect();
      expect(box.width * box.height, field).to.be.at.most(1);
    }
  });
});
