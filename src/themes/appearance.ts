/**
 * The serialisable `appearance` object → CSS text for one constructable stylesheet.
 * Pure (no DOM): validates every piece, reports each invalid one as an issue naming its key, applies the rest.
 */
import { PRESET_NAMES, presetCss, privateVar, resolveReferences, type ColorScheme, type PresetName } from './presets.js';
import { TOKEN_KINDS, camelToCssVar, type TokenName } from './tokens.js';
import { KIND_CHECKS, KIND_NAMES, MAX_VALUE_LENGTH, PROPERTY_CHECKS, VAR_REFERENCE, cssValue, isFontWeight, split, words, type Check } from './values.js';

export { RULE_PROPERTIES } from './values.js';

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
  | 'error' | 'status' | 'brand' | 'brands' | 'network' | 'saved-cards' | 'save-card' | 'save-consent';

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
  brands: { inner: '.brands', part: '::part(brands)' },
  network: { inner: '.networks', part: '::part(network)' },
  'saved-cards': { inner: '.saved', part: '::part(saved-cards)' },
  'save-card': { inner: '.save-card', part: '::part(save-card)' },
  'save-consent': { inner: '.consent', part: '::part(save-consent)' },
};


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

/** Token names (kebab-case) a value refers to. */
const referencesOf = (value: string): string[] => [...value.matchAll(VAR_REFERENCE)].map((match) => match[1] as string);

export function isPresetName(name: unknown): name is PresetName {
  return typeof name === 'string' && (PRESET_NAMES as readonly string[]).includes(name);
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
