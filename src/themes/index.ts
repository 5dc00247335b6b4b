/**
 * Appearance: presets, tokens and the `appearance` → CSS compiler (pure, no DOM: runs in Node and
 * browsers), and `settleAppearance` (browser only): a compiled appearance's problems and web fonts.
 */
export { TOKENS, camelToCssVar } from './tokens.js';
export type { TokenSpec, TokenKind, TokenName, ColorTokenName } from './tokens.js';
export { PRESETS, PRESET_NAMES, defaultTokenCss, presetCss } from './presets.js';
export type { ColorPalette, ColorScheme, Preset, PresetName, TokenValues } from './presets.js';
export { RULE_PROPERTIES, RULE_SELECTORS, compileAppearance, isPresetName } from './appearance.js';
export { settleAppearance } from './fonts.js';
export { LAYOUT_CSS } from './layout-styles.js';
export type {
  Appearance,
  AppearanceIssue,
  AppearanceValue,
  CompiledAppearance,
  FieldLayout,
  FontSpec,
  LabelStyle,
  RuleSelector,
} from './appearance.js';
