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

// name, kind code, description — kept as one compact table (bundle size).
const TABLE: readonly (readonly [TokenName, string, string])[] = [
  ['colorText', 'c', 'Body text'],
  ['colorTextSecondary', 'c', 'Secondary text (hints, the brand badge)'],
  ['colorBackground', 'c', 'Background of the form'],
  ['colorInputBackground', 'c', 'Background of an input'],
  ['colorInputText', 'c', 'Text typed into an input'],
  ['colorPlaceholder', 'c', 'Placeholder text'],
  ['colorLabel', 'c', 'Field labels'],
  ['colorPrimary', 'c', 'Pay button background, links'],
  ['colorPrimaryHover', 'c', 'Pay button background on hover'],
  ['colorOnPrimary', 'c', 'Text on the pay button'],
  ['colorDanger', 'c', 'Errors and invalid input borders'],
  ['colorSuccess', 'c', 'Success messages'],
  ['colorBorder', 'c', 'Input borders'],
  ['colorBorderHover', 'c', 'Input borders on hover'],
  ['colorFocus', 'c', 'Focus ring'],
  ['colorDisabled', 'c', 'Background of a disabled input'],
  ['fontFamily', 'f', 'Font stack'],
  ['fontSizeBase', 'l', 'Base font size (inputs, button, text)'],
  ['fontSizeLabel', 'l', 'Label font size'],
  ['fontSizeSmall', 'l', 'Error and hint font size'],
  ['fontWeightNormal', 'w', 'Body text weight'],
  ['fontWeightLabel', 'w', 'Label weight'],
  ['fontWeightButton', 'w', 'Button text weight'],
  ['lineHeight', 'h', 'Line height (unitless number or length)'],
  ['spacingUnit', 'l', 'Gap between fields and rows'],
  ['labelGap', 'l', 'Gap between a label and its input'],
  ['columnGap', 'l', 'Gap between side-by-side fields'],
  ['borderRadius', 'l', 'Corner radius of inputs'],
  ['buttonRadius', 'l', 'Corner radius of the button'],
  ['borderWidth', 'l', 'Input border width'],
  ['focusRingWidth', 'l', 'Focus ring width'],
  ['inputPadding', 'p', 'Input padding (1–4 lengths)'],
  ['buttonPadding', 'p', 'Button padding (1–4 lengths)'],
  ['inputMinHeight', 'l', 'Minimum height of inputs and the button'],
  ['shadowInput', 's', 'Input shadow'],
  ['shadowInputFocus', 's', 'Input shadow when focused'],
  ['shadowButton', 's', 'Button shadow'],
];

/** Every token, in a fixed order (the order of the emitted CSS and of docs/theming.md). */
export const TOKENS: readonly TokenSpec[] = TABLE.map(([name, code, description]) => ({
  name,
  cssVar: camelToCssVar(name),
  kind: KIND_CODES[code] as TokenKind,
  description,
}));

/** Token specs by name. */
export const TOKEN_BY_NAME: ReadonlyMap<string, TokenSpec> = new Map(TOKENS.map((token) => [token.name, token]));
