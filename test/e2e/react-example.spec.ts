// The React 19 example (demo/react): bundled with React's development build and served with the
// strict CSP by its own merchant server, whose checkout-session endpoint creates the payment in the
// real sandbox with the secret key. Asserts that StrictMode really wraps the element, that its double
// render and effects give one tender-ready and one confirm, and what the merchant then retrieves.
import { test, expect, type Page } from '@playwright/test';
import { startReactExample, type ReactExample } from '../../demo/react/server.js';
import { card, createPayment, retrievePayment, sandbox, type Payment } from './support.js';

const VISA_SUCCESS = '4242424242424242';

// one worker for this file: the example is bundled once, in beforeAll
test.describe.configure({ mode: 'default' });

let example: ReactExample;
/** Payments the example's server created (one per page load), in order. */
const created: Payment[] = [];

test.beforeAll(async () => {
  const { url, publishableKey } = sandbox();
  example = await startReactExample({
    apiBase: url,
    publishableKey,
    createPayment: async () => {
      const payment = await createPayment({ amount: 1099, currency: 'EUR' });
      created.push(payment);
      return payment;
    },
  });
});

test.afterAll(async () => {
  await example?.close();
});

/** The event log the example shows, parsed. */
async function loggedEvents(page: Page): Promise<{ type: string; detail: Record<string, unknown> }[]> {
  const items = await page.locator('#events li').evaluateAll((nodes) =>
    nodes.map((node) => ({ type: (node as HTMLElement).dataset['event'] ?? '', text: node.textContent ?? '' })),
  );
  return items.map(({ type, text }) => ({ type, detail: JSON.parse(text) as Record<string, unknown> }));
}

test('the example is bundled with React development build, where StrictMode double-invokes', () => {
  expect(example.inputs.some((file) => file.endsWith('react-dom/cjs/react-dom-client.development.js'))).toBe(true);
  expect(example.inputs.some((file) => file.endsWith('react-dom-client.production.js'))).toBe(false);
  expect(example.inputs.some((file) => file.endsWith('src/react.ts'))).toBe(true);
});

test('StrictMode double mount: one tender-ready, one confirm, one succeeded result', async ({ page }) => {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));

  const before = created.length;
  await page.goto(example.url);
  const ready = page.locator('#events li[data-event="tender-ready"]');
  await expect(ready).toHaveCount(1);
  expect(created.length, 'payments created by one page load').toBe(before + 1);
  const payment = created[before] as Payment;

  // the element's fiber runs under StrictMode (strict legacy mode 8 and strict effects mode 16)
  const fiberMode = await page.locator('tender-checkout').evaluate((element) => {
    const key = Object.keys(element).find((name) => name.startsWith('__reactFiber$'));
    const fiber = key ? (element as unknown as Record<string, { mode: number }>)[key] : undefined;
    return fiber?.mode ?? -1;
  });
  expect(fiberMode & 24, 'StrictMode bits on the <tender-checkout> fiber').toBe(24);

  // appearance reached the element as a property, the keys as attributes
  const checkout = page.locator('tender-checkout');
  expect(await checkout.evaluate((element: HTMLElement & { appearance?: unknown }) => element.appearance)).toEqual({
    theme: 'default',
    variables: { borderRadius: '10px' },
  });
  await expect(checkout).toHaveAttribute('client-secret', payment.client_secret);
  await expect(checkout).not.toHaveAttribute('appearance');

  expect((await loggedEvents(page))[0]).toEqual({
    type: 'tender-ready',
    detail: { paymentId: payment.payment_id, amount: 1099, currency: 'EUR', status: payment.status },
  });

  // the card form is in the element's isolated frame
  const form = page.frameLocator('tender-checkout iframe[part="frame"]').locator('tender-card-form');
  const typed = card(VISA_SUCCESS);
  await form.locator('input#number').pressSequentially(typed.number);
  await form.locator('input#expiry').pressSequentially(typed.expiry);
  await form.locator('input#cvc').pressSequentially(typed.cvc);
  await expect(page.locator('#card-state')).toHaveText('complete: true, brand: visa, errors: {}');

  await form.locator('button[part="button"]').click();
  await expect(page.locator('#events li[data-event="tender-result"]')).toHaveCount(1);
  await expect(page.locator('#thanks')).toHaveText(`Thank you! Payment ${payment.payment_id}: succeeded.`);

  const events = await loggedEvents(page);
  expect(events.map((event) => event.type)).toEqual(['tender-ready', 'tender-result']);
  expect(events[1]?.detail).toEqual({ paymentId: payment.payment_id, status: 'succeeded', retryable: false });

  const retrieved = await retrievePayment(payment.payment_id);
  expect(retrieved).toMatchObject({ status: 'succeeded', amount_received: 1099, attempt_count: 1 });
  expect(created.length, 'no second payment after the double mount').toBe(before + 1);

  const pageText = (await page.locator('body').textContent()) ?? '';
  expect(pageText).not.toContain(typed.number);
  expect(cspViolations).toEqual([]);
  expect(pageErrors).toEqual([]);
});
