/**
 * The serialisable `appearance` object → CSS text for one constructable stylesheet.
 * Pure (no DOM): validates every piece, reports each invalid one as an issue naming its key, applies the rest.
 */
import { PRESET_NAMES, presetCss, privateVar, type ColorScheme, type PresetName } from './presets.js';
import { TOKEN_KINDS, camelToCssVar, type TokenKind, type TokenName } from './tokens.js';

export interface AppearanceIssue {
  /** Where the problem is, e.g. `appearance.variables.colorPrimary`, `appearance.rules["input:focus"].color`, `theme`. */
  key: string;
  message: string;
}

export interface FontSpec {
  family: string;
  src: string;
  weight?: string;
  style?: string;
  display?: string;
}

export type LabelStyle = 'above' | 'floating' | 'hidden';
export type FieldLayout = 'stacked' | 'split' | 'single-line';
export type { ColorScheme };

/** Rule selectors accepted in `appearance.rules` (keys of RULE_SELECTORS). */
export type RuleSelector =
  | 'base' | 'form' | 'field' | 'label' | 'input' | 'input:hover' | 'input:focus' | 'input:invalid' | 'input:disabled'
  | 'input::placeholder' | 'button' | 'button:hover' | 'button:focus' | 'button:disabled' | 'button:active'
  | 'error' | 'status' | 'brand';

export type AppearanceValue = string | number;

/** The `appearance` property: serialisable, no functions. */
export interface Appearance {
  theme?: PresetName;
  variables?: Partial<Record<TokenName, AppearanceValue>>;
  rules?: Partial<Record<RuleSelector, Record<string, AppearanceValue>>>;
  labels?: LabelStyle;
  layout?: FieldLayout;
  colorScheme?: ColorScheme;
  fonts?: FontSpec[];
}

export interface CompiledAppearance {
  /** CSS text for one stylesheet adopted after the element's own styles. */
  css: string;
  theme: PresetName;
  labels: LabelStyle;
  layout: FieldLayout;
  colorScheme: ColorScheme;
  /** Validated web fonts; the element loads them with the FontFace API. */
  fonts: FontSpec[];
  issues: AppearanceIssue[];
}

/** Rule selector → selector inside the shadow root (`inner`) and its host-page `::part` equivalent. */
export const RULE_SELECTORS: Readonly<Record<RuleSelector, { inner: string; part: string }>> = {
  base: { inner: '.base', part: '::part(base)' },
  form: { inner: 'form', part: '::part(form)' },
  field: { inner: '.field', part: '::part(field)' },
  label: { inner: 'label', part: '::part(label)' },
  input: { inner: 'input', part: '::part(input)' },
  'input:hover': { inner: 'input:hover:not(:disabled)', part: '::part(input):hover' },
  'input:focus': { inner: 'input:focus-visible', part: '::part(input):focus-visible' },
  'input:invalid': { inner: 'input[aria-invalid="true"]', part: '::part(input-invalid)' },
  'input:disabled': { inner: 'input:disabled', part: '::part(input):disabled' },
  'input::placeholder': { inner: 'input::placeholder', part: '::part(input)::placeholder' },
  button: { inner: 'button[part~="button"]', part: '::part(button)' },
  'button:hover': { inner: 'button[part~="button"]:hover:not(:disabled)', part: '::part(button):hover' },
  'button:focus': { inner: 'button[part~="button"]:focus-visible', part: '::part(button):focus-visible' },
  'button:disabled': { inner: 'button[part~="button"]:disabled', part: '::part(button):disabled' },
  'button:active': { inner: 'button[part~="button"]:active:not(:disabled)', part: '::part(button):active' },
  error: { inner: '.error', part: '::part(error)' },
  status: { inner: '.status', part: '::part(status)' },
  brand: { inner: '.brand', part: '::part(brand)' },
};

// ---------------------------------------------------------------------------------------------
// Value grammar

type Check = (value: string) => boolean;

const words = (list: string): Check => {
  const set = new Set(list.split(' '));
  return (value) => set.has(value.toLowerCase());
};

/** Characters and functions never allowed in a value (CSS injection, resource loads, escapes). */
// eslint-disable-next-line no-control-regex -- rejecting control characters is the point
const UNSAFE = /[;{}<>\\@!\0-\x1f\x7f]|\/\*|(?:url|image|expression|attr|env)\(/i;
const MAX_VALUE_LENGTH = 200;

const NUMBER = '[+-]?(?:\\d*\\.)?\\d+';
const LENGTH = new RegExp(`^(?:[+-]?0|${NUMBER}(?:px|r?em|%|ch|v(?:w|h|min|max)))$`, 'i');
const UNITLESS = /^(?:\d*\.)?\d+$/;
const HEX = /^#(?:[\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i;
const COLOR_FUNCTION =
  /^(?:(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|color\(\s*(?:srgb(?:-linear)?|display-p3|a98-rgb|prophoto-rgb|rec2020|xyz(?:-d50|-d65)?)\s)([^()]*)\)$/i;
const COLOR_ARGUMENT = /^(?:[+-]?(?:\d*\.)?\d+(?:%|deg)?|none)$/i;
const MATH_WORDS = words('calc min max clamp px em rem ch vw vh vmin vmax');
const VAR_REFERENCE = /var\(--tender-([a-z\d-]+)\)/g;

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
function split(value: string, separator: ',' | ' '): string[] {
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

const isFontWeight: Check = (value) =>
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

const KIND_CHECKS: Record<TokenKind, Check> = {
  color: isColor,
  'font-family': isFontFamily,
  length: isLength,
  'font-weight': isFontWeight,
  'line-height': isLineHeight,
  padding: isPadding,
  shadow: isShadow,
};

const KIND_NAMES: Record<TokenKind, string> = {
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

const PROPERTY_CHECKS: Record<string, Check> = {
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

// ---------------------------------------------------------------------------------------------
// Compilation

const LABELS: readonly LabelStyle[] = ['above', 'floating', 'hidden'];
const LAYOUTS: readonly FieldLayout[] = ['stacked', 'split', 'single-line'];
const SCHEMES: readonly ColorScheme[] = ['light', 'dark', 'auto'];
const TOP_LEVEL_KEYS = ['theme', 'variables', 'rules', 'labels', 'layout', 'colorScheme', 'fonts'];
const FONT_KEYS = ['family', 'src', 'weight', 'style', 'display'];
const MAX_FONTS = 8;

const kebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** `appearance` + `variables` → `appearance.variables`; `input:focus` → `["input:focus"]`. */
function keyPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  const shown = key.length > 64 ? `${key.slice(0, 64)}…` : key;
  return /^[a-z_$][\w$]*$/i.test(shown) ? `${parent}.${shown}` : `${parent}[${JSON.stringify(shown)}]`;
}

/** A plain object (`{…}`, `Object.create(null)`, or one from another realm such as an iframe); not an array or class instance. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** An own property; `null` counts as absent (JSON has no `undefined`). */
const own = (record: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(record, key) && record[key] !== null ? record[key] : undefined;

/**
 * `var(--tender-x)` → `var(--tender-x,var(--_tender-x))`: a reference resolves as the element's own rules
 * do (host CSS, else the appearance/preset value), not to nothing when the host page sets no `--tender-x`.
 */
const resolveReferences = (value: string): string =>
  value.replace(VAR_REFERENCE, (_, name: string) => `var(--tender-${name},var(--_tender-${name}))`);

/** Token names (kebab-case) a value refers to. */
const referencesOf = (value: string): string[] => [...value.matchAll(VAR_REFERENCE)].map((match) => match[1] as string);

export function isPresetName(name: unknown): name is PresetName {
  return typeof name === 'string' && (PRESET_NAMES as readonly string[]).includes(name);
}

/**
 * A value as CSS text, or an error message. Strings (trimmed) and finite numbers; never anything
 * that could leave the declaration (`;`, braces, comments, escapes) or load a resource.
 */
function cssValue(raw: unknown, check: Check, expected: string): string | { message: string } {
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

/**
 * Validates an `appearance` object (and the `theme` attribute) and compiles it to CSS text.
 * Never throws; every invalid piece becomes one issue naming its key and the rest still applies.
 */
export function compileAppearance(appearance: unknown, themeAttribute?: string | null): CompiledAppearance {
  const result: CompiledAppearance = {
    css: '',
    theme: 'default',
    labels: 'above',
    layout: 'split',
    colorScheme: 'light',
    fonts: [],
    issues: [],
  };
  try {
    compileInto(appearance, themeAttribute, result);
  } catch {
    // Only exotic objects (proxies, throwing getters) get here: report it and keep the preset.
    result.issues.push({ key: 'appearance', message: 'could not be read' });
    result.css = presetCss(result.theme, result.colorScheme);
  }
  return result;
}

function compileInto(appearance: unknown, themeAttribute: string | null | undefined, result: CompiledAppearance): void {
  const issues = result.issues;
  const report = (key: string, message: string): void => {
    issues.push({ key, message });
  };
  let record: Record<string, unknown> = {};
  if (isPlainObject(appearance)) record = appearance;
  else if (appearance != null) report('appearance', 'must be a plain object');

  for (const key of Object.keys(record)) {
    if (!TOP_LEVEL_KEYS.includes(key)) report(keyPath('appearance', key), 'is not an appearance option');
  }

  // Theme: appearance.theme wins over the attribute; an unknown name is an issue and falls back.
  const theme = own(record, 'theme');
  const themeNames = PRESET_NAMES.join(', ');
  if (isPresetName(theme)) result.theme = theme;
  else {
    if (theme !== undefined) report('appearance.theme', `must be one of ${themeNames}`);
    if (isPresetName(themeAttribute)) result.theme = themeAttribute;
    else if (themeAttribute) report('theme', `must be one of ${themeNames}`);
  }

  const choice = <T extends string>(key: string, allowed: readonly T[], fallback: T): T => {
    const value = own(record, key);
    if (value === undefined) return fallback;
    if ((allowed as readonly unknown[]).includes(value)) return value as T;
    report(`appearance.${key}`, `must be one of ${allowed.join(', ')}`);
    return fallback;
  };
  result.labels = choice('labels', LABELS, 'above');
  result.layout = choice('layout', LAYOUTS, 'split');
  result.colorScheme = choice('colorScheme', SCHEMES, 'light');

  let css = presetCss(result.theme, result.colorScheme);

  const variables = own(record, 'variables');
  if (variables !== undefined) {
    if (!isPlainObject(variables)) report('appearance.variables', 'must be a plain object');
    else {
      const accepted = new Map<string, string>(); // kebab-case name → value
      const camelNames = new Map<string, string>();
      for (const [name, raw] of Object.entries(variables)) {
        const key = keyPath('appearance.variables', name);
        const kind = TOKEN_KINDS.get(name);
        if (!kind) {
          report(key, 'is not a theme variable');
          continue;
        }
        const value = cssValue(raw, KIND_CHECKS[kind], KIND_NAMES[kind]);
        if (typeof value !== 'string') {
          report(key, value.message);
          continue;
        }
        const kebabName = camelToCssVar(name).slice(9);
        accepted.set(kebabName, value);
        camelNames.set(kebabName, name);
      }
      // A variable that refers back to itself (directly or through others) would be invalid: reject it.
      const reaches = (from: string, target: string, seen: Set<string>): boolean =>
        referencesOf(accepted.get(from) ?? '').some(
          (next) => next === target || (!seen.has(next) && (seen.add(next), reaches(next, target, seen))),
        );
      let block = '';
      for (const [name, value] of accepted) {
        const camel = camelNames.get(name) as string;
        if (reaches(name, name, new Set())) report(`appearance.variables.${camel}`, 'refers to itself (directly or through other variables)');
        else block += `${privateVar(camel)}:${resolveReferences(value)};`;
      }
      if (block) css += `:host{${block}}`;
    }
  }

  const rules = own(record, 'rules');
  if (rules !== undefined) {
    if (!isPlainObject(rules)) report('appearance.rules', 'must be a plain object');
    else {
      for (const [selector, properties] of Object.entries(rules)) {
        const ruleKey = keyPath('appearance.rules', selector);
        if (!Object.hasOwn(RULE_SELECTORS, selector)) {
          report(ruleKey, `is not a rule selector; use one of ${Object.keys(RULE_SELECTORS).join(', ')}`);
          continue;
        }
        if (!isPlainObject(properties)) {
          report(ruleKey, 'must be a plain object of CSS properties');
          continue;
        }
        let block = '';
        for (const [property, raw] of Object.entries(properties)) {
          const key = keyPath(ruleKey, property);
          const cssProperty = kebab(property);
          const check = Object.hasOwn(PROPERTY_CHECKS, cssProperty) ? PROPERTY_CHECKS[cssProperty] : undefined;
          if (!check) {
            report(key, 'is not an allowed CSS property');
            continue;
          }
          const value = cssValue(raw, check, `a valid ${cssProperty} value`);
          if (typeof value === 'string') block += `${cssProperty}:${resolveReferences(value)};`;
          else report(key, value.message);
        }
        const inner = RULE_SELECTORS[selector as RuleSelector].inner;
        // `.base` prefix: more specific than the element's own rules (`.base.base` for the base itself).
        if (block) css += `${inner === '.base' ? '.base.base' : `.base ${inner}`}{${block}}`;
      }
    }
  }

  const fonts = own(record, 'fonts');
  if (fonts !== undefined) {
    if (!Array.isArray(fonts)) report('appearance.fonts', 'must be an array of fonts');
    else {
      if (fonts.length > MAX_FONTS) report('appearance.fonts', `may list at most ${MAX_FONTS} fonts; the rest are ignored`);
      fonts.slice(0, MAX_FONTS).forEach((font: unknown, index) => {
        const spec = validateFont(font, keyPath('appearance.fonts', index), report);
        if (spec) result.fonts.push(spec);
      });
    }
  }
  result.css = css;
}

const FONT_FAMILY = /^[a-z\d][a-z\d -]{0,63}$/i;
const FONT_SRC = /^(?:https:\/\/[a-z\d.-]+(?::\d+)?(?:[/?#][^\s"'()\\]*)?|(?![/\\]{2})[^\s"'():\\]+)$/i;
const FONT_STYLE = words('normal italic oblique');
const FONT_DISPLAY = words('auto block swap fallback optional');
// eslint-disable-next-line no-control-regex -- rejecting control characters is the point
const FONT_UNSAFE = /[;{}<>\\!\0-\x1f\x7f]|\/\*/;

function validateFont(
  font: unknown,
  key: string,
  report: (key: string, message: string) => void,
): FontSpec | undefined {
  if (!isPlainObject(font)) {
    report(key, 'must be an object { family, src, weight?, style?, display? }');
    return undefined;
  }
  for (const name of Object.keys(font)) {
    if (!FONT_KEYS.includes(name)) report(keyPath(key, name), 'is not a font option');
  }
  const family = own(font, 'family');
  const src = own(font, 'src');
  let valid = true;
  if (typeof family !== 'string' || !FONT_FAMILY.test(family.trim())) {
    report(`${key}.family`, 'must be a plain font name (letters, digits, spaces, hyphens)');
    valid = false;
  }
  if (typeof src !== 'string' || src.length > MAX_VALUE_LENGTH || FONT_UNSAFE.test(src) || !FONT_SRC.test(src)) {
    report(`${key}.src`, 'must be an https: URL or a relative path, without quotes, parentheses or spaces');
    valid = false;
  }
  if (!valid) return undefined;
  const spec: FontSpec = { family: (family as string).trim(), src: src as string };
  const descriptor = (name: 'weight' | 'style' | 'display', check: Check, expected: string): void => {
    const raw = own(font, name);
    if (raw === undefined) return;
    const value = typeof raw === 'number' ? String(raw) : raw;
    if (typeof value === 'string' && check(value.trim())) spec[name] = value.trim();
    else report(`${key}.${name}`, `must be ${expected}`);
  };
  descriptor('weight', (value) => split(value, ' ').length <= 2 && split(value, ' ').every(isFontWeight), 'a font weight or a range such as "100 900"');
  descriptor('style', FONT_STYLE, 'normal, italic or oblique');
  descriptor('display', FONT_DISPLAY, 'auto, block, swap, fallback or optional');
  return spec;
}
