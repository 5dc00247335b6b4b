// Every appearance preset under the strict CSP (`style-src 'self'`, no inline styles), in the
// isolated frame (under the frame page's own policy) and inline: no violation is reported and the
// form really wears the preset (pay button colour, input border).
import { PRESET_NAMES, PRESETS } from '../../src/themes/index.js';
import { createPayment, expect, forEachMode, test } from './support.js';

/** `#0b57d0` → `rgb(11, 87, 208)`, as getComputedStyle writes colours. */
function hexToRgb(hex: string): string {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const [r, g, b] = [0, 2, 4].map((index) => parseInt(full.slice(index, index + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** `0` → `0px`: computed border widths are always in px. */
function px(length: string): string {
  return /^0+(\.0+)?$/.test(length) ? '0px' : length;
}

test('the preset list is the one the docs show', () => {
  expect([...PRESET_NAMES]).toEqual(expect.arrayContaining(['default', 'night', 'high-contrast', 'flat', 'soft', 'classic']));
});

forEachMode(() => {
  for (const name of PRESET_NAMES) {
    test(`theme ${name} renders under a strict CSP`, async ({ merchant }) => {
      const preset = PRESETS[name].variables;
      const payment = await createPayment({ amount: 1234, currency: 'EUR' });
      await merchant.open(payment.client_secret, { theme: name });
      await merchant.onlyEvent('tender-ready');
      await expect(merchant.payButton).toBeVisible();

      await expect(merchant.payButton).toHaveCSS('background-color', hexToRgb(preset.colorPrimary));
      await expect(merchant.input('number')).toHaveCSS('border-top-width', px(preset.borderWidth));
      await expect(merchant.input('number')).toHaveCSS('border-left-width', px(preset.borderWidth));
      expect(await merchant.violationCount()).toBe(0);
      // a preset that failed to compile would say so in a tender-error
      expect((await merchant.events()).filter((event) => event.type === 'tender-error')).toEqual([]);
    });
  }
});
