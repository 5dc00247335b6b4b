/**
 * The appearance tokens: each is `appearance.variables.<name>` and the CSS custom property `--tender-<kebab>`.
 *
 * TOKEN_TABLE is the one list of them. The `TokenName` union, the order of the emitted CSS, each
 * token's kind (its validator in `appearance.ts`) and description come from it; the element's
 * `@cssproperty` JSDoc lines and the table in docs/theming.md are checked against it by
 * test/node/facts.test.ts (which prints the lines to paste when they differ).
 */

/** What a token's value must look like (each kind has its own validator in `appearance.ts`). */
export type TokenKind = 'color' | 'font-family' | 'length' | 'font-weight' | 'line-height' | 'padding' | 'shadow';

/** Name, kind and description of every token, in the fixed order (of the emitted CSS and of docs/theming.md). */
const TOKEN_TABLE = [
  ['colorText', 'color', 'Body text'],
  ['colorTextSecondary', 'color', 'Secondary text (hints, the brand badge)'],
  ['colorBackground', 'color', 'Background of the form'],
  ['colorInputBackground', 'color', 'Background of an input'],
  ['colorInputText', 'color', 'Text typed into an input'],
  ['colorPlaceholder', 'color', 'Placeholder text'],
  ['colorLabel', 'color', 'Field labels'],
  ['colorPrimary', 'color', 'Pay button background'],
  ['colorPrimaryHover', 'color', 'Pay button background on hover'],
  ['colorOnPrimary', 'color', 'Text on the pay button'],
  ['colorDanger', 'color', 'Errors and the border of an invalid input'],
  ['colorSuccess', 'color', 'Success messages'],
  ['colorBorder', 'color', 'Input borders'],
  ['colorBorderHover', 'color', 'Input borders on hover'],
  ['colorFocus', 'color', 'Focus ring'],
  ['colorDisabled', 'color', 'Background of a disabled input'],
  ['fontFamily', 'font-family', 'Font stack'],
  ['fontSizeBase', 'length', 'Base font size (inputs, button, text)'],
  ['fontSizeLabel', 'length', 'Label font size'],
  ['fontSizeSmall', 'length', 'Error and hint font size'],
  ['fontWeightNormal', 'font-weight', 'Body text weight'],
  ['fontWeightLabel', 'font-weight', 'Label weight'],
  ['fontWeightButton', 'font-weight', 'Button text weight'],
  ['lineHeight', 'line-height', 'Line height (unitless number or length)'],
  ['spacingUnit', 'length', 'Gap between fields and rows'],
  ['labelGap', 'length', 'Gap between a label and its input'],
  ['columnGap', 'length', 'Gap between side-by-side fields'],
  ['containerPadding', 'padding', 'Space between the edge of the form and its content (1–4 lengths)'],
  ['borderRadius', 'length', 'Corner radius of inputs'],
  ['buttonRadius', 'length', 'Corner radius of the button'],
  ['borderWidth', 'length', 'Input border width'],
  ['focusRingWidth', 'length', 'Focus ring width'],
  ['inputPadding', 'padding', 'Input padding (1–4 lengths)'],
  ['buttonPadding', 'padding', 'Button padding (1–4 lengths)'],
  ['inputMinHeight', 'length', 'Minimum height of inputs and the button'],
  ['shadowInput', 'shadow', 'Input shadow'],
  ['shadowInputFocus', 'shadow', 'Input shadow when focused'],
  ['shadowButton', 'shadow', 'Button shadow'],
] as const satisfies readonly (readonly [string, TokenKind, string])[];

export type TokenName = (typeof TOKEN_TABLE)[number][0];

/** The colour tokens, the ones a dark palette overrides. */
export type ColorTokenName = Extract<TokenName, `color${string}`>;

export interface TokenSpec {
  /** camelCase name in `appearance.variables`. */
  name: TokenName;
  /** Public CSS custom property set by the host page, e.g. `--tender-color-primary`. */
  cssVar: string;
  kind: TokenKind;
  description: string;
}

/** `colorPrimary` → `--tender-color-primary`. */
export function camelToCssVar(name: string): string {
  return `--tender-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/** Token names in the fixed order. */
export const TOKEN_NAMES: readonly TokenName[] = /* @__PURE__ */ TOKEN_TABLE.map(([name]) => name);

/** Each token's kind, by name (what the compiler needs). */
export const TOKEN_KINDS: ReadonlyMap<string, TokenKind> = /* @__PURE__ */ new Map(TOKEN_TABLE.map(([name, kind]) => [name, kind]));

/** Every token with its custom property, kind and description, in the fixed order. */
export const TOKENS: readonly TokenSpec[] = /* @__PURE__ */ TOKEN_TABLE.map(([name, kind, description]) => ({
  name,
  cssVar: camelToCssVar(name),
  kind,
  description,
}));
