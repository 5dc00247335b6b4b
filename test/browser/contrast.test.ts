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
import { PRESETS, PRESET_NAMES, type Appearance, type PresetName } from '../../src/themes/index.js';
import { CHALLENGE_CARD, fillCard, mountCheckout, payButton, root, SUCCESS_CARD } from './checkout-harness.js';
import { isConfirm, networkError, restoreFetch, wrapFetch } from './fetch-wrapper.js';

type Rgba = [number, number, number, number];

/** `rgb(…)` / `rgba(…)` as getComputedStyle reports a colour. */
function parse(colour: string): Rgba {
  const parts = /rgba?\(([^)]+)\)/.exec(colour)?.[1]?.split(/[\s,/]+/).filter(Boolean).map(Number);
  if (!parts || parts.length < 3) throw new Error(`not an rgb() colour: ${colour}`);
  return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
}

/** `top` painted over an opaque `bottom`. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
}

function luminance([r, g, b]: Rgba): number {
  const [R, G, B] = [r, g, b].map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * R + 0.7152 * G + 0.0722 * B;
}

export function contrast(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The parent across shadow boundaries (a shadow root's host). */
const parentOf = (element: Element): Element | null => element.parentElement ?? ((element.parentNode as ShadowRoot | null)?.host ?? null);

/** The opaque colour an element's content is painted on: its own background over every one behind it (the page is white). */
function backdrop(element: Element | null): Rgba {
  if (!element) return [255, 255, 255, 1];
  const own = parse(getComputedStyle(element).backgroundColor);
  return own[3] === 1 ? own : over(own, backdrop(parentOf(element)));
}

const visible = (element: Element) =>
  element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !element.closest('.visually-hidden, [aria-hidden=true]');

function isLarge(style: CSSStyleDeclaration): boolean {
  const size = parseFloat(style.fontSize);
  return size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
}

export interface Pair {
  what: string;
  ratio: number;
  min: number;
}

/** Every text and non-text pair of a shadow root as it is rendered now. */
export function pairsOf(shadow: ShadowRoot): Pair[] {
  const pairs: Pair[] = [];
  const name = (element: Element) => `${element.localName}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`;
  const text = (element: Element, what: string, colour: string, style: CSSStyleDeclaration) => {
    const behind = backdrop(element);
    pairs.push({ what: `${what} (${name(element)})`, ratio: contrast(over(parse(colour), behind), behind), min: isLarge(style) ? 3 : 4.5 });
  };
  for (const element of shadow.querySelectorAll('*')) {
    if (!visible(element)) continue;
    const style = getComputedStyle(element);
    const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim());
    if (ownText) text(element, `text "${element.textContent!.trim().slice(0, 30)}"`, style.color, style);
    if (element instanceof HTMLInputElement) {
      if (element.value) text(element, 'typed text', style.color, style);
      else if (element.placeholder.trim()) {
        const placeholder = getComputedStyle(element, '::placeholder');
        if (Number(placeholder.opacity) > 0 && parse(placeholder.color)[3] > 0) text(element, `placeholder "${element.placeholder}"`, placeholder.color, style);
      }
      const around = backdrop(parentOf(element));
      if (parseFloat(style.borderTopWidth) >= 1) {
        pairs.push({ what: `border (${name(element)})`, ratio: contrast(over(parse(style.borderTopColor), around), around), min: 3 });
      } else {
        const underline = /rgba?\([^)]+\)/.exec(style.boxShadow)?.[0];
        expect(underline, `${name(element)} has neither a border nor an underline`).to.be.a('string');
        const inside = backdrop(element);
        pairs.push({ what: `underline (${name(element)})`, ratio: contrast(over(parse(underline!), inside), inside), min: 3 });
      }
    }
    if (element.matches(':focus-visible') && style.outlineStyle !== 'none') {
      const around = backdrop(parentOf(element));
      pairs.push({ what: `focus outline (${name(element)})`, ratio: contrast(over(parse(style.outlineColor), around), around), min: 3 });
    }
    if (element instanceof HTMLButtonElement) {
      const around = backdrop(parentOf(element));
      if (element.classList.contains('secondary')) pairs.push({ what: `border (${name(element)})`, ratio: contrast(over(parse(style.borderTopColor), around), around), min: 3 });
      else if (element.getAttribute('part') === 'button') pairs.push({ what: 'pay button fill', ratio: contrast(over(parse(style.backgroundColor), around), around), min: 3 });
    }
  }
  return pairs;
}

/** Every look: each preset in its palettes (light presets also dark; `night` is dark only). */
export const LOOKS: [label: string, appearance: Appearance][] = PRESET_NAMES.flatMap((theme: PresetName) =>
  PRESETS[theme].dark
    ? [[`${theme} light`, { theme, colorScheme: 'light' }], [`${theme} dark`, { theme, colorScheme: 'dark' }]]
    : [[`${theme} dark`, { theme }]],
) as [string, Appearance][];

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
