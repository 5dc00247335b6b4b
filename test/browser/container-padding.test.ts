/**
 * Every preset keeps its content off the edge of its box (the `containerPadding` token): labels, inputs,
 * errors, the button and the status line sit at least 12 px inside the element's background.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/define.js';
import { PRESET_NAMES } from '../../src/themes/index.js';
import type { TenderCheckout } from '../../src/elements/tender-checkout/tender-checkout.js';
import { root } from './checkout-harness.js';

async function preview(theme: string, state: string): Promise<TenderCheckout> {
  const element = await fixture<TenderCheckout>(html`<tender-checkout preview=${state} locale="en" theme=${theme}></tender-checkout>`);
  await element.updateComplete;
  return element;
}

/** How far the nearest shown label, input, error, button or status line is from each edge of the base, in px. */
function clearance(element: TenderCheckout): number {
  const base = root(element).querySelector('.base')!.getBoundingClientRect();
  let least = Infinity;
  for (const part of root(element).querySelectorAll<HTMLElement>('label, input, .error, button, .status')) {
    const box = part.getBoundingClientRect();
    if (box.width === 0 || part.closest('[hidden]')) continue;
    least = Math.min(least, box.left - base.left, base.right - box.right, box.top - base.top, base.bottom - box.bottom);
  }
  return least;
}

describe('container padding', () => {
  for (const theme of PRESET_NAMES) {
    it(`${theme}: nothing touches the edge of the box (errors and declined)`, async () => {
      for (const state of ['errors', 'declined']) {
        const element = await preview(theme, state);
        expect(clearance(element), `${theme} ${state}`).to.be.at.least(12);
      }
    });
  }

  it('the host page can change it (--tender-container-padding)', async () => {
    const element = await preview('night', 'errors');
    element.style.setProperty('--tender-container-padding', '40px');
    expect(clearance(element)).to.be.at.least(40);
  });
});
