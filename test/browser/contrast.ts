/**
 * Contrast from rendered styles (issue 25, defect 3): the pairs a shadow root paints now, each with the
 * minimum WCAG 2.2 asks of it (./contrast.test.ts lists them), and every look of the presets.
 */
import { expect } from '@open-wc/testing';
import { PRESETS, PRESET_NAMES, type Appearance, type PresetName } from '../../src/themes/index.js';

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
