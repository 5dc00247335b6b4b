// With `billing="auto"` (the default) the fields the payment-method list asks for are in the form's
// first height (issue 26): the form waits for the list before it first shows, so it does not grow
// once shown and nothing on the page below it moves. Inline, the list is held back 800 ms longer than
// every other request, so without the wait the form would show first and grow when the postal code
// came. Isolated, the list comes inside the frame's page for the payment (docs/decisions/0098): the
// frame asks for none, and the form's first height has the postal code all the same.
// Page and API on two sites (isolated: an out-of-process frame, as production runs it).
import { createPayment, expect, forEachMode, test } from './support.js';

interface Sample {
  time: number;
  /** The element's height on the page. */
  height: number;
  /** The iframe's height (isolated) or the shown form's (inline): 0 until it shows. */
  content: number;
}

test.use({ crossSite: true });

const LIST_DELAY_MS = 800;

forEachMode((mode) => {
  test('a US payment shows its postal code in the first height of the form, which then never grows', async ({ merchant, page }) => {
    let lists = 0;
    await page.context().route('**/account/payment_methods*', async (route) => {
      if (route.request().method() === 'GET') lists += 1;
      await new Promise((resolve) => setTimeout(resolve, LIST_DELAY_MS));
      await route.continue();
    });
    await page.addInitScript(() => {
      if (window !== window.top) return; // the merchant page, not the card frame
      const samples: Sample[] = [];
      Object.assign(window, { heights: samples });
      const sample = () => {
        const element = document.querySelector('tender-checkout');
        const shown = element?.querySelector(':scope > iframe') ?? element?.shadowRoot?.querySelector('tender-card-form:not([hidden])');
        samples.push({ time: Math.round(performance.now()), height: element?.getBoundingClientRect().height ?? 0, content: shown?.getBoundingClientRect().height ?? 0 });
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });

    const payment = await createPayment({ amount: 1099, currency: 'USD' });
    await merchant.open(payment.client_secret, { billing: 'auto' });
    await merchant.onlyEvent('tender-ready', 20_000);
    await expect(merchant.form.locator('#billing-postal')).toBeVisible();
    // two more frames of the page, so the render after tender-ready is sampled
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const samples = await page.evaluate(() => (window as unknown as { heights: Sample[] }).heights);
    const shown = samples.filter((sample) => sample.content > 0);
    const final = samples.at(-1)!;
    console.log(`${mode}: shown from ${shown[0]?.time} ms at ${shown[0]?.content} px, final ${final.content} px (element ${final.height} px)`);

    expect(lists, 'list requests (isolated: the frame page carried it)').toBe(mode === 'isolated' ? 0 : 1);
    expect(shown.length, 'frames of the page with the form shown').toBeGreaterThan(0);
    // the card fields alone are 372 px high in the default look: the postal code's row is in the first height
    expect(shown[0]!.content).toBeGreaterThan(400);
    const changed = shown.filter((sample) => Math.abs(sample.content - final.content) >= 1 || Math.abs(sample.height - final.height) >= 1);
    expect(changed, 'frames after the form showed in which it or the element was not at its final height').toEqual([]);
  });
});
