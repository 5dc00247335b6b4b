/** Appearance: presets, tokens and the `appearance` → CSS compiler. Pure (no DOM), runs in Node and browsers. */
export { TOKENS, camelToCssVar } from './tokens.js';
export type { TokenSpec, TokenKind, TokenName, ColorTokenName } from './tokens.js';
export { PRESETS, PRESET_NAMES } from './presets.js';
export type { Preset, PresetName, TokenValues, ColorPalette } from './presets.js';
export {
  RULE_PROPERTIES,
  RULE_SELECTORS,
  compileAppearance,
  defaultTokenCss,
  isPresetName,
  presetCss,
} from './appearance.js';
export type {
  Appearance,
  AppearanceIssue,
  AppearanceValue,
  ColorScheme,
  CompiledAppearance,
  FieldLayout,
  FontSpec,
  LabelStyle,
  RuleSelector,
} from './appearance.js';
