// Smoke tests of the demo site (`npm run demo`: its own sandbox in memory, Vite on a free port, the
// demo's strict CSP): the checkout page takes a card payment end to end, a 3-D Secure challenge in
// the element's dialog (the default) and on the bank's page (redirect), and the theme previewer
// shows every state and every preset and applies a chosen preset.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { LOCALES } from '../../src/i18n/index.js';
import de from '../../src/i18n/locales/de.js';
import { PRESET_NAMES, PRESETS } from '../../src/themes/index.js';
import { card, expect, test } from './support.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// one demo server for the file: its tests run in one worker, in order
test.describe.configure({ mode: 'serial', timeout: 90_000 });

let demo: ChildProcess | null = null;
let demoUrl = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

test.beforeAll(async () => {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/demo.mjs'], {
    cwd: ROOT,
    env: { ...process.env, DEMO_PORT: String(port), DEMO_HOST: '127.0.0.1', SANDBOX_PORT: '0', SANDBOX_DB: ':memory:', SANDBOX_LOG: 'off', DEMO_HMR: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  demo = child;
  let output = '';
  demoUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm run demo did not start within 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const started = /Tender demo: (http:\/\/\S+)/.exec(output);
      if (started?.[1]) {
        clearTimeout(timer);
        resolve(started[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm run demo exited (${code}):\n${output}`));
    });
  });
});

test.afterAll(async () => {
  const child = demo;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM'); // the demo stops Vite and its sandbox on SIGTERM
  await exited;
});

/** Console errors and CSP violations of a page (a smoke test wants none). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Console errors and CSP violations of the demo's own pages (the sandbox's bank page has no favicon: a 404 there is not the demo's). */
function watchDemoConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.location().url.startsWith(demoUrl) && (message.type() === 'error' || /Content Security Policy/i.test(message.text()))) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** The demo checkout's card form: in the isolated frame the sandbox serves (Playwright's locators pierce its shadow root). */
const cardForm = (page: Page) => page.frameLocator('#checkout-slot tender-checkout iframe').locator('tender-card-form');

/** Creates a payment on the demo and types a card into its checkout; the caller presses Pay. */
async function typeDemoCard(page: Page, number: string): Promise<ReturnType<typeof card>> {
  await page.getByRole('button', { name: 'Create payment' }).click();
  const checkout = cardForm(page);
  await expect(page.locator('#event-log li[data-event="tender-ready"]')).toHaveCount(1, { timeout: 30_000 });
  const typed = card(number);
  await checkout.locator('input#number').pressSequentially(typed.number);
  await checkout.locator('input#expiry').pressSequentially(typed.expiry);
  await checkout.locator('input#cvc').pressSequentially(typed.cvc);
  return typed;
}

test('demo checkout: create a payment, pay with a test card, see the outcome and the event log', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(demoUrl);
  await expect(page.getByRole('heading', { name: 'Your order' })).toBeVisible();
  await expect(page.locator('#theme option')).toHaveCount(PRESET_NAMES.length);

  const typed = await typeDemoCard(page, '4242424242424242');
  await expect(page.locator('#payment-id')).toHaveText(/^pay_/);
  await cardForm(page).locator('button[part="button"]').click();

  await expect(page.locator('#event-log li[data-event="tender-result"]')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.locator('#payment-status')).toHaveText('succeeded');
  await expect(page.locator('#event-log li[data-event="tender-result"] pre').first()).toContainText('"status": "succeeded"');
  const log = await page.locator('#event-log').innerText();
  expect(log).not.toContain(typed.number);
  expect(log).not.toContain('4242 4242 4242 4242');
  expect(problems).toEqual([]);
});

test('demo checkout: a 3-D Secure challenge opens in the dialog on the page and is answered there', async ({ page }) => {
  const problems = watchDemoConsole(page);
  await page.goto(demoUrl);
  await expect(page.locator('#three-ds')).toHaveValue('modal');
  await typeDemoCard(page, '4000003800000446');
  const address = page.url();
  const checkout = page.locator('#checkout-slot tender-checkout');
  await cardForm(page).locator('button[part="button"]').click();

  // the host element opens the challenge over the page (the card form itself is in the isolated frame)
  const dialog = checkout.getByRole('dialog', { name: 'Continue authentication' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const challenge = page.frameLocator('#checkout-slot tender-checkout dialog iframe');
  await challenge.getByRole('button', { name: 'Complete Payment' }).click();

  await expect(page.locator('#payment-status')).toHaveText('succeeded', { timeout: 20_000 });
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('#event-log li[data-event="tender-result"] pre').first()).toContainText('"status": "succeeded"');
  await expect(page.locator('#event-log li[data-event="tender-redirect"]')).toHaveCount(0);
  expect(page.url()).toBe(address);
  expect(problems).toEqual([]);
});

test('demo checkout: a returning customer saves the card on the first payment and pays the next with its security code', async ({ page }) => {
  const problems = watchDemoConsole(page);
  await page.goto(demoUrl);
  await page.locator('#shopper').selectOption('returning');
  await typeDemoCard(page, '4242424242424242');
  const save = cardForm(page).getByRole('checkbox', { name: 'Save this card for future payments' });
  await expect(save).not.toBeChecked();
  await save.check();
  await cardForm(page).locator('button[part="button"]').click();
  await expect(page.locator('#payment-status')).toHaveText('succeeded', { timeout: 20_000 });

  await page.getByRole('button', { name: 'Create payment' }).click();
  await expect(page.locator('#event-log li[data-event="tender-ready"]')).toHaveCount(2, { timeout: 30_000 });
  const saved = cardForm(page).getByRole('radio', { name: /^\u2068?Visa\u2069? ending in \u2068?4242\u2069?/ });
  await expect(saved).toBeChecked();
  await expect(cardForm(page).locator('input#number')).toBeHidden();
  await cardForm(page).locator('input#saved-cvc').pressSequentially('737');
  await cardForm(page).locator('button[part="button"]').click();
  await expect(page.locator('#event-log li[data-event="tender-result"]')).toHaveCount(2, { timeout: 20_000 });
  await expect(page.locator('#payment-status')).toHaveText('succeeded');
  expect(await page.locator('#event-log').innerText()).not.toContain('token_');
  expect(problems).toEqual([]);
});

test('theme previewer: every state, every preset, and a chosen preset applied to the gallery', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(`${demoUrl}previewer.html`);
  await expect(page.getByRole('heading', { name: 'Appearance', exact: true })).toBeVisible();

  const gallery = page.locator('#state-gallery tender-checkout');
  await expect(gallery).toHaveCount(14);
  // a returning customer's saved cards and the save box are states of the gallery too
  await expect(page.locator('#state-gallery [data-state="saved-cards"] tender-checkout').getByRole('radio')).toHaveCount(4);
  await expect(page.locator('#state-gallery [data-state="save-card"] tender-checkout').getByRole('checkbox', { name: 'Save this card for future payments' })).not.toBeChecked();
  // the billing states show the billing fields: the full address, and the address verification's decline at the postal code
  await expect(page.locator('#state-gallery [data-state="billing-full"] tender-checkout #billing-line1')).toHaveValue('1 Market St');
  await expect(page.locator('#state-gallery [data-state="billing-avs"] tender-checkout #billing-postal')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#preset-grid tender-checkout')).toHaveCount(PRESET_NAMES.length);
  for (const name of PRESET_NAMES) await expect(page.locator(`#preset-grid [data-preset="${name}"] tender-checkout`)).toHaveCount(1);
  // the filled state shows the sample card
  await expect(page.locator('#state-gallery [data-state="filled"] tender-checkout input#number')).toHaveValue('4242 4242 4242 4242');

  const filledButton = page.locator('#state-gallery [data-state="filled"] tender-checkout button[part="button"]');
  const before = await filledButton.evaluate((button) => getComputedStyle(button).backgroundColor);
  const other = PRESET_NAMES.find((name) => name !== 'default' && PRESETS[name].variables.colorPrimary !== PRESETS.default.variables.colorPrimary);
  if (!other) throw new Error('every preset has the default primary colour');
  await page.locator('#preset').selectOption(other);
  const hex = PRESETS[other].variables.colorPrimary.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((index) => parseInt(hex.slice(index, index + 2), 16));
  await expect(filledButton).toHaveCSS('background-color', `rgb(${r}, ${g}, ${b})`);
  expect(before).not.toBe(`rgb(${r}, ${g}, ${b})`);
  await expect(page.locator('#export-json')).toContainText(other);
  expect(problems).toEqual([]);
});

test('demo checkout: with the redirect chosen, the language, theme and choice survive the 3-D Secure round trip', async ({ page }) => {
  const problems = watchDemoConsole(page);
  await page.goto(demoUrl);
  await page.locator('#locale').selectOption('de');
  await page.locator('#theme').selectOption('night');
  await page.locator('#three-ds').selectOption('redirect');
  const demoOrigin = new URL(page.url()).origin;
  await typeDemoCard(page, '4000003800000446'); // a 3-D Secure challenge
  const checkout = page.locator('#checkout-slot tender-checkout');
  await cardForm(page).locator('button[part="button"]').click();
  await page.waitForURL((url) => url.origin !== demoOrigin, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Complete Payment' }).click();
  await page.waitForURL((url) => url.origin === demoOrigin);

  await expect(page.locator('#payment-status')).toHaveText('succeeded', { timeout: 20_000 });
  await expect(page.locator('#locale')).toHaveValue('de');
  await expect(page.locator('#theme')).toHaveValue('night');
  await expect(page.locator('#three-ds')).toHaveValue('redirect');
  expect(await checkout.evaluate((element: HTMLElement & { locale: string; theme: string; threeDs: string }) => [element.locale, element.theme, element.threeDs])).toEqual(['de', 'night', 'redirect']);
  await expect(cardForm(page).locator('[part="status"] .status')).toHaveText(de['status.succeeded']);
  expect(problems).toEqual([]);
});

test('demo checkout at 390 px: the page never scrolls sideways (test cards included)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(demoUrl);
  await expect(page.locator('#test-cards tbody tr').first()).toBeVisible();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  // every copy button is on screen
  const copies = await page.locator('#test-cards button.copy').all();
  expect(copies.length).toBeGreaterThan(0);
  for (const button of copies) {
    const box = await button.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(widths.viewport);
  }
});

test('demo checkout and previewer offer every locale the widget has, from its one list', async ({ page }) => {
  await page.goto(demoUrl);
  expect(await page.locator('#locale option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).toEqual(['auto', ...LOCALES]);
  await page.goto(`${demoUrl}previewer.html`);
  expect(await page.locator('#locale option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).toEqual([...LOCALES]);
});

test('theme previewer: the colour-scheme select shows the scheme applied (a one-palette preset such as night is dark)', async ({ page }) => {
  await page.goto(`${demoUrl}previewer.html`);
  const scheme = page.locator('#color-scheme');
  await expect(scheme).toHaveValue('light');
  const onePalette = PRESET_NAMES.filter((name) => !PRESETS[name].dark);
  expect(onePalette).toContain('night');
  for (const name of onePalette) {
    await page.locator('#preset').selectOption(name);
    await expect(scheme).toHaveValue(PRESETS[name].scheme);
    await expect(scheme).toBeDisabled();
  }
  await page.locator('#preset').selectOption('default');
  await expect(scheme).toHaveValue('light');
  await expect(scheme).toBeEnabled();
});

test('theme previewer: the copy buttons never wrap, at any width', async ({ page }) => {
  for (const width of [1440, 1280, 1024, 800, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${demoUrl}previewer.html`);
    for (const id of ['copy-json', 'copy-css']) {
      const lines = await page.locator(`#${id}`).evaluate((button) => {
        const range = document.createRange();
        range.selectNodeContents(button);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines, `${id} at ${width} px`).toBe(1);
    }
  }
});
