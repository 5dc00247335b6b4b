/** Appearance: presets, tokens and the `appearance` → CSS compiler. Pure (no DOM), runs in Node and browsers. */
export { TOKENS, camelToCssVar } from './tokens.js';
export type { TokenSpec, TokenKind, TokenName, ColorTokenName } from './tokens.js';
export { PRESETS, PRESET_NAMES, defaultTokenCss, presetCss } from './presets.js';
export type { ColorPalette, ColorScheme, Preset, PresetName, TokenValues } from './presets.js';
export { RULE_PROPERTIES, RULE_SELECTORS, compileAppearance, isPresetName } from './appearance.js';
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
