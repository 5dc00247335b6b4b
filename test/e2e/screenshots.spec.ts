// Reference images of every preset: the element in `preview="filled"` (sample card, no network) on
// the strict-CSP merchant page, compared with the committed images under __screenshots__/. The same
// images are the theming guide's pictures (docs/images/themes/<preset>.png): a test keeps the two
// identical. After a deliberate change of look: `npx playwright test screenshots --update-snapshots`,
// then copy test/e2e/__screenshots__/screenshots.spec.ts/*.png to docs/images/themes/.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PRESET_NAMES } from '../../src/themes/index.js';
import { expect, test } from './support.js';

test.use({ viewport: { width: 520, height: 720 }, deviceScaleFactor: 1, colorScheme: 'light' });

for (const name of PRESET_NAMES) {
  test(`preset ${name}, filled`, async ({ merchant }) => {
    await merchant.open(null, { theme: name, preview: 'filled' });
    await expect(merchant.input('number')).toHaveValue('4242 4242 4242 4242');
    await expect(merchant.payButton).toBeVisible();
    await merchant.page.evaluate(() => document.fonts.ready);
    await expect(merchant.checkout).toHaveScreenshot(`${name}.png`);
    expect(await merchant.violationCount()).toBe(0);
    expect(await merchant.events(), 'a preview fires no events').toEqual([]);
  });
}

test('the theming guide shows the reference images', () => {
  for (const name of PRESET_NAMES) {
    const reference = readFileSync(fileURLToPath(new URL(`__screenshots__/screenshots.spec.ts/${name}.png`, import.meta.url)));
    const docs = readFileSync(fileURLToPath(new URL(`../../docs/images/themes/${name}.png`, import.meta.url)));
    expect(docs.equals(reference), `docs/images/themes/${name}.png differs from the reference image`).toBe(true);
  }
});
