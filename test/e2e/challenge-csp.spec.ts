// A page whose CSP does not allow the 3-D Secure page's origin: the integrator gave `api-base` as
// http://127.0.0.1:<port> (the address the sandbox listens on) and allowed that origin in frame-src,
// while the API's links, the challenge among them, are on its public URL (http://localhost:<port>).
// The browser refuses to frame the challenge; the element says so in a `tender-error`
// (`configuration`) instead of leaving the shopper in front of an empty dialog, and the payment
// waits for its challenge, untouched.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { card, createPayment, merchantCsp, MODES, retrievePayment, sandbox, serveStatic, type StaticServer } from './support.js';

const LOGGER = `for (const type of ['tender-ready', 'tender-result', 'tender-error']) {
  document.addEventListener(type, (event) => console.info('tender-event', type, JSON.stringify(event.detail)));
}
`;

/** The sandbox as the integrator named it: by the address it listens on, not its public URL. */
const apiBase = () => sandbox().url.replace('//localhost:', '//127.0.0.1:');

let pages: string;
const servers = new Map<string, StaticServer>();

test.beforeAll(async () => {
  pages = mkdtempSync(join(tmpdir(), 'tender-challenge-csp-'));
  writeFileSync(join(pages, 'logger.js'), LOGGER);
  for (const mode of MODES) servers.set(mode, await serveStatic({ csp: merchantCsp(apiBase(), mode), pagesDir: pages }));
});
test.afterAll(async () => {
  for (const server of servers.values()) await server.close();
  rmSync(pages, { recursive: true, force: true });
});

for (const mode of MODES) {
  test(`${mode}: a challenge the page's CSP refuses to frame is a configuration error, and the payment waits for it`, async ({ page }) => {
    const payment = await createPayment({ amount: 2500, currency: 'EUR' });
    const name = `checkout-${mode}.html`;
    writeFileSync(
      join(pages, name),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title>
<script type="module" src="/logger.js"></script><script type="module" src="/dist/tender-checkout.js"></script></head>
<body><tender-checkout publishable-key="${sandbox().publishableKey}" client-secret="${payment.client_secret}" api-base="${apiBase()}"${mode === 'inline' ? ' inline' : ''}></tender-checkout></body></html>`,
    );
    const events: { type: string; detail: Record<string, unknown> }[] = [];
    page.on('console', (message) => {
      const logged = /^tender-event (tender-[a-z]+) (.*)$/s.exec(message.text());
      if (logged) events.push({ type: logged[1] ?? '', detail: JSON.parse(logged[2] ?? '{}') as Record<string, unknown> });
    });
    await page.goto(`${servers.get(mode)!.url}/${name}`);
    await expect.poll(() => events.some((event) => event.type === 'tender-ready'), { timeout: 15_000 }).toBe(true);

    const form = mode === 'inline' ? page.locator('tender-checkout tender-card-form') : page.frameLocator('tender-checkout > iframe').locator('tender-card-form');
    const typed = card('4000003800000446');
    await form.locator('input#number').pressSequentially(typed.number);
    await form.locator('input#expiry').pressSequentially(typed.expiry);
    await form.locator('input#cvc').pressSequentially(typed.cvc);
    await form.locator('button[part="button"]').click();

    await expect.poll(() => events.find((event) => event.type === 'tender-error')?.detail, { timeout: 15_000 }).toEqual({
      code: 'configuration',
      message: `The page's Content-Security-Policy does not allow ${sandbox().url} (frame-src): the 3-D Secure page cannot open`,
      recoverable: false,
    });
    // no empty dialog left over the page, and no outcome reported for a payment that is still open
    await expect(page.locator('tender-checkout dialog')).toHaveCount(0);
    expect(events.filter((event) => event.type === 'tender-result')).toEqual([]);
    expect((await retrievePayment(payment.payment_id))['status']).toBe('requires_customer_action');
  });
}
