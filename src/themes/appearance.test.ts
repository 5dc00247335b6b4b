import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { PRESETS, RULE_PROPERTIES, RULE_SELECTORS, TOKENS, compileAppearance, presetCss } from './index.js';
import type { TokenName } from './index.js';

/** Compiles one variable and says whether it was accepted (emitted, no issue). */
function acceptsVariable(name: TokenName, value: unknown): boolean {
  const result = compileAppearance({ variables: { [name]: value } });
  const privateName = TOKENS.find((token) => token.name === name)?.cssVar.replace('--tender-', '--_tender-');
  const emitted = result.css.includes(`:host{${privateName}:`);
  assert.equal(emitted, result.issues.length === 0, `emitted iff no issue for ${name}=${String(value)}`);
  if (!emitted) assert.equal(result.issues[0]?.key, `appearance.variables.${name}`);
  return emitted;
}

function acceptsRule(property: string, value: unknown, selector = 'input'): boolean {
  const result = compileAppearance({ rules: { [selector]: { [property]: value } } });
  return result.issues.length === 0 && result.css.includes(`{${property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:`);
}

const INJECTIONS = [
  'red; background:url(x)',
  'red}:host{display:none',
  'expression(alert(1))',
  'url(data:image/png;base64,AAAA)',
  '</style><script>alert(1)</script>',
  'red /* comment */',
  'red !important',
  '\\72 ed',
  'red\nblue',
  '@import "x"',
  'image(red)',
  'attr(title)',
  'env(safe-area-inset-top)',
  `#${'f'.repeat(300)}`,
];

describe('compileAppearance: defaults and shape', () => {
  it('no appearance gives the default preset, defaults and no issues', () => {
    for (const input of [undefined, null, {}]) {
      const result = compileAppearance(input);
      assert.deepEqual(
        { ...result, css: undefined },
        { css: undefined, theme: 'default', labels: 'above', layout: 'split', colorScheme: 'light', fonts: [], issues: [] },
      );
      assert.equal(result.css, presetCss('default'));
    }
  });

  it('labels, layout and colorScheme accept their values and reject others naming the key', () => {
    const result = compileAppearance({ labels: 'floating', layout: 'single-line', colorScheme: 'auto' });
    assert.deepEqual([result.labels, result.layout, result.colorScheme, result.issues], ['floating', 'single-line', 'auto', []]);
    const bad = compileAppearance({ labels: 'left', layout: 'grid', colorScheme: 'sepia' });
    assert.deepEqual([bad.labels, bad.layout, bad.colorScheme], ['above', 'split', 'light']);
    assert.deepEqual(bad.issues.map((issue) => issue.key), ['appearance.labels', 'appearance.layout', 'appearance.colorScheme']);
  });

  it('unknown top-level keys are issues; the rest still applies', () => {
    const result = compileAppearance({ theme: 'flat', styles: {}, 'bad key': 1 });
    assert.equal(result.theme, 'flat');
    assert.deepEqual(result.issues.map((issue) => issue.key), ['appearance.styles', 'appearance["bad key"]']);
  });

  it('a non-plain appearance is one issue', () => {
    for (const input of [[], 42, 'night', new Date(), new Map(), () => 1]) {
      const result = compileAppearance(input);
      assert.deepEqual(result.issues.map((issue) => issue.key), ['appearance'], String(input));
      assert.equal(result.css, presetCss('default'));
    }
  });
});

describe('compileAppearance: theme', () => {
  it('uses the theme attribute when appearance.theme is absent', () => {
    assert.equal(compileAppearance(undefined, 'night').theme, 'night');
    assert.equal(compileAppearance({}, 'classic').css, presetCss('classic'));
  });

  it('appearance.theme wins over the attribute', () => {
    const result = compileAppearance({ theme: 'soft' }, 'night');
    assert.equal(result.theme, 'soft');
    assert.deepEqual(result.issues, []);
  });

  it('an unknown theme is an issue naming its key and falls back', () => {
    const fromProperty = compileAppearance({ theme: 'neon' }, 'flat');
    assert.equal(fromProperty.theme, 'flat');
    assert.deepEqual(fromProperty.issues.map((issue) => issue.key), ['appearance.theme']);
    const fromAttribute = compileAppearance(null, 'neon');
    assert.equal(fromAttribute.theme, 'default');
    assert.deepEqual(fromAttribute.issues.map((issue) => issue.key), ['theme']);
    assert.deepEqual(compileAppearance(null, '').issues, []);
    assert.equal(compileAppearance({ theme: '__proto__' }).theme, 'default');
  });

  it('colorScheme dark uses the dark palette; auto adds a media block before the variables', () => {
    const dark = compileAppearance({ theme: 'flat', colorScheme: 'dark' });
    assert.ok(dark.css.includes(`--_tender-color-background:${PRESETS.flat.dark?.colorBackground};`));
    const auto = compileAppearance({ colorScheme: 'auto', variables: { colorPrimary: 'rebeccapurple' } });
    assert.ok(auto.css.indexOf('@media (prefers-color-scheme: dark)') < auto.css.indexOf('--_tender-color-primary:rebeccapurple'));
    assert.ok(auto.css.endsWith(':host{--_tender-color-primary:rebeccapurple;}'));
  });
});

describe('compileAppearance: variables and precedence', () => {
  it('appearance variables come after the preset block, so they override it', () => {
    const result = compileAppearance({ theme: 'night', variables: { colorPrimary: '#ff5500', borderRadius: 0 } });
    const presetAt = result.css.indexOf(`--_tender-color-primary:${PRESETS.night.variables.colorPrimary};`);
    const variableAt = result.css.indexOf('--_tender-color-primary:#ff5500;');
    assert.ok(presetAt >= 0 && variableAt > presetAt);
    assert.ok(result.css.startsWith(presetCss('night')));
    assert.ok(result.css.endsWith(':host{--_tender-color-primary:#ff5500;--_tender-border-radius:0px;}'));
  });

  it('unknown variable names and non-object variables are issues', () => {
    assert.deepEqual(compileAppearance({ variables: { colourPrimary: 'red', toString: 'x' } }).issues.map((i) => i.key), [
      'appearance.variables.colourPrimary',
      'appearance.variables.toString',
    ]);
    assert.deepEqual(compileAppearance({ variables: ['red'] }).issues.map((i) => i.key), ['appearance.variables']);
  });

  it('token references resolve like the element’s own rules: host value, else the private value', () => {
    const result = compileAppearance({
      variables: { colorFocus: 'var(--tender-color-primary)', inputPadding: '0 calc(var(--tender-spacing-unit) * 2)' },
      rules: { 'input:focus': { borderColor: 'var(--tender-color-focus)' } },
    });
    assert.deepEqual(result.issues, []);
    assert.ok(result.css.includes('--_tender-color-focus:var(--tender-color-primary,var(--_tender-color-primary));'));
    assert.ok(result.css.includes('--_tender-input-padding:0px calc(var(--tender-spacing-unit,var(--_tender-spacing-unit)) * 2);'));
    assert.ok(result.css.endsWith('.base input:focus-visible{border-color:var(--tender-color-focus,var(--_tender-color-focus));}'));
  });

  it('a variable that refers to itself, directly or in a cycle, is rejected; the others apply', () => {
    const result = compileAppearance({
      variables: {
        colorPrimary: 'var(--tender-color-primary)',
        colorFocus: 'var(--tender-color-border)',
        colorBorder: 'var(--tender-color-focus)',
        colorText: 'var(--tender-color-label)',
        spacingUnit: 'calc(var(--tender-spacing-unit) + 1px)',
      },
    });
    assert.deepEqual(result.issues.map((issue) => issue.key).sort(), [
      'appearance.variables.colorBorder',
      'appearance.variables.colorFocus',
      'appearance.variables.colorPrimary',
      'appearance.variables.spacingUnit',
    ]);
    assert.ok(result.css.endsWith(':host{--_tender-color-text:var(--tender-color-label,var(--_tender-color-label));}'));
  });

  it('null counts as absent; objects from another realm are plain objects', () => {
    assert.deepEqual(compileAppearance({ theme: null, variables: null, rules: null, fonts: null, labels: null }).issues, []);
    const foreign = runInNewContext('({ theme: "flat", variables: { colorPrimary: "#123456" } })') as unknown;
    const result = compileAppearance(foreign);
    assert.deepEqual([result.theme, result.issues], ['flat', []]);
    assert.ok(result.css.endsWith(':host{--_tender-color-primary:#123456;}'));
  });

  it('a rejected variable leaves the valid ones applied', () => {
    const result = compileAppearance({ variables: { colorText: 'red; background:url(x)', colorBorder: '#333' } });
    assert.deepEqual(result.issues.map((i) => i.key), ['appearance.variables.colorText']);
    assert.ok(result.css.endsWith(':host{--_tender-color-border:#333;}'));
    assert.ok(!result.css.includes('url('));
  });

  const table: Record<string, { name: TokenName; valid: unknown[]; invalid: unknown[] }> = {
    color: {
      name: 'colorPrimary',
      valid: ['#fff', '#ffff', '#0b57d0', '#0b57d0cc', 'rgb(11 87 208)', 'rgba(11, 87, 208, 0.5)', 'hsl(210deg 50% 40%)',
        'hsla(210, 50%, 40%, .5)', 'hwb(210 10% 20%)', 'lab(50% 40 59.5)', 'lch(52.2% 72.2 50 / 0.5)', 'oklab(0.5 0.1 -0.1)',
        'oklch(60% 0.15 250)', 'color(display-p3 0.1 0.3 0.8)', 'rgb(none 20 30)', 'transparent', 'currentColor',
        'RebeccaPurple', 'aliceblue', 'yellowgreen', 'var(--tender-color-text)', ' #abc '],
      invalid: ['#ff000g', '#ff00000', '#12345', 'blu', 'red blue', 'rgb(1 2 3', 'rgb(a, b, c)', 'rgb(calc(1) 2 3)', 'foo(1 2 3)',
        'color(evil 1 2 3)', 'var(--tender-font-family)', 'var(--other)', '', 12, null, {}, ...INJECTIONS],
    },
    length: {
      name: 'borderRadius',
      valid: ['0', 0, '6px', '0.5rem', '1.25em', '50%', '2ch', '1vw', '1vh', '2vmin', '3vmax', '.5rem', 'calc(1rem + 2px)',
        'min(4px, 1vw)', 'max(2px, 0.2em)', 'clamp(2px, 1vw, 8px)', 'calc(var(--tender-spacing-unit) * 2)', 'var(--tender-spacing-unit)'],
      invalid: ['12pxx', '1.px', '12', 12, '12 px', 'px', 'calc(1px + foo)', 'calc(1px) calc(2px)', 'calc(1px', 'calc(var(--x))',
        'calc(var(--tender-nope))', 'var(--tender-color-primary)', 'auto', '-', '1e3px', ...INJECTIONS],
    },
    padding: {
      name: 'inputPadding',
      valid: ['10px', '10px 12px', '1px 2px 3px', '1px 2px 3px 4px', '0 var(--tender-spacing-unit)'],
      invalid: ['1px 2px 3px 4px 5px', '10px,12px', 'auto', '10', ...INJECTIONS],
    },
    'font-weight': {
      name: 'fontWeightButton',
      valid: ['400', 600, 'bold', 'normal', 'lighter', 'bolder', '100', '900', '450'],
      invalid: ['1000', 50, '99', 'heavy', '600px', 6e2 + 0.5, ...INJECTIONS],
    },
    'line-height': {
      name: 'lineHeight',
      valid: ['1.4', 1.5, '24px', '1.5rem', 'normal', '0'],
      invalid: ['-1', 'tall', '1.5 2', ...INJECTIONS],
    },
    'font-family': {
      name: 'fontFamily',
      valid: ['Inter', 'Inter, sans-serif', "'Segoe UI', Roboto, sans-serif", '"Open Sans"', 'Helvetica Neue, Arial',
        "system-ui, -apple-system, 'Segoe UI'"],
      invalid: ["'Inter", '"Inter', 'Inter,', ',', '12px', "Inter'", 'a, "b', ...INJECTIONS],
    },
    shadow: {
      name: 'shadowButton',
      valid: ['none', '0 1px 2px rgba(0, 0, 0, 0.2)', 'inset 0 -2px 0 #333', '0 0 0 3px red inset', '1px 1px',
        '0 1px 2px #000, 0 0 0 1px #ccc', '#000 0 1px 2px', '0 0 0 2px var(--tender-color-focus)'],
      invalid: ['1px', '0 1px 2px 3px 4px', '0 1px 2px red blue', 'inset inset 0 1px', 'glow', '0 1px 2px foo', ...INJECTIONS],
    },
  };

  for (const [kind, { name, valid, invalid }] of Object.entries(table)) {
    it(`${kind}: accepts ${valid.length} valid values`, () => {
      for (const value of valid) assert.ok(acceptsVariable(name, value), `${name} accepts ${JSON.stringify(value)}`);
    });
    it(`${kind}: rejects ${invalid.length} invalid values, naming the key`, () => {
      for (const value of invalid) assert.ok(!acceptsVariable(name, value), `${name} rejects ${JSON.stringify(value)}`);
    });
  }

  it('every token accepts its default preset value (the presets are valid input)', () => {
    for (const name of Object.keys(PRESETS) as (keyof typeof PRESETS)[]) {
      const result = compileAppearance({ variables: { ...PRESETS[name].variables, ...PRESETS[name].dark } });
      assert.deepEqual(result.issues, [], name);
    }
  });
});

describe('compileAppearance: rules', () => {
  it('has the selectors of the brief with their parts', () => {
    assert.deepEqual(RULE_SELECTORS['input:focus'], { inner: 'input:focus-visible', part: '::part(input):focus-visible' });
    assert.deepEqual(RULE_SELECTORS['input:invalid'], { inner: 'input[aria-invalid="true"]', part: '::part(input-invalid)' });
    assert.equal(RULE_SELECTORS['button:hover'].inner, 'button[part~="button"]:hover:not(:disabled)');
    for (const key of ['base', 'field', 'label', 'input', 'input:hover', 'input:disabled', 'input::placeholder', 'button',
      'button:focus', 'button:disabled', 'button:active', 'error', 'status', 'brand', 'brands', 'network'] as const) {
      assert.ok(RULE_SELECTORS[key].inner && RULE_SELECTORS[key].part.startsWith('::part('), key);
    }
  });

  it('compile to .base-prefixed rules after the variables, camelCase keys emitted in kebab-case', () => {
    const result = compileAppearance({
      variables: { colorText: '#222' },
      rules: {
        'input:focus': { borderColor: '#0b57d0', 'box-shadow': '0 0 0 3px rgba(11, 87, 208, 0.3)' },
        'button:hover': { textTransform: 'uppercase' },
        base: { padding: '8px 0' },
      },
    });
    assert.deepEqual(result.issues, []);
    assert.ok(
      result.css.endsWith(
        ':host{--_tender-color-text:#222;}' +
          '.base input:focus-visible{border-color:#0b57d0;box-shadow:0 0 0 3px rgba(11, 87, 208, 0.3);}' +
          '.base button[part~="button"]:hover:not(:disabled){text-transform:uppercase;}' +
          '.base.base{padding:8px 0;}',
      ),
    );
  });

  it('unknown selectors, disallowed properties and non-object rules are issues; the rest applies', () => {
    const result = compileAppearance({
      rules: {
        'input:focus': { color: 'red', position: 'fixed', background: 'url(x)', content: '"x"' },
        'input:focus, body': { color: 'red' },
        '.base': { color: 'red' },
        label: 'bold',
      },
    });
    assert.deepEqual(result.issues.map((issue) => issue.key), [
      'appearance.rules["input:focus"].position',
      'appearance.rules["input:focus"].background',
      'appearance.rules["input:focus"].content',
      'appearance.rules["input:focus, body"]',
      'appearance.rules[".base"]',
      'appearance.rules.label',
    ]);
    assert.ok(result.css.endsWith('.base input:focus-visible{color:red;}'));
    assert.ok(!result.css.includes('body'));
  });

  it('the allow-list is exactly the brief’s 30 properties', () => {
    assert.deepEqual([...RULE_PROPERTIES].sort(), [
      'background-color', 'border', 'border-bottom', 'border-bottom-color', 'border-bottom-width', 'border-color',
      'border-radius', 'border-style', 'border-width', 'box-shadow', 'color', 'font-family', 'font-size', 'font-style',
      'font-weight', 'letter-spacing', 'line-height', 'min-height', 'opacity', 'outline', 'outline-color',
      'outline-offset', 'outline-width', 'padding', 'padding-block', 'padding-inline', 'text-align', 'text-decoration',
      'text-transform', 'transition',
    ]);
  });

  const rules: [string, unknown[], unknown[]][] = [
    ['color', ['red', '#123', 'var(--tender-color-danger)'], ['12px', 'red; x:y', ...INJECTIONS]],
    ['backgroundColor', ['oklch(60% 0.1 200)'], ['url(x)', 'linear-gradient(red, blue)']],
    ['border', ['1px solid #ccc', '2px dashed', 'none', 'thick double red', 'solid'], ['1px 2px solid', 'solid dashed', '1px wavy red', '1px solid red blue']],
    ['borderBottom', ['2px solid var(--tender-color-primary)'], ['2px solid url(x)']],
    ['borderStyle', ['dashed', 'none'], ['wavy', 'auto']],
    ['borderWidth', ['1px', 'thin thick', '1px 2px 3px 4px'], ['heavy', '1px 2px 3px 4px 5px']],
    ['borderRadius', ['4px', '4px 0'], ['4px / 2px', 'round']],
    ['borderColor', ['transparent'], ['none']],
    ['borderBottomColor', ['#000'], ['1px']],
    ['borderBottomWidth', ['medium', '3px'], ['solid']],
    ['boxShadow', ['none', '0 0 0 4px rgba(0, 0, 0, 0.1)'], ['0 0 0 4px url(x)']],
    ['outline', ['2px solid #0b57d0', 'auto', 'none'], ['2px solid red red']],
    ['outlineColor', ['blue', 'rgb(0 0 0 / 50%)'], ['highlightt']],
    ['outlineOffset', ['2px', '-1px'], ['auto']],
    ['outlineWidth', ['3px', 'thick'], ['big']],
    ['fontFamily', ['Georgia, serif'], ['Georgia"; x']],
    ['fontSize', ['14px', 'small', 'larger', 'clamp(14px, 2vw, 18px)'], ['14', 'huge']],
    ['fontStyle', ['italic'], ['slanted']],
    ['fontWeight', ['700', 500], ['700px']],
    ['letterSpacing', ['0.02em', 'normal'], ['wide']],
    ['lineHeight', ['1.2'], ['-2']],
    ['textDecoration', ['underline', 'underline dotted red', 'none'], ['blink', 'underline dotted red 2px']],
    ['textTransform', ['uppercase'], ['shout']],
    ['textAlign', ['center', 'end'], ['middle']],
    ['padding', ['4px 8px'], ['4px 8px 1px 2px 3px']],
    ['paddingBlock', ['4px', '4px 2px'], ['4px 2px 1px']],
    ['paddingInline', ['1rem'], ['auto']],
    ['opacity', ['0.8', 0.5, '50%', 1], ['2', '150%', '-0.1']],
    ['minHeight', ['48px', 'auto'], ['tall']],
    ['transition', ['border-color 150ms', 'box-shadow .2s ease-in-out', 'all 0.1s linear, color 1s'],
      ['border-color', 'border-color 150ms ease 2s', 'left 1s', 'color 1s cubic-bezier(0, 0, 1, 1)', 'color fast']],
  ];
  for (const [property, valid, invalid] of rules) {
    it(`${property}: valid and invalid values`, () => {
      for (const value of valid) assert.ok(acceptsRule(property, value), `${property} accepts ${JSON.stringify(value)}`);
      for (const value of invalid) assert.ok(!acceptsRule(property, value), `${property} rejects ${JSON.stringify(value)}`);
    });
  }
});

describe('compileAppearance: fonts', () => {
  it('keeps valid fonts and their descriptors', () => {
    const fonts = [
      { family: 'Inter', src: 'https://fonts.example.com/inter/Inter-Variable.woff2', weight: '100 900', display: 'swap' },
      { family: 'Brand Serif 2', src: '/fonts/brand-serif.woff2', style: 'italic', weight: 700 },
      { family: 'Local', src: 'fonts/local.woff2?v=2#x' },
      { family: 'Scoped', src: 'https://cdn.example.com/@fontsource/inter/files/inter-latin-400-normal.woff2' },
    ];
    const result = compileAppearance({ fonts });
    assert.deepEqual(result.issues, []);
    assert.deepEqual(result.fonts, [
      { family: 'Inter', src: fonts[0]?.src, weight: '100 900', display: 'swap' },
      { family: 'Brand Serif 2', src: '/fonts/brand-serif.woff2', style: 'italic', weight: '700' },
      { family: 'Local', src: 'fonts/local.woff2?v=2#x' },
      { family: 'Scoped', src: fonts[3]?.src },
    ]);
  });

  it('rejects unsafe sources and bad families, naming the key, and keeps the others', () => {
    const bad = [
      'data:font/woff2;base64,AAAA', 'javascript:alert(1)', 'http://fonts.example.com/a.woff2', '//evil.example/a.woff2',
      'https://', 'https://a.example/a b.woff2', 'https://a.example/a").woff2', "a'.woff2", 'a(1).woff2', 'a\\b.woff2',
      'https://a.example/a;b', '', 42,
    ];
    for (const src of bad) {
      const result = compileAppearance({ fonts: [{ family: 'Good', src: '/ok.woff2' }, { family: 'X', src }] });
      assert.deepEqual(result.fonts, [{ family: 'Good', src: '/ok.woff2' }], JSON.stringify(src));
      assert.deepEqual(result.issues.map((issue) => issue.key), ['appearance.fonts[1].src'], JSON.stringify(src));
    }

    const families = compileAppearance({ fonts: [{ family: 'Inter"; x', src: '/a.woff2' }, { family: '', src: '/a.woff2' }, { src: '/a.woff2' }] });
    assert.deepEqual(families.fonts, []);
    assert.deepEqual(families.issues.map((issue) => issue.key), ['appearance.fonts[0].family', 'appearance.fonts[1].family', 'appearance.fonts[2].family']);
  });

  it('bad descriptors and unknown keys are issues; the font still loads', () => {
    const result = compileAppearance({ fonts: [{ family: 'Inter', src: '/i.woff2', weight: 'heavy', style: 'wavy', display: 'now', unicodeRange: 'U+0-7F' }] });
    assert.deepEqual(result.fonts, [{ family: 'Inter', src: '/i.woff2' }]);
    assert.deepEqual(result.issues.map((issue) => issue.key), [
      'appearance.fonts[0].unicodeRange', 'appearance.fonts[0].weight', 'appearance.fonts[0].style', 'appearance.fonts[0].display',
    ]);
  });

  it('takes at most 8 fonts and rejects a non-array', () => {
    const many = Array.from({ length: 10 }, (_, index) => ({ family: `F${index}`, src: `/f${index}.woff2` }));
    const result = compileAppearance({ fonts: many });
    assert.equal(result.fonts.length, 8);
    assert.deepEqual(result.issues.map((issue) => issue.key), ['appearance.fonts']);
    assert.deepEqual(compileAppearance({ fonts: { family: 'X', src: '/x' } }).issues.map((i) => i.key), ['appearance.fonts']);
    assert.deepEqual(compileAppearance({ fonts: ['Inter'] }).issues.map((i) => i.key), ['appearance.fonts[0]']);
  });
});

describe('compileAppearance: never throws', () => {
  /** The emitted CSS never contains anything a valid appearance cannot produce. */
  function assertSafe(css: string): void {
    assert.ok(!/url\(|expression\(|<|>|@import|!important|\/\*/.test(css), css);
    // balanced braces: every block opened is closed
    let depth = 0;
    for (const char of css) {
      depth += char === '{' ? 1 : char === '}' ? -1 : 0;
      assert.ok(depth >= 0 && depth <= 2);
    }
    assert.equal(depth, 0);
  }

  it('survives odd inputs', () => {
    const circular: Record<string, unknown> = { theme: 'night' };
    circular.self = circular;
    circular.variables = circular;
    const throwing = new Proxy({}, { getPrototypeOf: () => { throw new Error('boom'); } });
    const getter = Object.defineProperty({}, 'theme', { enumerable: true, get: () => { throw new Error('boom'); } });
    const nullProto = Object.assign(Object.create(null) as object, { theme: 'flat' });
    for (const input of [circular, throwing, getter, nullProto, Symbol('x'), 10n, NaN, true, [[]], { variables: null, rules: [], fonts: null }]) {
      const result = compileAppearance(input, 'night');
      assert.equal(typeof result.css, 'string');
      assert.ok(Array.isArray(result.issues));
      assertSafe(result.css);
    }
    assert.equal(compileAppearance(nullProto).theme, 'flat');
    assert.deepEqual(compileAppearance(throwing).issues.map((i) => i.key), ['appearance']);
  });

  it('never throws and only emits safe CSS for arbitrary JSON-like input', () => {
    const anything = fc.anything({ maxDepth: 2, maxKeys: 4 });
    const tokenNames = TOKENS.map((token) => token.name);
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom(...INJECTIONS, 'var(--tender-color-primary)', 'calc(var(--tender-spacing-unit) * 2)', '1px solid red', '#0b57d0'),
      fc.double(),
      fc.integer(),
      fc.constant(null),
    );
    const appearance = fc.record(
      {
        theme: fc.oneof(fc.constantFrom('night', 'flat', 'bogus'), anything),
        variables: fc.oneof(fc.dictionary(fc.constantFrom(...tokenNames, 'x'), value), anything),
        rules: fc.oneof(
          fc.dictionary(fc.constantFrom(...Object.keys(RULE_SELECTORS), 'body'), fc.dictionary(fc.constantFrom(...RULE_PROPERTIES, 'position'), value)),
          anything,
        ),
        labels: anything,
        colorScheme: fc.constantFrom('light', 'dark', 'auto', 'x'),
        fonts: fc.oneof(fc.array(fc.record({ family: fc.string(), src: fc.oneof(fc.webUrl(), fc.string()) })), anything),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(appearance, anything), fc.option(fc.string()), (input, theme) => {
        const result = compileAppearance(input, theme);
        assertSafe(result.css);
        assert.ok(result.css.startsWith(presetCss(result.theme, result.colorScheme)));
        for (const issue of result.issues) assert.match(issue.key, /^(?:appearance\b|theme$)/);
        for (const font of result.fonts) assert.ok(!/["'()\s\\]/.test(font.src));
      }),
      { numRuns: 200 },
    );
  });
});

describe('bare zeros in lengths', () => {
  it('get a unit, so the element keeps its focus ring and minimum target size', () => {
    const { css, issues } = compileAppearance({ variables: { focusRingWidth: '0', inputPadding: '0 12px', borderRadius: '0', colorText: 'rgb(0 0 0)' } });
    assert.deepEqual(issues, []);
    assert.match(css, /--_tender-focus-ring-width:0px/);
    assert.match(css, /--_tender-input-padding:0px 12px/);
    assert.match(css, /--_tender-border-radius:0px/);
    assert.match(css, /--_tender-color-text:rgb\(0 0 0\)/);
  });
});
