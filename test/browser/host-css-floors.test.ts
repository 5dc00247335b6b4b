/**
 * The floors hold against host CSS: a page that sets a floored token to a bare `0` (a number, not a
 * length) still gets a visible focus ring (WCAG 2.4.7), 24 px targets (2.5.8) and a 2 px invalid border.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/define.js';
import type { TenderCheckout } from '../../src/elements/tender-checkout/tender-checkout.js';
import { root } from './checkout-harness.js';

const shadow = (element: TenderCheckout, selector: string) => root(element).querySelector<HTMLElement>(selector)!;

/** A preview (no network) inside a wrapper that sets host CSS, as a merchant's stylesheet would. */
async function previewWithHostCss(declarations: string, state = 'filled'): Promise<TenderCheckout> {
  const wrapper = await fixture<HTMLDivElement>(html`<div style=${declarations}><tender-checkout preview=${state} locale="en"></tender-checkout></div>`);
  const element = wrapper.querySelector('tender-checkout')!;
  await element.updateComplete;
  return element;
}

/** The focus ring of an element once focused: style and width in px. */
function ringOf(target: HTMLElement): { style: string; width: number } {
  target.focus();
  expect(target.matches(':focus-visible'), 'focus-visible').to.equal(true);
  const computed = getComputedStyle(target);
  return { style: computed.outlineStyle, width: parseFloat(computed.outlineWidth) };
}

describe('<tender-checkout> floors against host CSS', () => {
  it('--tender-focus-ring-width: 0 keeps a 2 px focus ring on inputs and the button', async () => {
    const element = await previewWithHostCss('--tender-focus-ring-width: 0');
    for (const target of [shadow(element, '#number'), shadow(element, 'button[part=button]')]) {
      const ring = ringOf(target);
      expect(ring.style, target.id || 'button').to.equal('solid');
      expect(ring.width, target.id || 'button').to.be.at.least(2);
    }
  });

  it('--tender-input-min-height: 0 keeps inputs and the button at least 24 px high, even with no padding', async () => {
    const element = await previewWithHostCss('--tender-input-min-height: 0; --tender-input-padding: 0; --tender-button-padding: 0');
    for (const selector of ['#number', '#expiry', '#cvc', 'button[part=button]']) {
      expect(shadow(element, selector).getBoundingClientRect().height, selector).to.be.at.least(24);
    }
  });

  it('--tender-input-min-height: 0 keeps floating labels at least 24 px high', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div style="--tender-input-min-height: 0"><tender-checkout preview="empty" locale="en"></tender-checkout></div>`);
    const element = wrapper.querySelector('tender-checkout')!;
    element.appearance = { labels: 'floating' };
    await element.updateComplete;
    expect(shadow(element, 'label[for=number]').getBoundingClientRect().height).to.be.at.least(24);
    expect(shadow(element, '#number').getBoundingClientRect().height).to.be.at.least(24);
  });

  it('--tender-border-width: 0 keeps a 2 px border on an invalid input', async () => {
    const element = await previewWithHostCss('--tender-border-width: 0', 'errors');
    const invalid = shadow(element, '#number');
    expect(invalid.getAttribute('aria-invalid')).to.equal('true');
    expect(parseFloat(getComputedStyle(invalid).borderTopWidth)).to.equal(2);
  });

  it('a host length still applies above the floor (--tender-focus-ring-width: 4px)', async () => {
    const element = await previewWithHostCss('--tender-focus-ring-width: 4px; --tender-input-min-height: 60px');
    expect(ringOf(shadow(element, '#number')).width).to.equal(4);
    expect(shadow(element, '#number').getBoundingClientRect().height).to.equal(60);
  });
});
