// Smoke tests of the demo site (`npm run demo`: its own sandbox in memory, Vite on a free port, the
// demo's strict CSP): the checkout page takes a card payment end to end, and the theme previewer
// shows every state and every preset and applies a chosen preset.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
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

test('demo checkout: create a payment, pay with a test card, see the outcome and the event log', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(demoUrl);
  await expect(page.getByRole('heading', { name: 'Your order' })).toBeVisible();
  await expect(page.locator('#theme option')).toHaveCount(PRESET_NAMES.length);

  await page.getByRole('button', { name: 'Create payment' }).click();
  const checkout = page.locator('#checkout-slot tender-checkout');
  await expect(page.locator('#event-log li[data-event="tender-ready"]')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('#payment-id')).toHaveText(/^pay_/);

  const typed = card('4242424242424242');
  await checkout.locator('input#number').pressSequentially(typed.number);
  await checkout.locator('input#expiry').pressSequentially(typed.expiry);
  await checkout.locator('input#cvc').pressSequentially(typed.cvc);
  await checkout.locator('button[part="button"]').click();

  await expect(page.locator('#event-log li[data-event="tender-result"]')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.locator('#payment-status')).toHaveText('succeeded');
  await expect(page.locator('#event-log li[data-event="tender-result"] pre').first()).toContainText('"status": "succeeded"');
  const log = await page.locator('#event-log').innerText();
  expect(log).not.toContain(typed.number);
  expect(log).not.toContain('4242 4242 4242 4242');
  expect(problems).toEqual([]);
});

test('theme previewer: every state, every preset, and a chosen preset applied to the gallery', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(`${demoUrl}previewer.html`);
  await expect(page.getByRole('heading', { name: 'Appearance', exact: true })).toBeVisible();

  const gallery = page.locator('#state-gallery tender-checkout');
  await expect(gallery).toHaveCount(8);
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
