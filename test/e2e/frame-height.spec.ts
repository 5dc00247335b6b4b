// The card frame is never shorter than its content (issue 25, item 9): when a message appears (the
// field errors of an empty submit, a decline's reason), the frame shows it only once the element has
// grown the iframe, so no animation frame paints content cut off at the frame's bottom. Sampled inside
// the card frame in every animation frame, with the page and the API on two sites (an out-of-process
// frame, as production runs it).
import type { Page } from '@playwright/test';
import { card, createPayment, expect, test } from './support.js';

interface Sample {
  time: number;
  /** The card form's height in the frame's document. */
  content: number;
  /** The frame's viewport: the iframe's height as the element set it. */
  viewport: number;
  errors: number;
  status: boolean;
}

test.use({ crossSite: true });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (window === window.top) return; // the card frame only
    const samples: Sample[] = [];
    Object.assign(window, { heights: samples });
    const sample = () => {
      const form = document.querySelector('tender-card-form');
      const root = form?.shadowRoot;
      if (form && root) {
        const visible = (node: Element) => node instanceof HTMLElement && node.offsetParent !== null && node.offsetHeight > 0;
        samples.push({
          time: Math.round(performance.now()),
          content: Math.ceil(form.getBoundingClientRect().height),
          viewport: window.innerHeight,
          errors: [...root.querySelectorAll('.error')].filter(visible).length,
          status: [...root.querySelectorAll('.status')].some(visible),
        });
      }
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
});

async function samplesOf(merchant: { page: Page }): Promise<Sample[]> {
  const frame = merchant.page.frames().find((candidate) => candidate !== merchant.page.mainFrame() && /\/frame\b/.test(candidate.url()));
  if (!frame) throw new Error('no card frame');
  // two more animation frames of the card frame, so the last render is sampled
  return frame.evaluate(() => new Promise<Sample[]>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve((window as unknown as { heights: Sample[] }).heights)))));
}

// (a frame 0 px high is not shown: the element's placeholder holds its place)
const cutOff = (samples: Sample[]) => samples.filter((sample) => sample.viewport > 0 && sample.content > sample.viewport + 1);

test('an empty submit shows the three errors only once the frame has room for them', async ({ merchant }) => {
  const payment = await createPayment({ amount: 1099, currency: 'EUR' });
  await merchant.open(payment.client_secret);
  await merchant.onlyEvent('tender-ready', 20_000);
  await merchant.payButton.click();
  await expect(merchant.form.locator('.error:not([hidden])')).toHaveCount(3);
  const samples = await samplesOf(merchant);
  const shown = samples.filter((sample) => sample.errors === 3);
  expect(shown.length, 'frames with the three errors shown').toBeGreaterThan(0);
  // against the frame's height just before the errors (an earlier sample may catch it still sizing itself)
  const before = samples.slice(0, samples.indexOf(shown[0]!)).filter((sample) => sample.errors === 0).at(-1);
  expect(before, 'a frame sampled before the errors').toBeDefined();
  expect(shown.at(-1)!.viewport, 'the frame grew for the errors').toBeGreaterThan(before!.viewport);
  expect(cutOff(samples), 'frames whose content was taller than the frame').toEqual([]);
});

test("a decline's reason shows only once the frame has room for it", async ({ merchant }) => {
  const payment = await createPayment({ amount: 1099, currency: 'EUR' });
  await merchant.open(payment.client_secret);
  await merchant.onlyEvent('tender-ready', 20_000);
  await merchant.typeCard(card('4000000000000002'));
  await merchant.payButton.click();
  await merchant.onlyEvent('tender-result', 20_000);
  await expect(merchant.status).toBeVisible();
  const samples = await samplesOf(merchant);
  expect(samples.some((sample) => sample.status), 'frames with the reason shown').toBe(true);
  expect(cutOff(samples), 'frames whose content was taller than the frame').toEqual([]);
});
