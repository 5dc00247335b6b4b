/**
 * Issue 25, defect 3: the contrast of every text and non-text pair of every preset, in the light and the
 * dark palette, in every state, computed from the rendered (computed) styles — not from the palettes
 * (src/themes/presets.test.ts does that) and not left to axe, which missed a placeholder drawn under a
 * floating label and a secondary button's text.
 *
 * - text (WCAG 1.4.3): every visible run of text, each input's value and its placeholder where drawn,
 *   against the background it is painted on (the element's own, or the first one behind it, alpha
 *   composited) — 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold);
 * - non-text (1.4.11), 3:1: an input's boundary (its border, or the underline the `flat` preset draws
 *   with an inset shadow) and an invalid input's border against what surrounds them, the focus outline
 *   of every control against what surrounds it, the pay button's fill and a secondary button's border
 *   against the form's background.
 *
 * States: the preview gallery's eight, floating labels at rest, the pay button hovered (a real mouse),
 * each control focused from the keyboard, and two the gallery lacks, reached through the real flow: a
 * 3-D Secure redirect the host cancelled (*Continue authentication*) and a confirm whose connection
 * dropped (*Try again*).
 */
import { expect, fixture } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/define.js';
import type { PreviewState, TenderCheckout } from '../../src/elements/tender-checkout/tender-checkout.js';
import type { Appearance } from '../../src/themes/index.js';
import { CHALLENGE_CARD, fillCard, mountCheckout, payButton, root, SUCCESS_CARD } from './checkout-harness.js';
import { isConfirm, networkError, restoreFetch, wrapFetch } from './fetch-wrapper.js';
import { LOOKS, pairsOf, type Pair } from './contrast.js';

const STATES: PreviewState[] = ['empty', 'filled', 'errors', 'processing', 'redirecting', 'succeeded', 'declined', 'wait-screen'];

/** The lowest ratio per look, and every pair under its minimum (`look: state: pair ratio < min`). */
class Tally {
  readonly failures: string[] = [];
  readonly lowest = new Map<string, number>();
  add(look: string, state: string, pairs: Pair[]) {
    expect(pairs.length, `${look} ${state}: no pairs found`).to.be.above(0);
    for (const pair of pairs) {
      const key = `${look} ${pair.min === 3 ? 'non-text' : 'text'}`;
      this.lowest.set(key, Math.min(this.lowest.get(key) ?? Infinity, pair.ratio));
      if (pair.ratio + 1e-9 < pair.min) this.failures.push(`${look}: ${state}: ${pair.what} ${pair.ratio.toFixed(2)} < ${pair.min}`);
    }
  }
}

async function showLook(element: TenderCheckout, appearance: Appearance) {
  element.appearance = appearance;
  await element.updateComplete;
}

const form = (element: TenderCheckout) => root(element);

describe('contrast of every pair, every preset, light and dark, every state (computed styles)', () => {
  afterEach(async () => {
    restoreFetch();
    await resetMouse();
  });

  it('the preview gallery’s states, floating labels at rest, the pay button hovered and every control focused', async function () {
    this.timeout(120000);
    const tally = new Tally();
    for (const state of STATES) {
      const element = await fixture<TenderCheckout>(Object.assign(document.createElement('tender-checkout'), {}));
      element.setAttribute('inline', '');
      element.setAttribute('locale', 'en');
      element.setAttribute('preview', state);
      await element.updateComplete;
      for (const [look, appearance] of LOOKS) {
        await showLook(element, appearance);
        tally.add(look, state, pairsOf(form(element)));
        if (state === 'empty') {
          await showLook(element, { ...appearance, labels: 'floating' });
          tally.add(look, 'floating labels', pairsOf(form(element)));
        }
        if (state === 'filled') {
          // hovered (a real mouse), then each control focused with the keyboard
          const box = payButton(element).getBoundingClientRect();
          await sendMouse({ type: 'move', position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] });
          tally.add(look, 'pay button hovered', pairsOf(form(element)));
          await resetMouse();
          form(element).querySelector<HTMLInputElement>('#expiry')!.focus();
          await sendKeys({ press: 'Shift+Tab' });
          for (let control = 0; control < 5; control += 1) {
            tally.add(look, `${(form(element).activeElement as HTMLElement).id || 'pay button'} focused`, pairsOf(form(element)));
            await sendKeys({ press: 'Tab' });
          }
        }
      }
      element.remove();
    }
    expect(tally.failures).to.deep.equal([]);
  });

  it('Continue authentication (a 3-D Secure redirect the host cancelled) and Try again (a confirm that did not go through)', async function () {
    this.timeout(60000);
    const tally = new Tally();
    const waiting = await mountCheckout({ configure: (element) => element.addEventListener('tender-redirect', (event) => event.preventDefault()) });
    await waiting.log.wait('tender-ready', 1, 20000);
    await fillCard(waiting.element, { number: CHALLENGE_CARD });
    payButton(waiting.element).click();
    await waiting.log.wait('tender-redirect');
    await waiting.element.updateComplete;
    expect(form(waiting.element).querySelector('button.secondary')?.textContent).to.contain('Continue authentication');
    for (const [look, appearance] of LOOKS) {
      await showLook(waiting.element, appearance);
      tally.add(look, 'Continue authentication', pairsOf(form(waiting.element)));
    }
    waiting.element.remove();

    const dropped = await mountCheckout();
    await dropped.log.wait('tender-ready', 1, 20000);
    wrapFetch((call) => (isConfirm(call) ? networkError() : undefined));
    await fillCard(dropped.element, { number: SUCCESS_CARD });
    payButton(dropped.element).click();
    await dropped.log.wait('tender-error');
    await dropped.element.updateComplete;
    expect(form(dropped.element).querySelector('button.secondary')?.textContent).to.contain('Try again');
    for (const [look, appearance] of LOOKS) {
      await showLook(dropped.element, appearance);
      tally.add(look, 'Try again', pairsOf(form(dropped.element)));
    }
    expect(tally.failures).to.deep.equal([]);
  });
});
