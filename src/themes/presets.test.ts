import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS, PRESET_NAMES, TOKENS, camelToCssVar, defaultTokenCss, presetCss } from './index.js';
import type { ColorPalette, TokenValues } from './index.js';

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  assert.match(hex, /^#[\da-f]{6}$/i, `preset colours are #rrggbb (got ${hex})`);
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('contrast()', () => {
  it('matches the WCAG reference values', () => {
    assert.equal(contrast('#000000', '#ffffff').toFixed(2), '21.00');
    assert.equal(contrast('#ffffff', '#ffffff'), 1);
    assert.equal(contrast('#767676', '#ffffff').toFixed(2), '4.54');
  });
});

describe('TOKENS', () => {
  it('has the 38 tokens in the fixed order with their kinds', () => {
    assert.equal(TOKENS.length, 38);
    assert.deepEqual(
      TOKENS.map((token) => `${token.name}:${token.kind}`),
      [
        ...'colorText colorTextSecondary colorBackground colorInputBackground colorInputText colorPlaceholder colorLabel colorPrimary colorPrimaryHover colorOnPrimary colorDanger colorSuccess colorBorder colorBorderHover colorFocus colorDisabled'
          .split(' ')
          .map((name) => `${name}:color`),
        'fontFamily:font-family',
        'fontSizeBase:length', 'fontSizeLabel:length', 'fontSizeSmall:length',
        'fontWeightNormal:font-weight', 'fontWeightLabel:font-weight', 'fontWeightButton:font-weight',
        'lineHeight:line-height',
        'spacingUnit:length', 'labelGap:length', 'columnGap:length', 'containerPadding:padding', 'borderRadius:length', 'buttonRadius:length',
        'borderWidth:length', 'focusRingWidth:length',
        'inputPadding:padding', 'buttonPadding:padding', 'inputMinHeight:length',
        'shadowInput:shadow', 'shadowInputFocus:shadow', 'shadowButton:shadow',
      ],
    );
  });

  it('maps camelCase names to --tender-* custom properties', () => {
    assert.equal(camelToCssVar('colorPrimary'), '--tender-color-primary');
    assert.equal(camelToCssVar('shadowInputFocus'), '--tender-shadow-input-focus');
    for (const token of TOKENS) {
      assert.equal(token.cssVar, camelToCssVar(token.name));
      assert.ok(token.description.length > 3, `${token.name} has a description`);
    }
  });
});

describe('PRESETS', () => {
  it('has at least six presets, among them a dark one and a high-contrast one', () => {
    assert.deepEqual([...PRESET_NAMES].sort(), Object.keys(PRESETS).sort());
    assert.ok(PRESET_NAMES.length >= 6);
    assert.equal(PRESETS.night.scheme, 'dark');
    assert.ok(PRESET_NAMES.includes('high-contrast'));
  });

  for (const name of PRESET_NAMES) {
    const preset = PRESETS[name];
    it(`${name}: a label, a description and all 38 tokens; a dark palette when light`, () => {
      assert.ok(preset.label && preset.description.length > 20);
      assert.deepEqual(Object.keys(preset.variables).sort(), TOKENS.map((token) => token.name).sort());
      for (const token of TOKENS) assert.ok(preset.variables[token.name], `${name}.${token.name} has a value`);
      if (preset.scheme === 'light') {
        assert.ok(preset.dark, `${name} has a dark palette`);
        const colorTokens = TOKENS.filter((token) => token.kind === 'color').map((token) => token.name);
        assert.deepEqual(Object.keys(preset.dark).sort(), colorTokens.sort());
      } else {
        assert.equal(preset.dark, undefined);
      }
    });

    const palettes: [string, TokenValues | ColorPalette][] = [[preset.scheme, preset.variables]];
    if (preset.dark) palettes.push(['dark', preset.dark]);
    for (const [scheme, colors] of palettes) {
      it(`${name} (${scheme}) meets WCAG 2.2 AA contrast`, () => {
        const failures: string[] = [];
        const need = (fg: keyof ColorPalette, bg: keyof ColorPalette, min: number): void => {
          const ratio = contrast(colors[fg], colors[bg]);
          if (ratio < min) failures.push(`${fg} ${colors[fg]} on ${bg} ${colors[bg]}: ${ratio.toFixed(2)} < ${min}`);
        };
        for (const text of ['colorText', 'colorLabel', 'colorPlaceholder', 'colorTextSecondary', 'colorDanger', 'colorSuccess', 'colorInputText'] as const) {
          need(text, 'colorBackground', 4.5);
          need(text, 'colorInputBackground', 4.5);
        }
        need('colorOnPrimary', 'colorPrimary', 4.5);
        need('colorOnPrimary', 'colorPrimaryHover', 4.5);
        for (const control of ['colorBorder', 'colorFocus', 'colorPrimary', 'colorPrimaryHover'] as const) need(control, 'colorBackground', 3);
        // *Continue authentication* and *Try again* are written in the primary colour on the form's background
        need('colorPrimary', 'colorBackground', 4.5);
        assert.deepEqual(failures, []);
      });
    }
  }

  it('default matches the element’s built-in look', () => {
    const values = PRESETS.default.variables;
    assert.equal(values.colorText, '#1a1a1a');
    assert.equal(values.colorBorder, '#767676');
    assert.equal(values.colorDanger, '#b3261e');
    assert.equal(values.colorSuccess, '#146c2e');
    assert.equal(values.colorPrimary, '#0b57d0');
    assert.equal(values.borderRadius, '6px');
    assert.equal(values.spacingUnit, '12px');
    assert.equal(values.inputPadding, '10px 12px');
    assert.equal(values.inputMinHeight, '44px');
    assert.equal(values.fontSizeBase, '16px');
    assert.match(values.fontFamily, /^system-ui/);
  });

  it('high-contrast has thick borders and focus ring and no shadows', () => {
    const values = PRESETS['high-contrast'].variables;
    assert.ok(parseFloat(values.borderWidth) >= 2);
    assert.ok(parseFloat(values.focusRingWidth) >= 3);
    assert.deepEqual([values.shadowInput, values.shadowInputFocus, values.shadowButton], ['none', 'none', 'none']);
  });

  it('classic is serif with square corners; soft is rounded', () => {
    assert.match(PRESETS.classic.variables.fontFamily, /serif$/);
    assert.equal(PRESETS.classic.variables.borderRadius, '0');
    assert.ok(parseFloat(PRESETS.soft.variables.borderRadius) >= 10);
  });
});

describe('presetCss() and defaultTokenCss()', () => {
  it('defaultTokenCss() sets every token privately on :host with the default values', () => {
    const css = defaultTokenCss();
    assert.match(css, /^:host\{[^{}]*\}$/);
    for (const token of TOKENS) {
      const privateName = token.cssVar.replace('--tender-', '--_tender-');
      assert.ok(css.includes(`${privateName}:${PRESETS.default.variables[token.name]};`), privateName);
    }
    assert.ok(css.includes('--_tender-color-scheme:light;'));
  });

  it('dark uses the dark palette; auto adds it under prefers-color-scheme', () => {
    assert.ok(presetCss('default', 'dark').includes(`--_tender-color-background:${PRESETS.default.dark?.colorBackground};`));
    assert.ok(presetCss('default', 'dark').includes('--_tender-color-scheme:dark;'));
    const auto = presetCss('default', 'auto');
    const media = auto.indexOf('@media (prefers-color-scheme: dark){:host{');
    assert.ok(media > auto.indexOf('--_tender-color-background:#ffffff;'));
    assert.ok(auto.indexOf(`--_tender-color-background:${PRESETS.default.dark?.colorBackground};`) > media);
    assert.ok(auto.includes('--_tender-color-scheme:light dark;'));
  });

  it('night is dark whatever the colour scheme, with no media block', () => {
    for (const scheme of ['light', 'dark', 'auto'] as const) {
      const css = presetCss('night', scheme);
      assert.ok(css.includes('--_tender-color-scheme:dark;'));
      assert.ok(!css.includes('@media'));
    }
  });
});
