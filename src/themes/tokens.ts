/** The appearance tokens: each is `appearance.variables.<name>` and the CSS custom property `--tender-<kebab>`. */

/** What a token's value must look like (each kind has its own validator in `appearance.ts`). */
export type TokenKind = 'color' | 'font-family' | 'length' | 'font-weight' | 'line-height' | 'padding' | 'shadow';

export type TokenName =
  | 'colorText' | 'colorTextSecondary' | 'colorBackground' | 'colorInputBackground' | 'colorInputText'
  | 'colorPlaceholder' | 'colorLabel' | 'colorPrimary' | 'colorPrimaryHover' | 'colorOnPrimary'
  | 'colorDanger' | 'colorSuccess' | 'colorBorder' | 'colorBorderHover' | 'colorFocus' | 'colorDisabled'
  | 'fontFamily' | 'fontSizeBase' | 'fontSizeLabel' | 'fontSizeSmall'
  | 'fontWeightNormal' | 'fontWeightLabel' | 'fontWeightButton' | 'lineHeight'
  | 'spacingUnit' | 'labelGap' | 'columnGap' | 'borderRadius' | 'buttonRadius' | 'borderWidth' | 'focusRingWidth'
  | 'inputPadding' | 'buttonPadding' | 'inputMinHeight' | 'shadowInput' | 'shadowInputFocus' | 'shadowButton';

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

const KIND_CODES: Record<string, TokenKind> = {
  c: 'color', f: 'font-family', l: 'length', w: 'font-weight', h: 'line-height', p: 'padding', s: 'shadow',
};

/** Token names in the fixed order (the order of the emitted CSS and of docs/theming.md). */
export const TOKEN_NAMES = (
  'colorText colorTextSecondary colorBackground colorInputBackground colorInputText colorPlaceholder colorLabel ' +
  'colorPrimary colorPrimaryHover colorOnPrimary colorDanger colorSuccess colorBorder colorBorderHover colorFocus ' +
  'colorDisabled fontFamily fontSizeBase fontSizeLabel fontSizeSmall fontWeightNormal fontWeightLabel fontWeightButton ' +
  'lineHeight spacingUnit labelGap columnGap borderRadius buttonRadius borderWidth focusRingWidth inputPadding ' +
  'buttonPadding inputMinHeight shadowInput shadowInputFocus shadowButton'
).split(' ') as readonly TokenName[];

/** Each token's kind, by name (what the compiler needs; TOKENS adds the descriptions). */
export const TOKEN_KINDS: ReadonlyMap<string, TokenKind> = /* @__PURE__ */ new Map(
  TOKEN_NAMES.map((name, index) => [name, KIND_CODES['ccccccccccccccccflllwwwhlllllllpplsss'[index] as string] as TokenKind]),
);

// Descriptions, in TOKEN_NAMES order. Only TOKENS uses them, so a bundle that only compiles drops them.
const DESCRIPTIONS = [
  'Body text',
  'Secondary text (hints, the brand badge)',
  'Background of the form',
  'Background of an input',
  'Text typed into an input',
  'Placeholder text',
  'Field labels',
  'Pay button background',
  'Pay button background on hover',
  'Text on the pay button',
  'Errors and the border of an invalid input',
  'Success messages',
  'Input borders',
  'Input borders on hover',
  'Focus ring',
  'Background of a disabled input',
  'Font stack',
  'Base font size (inputs, button, text)',
  'Label font size',
  'Error and hint font size',
  'Body text weight',
  'Label weight',
  'Button text weight',
  'Line height (unitless number or length)',
  'Gap between fields and rows',
  'Gap between a label and its input',
  'Gap between side-by-side fields',
  'Corner radius of inputs',
  'Corner radius of the button',
  'Input border width',
  'Focus ring width',
  'Input padding (1–4 lengths)',
  'Button padding (1–4 lengths)',
  'Minimum height of inputs and the button',
  'Input shadow',
  'Input shadow when focused',
  'Button shadow',
];

/** Every token with its custom property, kind and description, in the fixed order. */
export const TOKENS: readonly TokenSpec[] = /* @__PURE__ */ TOKEN_NAMES.map((name, index) => ({
  name,
  cssVar: camelToCssVar(name),
  kind: TOKEN_KINDS.get(name) as TokenKind,
  description: DESCRIPTIONS[index] as string,
}));
