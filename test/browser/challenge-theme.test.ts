/**
 * Issue 25, defect 8: the 3-D Secure dialog wears the element's look — the background, text, border
 * and focus colours of the preset and palette (`night`, the dark scheme, `high-contrast`, …) — instead of
 * a hard-coded white, in both modes: inline it sits in the form's shadow root, isolated in the host
 * element's (over the merchant's page), where it compiles the host's `theme` and `appearance`. Every
 * text in it meets 4.5:1 against what it is painted on (the contrast helpers of ./contrast.ts).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import '../../src/define.js';
import type { TenderCheckout } from '../../src/elements/tender-checkout/tender-checkout.js';
import { en } from '../../src/i18n/en.js';
import { PRESETS, type Appearance, type PresetName } from '../../src/themes/index.js';
import { CHALLENGE_CARD, fillCard, FUTURE_EXPIRY, mountCheckout, payButton, root } from './checkout-harness.js';
import { pairsOf } from './contrast.js';

/** `#0f172a` → `rgb(15, 23, 42)`, as getComputedStyle reports colours. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((index) => parseInt(hex.slice(index, index + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The palette an appearance shows: the preset's, or its dark one. */
function palette(appearance: Appearance) {
  const preset = PRESETS[(appearance.theme ?? 'default') as PresetName];
  return appearance.colorScheme === 'dark' && preset.dark ? { ...preset.variables, ...preset.dark } : preset.variables;
}

const LOOKS: Appearance[] = [
  { theme: 'night' },
  { colorScheme: 'dark' },
  { theme: 'high-contrast', colorScheme: 'dark' },
  { theme: 'high-contrast' },
  { theme: 'soft' },
  { theme: 'classic', colorScheme: 'dark' },
];

/** What the dialog paints, checked against the palette; and every text in the dialog's root meets its minimum. */
function expectThemed(dialog: HTMLDialogElement, appearance: Appearance) {
  const colours = palette(appearance);
  const label = JSON.stringify(appearance);
  const close = dialog.querySelector<HTMLButtonElement>('.challenge-close')!;
  expect(getComputedStyle(dialog).backgroundColor, `${label}: dialog background`).to.equal(rgb(colours.colorBackground));
  expect(getComputedStyle(dialog).color, `${label}: dialog text`).to.equal(rgb(colours.colorText));
  expect(getComputedStyle(close).color, `${label}: Close`).to.equal(rgb(colours.colorText));
  expect(getComputedStyle(close).borderTopColor, `${label}: Close's border`).to.equal(rgb(colours.colorBorder));
  expect(getComputedStyle(dialog.querySelector('.challenge-bar')!).borderBottomColor, `${label}: the bar's rule`).to.equal(rgb(colours.colorBorder));
  const failing = pairsOf(dialog.getRootNode() as ShadowRoot)
    .filter((pair) => pair.what.includes('h2') || pair.what.includes('challenge-close'))
    .filter((pair) => pair.ratio < pair.min);
  expect(failing, label).to.deep.equal([]);
}

const FRAME_LOOK_TIMEOUT = 8000;

describe('the 3-D Secure dialog wears the element’s look (issue 25, defect 8)', () => {
  it('inline: every look, while the dialog is open', async function () {
    this.timeout(40000);
    const { element, log } = await mountCheckout({ attributes: { 'three-ds': 'modal', 'return-url': location.href.split('#')[0]! } });
    await log.wait('tender-ready', 1, 20000);
    await fillCard(element, { number: CHALLENGE_CARD });
    payButton(element).click();
    await waitUntil(() => root(element).querySelector('dialog[open]'), 'the dialog did not open', { timeout: 8000 });
    const dialog = root(element).querySelector<HTMLDialogElement>('dialog')!;
    for (const appearance of LOOKS) {
      element.appearance = appearance;
      await element.updateComplete;
      expectThemed(dialog, appearance);
    }
    await sendKeys({ press: 'Escape' });
  });

  it('isolated: the host’s theme and appearance, each time the dialog opens over the page', async function () {
    this.timeout(90000);
    const [first, ...rest] = LOOKS;
    const { element, log } = await mountCheckout({
      mode: 'isolated',
      attributes: { 'three-ds': 'modal', 'return-url': location.href.split('#')[0]! },
      configure: (checkout) => (checkout.appearance = first!),
    });
    await log.wait('tender-ready', 1, 20000);
    const inFrame = (payload: Record<string, unknown>) => executeServerCommand('card-frame', payload);
    await inFrame({ action: 'type', field: 'number', text: CHALLENGE_CARD });
    await inFrame({ action: 'keys', text: `${FUTURE_EXPIRY}123` });
    await inFrame({ action: 'click' });
    const dialogOf = (checkout: TenderCheckout) => checkout.shadowRoot!.querySelector<HTMLDialogElement>('dialog[open]');
    await waitUntil(() => dialogOf(element), 'the dialog did not open', { timeout: FRAME_LOOK_TIMEOUT });
    expectThemed(dialogOf(element)!, first!);
    for (const appearance of rest) {
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !dialogOf(element), 'Escape did not close the dialog');
      element.appearance = appearance;
      await inFrame({ action: 'click', name: en['status.continueAuthentication'] });
      await waitUntil(() => dialogOf(element), 'the dialog did not reopen', { timeout: FRAME_LOOK_TIMEOUT });
      expectThemed(dialogOf(element)!, appearance);
    }
    await sendKeys({ press: 'Escape' });
  });
});
