import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PRESETS, TOKENS, compileAppearance } from '../../src/themes/index.js';
import { toAppearance, toAppearanceJson, toHostCss, type EditorState } from '../appearance-export.js';

const state = (changes: Partial<EditorState> = {}): EditorState => ({
  theme: 'default',
  variables: {},
  rules: {},
  labels: 'above',
  layout: 'split',
  colorScheme: 'light',
  ...changes,
});

describe('toAppearance', () => {
  it('holds only the theme when nothing changed', () => {
    assert.deepEqual(toAppearance(state()), { theme: 'default' });
  });
  it('carries changed tokens, rules and non-default options, and compiles without issues', () => {
    const appearance = toAppearance(
      state({ theme: 'soft', variables: { colorPrimary: '#aa00aa' }, rules: { 'input:focus': { boxShadow: '0 0 0 2px #aa00aa' } }, labels: 'floating', layout: 'stacked', colorScheme: 'auto' }),
    );
    assert.deepEqual(appearance, {
      theme: 'soft',
      variables: { colorPrimary: '#aa00aa' },
      rules: { 'input:focus': { boxShadow: '0 0 0 2px #aa00aa' } },
      labels: 'floating',
      layout: 'stacked',
      colorScheme: 'auto',
    });
    assert.deepEqual(compileAppearance(appearance).issues, []);
  });
  it('exports JSON without a rejected token or rule property', () => {
    const edited = state({ variables: { colorPrimary: 'red; background:url(x)', borderRadius: '8px' }, rules: { button: { position: 'absolute', color: '#ffffff' }, nope: { color: 'red' } } as EditorState['rules'] });
    assert.deepEqual(JSON.parse(toAppearanceJson(edited)), { theme: 'default', variables: { borderRadius: '8px' }, rules: { button: { color: '#ffffff' } } });
  });
  it('exports JSON that parses back to the same object', () => {
    const edited = state({ variables: { borderRadius: '12px' } });
    assert.deepEqual(JSON.parse(toAppearanceJson(edited)), toAppearance(edited));
  });
});

describe('toHostCss', () => {
  it('sets every token on tender-checkout with the preset’s values', () => {
    const css = toHostCss(state({ theme: 'classic' }));
    for (const token of TOKENS) assert.ok(css.includes(`  ${token.cssVar}: ${PRESETS.classic.variables[token.name]};`), token.cssVar);
  });
  it('puts the designer’s token over the preset’s', () => {
    const css = toHostCss(state({ variables: { colorPrimary: '#123456' } }));
    assert.match(css, /--tender-color-primary: #123456;/);
    assert.doesNotMatch(css, new RegExp(`--tender-color-primary: ${PRESETS.default.variables.colorPrimary};`));
  });
  it('leaves out a token the compiler rejects (no CSS injection through the export)', () => {
    const css = toHostCss(state({ variables: { colorPrimary: 'red; background:url(x)' } }));
    assert.doesNotMatch(css, /url\(/);
    assert.match(css, new RegExp(`--tender-color-primary: ${PRESETS.default.variables.colorPrimary};`));
  });
  it('uses the dark palette for colorScheme dark, and a prefers-color-scheme block for auto', () => {
    const dark = PRESETS.default.dark;
    assert.ok(dark);
    assert.match(toHostCss(state({ colorScheme: 'dark' })), new RegExp(`--tender-color-background: ${dark.colorBackground};`));
    const auto = toHostCss(state({ colorScheme: 'auto' }));
    assert.match(auto, /@media \(prefers-color-scheme: dark\) \{\n {2}tender-checkout \{/);
    assert.match(auto, /color-scheme: light dark;/);
  });
  it('writes accepted rules as ::part selectors in kebab case and drops disallowed properties', () => {
    const css = toHostCss(state({ rules: { 'input:focus': { boxShadow: '0 0 0 2px #0b57d0', position: 'absolute' }, 'input:invalid': { color: '#b3261e' } } }));
    assert.match(css, /tender-checkout::part\(input\):focus-visible \{\n {2}box-shadow: 0 0 0 2px #0b57d0;\n\}/);
    assert.match(css, /tender-checkout::part\(input-invalid\) \{\n {2}color: #b3261e;\n\}/);
    assert.doesNotMatch(css, /position/);
  });
  it('says that labels and layout need the appearance property', () => {
    assert.match(toHostCss(state({ labels: 'hidden' })), /labels: hidden, layout: split have no CSS form/);
    assert.doesNotMatch(toHostCss(state()), /no CSS form/);
  });
});
