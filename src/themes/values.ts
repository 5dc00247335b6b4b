/**
 * The value grammar of `appearance`: what each token kind and each rule property accepts, and
 * `cssValue`, which turns a raw value into safe CSS text or an error message. Pure (no DOM).
 */
import { TOKEN_KINDS, camelToCssVar, type TokenKind } from './tokens.js';

export type Check = (value: string) => boolean;

export const words = (list: string): Check => {
  const set = new Set(list.split(' '));
  return (value) => set.has(value.toLowerCase());
};

/** Characters and functions never allowed in a value (CSS injection, resource loads, escapes). */
// eslint-disable-next-line no-control-regex -- rejecting control characters is the point
const UNSAFE = /[;{}<>\\@!\0-\x1f\x7f]|\/\*|(?:url|image|expression|attr|env)\(/i;
export const MAX_VALUE_LENGTH = 200;

const NUMBER = '[+-]?(?:\\d*\\.)?\\d+';
const LENGTH = new RegExp(`^(?:[+-]?0|${NUMBER}(?:px|r?em|%|ch|v(?:w|h|min|max)))$`, 'i');
const UNITLESS = /^(?:\d*\.)?\d+$/;
const HEX = /^#(?:[\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i;
const COLOR_FUNCTION =
  /^(?:(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|color\(\s*(?:srgb(?:-linear)?|display-p3|a98-rgb|prophoto-rgb|rec2020|xyz(?:-d50|-d65)?)\s)([^()]*)\)$/i;
const COLOR_ARGUMENT = /^(?:[+-]?(?:\d*\.)?\d+(?:%|deg)?|none)$/i;
const MATH_WORDS = words('calc min max clamp px em rem ch vw vh vmin vmax');
export const VAR_REFERENCE = /var\(--tender-([a-z\d-]+)\)/g;

/** The 148 CSS named colours (CSS Color 4), plus `transparent` and `currentcolor`. */
const NAMED_COLORS = new Set(
  ('aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood ' +
    'cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray ' +
    'darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
    'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue ' +
    'firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew ' +
    'hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
    'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
    'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue ' +
    'mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred ' +
    'midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
    'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple ' +
    'rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue ' +
    'slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white ' +
    'whitesmoke yellow yellowgreen transparent currentcolor').split(' '),
);

/** `color-primary` → `color`: the kind of each token by its kebab-case name. */
const PRIVATE_VAR_KIND = new Map([...TOKEN_KINDS].map(([name, kind]) => [camelToCssVar(name).slice(9), kind]));

/** The kind of the token a whole value `var(--tender-<token>)` refers to, if it is one. */
function referenceKind(value: string): TokenKind | undefined {
  const match = /^var\(--tender-([a-z\d-]+)\)$/.exec(value);
  return match ? PRIVATE_VAR_KIND.get(match[1] as string) : undefined;
}

/** Splits at top-level separators (outside parentheses and quotes). */
export function split(value: string, separator: ',' | ' '): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (const char of value) {
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (depth === 0 && (separator === ',' ? char === ',' : /\s/.test(char))) {
      parts.push(current.trim());
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current.trim());
  return separator === ' ' ? parts.filter(Boolean) : parts;
}

/** `calc()`, `min()`, `max()`, `clamp()` over lengths, numbers and token references. */
function isMathLength(value: string): boolean {
  if (!/^(?:calc|min|max|clamp)\(/i.test(value)) return false;
  let depth = 0;
  for (let index = 0; index < value.length; index++) {
    if (value[index] === '(') depth++;
    else if (value[index] === ')' && --depth === 0 && index !== value.length - 1) return false;
    if (depth < 0) return false;
  }
  const plain = value.replace(VAR_REFERENCE, (_, name: string) => (PRIVATE_VAR_KIND.has(name) ? '0' : '?'));
  return depth === 0 && /^[\w\s.+\-*/,()%]*$/.test(plain) && (plain.match(/[a-z_]+/gi) ?? []).every(MATH_WORDS);
}

const isLength: Check = (value) => LENGTH.test(value) || isMathLength(value) || referenceKind(value) === 'length';

/** `rgb(…)`, `oklch(…)`, `color(display-p3 …)`…: 3 channels and an optional alpha, numbers, `%`, `deg` or `none`. */
function isColorFunction(value: string): boolean {
  const args = COLOR_FUNCTION.exec(value)?.[1]?.split(/[\s,/]+/).filter(Boolean);
  return !!args && args.length >= 3 && args.length <= 4 && args.every((arg) => COLOR_ARGUMENT.test(arg));
}

const isColor: Check = (value) =>
  HEX.test(value) ||
  isColorFunction(value) ||
  NAMED_COLORS.has(value.toLowerCase()) ||
  referenceKind(value) === 'color';

export const isFontWeight: Check = (value) =>
  /^(?:normal|bold|lighter|bolder)$/i.test(value) ||
  (/^\d{3}$/.test(value) && +value >= 100 && +value <= 900) ||
  referenceKind(value) === 'font-weight';

const isLineHeight: Check = (value) =>
  UNITLESS.test(value) || value === 'normal' || isLength(value) || referenceKind(value) === 'line-height';

const FAMILY_NAME = /^(?:"[^"]+"|'[^']+'|-?[a-z_][\w-]*(?:\s+-?[a-z_][\w-]*)*)$/i;
const isFontFamily: Check = (value) =>
  referenceKind(value) === 'font-family' || split(value, ',').every((family) => FAMILY_NAME.test(family));

const lengths = (min: number, max: number, each: Check = isLength): Check => (value) => {
  const parts = split(value, ' ');
  return parts.length >= min && parts.length <= max && parts.every(each);
};

const isPadding: Check = (value) => referenceKind(value) === 'padding' || lengths(1, 4)(value);

/** `none`, or a comma list of `[inset] <2–4 lengths> [<colour>]`. */
const isShadow: Check = (value) =>
  value === 'none' ||
  referenceKind(value) === 'shadow' ||
  split(value, ',').every((shadow) => {
    const parts = split(shadow, ' ');
    if (parts[0] === 'inset') parts.shift();
    else if (parts[parts.length - 1] === 'inset') parts.pop();
    if (parts.length > 2 && !isLength(parts[parts.length - 1] as string)) {
      if (!isColor(parts.pop() as string)) return false;
    } else if (parts.length > 2 && !isLength(parts[0] as string)) {
      if (!isColor(parts.shift() as string)) return false;
    }
    return parts.length >= 2 && parts.length <= 4 && parts.every(isLength);
  });

export const KIND_CHECKS: Record<TokenKind, Check> = {
  color: isColor,
  'font-family': isFontFamily,
  length: isLength,
  'font-weight': isFontWeight,
  'line-height': isLineHeight,
  padding: isPadding,
  shadow: isShadow,
};

export const KIND_NAMES: Record<TokenKind, string> = {
  color: 'a colour (hex, rgb(), hsl(), oklch(), a named colour …)',
  'font-family': 'a comma-separated list of font names',
  length: 'a length (0, px, rem, em, %, ch, vw, vh, vmin, vmax or calc())',
  'font-weight': 'a font weight (100–900, normal, bold, lighter, bolder)',
  'line-height': 'a unitless number or a length',
  padding: '1 to 4 lengths',
  shadow: 'none or a shadow (2–4 lengths, an optional colour, optional inset)',
};

const BORDER_STYLE = words('none hidden dotted dashed solid double groove ridge inset outset');
const OUTLINE_STYLE: Check = (value) => value === 'auto' || BORDER_STYLE(value);
const LINE_WIDTH: Check = (value) => isLength(value) || words('thin medium thick')(value);
const EASING = words('ease linear ease-in ease-out ease-in-out step-start step-end');

/** `border`/`outline` shorthands: width, style keyword and colour, each at most once. */
const lineShorthand = (style: Check): Check => (value) => {
  const parts = split(value, ' ');
  const seen = [0, 0, 0];
  for (const part of parts) {
    const slot = LINE_WIDTH(part) ? 0 : style(part) ? 1 : isColor(part) ? 2 : -1;
    if (slot < 0 || ++(seen[slot] as number) > 1) return false;
  }
  return parts.length > 0;
};

const isTextDecoration: Check = (value) => {
  const parts = split(value, ' ');
  const keyword = words('none underline overline line-through solid double dotted dashed wavy');
  return parts.length > 0 && parts.length <= 3 && parts.every((part) => keyword(part) || isColor(part));
};

const isOpacity: Check = (value) =>
  (UNITLESS.test(value) && +value <= 1) || (/^(?:\d*\.)?\d+%$/.test(value) && parseFloat(value) <= 100);

export const PROPERTY_CHECKS: Record<string, Check> = {
  color: isColor,
  'background-color': isColor,
  border: lineShorthand(BORDER_STYLE),
  'border-color': isColor,
  'border-style': BORDER_STYLE,
  'border-width': lengths(1, 4, LINE_WIDTH),
  'border-radius': lengths(1, 4),
  'border-bottom': lineShorthand(BORDER_STYLE),
  'border-bottom-color': isColor,
  'border-bottom-width': LINE_WIDTH,
  'box-shadow': isShadow,
  outline: lineShorthand(OUTLINE_STYLE),
  'outline-color': isColor,
  'outline-offset': isLength,
  'outline-width': LINE_WIDTH,
  'font-family': isFontFamily,
  'font-size': (value) => isLength(value) || words('xx-small x-small small medium large x-large xx-large smaller larger')(value),
  'font-style': words('normal italic oblique'),
  'font-weight': isFontWeight,
  'letter-spacing': (value) => value === 'normal' || isLength(value),
  'line-height': isLineHeight,
  'text-decoration': isTextDecoration,
  'text-transform': words('none capitalize uppercase lowercase'),
  'text-align': words('left right center start end justify'),
  padding: lengths(1, 4),
  'padding-block': lengths(1, 2),
  'padding-inline': lengths(1, 2),
  opacity: isOpacity,
  'min-height': (value) => value === 'auto' || isLength(value),
  transition: (value) =>
    split(value, ',').every((transition) => {
      const [property = '', time = '', easing, ...rest] = split(transition, ' ');
      return (
        (property === 'all' || Object.hasOwn(PROPERTY_CHECKS, property)) &&
        /^(?:\d*\.)?\d+m?s$/.test(time) &&
        (easing === undefined || EASING(easing)) &&
        rest.length === 0
      );
    }),
};

/** The CSS properties allowed in `appearance.rules` (kebab-case; camelCase keys are accepted too). */
export const RULE_PROPERTIES: readonly string[] = Object.keys(PROPERTY_CHECKS);

/**
 * A value as CSS text, or an error message. Strings (trimmed) and finite numbers; never anything
 * that could leave the declaration (`;`, braces, comments, escapes) or load a resource.
 */
export function cssValue(raw: unknown, check: Check, expected: string): string | { message: string } {
  if (typeof raw === 'number' && Number.isFinite(raw)) raw = String(raw);
  if (typeof raw !== 'string') return { message: `must be a string, ${expected}` };
  const value = raw.trim();
  if (value.length > MAX_VALUE_LENGTH) return { message: `is longer than ${MAX_VALUE_LENGTH} characters` };
  if (UNSAFE.test(value)) return { message: 'contains characters or functions that are not allowed' };
  if (!value || !check(value)) return { message: `must be ${expected}` };
  // a bare 0 is a <number>, not a <length>: inside the element's max(24px, …) and max(2px, …) it would
  // void the declaration (no focus ring, no minimum target size), so lengths carry a unit
  return check === isLength || check === isPadding ? value.replace(/(^|\s)[+-]?0(?=\s|$)/g, '$10px') : value;
}
