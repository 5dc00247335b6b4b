/**
 * The theme previewer's exports: the `appearance` object as JSON, and the same look as host-page
 * CSS (`tender-checkout { --tender-…: …; }` plus `tender-checkout::part(…)` rules). Pure: no DOM.
 */
import {
  PRESETS,
  RULE_SELECTORS,
  TOKENS,
  compileAppearance,
  type Appearance,
  type ColorScheme,
  type FieldLayout,
  type LabelStyle,
  type PresetName,
  type RuleSelector,
  type TokenName,
} from '../src/themes/index.js';

/** What the previewer's editor holds. */
export interface EditorState {
  theme: PresetName;
  /** Only the tokens the designer changed (the preset supplies the rest). */
  variables: Partial<Record<TokenName, string>>;
  rules: Partial<Record<RuleSelector, Record<string, string>>>;
  labels: LabelStyle;
  layout: FieldLayout;
  colorScheme: ColorScheme;
}

/** The `appearance` object for the element: the theme, the changed tokens, rules, and non-default options. */
export function toAppearance(state: EditorState): Appearance {
  const appearance: Appearance = { theme: state.theme };
  if (Object.keys(state.variables).length > 0) appearance.variables = { ...state.variables };
  if (Object.keys(state.rules).length > 0) appearance.rules = structuredClone(state.rules);
  if (state.labels !== 'above') appearance.labels = state.labels;
  if (state.layout !== 'split') appearance.layout = state.layout;
  if (state.colorScheme !== 'light') appearance.colorScheme = state.colorScheme;
  return appearance;
}

/** The token values the element shows for `state`, in one palette (the preset's, then the designer's changes). */
export function resolvedTokens(state: EditorState, palette: 'light' | 'dark'): Record<TokenName, string> {
  const preset = PRESETS[state.theme];
  const base = palette === 'dark' && preset.dark ? { ...preset.variables, ...preset.dark } : preset.variables;
  return { ...base, ...validVariables(state) };
}

/** The designer's tokens that the compiler accepts (a rejected one would not apply in the element either). */
function validVariables(state: EditorState): Partial<Record<TokenName, string>> {
  const { issues } = compileAppearance({ theme: state.theme, variables: state.variables });
  const rejected = new Set(issues.map((issue) => issue.key));
  return Object.fromEntries(Object.entries(state.variables).filter(([name]) => !rejected.has(`appearance.variables.${name}`)));
}

const kebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

function declarations(tokens: Record<TokenName, string>, indent: string): string {
  return TOKENS.map((token) => `${indent}${token.cssVar}: ${tokens[token.name]};`).join('\n');
}

/**
 * The look as host-page CSS: every token as a `--tender-*` property on `tender-checkout` (so it needs
 * no `theme` attribute), the dark palette under `prefers-color-scheme` for `colorScheme: auto`, and
 * each accepted rule as `tender-checkout::part(…)`. Labels and layout have no CSS form: a comment says so.
 */
export function toHostCss(state: EditorState): string {
  const scheme = state.colorScheme;
  const palette = scheme === 'dark' || (scheme === 'light' && PRESETS[state.theme].scheme === 'dark') ? 'dark' : 'light';
  const lines = [
    `/* Tender Checkout appearance: preset "${state.theme}"${Object.keys(state.variables).length ? ' with changes' : ''}, colour scheme ${scheme}. */`,
  ];
  if (state.labels !== 'above' || state.layout !== 'split') {
    lines.push(`/* labels: ${state.labels}, layout: ${state.layout} have no CSS form: set them in the appearance property. */`);
  }
  lines.push('tender-checkout {', `  color-scheme: ${scheme === 'auto' ? 'light dark' : palette};`, declarations(resolvedTokens(state, palette), '  '), '}');
  if (scheme === 'auto' && PRESETS[state.theme].dark) {
    const dark = resolvedTokens(state, 'dark');
    const light = resolvedTokens(state, 'light');
    const changed = TOKENS.filter((token) => dark[token.name] !== light[token.name]);
    if (changed.length > 0) {
      lines.push('@media (prefers-color-scheme: dark) {', '  tender-checkout {');
      lines.push(...changed.map((token) => `    ${token.cssVar}: ${dark[token.name]};`));
      lines.push('  }', '}');
    }
  }
  for (const [selector, properties] of Object.entries(acceptedRules(state))) {
    const spec = RULE_SELECTORS[selector as RuleSelector];
    lines.push(`tender-checkout${spec.part} {`, ...Object.entries(properties).map(([property, value]) => `  ${kebab(property)}: ${value};`), '}');
  }
  return `${lines.join('\n')}\n`;
}

/** The rules the compiler accepts, property by property (an unknown selector or a disallowed property is left out). */
function acceptedRules(state: EditorState): EditorState['rules'] {
  const accepted: EditorState['rules'] = {};
  for (const [selector, properties] of Object.entries(state.rules)) {
    if (!(selector in RULE_SELECTORS) || typeof properties !== 'object' || properties === null) continue;
    const kept = Object.entries(properties).filter(([property, value]) => compileAppearance({ rules: { [selector]: { [property]: value } } }).issues.length === 0);
    if (kept.length > 0) accepted[selector as RuleSelector] = Object.fromEntries(kept);
  }
  return accepted;
}

/**
 * The `appearance` object as pretty JSON (what a merchant assigns to `element.appearance`), with
 * only what the element accepts: a rejected token or rule property is left out, as in the CSS.
 */
export function toAppearanceJson(state: EditorState): string {
  const accepted = { ...state, variables: validVariables(state), rules: acceptedRules(state) };
  return `${JSON.stringify(toAppearance(accepted), null, 2)}\n`;
}
