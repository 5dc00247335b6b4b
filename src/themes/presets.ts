/** The appearance presets. Every preset, in each palette, meets WCAG 2.2 AA (checked by presets.test.ts). */
import { TOKEN_NAMES, camelToCssVar, type ColorTokenName, type TokenName } from './tokens.js';

export type ColorScheme = 'light' | 'dark' | 'auto';

export type PresetName = 'default' | 'night' | 'high-contrast' | 'flat' | 'soft' | 'classic';

export type TokenValues = Record<TokenName, string>;
export type ColorPalette = Record<ColorTokenName, string>;

export interface Preset {
  label: string;
  description: string;
  scheme: 'light' | 'dark';
  variables: TokenValues;
  /** Colour tokens for dark mode (`colorScheme: 'dark' | 'auto'`); every light preset has one. */
  dark?: ColorPalette;
}

export const PRESET_NAMES: readonly PresetName[] = ['default', 'night', 'high-contrast', 'flat', 'soft', 'classic'];

// A palette is written as 16 space-separated hex values in token order (bundle size).
const COLOR_NAMES = TOKEN_NAMES.slice(0, 16) as readonly ColorTokenName[];

function palette(hexes: string): ColorPalette {
  const values = hexes.split(' ');
  return Object.fromEntries(COLOR_NAMES.map((name, index) => [name, `#${values[index]}`])) as ColorPalette;
}

const SYSTEM_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

// The default look (matches the element's built-in fallbacks).
const DEFAULT_VALUES: Omit<TokenValues, ColorTokenName> = {
  fontFamily: SYSTEM_FONT,
  fontSizeBase: '16px',
  fontSizeLabel: '14px',
  fontSizeSmall: '14px',
  fontWeightNormal: '400',
  fontWeightLabel: '500',
  fontWeightButton: '600',
  lineHeight: '1.4',
  spacingUnit: '12px',
  labelGap: '4px',
  columnGap: '12px',
  containerPadding: '16px',
  borderRadius: '6px',
  buttonRadius: '6px',
  borderWidth: '1px',
  focusRingWidth: '3px',
  inputPadding: '10px 12px',
  buttonPadding: '10px 16px',
  inputMinHeight: '44px',
  shadowInput: 'none',
  shadowInputFocus: 'none',
  shadowButton: 'none',
};

/** What the compiler needs of a preset (no texts, so a bundle that only compiles stays small). */
export type PresetValues = Pick<Preset, 'scheme' | 'variables' | 'dark'>;

function values(colors: string, dark: string | null, overrides: Partial<TokenValues>): PresetValues {
  return {
    scheme: dark ? 'light' : 'dark',
    variables: { ...DEFAULT_VALUES, ...palette(colors), ...overrides },
    ...(dark ? { dark: palette(dark) } : {}),
  };
}

// Palettes list the 16 colours in COLOR_NAMES order:
// text, text-secondary, background, input-background, input-text, placeholder, label, primary,
// primary-hover, on-primary, danger, success, border, border-hover, focus, disabled.
const DEFAULT_PRESET = /* @__PURE__ */ values(
  '1a1a1a 555555 ffffff ffffff 1a1a1a 6b6b6b 1a1a1a 0b57d0 0842a0 ffffff b3261e 146c2e 767676 4d4d4d 0b57d0 f0f0f0',
  'e3e3e3 b4b4b4 1f1f1f 2a2a2a e3e3e3 a6a6a6 e3e3e3 a8c7fa c2d7fb 062e6f f2b8b5 6dd58c 8e8e8e b4b4b4 a8c7fa 333333',
  {},
);

// Every call is pure: a bundle that only needs defaultTokenCss() drops the other presets.
export const PRESET_VALUES: Readonly<Record<PresetName, PresetValues>> = {
  default: DEFAULT_PRESET,
  night: /* @__PURE__ */ values(
    'f1f5f9 cbd5e1 0f172a 1e293b f1f5f9 94a3b8 e2e8f0 818cf8 a5b4fc 0f172a fca5a5 86efac 64748b 94a3b8 fbbf24 334155',
    null,
    { shadowButton: '0 1px 2px rgba(0, 0, 0, 0.5)' },
  ),
  'high-contrast': /* @__PURE__ */ values(
    '000000 1a1a1a ffffff ffffff 000000 404040 000000 000000 1a1a1a ffffff a00000 005a00 000000 000000 0044cc e0e0e0',
    'ffffff f0f0f0 000000 000000 ffffff d0d0d0 ffffff ffff00 ffff80 000000 ff9c9c 7cff7c ffffff ffffff ffff00 333333',
    { borderWidth: '2px', focusRingWidth: '4px', fontWeightLabel: '700', fontWeightButton: '700', borderRadius: '4px', buttonRadius: '4px' },
  ),
  flat: /* @__PURE__ */ values(
    '1f2933 52606d ffffff eef1f5 1f2933 5f6b7a 1f2933 1363df 0e4fb0 ffffff b42318 0e7a3b 6b7785 3e4c59 1363df e4e7eb',
    'e4e7eb b6bfc9 15191e 232a31 e4e7eb a3adb8 e4e7eb 7fb0ff a3c6ff 0b1f3f ffaaa3 7ddc9f 7d8894 b6bfc9 7fb0ff 2b333b',
    {
      borderWidth: '0',
      borderRadius: '2px',
      buttonRadius: '2px',
      // the underline in the palette's border and focus colours (the dark palette's too)
      shadowInput: 'inset 0 -2px 0 var(--tender-color-border)',
      shadowInputFocus: 'inset 0 -3px 0 var(--tender-color-focus)',
    },
  ),
  soft: /* @__PURE__ */ values(
    '2d2640 5a5170 fdfbff ffffff 2d2640 6c6483 2d2640 6b4fcf 5b3fbd ffffff a4262c 1b6b3a 8a80a3 6c6483 7b5cd6 f1edf7',
    'ece8f5 c3bcd6 1c1826 282235 ece8f5 a9a1bd ece8f5 b9a5f2 cbbcf6 1e0b4b ffb3b8 8fdcaa 857c9c c3bcd6 b9a5f2 332c42',
    {
      borderRadius: '12px',
      buttonRadius: '999px',
      fontWeightLabel: '600',
      inputPadding: '12px 14px',
      buttonPadding: '12px 20px',
      containerPadding: '20px',
      shadowInput: '0 1px 2px rgba(45, 38, 64, 0.08)',
      shadowInputFocus: '0 0 0 4px rgba(123, 92, 214, 0.25)',
      shadowButton: '0 2px 6px rgba(45, 38, 64, 0.18)',
    },
  ),
  classic: /* @__PURE__ */ values(
    '222222 4f4a45 fffdf7 ffffff 222222 6b655e 222222 7a1f2b 5c1620 ffffff a11d1d 1d6a35 6f6961 3b3631 1d4f91 efece4',
    'ece6da c2b9aa 1d1a16 26221d ece6da a89f91 ece6da e8a0a8 f0bcc2 3b0a12 ffaca6 8fd4a3 8c8478 c2b9aa 9cc3ff 35302a',
    {
      fontFamily: "Georgia, 'Times New Roman', Times, serif",
      fontSizeBase: '17px',
      fontSizeLabel: '15px',
      fontWeightLabel: '400',
      borderRadius: '0',
      buttonRadius: '0',
    },
  ),
};

const PRESET_TEXT: Record<PresetName, readonly [label: string, description: string]> = {
  default: ['Default', 'Light and neutral with a blue pay button; system font, 6px corners.'],
  night: ['Night', 'Dark slate surfaces, an indigo pay button and a warm focus ring.'],
  'high-contrast': ['High contrast', 'Black on white (white on black in dark mode), 2px borders, a 4px focus ring, no shadows.'],
  flat: ['Flat', 'Filled inputs with an underline instead of borders, square-ish corners, no shadows on the button.'],
  soft: ['Soft', 'Rounded corners, a violet pay button with white text and gentle shadows.'],
  classic: ['Classic', 'Serif type on cream paper, square corners and a deep burgundy pay button.'],
};

function withTexts(): Record<PresetName, Preset> {
  return Object.fromEntries(
    PRESET_NAMES.map((name) => {
      const [label, description] = PRESET_TEXT[name];
      return [name, { label, description, ...PRESET_VALUES[name] }];
    }),
  ) as Record<PresetName, Preset>;
}

/** The presets with their labels and descriptions (for pickers and docs). */
export const PRESETS: Readonly<Record<PresetName, Preset>> = /* @__PURE__ */ withTexts();

// ---------------------------------------------------------------------------------------------
// Preset CSS (kept here, apart from the validator, so a bundle that needs only the defaults stays small)

/** `colorPrimary` → `--_tender-color-primary`. */
export const privateVar = (name: string): string => `--_${camelToCssVar(name).slice(2)}`;

/** `var(--tender-x)` in a value → the token as the rules read it: the host's `--tender-x`, else the private `--_tender-x`. */
export const resolveReferences = (value: string): string => value.replace(/var\(--tender-([a-z\d-]+)\)/g, 'var(--tender-$1,var(--_tender-$1))');

function declarations(values: Partial<Record<TokenName, string>>): string {
  return TOKEN_NAMES.map((name) => (values[name] === undefined ? '' : `${privateVar(name)}:${resolveReferences(values[name])};`)).join('');
}

/**
 * What a preset alone produces: its values on `:host` as private `--_tender-*` properties, plus the
 * colour-scheme token; for `auto`, the dark palette under `prefers-color-scheme: dark`.
 */
export function presetCss(name: PresetName, colorScheme: ColorScheme = 'light'): string {
  return cssFor(Object.hasOwn(PRESET_VALUES, name) ? PRESET_VALUES[name] : DEFAULT_PRESET, colorScheme);
}

function cssFor(preset: PresetValues, colorScheme: ColorScheme): string {
  const dark = preset.dark;
  const values: TokenValues = colorScheme === 'dark' && dark ? { ...preset.variables, ...dark } : preset.variables;
  const scheme = !dark ? 'dark' : colorScheme === 'auto' ? 'light dark' : colorScheme;
  const media = colorScheme === 'auto' && dark ? `@media (prefers-color-scheme: dark){:host{${declarations(dark)}}}` : '';
  return `:host{${declarations(values)}--_tender-color-scheme:${scheme};}${media}`;
}

/** The `default` preset's values: every token has a value even with no appearance at all. */
export function defaultTokenCss(): string {
  return cssFor(DEFAULT_PRESET, 'light');
}
