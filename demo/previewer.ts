/**
 * The theme previewer, for designers: a live editor of the `appearance` (preset, colour scheme,
 * labels, layout, locale, every token, rules) applied to a gallery of every `preview` state of
 * `<tender-checkout>` at once, every preset side by side, and the result exported as JSON and CSS.
 * Nothing here calls the payment API: `preview` elements never do.
 */
import '../src/define.js';
import type { PreviewState, TenderCheckout } from '../src/elements/tender-checkout/tender-checkout.js';
import {
  PRESETS,
  PRESET_NAMES,
  RULE_SELECTORS,
  TOKENS,
  compileAppearance,
  isPresetName,
  type ColorScheme,
  type FieldLayout,
  type LabelStyle,
  type PresetName,
  type RuleSelector,
  type TokenName,
  type TokenSpec,
} from '../src/themes/index.js';
import { LOCALES } from '../src/i18n/index.js';
import { resolvedTokens, toAppearance, toAppearanceJson, toHostCss, type EditorState } from './appearance-export.js';

const PREVIEW_STATES: readonly PreviewState[] = [
  'empty', 'filled', 'errors', 'processing', 'redirecting', 'succeeded', 'declined', 'wait-screen',
  'saved-cards', 'save-card',
  'billing-postal', 'billing-full', 'billing-errors', 'billing-avs',
];
/** Slider ranges of the length tokens, in px. */
const LENGTH_RANGES: Partial<Record<TokenName, [min: number, max: number]>> = {
  fontSizeBase: [12, 24],
  fontSizeLabel: [10, 20],
  fontSizeSmall: [10, 18],
  spacingUnit: [0, 32],
  labelGap: [0, 16],
  columnGap: [0, 32],
  borderRadius: [0, 24],
  buttonRadius: [0, 32],
  borderWidth: [0, 6],
  focusRingWidth: [1, 6],
  inputMinHeight: [32, 64],
};
const FONT_STACKS = [
  "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  "Georgia, 'Times New Roman', serif",
  "'Helvetica Neue', Arial, sans-serif",
  "ui-rounded, 'Nunito', system-ui, sans-serif",
  "ui-monospace, Menlo, Consolas, monospace",
];

const $ = <T extends HTMLElement>(id: string): T => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The page has no #${id}`);
  return element as T;
};

const presetSelect = $<HTMLSelectElement>('preset');
const schemeSelect = $<HTMLSelectElement>('color-scheme');
const schemeHint = $('color-scheme-hint');
const labelsSelect = $<HTMLSelectElement>('labels');
const layoutSelect = $<HTMLSelectElement>('layout');
const localeSelect = $<HTMLSelectElement>('locale');
const rulesInput = $<HTMLTextAreaElement>('rules');
const rulesHint = $('rules-hint');
const issuesList = $<HTMLUListElement>('appearance-issues');
const stateGallery = $('state-gallery');
const presetGrid = $('preset-grid');
const exportJson = $('export-json');
const exportCss = $('export-css');

const state: EditorState = { theme: 'default', variables: {}, rules: {}, labels: 'above', layout: 'split', colorScheme: 'light' };
let locale = 'en';
let rulesError = '';
/** Each token's controls, to show the values of a newly chosen preset or scheme. */
const tokenControls = new Map<TokenName, { set(value: string): void }>();
const galleryElements: TenderCheckout[] = [];
const presetElements: TenderCheckout[] = [];

// ---- applying the appearance ------------------------------------------------------------------

function apply(): void {
  const appearance = toAppearance(state);
  for (const element of galleryElements) {
    element.appearance = structuredClone(appearance);
    element.locale = locale;
  }
  const look = { labels: state.labels, layout: state.layout, colorScheme: state.colorScheme };
  for (const element of presetElements) {
    element.appearance = { ...look };
    element.locale = locale;
  }
  // a single-line form needs room (narrower, the element falls back to two columns)
  stateGallery.dataset.layout = presetGrid.dataset.layout = state.layout;
  exportJson.textContent = toAppearanceJson(state);
  exportCss.textContent = toHostCss(state);
  showIssues(compileAppearance(appearance).issues.map((issue) => `${issue.key}: ${issue.message}`));
  history.replaceState(null, '', `#${encodeURIComponent(JSON.stringify({ appearance, locale }))}`);
}

function showIssues(issues: string[]): void {
  const all = rulesError ? [`appearance.rules: ${rulesError}`, ...issues] : issues;
  issuesList.replaceChildren(
    ...all.map((text) => {
      const item = document.createElement('li');
      item.textContent = text;
      return item;
    }),
  );
}

/** The palette the controls show: dark for a dark scheme or a dark preset, else light. */
function shownPalette(): 'light' | 'dark' {
  return state.colorScheme === 'dark' ? 'dark' : 'light';
}

function showTokenValues(): void {
  const values = resolvedTokens(state, shownPalette());
  for (const [name, control] of tokenControls) control.set(state.variables[name] ?? values[name]);
  $('preset-description').textContent = PRESETS[state.theme].description;
}

/** A token changed in the editor: kept only when it differs from what the preset gives. */
function setToken(name: TokenName, value: string): void {
  const presetValue = resolvedTokens({ ...state, variables: {} }, shownPalette())[name];
  if (value.trim() === '' || value === presetValue) delete state.variables[name];
  else state.variables[name] = value.trim();
  apply();
}

// ---- token controls ---------------------------------------------------------------------------

function tokenRow(token: TokenSpec, controls: HTMLElement[]): HTMLDivElement {
  const row = document.createElement('div');
  row.className = 'token';
  const label = document.createElement('label');
  label.htmlFor = controls[0]?.id ?? '';
  const name = document.createElement('code');
  name.textContent = token.name;
  const description = document.createElement('span');
  description.className = 'hint';
  description.textContent = token.description;
  label.append(name, description);
  const box = document.createElement('div');
  box.className = 'token-controls';
  box.append(...controls);
  row.append(label, box);
  return row;
}

function colorControl(token: TokenSpec): HTMLDivElement {
  const picker = document.createElement('input');
  picker.type = 'color';
  picker.id = `token-${token.name}`;
  const text = document.createElement('input');
  text.type = 'text';
  text.spellcheck = false;
  text.setAttribute('aria-label', `${token.name} value`);
  picker.addEventListener('input', () => {
    text.value = picker.value;
    setToken(token.name, picker.value);
  });
  text.addEventListener('change', () => {
    if (/^#[0-9a-f]{6}$/i.test(text.value)) picker.value = text.value.toLowerCase();
    setToken(token.name, text.value);
  });
  tokenControls.set(token.name, {
    set(value) {
      text.value = value;
      if (/^#[0-9a-f]{6}$/i.test(value)) picker.value = value.toLowerCase();
    },
  });
  return tokenRow(token, [picker, text]);
}

function sliderControl(token: TokenSpec, min: number, max: number, step: number, unit: string): HTMLDivElement {
  const slider = document.createElement('input');
  slider.type = 'range';
  slider.id = `token-${token.name}`;
  slider.min = String(min);
  slider.max = String(max);
  slider.step = String(step);
  const output = document.createElement('output');
  output.htmlFor.add(slider.id);
  slider.addEventListener('input', () => {
    const value = `${slider.value}${unit}`;
    output.textContent = value;
    setToken(token.name, value);
  });
  tokenControls.set(token.name, {
    set(value) {
      output.textContent = value;
      const number = Number.parseFloat(value);
      // a value in other units (rem, calc()) shows as text only; the slider keeps its place
      if (Number.isFinite(number) && (unit === '' || value.trim().endsWith(unit))) slider.value = String(number);
    },
  });
  return tokenRow(token, [slider, output]);
}

function textControl(token: TokenSpec, suggestions: readonly string[] = []): HTMLDivElement {
  const text = document.createElement('input');
  text.type = 'text';
  text.id = `token-${token.name}`;
  text.spellcheck = false;
  const controls: HTMLElement[] = [text];
  if (suggestions.length > 0) {
    const list = document.createElement('datalist');
    list.id = `token-${token.name}-suggestions`;
    list.append(...suggestions.map((value) => new Option(value, value)));
    text.setAttribute('list', list.id);
    controls.push(list);
  }
  text.addEventListener('change', () => setToken(token.name, text.value));
  tokenControls.set(token.name, { set: (value) => (text.value = value) });
  return tokenRow(token, controls);
}

function buildTokenControls(): void {
  const colors = $('color-tokens');
  const lengths = $('length-tokens');
  const texts = $('text-tokens');
  for (const token of TOKENS) {
    const range = LENGTH_RANGES[token.name];
    if (token.kind === 'color') colors.append(colorControl(token));
    else if (token.kind === 'length' && range) lengths.append(sliderControl(token, range[0], range[1], 1, 'px'));
    else if (token.kind === 'font-weight') texts.append(sliderControl(token, 100, 900, 100, ''));
    else if (token.kind === 'line-height') texts.append(sliderControl(token, 1, 2, 0.05, ''));
    else if (token.kind === 'font-family') texts.append(textControl(token, FONT_STACKS));
    else texts.append(textControl(token));
  }
}

// ---- rules ------------------------------------------------------------------------------------

function handleRulesInput(): void {
  const text = rulesInput.value.trim();
  if (text === '') {
    rulesError = '';
    state.rules = {};
    apply();
    return;
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('an object of selectors');
    state.rules = parsed as EditorState['rules'];
    rulesError = '';
  } catch (error) {
    rulesError = `not valid JSON (${error instanceof Error ? error.message : 'unreadable'})`;
  }
  apply();
}

// ---- galleries --------------------------------------------------------------------------------

function figure(caption: string, element: TenderCheckout, extra?: HTMLElement): HTMLElement {
  const box = document.createElement('figure');
  box.className = 'preview';
  const title = document.createElement('figcaption');
  title.textContent = caption;
  if (extra) title.append(extra);
  box.append(title, element);
  return box;
}

function buildGalleries(): void {
  for (const previewState of PREVIEW_STATES) {
    const element = document.createElement('tender-checkout');
    element.preview = previewState;
    const box = figure(previewState, element);
    box.dataset.state = previewState;
    stateGallery.append(box);
    galleryElements.push(element);
  }
  for (const name of PRESET_NAMES) {
    const element = document.createElement('tender-checkout');
    element.setAttribute('theme', name);
    element.preview = 'filled';
    const edit = document.createElement('button');
    edit.type = 'button';
    edit.className = 'edit-preset';
    edit.textContent = 'Edit';
    edit.setAttribute('aria-label', `Edit the ${PRESETS[name].label} preset`);
    edit.addEventListener('click', () => {
      choosePreset(name);
      presetSelect.focus();
    });
    const box = figure(`${PRESETS[name].label} (${name})`, element, edit);
    box.dataset.preset = name;
    const description = document.createElement('p');
    description.className = 'hint';
    description.textContent = PRESETS[name].description;
    box.append(description);
    presetGrid.append(box);
    presetElements.push(element);
  }
}

function choosePreset(name: PresetName): void {
  state.theme = name;
  presetSelect.value = name;
  state.variables = {};
  showScheme();
  showTokenValues();
  apply();
}

/**
 * The colour-scheme select shows the scheme applied: a preset with one palette (night is dark only)
 * ignores `colorScheme`, so the select shows that palette and is disabled; the designer's own choice
 * comes back with the next preset that has both.
 */
function showScheme(): void {
  const preset = PRESETS[state.theme];
  const onePalette = !preset.dark;
  schemeSelect.disabled = onePalette;
  schemeSelect.value = onePalette ? preset.scheme : state.colorScheme;
  schemeHint.textContent = onePalette ? `${preset.label} has one palette (${preset.scheme}): the colour scheme does not apply.` : '';
}

// ---- copy buttons -----------------------------------------------------------------------------

async function copyExport(button: HTMLButtonElement): Promise<void> {
  const source = document.getElementById(button.dataset.copy ?? '');
  const label = button.textContent ?? '';
  try {
    await navigator.clipboard.writeText(source?.textContent ?? '');
    button.textContent = 'Copied';
  } catch {
    // no clipboard permission: select the text so the designer can copy it by hand
    if (source) getSelection()?.selectAllChildren(source);
    button.textContent = 'Selected: press Ctrl+C';
  }
  setTimeout(() => (button.textContent = label), 1500);
}

// ---- start ------------------------------------------------------------------------------------

/** A shared link (`#{appearance, locale}`) opens with that appearance. Unknown pieces are ignored. */
function restoreFromHash(): void {
  if (location.hash.length < 2) return;
  try {
    const saved = JSON.parse(decodeURIComponent(location.hash.slice(1))) as { appearance?: Record<string, unknown>; locale?: unknown };
    const appearance = saved.appearance ?? {};
    if (isPresetName(appearance.theme)) state.theme = appearance.theme;
    if (appearance.variables && typeof appearance.variables === 'object') {
      for (const [name, value] of Object.entries(appearance.variables)) {
        if (TOKENS.some((token) => token.name === name) && typeof value === 'string') state.variables[name as TokenName] = value;
      }
    }
    if (appearance.rules && typeof appearance.rules === 'object') state.rules = appearance.rules as Partial<Record<RuleSelector, Record<string, string>>>;
    if (['above', 'floating', 'hidden'].includes(String(appearance.labels))) state.labels = appearance.labels as LabelStyle;
    if (['stacked', 'split', 'single-line'].includes(String(appearance.layout))) state.layout = appearance.layout as FieldLayout;
    if (['light', 'dark', 'auto'].includes(String(appearance.colorScheme))) state.colorScheme = appearance.colorScheme as ColorScheme;
    if (typeof saved.locale === 'string' && LOCALES.includes(saved.locale)) locale = saved.locale;
  } catch {
    // a damaged link: start from the defaults
  }
}

function start(): void {
  restoreFromHash();
  for (const name of PRESET_NAMES) presetSelect.append(new Option(`${PRESETS[name].label} (${name})`, name));
  const names = new Intl.DisplayNames(['en'], { type: 'language' });
  for (const tag of LOCALES) localeSelect.append(new Option(`${names.of(tag) ?? tag} (${tag})`, tag));
  presetSelect.value = state.theme;
  showScheme();
  labelsSelect.value = state.labels;
  layoutSelect.value = state.layout;
  localeSelect.value = locale;
  rulesInput.value = Object.keys(state.rules).length ? JSON.stringify(state.rules, null, 2) : '';
  rulesInput.placeholder = JSON.stringify({ 'input:focus': { boxShadow: '0 0 0 3px #0b57d055' }, 'button:hover': { textTransform: 'uppercase' } }, null, 2);
  rulesHint.textContent = `Selectors: ${Object.keys(RULE_SELECTORS).join(', ')}.`;

  buildTokenControls();
  buildGalleries();
  showTokenValues();

  presetSelect.addEventListener('change', () => choosePreset(presetSelect.value as PresetName));
  schemeSelect.addEventListener('change', () => {
    state.colorScheme = schemeSelect.value as ColorScheme;
    showTokenValues();
    apply();
  });
  labelsSelect.addEventListener('change', () => {
    state.labels = labelsSelect.value as LabelStyle;
    apply();
  });
  layoutSelect.addEventListener('change', () => {
    state.layout = layoutSelect.value as FieldLayout;
    apply();
  });
  localeSelect.addEventListener('change', () => {
    locale = localeSelect.value;
    apply();
  });
  rulesInput.addEventListener('input', handleRulesInput);
  $('reset-appearance').addEventListener('click', () => {
    Object.assign(state, { variables: {}, rules: {}, labels: 'above', layout: 'split', colorScheme: 'light' });
    rulesInput.value = '';
    rulesError = '';
    showScheme();
    labelsSelect.value = 'above';
    layoutSelect.value = 'split';
    showTokenValues();
    apply();
  });
  for (const id of ['copy-json', 'copy-css']) {
    const button = $<HTMLButtonElement>(id);
    button.addEventListener('click', () => void copyExport(button));
  }
  $('appearance-editor').addEventListener('submit', (event) => event.preventDefault());
  apply();
}

start();
