// The 3-D Secure modal (three-ds="modal", the default) with the script-tag bundle on the strict-CSP
// merchant page (`merchantCsp` in support.ts: `frame-src` names the API's origin), against the real
// sandbox: the challenge opens in a dialog over the page (isolated, the host element opens it for the
// card frame), the customer answers it inside the challenge frame, the page never navigates, and the
// outcome comes from the payment as retrieved; in both modes. The `merchant` fixture checks for CSP
// violations and card data afterwards.
import { en } from '../../src/i18n/en.js';
import { PRESET_VALUES } from '../../src/themes/presets.js';
import { card, createPayment, expect, forEachMode, retrievePayment, sandbox, test } from './support.js';

/** `#0f172a` → `rgb(15, 23, 42)`, as computed styles report colours. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((index) => parseInt(hex.slice(index, index + 2), 16)).join(', ')})`;

const THREE_DS_CHALLENGE = '4000003800000446';

forEachMode(() => {
  test('3-D Secure in the modal: answered inside the dialog, the merchant page never navigates', async ({ merchant, page }) => {
    const payment = await createPayment({ amount: 4200, currency: 'EUR' });
    await merchant.open(payment.client_secret);
    await merchant.onlyEvent('tender-ready');
    const address = page.url();
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });

    await merchant.typeCard(card(THREE_DS_CHALLENGE));
    await merchant.payButton.click();

    const dialog = merchant.checkout.getByRole('dialog', { name: en['status.continueAuthentication'] });
    await expect(dialog).toBeVisible();
    const challenge = page.frameLocator('tender-checkout dialog iframe');
    await expect(challenge.getByRole('heading', { name: 'Test Payment Page' })).toBeVisible();
    expect((await retrievePayment(payment.payment_id)).status).toBe('requires_customer_action');

    // Escape closes it without an outcome; Continue authentication opens it again with a fresh link
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(merchant.status).toHaveText(en['status.awaitingAuthentication']);
    // focus on *Continue authentication*: isolated, the host gives the frame focus from another process and
    // the form places it once it is there (WCAG 2.4.3); Enter reopens the challenge
    const reopen = merchant.form.getByRole('button', { name: en['status.continueAuthentication'] });
    await expect(reopen).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(challenge.getByRole('heading', { name: 'Test Payment Page' })).toBeVisible();

    await challenge.getByRole('button', { name: 'Complete Payment' }).click();
    const result = await merchant.onlyEvent('tender-result');
    expect(result).toMatchObject({ paymentId: payment.payment_id, status: 'succeeded', retryable: false });
    await expect(dialog).toHaveCount(0);
    await expect(merchant.status).toHaveText(en['status.succeeded']);
    expect((await retrievePayment(payment.payment_id)).status).toBe('succeeded');
    expect(page.url()).toBe(address);
    expect(navigations).toBe(0);
    expect(merchant.allEvents.some((event) => event.type === 'tender-redirect')).toBe(false);
    expect(new URL(sandbox().url).origin).not.toBe(new URL(address).origin);
  });

  test("a return URL on another origin: the page never hears the end page, the dialog still closes on the payment's outcome", async ({ merchant, page }) => {
    const payment = await createPayment({ amount: 4200, currency: 'EUR' });
    // the end page posts only to the return URL's origin (the account lists no allowed origins)
    await merchant.open(payment.client_secret, { 'return-url': 'https://shop.example/return' });
    await merchant.onlyEvent('tender-ready');
    await merchant.typeCard(card(THREE_DS_CHALLENGE));
    await merchant.payButton.click();
    const dialog = merchant.checkout.getByRole('dialog', { name: en['status.continueAuthentication'] });
    const challenge = page.frameLocator('tender-checkout dialog iframe');
    await challenge.getByRole('button', { name: 'Complete Payment' }).click();

    expect(await merchant.onlyEvent('tender-result')).toMatchObject({ paymentId: payment.payment_id, status: 'succeeded' });
    await expect(dialog).toHaveCount(0);
    await expect(merchant.status).toHaveText(en['status.succeeded']);
    // focus is back in the widget, not on the page's body
    const inline = await merchant.checkout.evaluate((element) => element.hasAttribute('inline'));
    expect(await page.evaluate(() => document.activeElement?.localName)).toBe(inline ? 'tender-checkout' : 'iframe');
  });

  test('the dialog wears the theme (night) under the strict CSP: its colours, never white', async ({ merchant }) => {
    const payment = await createPayment({ amount: 4200, currency: 'EUR' });
    await merchant.open(payment.client_secret, { theme: 'night' });
    await merchant.onlyEvent('tender-ready');
    await merchant.typeCard(card(THREE_DS_CHALLENGE));
    await merchant.payButton.click();
    const dialog = merchant.checkout.getByRole('dialog', { name: en['status.continueAuthentication'] });
    await expect(dialog).toBeVisible();
    const { night } = PRESET_VALUES;
    await expect(dialog).toHaveCSS('background-color', rgb(night.variables.colorBackground));
    await expect(dialog).toHaveCSS('color', rgb(night.variables.colorText));
    await expect(dialog.getByRole('button', { name: en.close })).toHaveCSS('color', rgb(night.variables.colorText));
    await merchant.page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test.describe('cross-site: the page on 127.0.0.1, the API on localhost (the isolated frame in its own process)', () => {
    test.use({ crossSite: true });

    test('Escape closes the dialog and focus lands on Continue authentication, which reopens it with Enter', async ({ merchant, page }) => {
      const payment = await createPayment({ amount: 4200, currency: 'EUR' });
      await merchant.open(payment.client_secret);
      await merchant.onlyEvent('tender-ready');
      expect(new URL(page.url()).hostname).toBe('127.0.0.1');
      await merchant.typeCard(card(THREE_DS_CHALLENGE));
      await merchant.payButton.click();
      const dialog = merchant.checkout.getByRole('dialog', { name: en['status.continueAuthentication'] });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      const reopen = merchant.form.getByRole('button', { name: en['status.continueAuthentication'] });
      await expect(reopen).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
    });
  });

  test.describe('at 400 % zoom   (a 1280 × 1024 window: 320 × 256 CSS px, WCAG 1.4.10 reflow)', () => {
    test.use({ viewport: { width: 320, height: 256 }, deviceScaleFactor: 4 });

    test('the dialog fills the viewport, Close is visible, the challenge page scrolls one way only and is answered', async ({ merchant, page }) => {
      const payment = await createPayment({ amount: 4200, currency: 'EUR' });
      await merchant.open(payment.client_secret);
      await merchant.onlyEvent('tender-ready');
      await merchant.typeCard(card(THREE_DS_CHALLENGE));
      await merchant.payButton.click();

      const dialog = merchant.checkout.getByRole('dialog', { name: en['status.continueAuthentication'] });
      await expect(dialog).toBeVisible();
      expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 320, height: 256 });
      const close = dialog.getByRole('button', { name: en.close });
      await expect(close).toBeInViewport({ ratio: 1 });

      const challenge = page.frameLocator('tender-checkout dialog iframe');
      await expect(challenge.getByRole('heading', { name: 'Test Payment Page' })).toBeVisible();
      const frame = page.frames().find((candidate) => candidate.url().includes('/payments/redirect/'));
      if (!frame) throw new Error('no challenge frame');
      // no sideways scrolling inside the frame: every line of the page fits its 320 px
      const widths = await frame.evaluate(() => ({ content: document.documentElement.scrollWidth, frame: document.documentElement.clientWidth }));
      expect(widths.content, 'the challenge page scrolls sideways').toBeLessThanOrEqual(widths.frame);
      for (const name of ['Complete Payment', 'Reject Payment']) {
        const button = challenge.getByRole('button', { name });
        await button.scrollIntoViewIfNeeded();
        await expect(button, `${name} on screen after scrolling down`).toBeInViewport({ ratio: 1 });
      }
      await expect(close, 'Close stays on screen while the page scrolls').toBeInViewport({ ratio: 1 });

      await challenge.getByRole('button', { name: 'Complete Payment' }).click();
      expect(await merchant.onlyEvent('tender-result')).toMatchObject({ paymentId: payment.payment_id, status: 'succeeded' });
      await expect(dialog).toHaveCount(0);
    });
  });
});
