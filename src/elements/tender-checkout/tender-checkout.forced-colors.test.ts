/**
 * Issue 25, defect 4 (inline; the isolated frame's is in test/browser/isolated-a11y.test.ts): with
 * floating labels in forced colours (Windows High Contrast, emulated through Playwright), an empty
 * field's placeholder is not drawn under its resting label, in every preset; once the field has focus
 * (the label moved up) the placeholder shows its format again.
 */
import { expect, fixture } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import '../../define.js';
import { PRESET_NAMES } from '../../themes/index.js';
import { root } from '../../../test/browser/checkout-harness.js';
import type { TenderCheckout } from './tender-checkout.js';

/** Whether an input's placeholder is painted: a colour that is not transparent, at an opacity above 0. */
function placeholderDrawn(input: HTMLInputElement): boolean {
  const style = getComputedStyle(input, '::placeholder');
  const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(style.color)?.[1];
  return Number(style.opacity) > 0 && (alpha === undefined || Number(alpha) > 0) && style.color !== 'transparent';
}

async function floating(theme: string) {
  const element = document.createElement('tender-checkout');
  element.setAttribute('inline', '');
  element.setAttribute('preview', 'empty');
  element.setAttribute('locale', 'en');
  element.appearance = { theme: theme as never, labels: 'floating' };
  await fixture<TenderCheckout>(element);
  await element.updateComplete;
  return element;
}

describe('<tender-checkout inline> issue 25, defect 4: floating labels in forced colours', () => {
  afterEach(() => emulateMedia({ forcedColors: 'none' }));

  for (const theme of PRESET_NAMES) {
    it(`${theme}: no placeholder under a resting label; the format shows once the field has focus`, async () => {
      await emulateMedia({ forcedColors: 'active' });
      const element = await floating(theme);
      expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
      for (const id of ['number', 'expiry', 'cvc']) {
        const input = root(element).querySelector<HTMLInputElement>(`#${id}`)!;
        expect(placeholderDrawn(input), `${id}: "${input.placeholder}" drawn under "${root(element).querySelector(`label[for=${id}]`)!.textContent}"`).to.equal(false);
      }
      const expiry = root(element).querySelector<HTMLInputElement>('#expiry')!;
      root(element).querySelector<HTMLInputElement>('#number')!.focus();
      await sendKeys({ press: 'Tab' });
      expect(root(element).activeElement).to.equal(expiry);
      expect(placeholderDrawn(expiry), 'the format shows while the field has focus').to.equal(true);
    });
  }

  it('without forced colours the resting placeholder is not drawn either (the rule it replaces)', async () => {
    const element = await floating('default');
    expect(placeholderDrawn(root(element).querySelector<HTMLInputElement>('#expiry')!)).to.equal(false);
  });
});
