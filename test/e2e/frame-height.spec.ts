// The card frame is never shorter than its content (issue 25, item 9): in every animation frame of the
// frame's own document, from the click on Pay until the message has settled, its content
// (document.scrollHeight) fits its viewport (window.innerHeight, the iframe's height the host sets).
// Sampled inside the frame with requestAnimationFrame, on a submit with empty fields (three error
// lines) and on a decline (the reason under the button).
import { card, createPayment, expect, test, type MerchantPage } from './support.js';

const DECLINED_CARD = '4000000000000002';

interface Overflow {
  /** Frames sampled. */
  frames: number;
  /** The frames whose content was taller than the viewport, as content/viewport. */
  over: string[];
}

/** Starts sampling every animation frame inside the card frame. */
async function startSampling(merchant: MerchantPage): Promise<void> {
  await merchant.form.evaluate(() => {
    const state = { frames: 0, over: [] as string[], running: true };
    Object.assign(window, { overflow: state });
    const sample = () => {
      if (!state.running) return;
      state.frames += 1;
      const content = document.documentElement.scrollHeight;
      if (content > window.innerHeight) state.over.push(`${content}/${window.innerHeight}`);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
}

/** Stops sampling once the frame has shown `settled` frames at its final height, and returns what it saw. */
async function stopSampling(merchant: MerchantPage): Promise<Overflow> {
  // ten more frames of the frame's document: the host's answer to its last size has landed
  await merchant.form.evaluate(() => new Promise<void>((resolve) => {
    let left = 10;
    const next = () => (--left ? requestAnimationFrame(next) : resolve());
    requestAnimationFrame(next);
  }));
  return merchant.form.evaluate(() => {
    const state = (window as unknown as { overflow: Overflow & { running: boolean } }).overflow;
    state.running = false;
    return { frames: state.frames, over: state.over };
  });
}

test.describe('the frame grows with its content in the same animation frame', () => {
  test('a submit with empty fields: the three error lines never overflow the frame', async ({ merchant }) => {
    const payment = await createPayment({ amount: 1099, currency: 'EUR' });
    await merchant.open(payment.client_secret);
    await merchant.onlyEvent('tender-ready');
    await startSampling(merchant);
    await merchant.payButton.click();
    await expect(merchant.form.locator('#cvc-error')).not.toBeEmpty();
    const seen = await stopSampling(merchant);
    console.log(`submit: ${seen.over.length} of ${seen.frames} frames overflowed ${JSON.stringify(seen.over)}`);
    expect(seen.over, 'frames whose content was taller than the frame (content/viewport)').toEqual([]);
  });

  test('a decline: the reason never overflows the frame', async ({ merchant }) => {
    const payment = await createPayment({ amount: 1099, currency: 'EUR' });
    await merchant.open(payment.client_secret);
    await merchant.onlyEvent('tender-ready');
    await merchant.typeCard(card(DECLINED_CARD));
    await startSampling(merchant);
    await merchant.payButton.click();
    await merchant.onlyEvent('tender-result');
    await expect(merchant.status).not.toBeEmpty();
    const seen = await stopSampling(merchant);
    console.log(`decline: ${seen.over.length} of ${seen.frames} frames overflowed ${JSON.stringify(seen.over)}`);
    expect(seen.over, 'frames whose content was taller than the frame (content/viewport)').toEqual([]);
  });
});
