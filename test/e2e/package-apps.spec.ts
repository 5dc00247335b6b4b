// The packed package as integrators get it: four fresh apps (test/package-apps/) each `npm install`
// the tarball `npm pack` makes from this build, type-check against its declarations (a wrong
// payment-status comparison must fail to compile), build with Vite and pay a sandbox payment in
// Chromium, the card typed into the element's isolated frame (the default) under the isolated
// merchant CSP. React 18 and 19 run under StrictMode: one tender-ready, one result, one attempt.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test, expect, type Page } from '@playwright/test';
import { build } from 'vite';
import { card, createPayment, merchantCsp, retrievePayment, sandbox, serveStatic, type Payment } from './support.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const APPS_DIR = join(ROOT, 'test/package-apps');
// inside the repository, so that the apps' Vite config finds the repository's Vite plugins
const WORK_DIR = join(ROOT, 'test-results/package-apps');
const VISA_SUCCESS = '4242424242424242';

interface App {
  name: 'vite' | 'react18' | 'react19' | 'vue';
  /** The folder under test/package-apps/ (the two React apps share one, with the React major set at install). */
  source: 'vite' | 'react' | 'vue';
  /** For the React apps: the major version of react, react-dom and their types to install. */
  reactMajor?: 18 | 19;
  /** The type checker: tsc, or vue-tsc for the Vue app (templates too). */
  checker: string;
  /** Whether the page pays with its own button and `ref.current.confirm()` (the React apps). */
  ownButton: boolean;
}

const APPS: App[] = [
  { name: 'vite', source: 'vite', checker: 'node_modules/typescript/bin/tsc', ownButton: false },
  { name: 'react18', source: 'react', reactMajor: 18, checker: 'node_modules/typescript/bin/tsc', ownButton: true },
  { name: 'react19', source: 'react', reactMajor: 19, checker: 'node_modules/typescript/bin/tsc', ownButton: true },
  { name: 'vue', source: 'vue', checker: 'node_modules/vue-tsc/bin/vue-tsc.js', ownButton: false },
];

let packDir: string;
let tarball: string;

test.beforeAll(async () => {
  packDir = mkdtempSync(join(tmpdir(), 'tender-package-apps-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', packDir], { cwd: ROOT });
  const [info] = JSON.parse(stdout) as { filename: string }[];
  tarball = join(packDir, info?.filename ?? '');
});

test.afterAll(() => {
  rmSync(packDir, { recursive: true, force: true });
});

/** Copies the app to the work folder, points its `tender-checkout` dependency at the tarball and installs. */
async function install(app: App, folder: string = app.name): Promise<string> {
  const dir = join(WORK_DIR, folder);
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(APPS_DIR, app.source), dir, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies?: Record<string, string> };
  manifest.dependencies['tender-checkout'] = `file:${tarball}`;
  if (app.reactMajor) {
    const range = `^${app.reactMajor}`;
    Object.assign(manifest.dependencies, { react: range, 'react-dom': range });
    manifest.devDependencies = { ...manifest.devDependencies, '@types/react': range, '@types/react-dom': range };
  }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--prefer-offline'], { cwd: dir });
  return dir;
}

/** Runs the app's type checker; resolves with its exit code and output. */
async function typecheck(app: App, dir: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(ROOT, app.checker), '--noEmit', '-p', 'tsconfig.json'], { cwd: dir });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** The page's address for a payment. */
function address(baseUrl: string, payment: Payment): string {
  const { url, publishableKey } = sandbox();
  return `${baseUrl}/index.html?${new URLSearchParams({ publishableKey, apiBase: url, clientSecret: payment.client_secret })}`;
}

/** The card form, in the element's isolated frame (the default). */
const cardForm = (page: Page) => page.frameLocator('tender-checkout iframe[part="frame"]').locator('tender-card-form');

async function typeCard(page: Page): Promise<void> {
  const typed = card(VISA_SUCCESS);
  const form = cardForm(page);
  await form.locator('input#number').pressSequentially(typed.number);
  await form.locator('input#expiry').pressSequentially(typed.expiry);
  await form.locator('input#cvc').pressSequentially(typed.cvc);
}

for (const app of APPS) {
  test(`${app.name}: installs the packed tarball, type-checks, builds with Vite and pays`, async ({ page }) => {
    test.setTimeout(240_000);
    const dir = await install(app);
    const installed = JSON.parse(readFileSync(join(dir, 'node_modules/tender-checkout/package.json'), 'utf8')) as { version: string };
    expect(installed.version).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    if (app.name.startsWith('react')) {
      const react = JSON.parse(readFileSync(join(dir, 'node_modules/react/package.json'), 'utf8')) as { version: string };
      expect(react.version.split('.')[0]).toBe(app.name.slice('react'.length));
    }

    const clean = await typecheck(app, dir);
    expect(clean.output).toBe('');
    expect(clean.code).toBe(0);
    writeFileSync(
      join(dir, 'src/wrong-status.ts'),
      "import type { TenderResultDetail } from 'tender-checkout';\n\nexport const isPaid = (detail: TenderResultDetail): boolean => detail.status === 'paid';\n",
    );
    const wrong = await typecheck(app, dir);
    expect(wrong.code).not.toBe(0);
    expect(wrong.output).toMatch(/src\/wrong-status\.ts\(3,\d+\): error TS2367: .*'"paid"'/);
    rmSync(join(dir, 'src/wrong-status.ts'));

    // React's development build, where StrictMode renders twice and runs effects twice
    await build({
      root: dir,
      configFile: app.name === 'vue' ? join(dir, 'vite.config.ts') : false,
      logLevel: 'warn',
      mode: 'development',
      define: { 'process.env.NODE_ENV': JSON.stringify('development') },
      build: { minify: false, outDir: 'dist', emptyOutDir: true },
    });
    const bundled = readdirSync(join(dir, 'dist/assets'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(dir, 'dist/assets', file), 'utf8'))
      .join('\n');
    if (app.name.startsWith('react')) expect(bundled).toMatch(/react-dom(-client)?\.development\.js/);
    // a locale is one file in the build too (the package ships each once; Vite copies what is imported)
    expect(readdirSync(join(dir, 'dist/assets')).filter((file) => /^de-[\w-]+\.js$/.test(file))).toHaveLength(1);

    const { url: apiBase } = sandbox();
    const server = await serveStatic({ csp: merchantCsp(apiBase), pagesDir: join(dir, 'dist') });
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    try {
      const payment = await createPayment({ amount: 2500, currency: 'EUR' });
      await page.goto(address(server.url, payment));
      const checkout = page.locator('tender-checkout');
      await expect(cardForm(page).locator('input#number')).toBeVisible();

      if (app.ownButton) {
        await expect(page.locator('#ready-count')).toHaveText('1');
        // camelCase props reached the element as properties; `appearance` is an object, never an attribute
        expect(await checkout.evaluate((element: HTMLElement & { appearance?: unknown; clientSecret?: string }) => [element.appearance, element.clientSecret])).toEqual([
          { theme: 'night', variables: { borderRadius: '10px' } },
          payment.client_secret,
        ]);
        await expect(checkout).not.toHaveAttribute('appearance');
        const fiberMode = await checkout.evaluate((element) => {
          const key = Object.keys(element).find((name) => name.startsWith('__reactFiber$'));
          const fiber = key ? (element as unknown as Record<string, { mode: number }>)[key] : undefined;
          return fiber?.mode ?? -1;
        });
        expect(fiberMode & 24, 'StrictMode bits on the <tender-checkout> fiber').toBe(24);
      } else if (app.name === 'vue') {
        expect(await checkout.evaluate((element: HTMLElement & { appearance?: unknown }) => element.appearance)).toEqual({ theme: 'soft' });
      }

      await typeCard(page);
      if (app.ownButton) await page.locator('#pay').click();
      else await cardForm(page).locator('button[part="button"]').click();

      await expect(page.locator('#results li')).toHaveCount(1);
      await expect(page.locator('#results li')).toHaveAttribute('data-status', 'succeeded');
      await expect(page.locator('#results li')).toHaveText(`paid ${payment.payment_id}`);
      expect(await retrievePayment(payment.payment_id)).toMatchObject({ status: 'succeeded', amount_received: 2500, attempt_count: 1 });
      if (app.ownButton) await expect(page.locator('#ready-count')).toHaveText('1');
      expect(cspViolations).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await server.close();
    }
  });
}

test('server rendering imports tender-checkout/react without a window and renders <tender-checkout>', async () => {
  const dir = await install(APPS.find((app) => app.name === 'react19') as App, 'react19-ssr');
  const script = [
    "const { createElement } = await import('react');",
    "const { renderToString } = await import('react-dom/server');",
    "const { TenderCheckout } = await import('tender-checkout/react');",
    "if (typeof window !== 'undefined') throw new Error('window exists');",
    "console.log(renderToString(createElement(TenderCheckout, { clientSecret: 'pay_x_secret_y' })));",
  ].join('\n');
  const { stdout } = await run(process.execPath, ['--input-type=module', '--eval', script], { cwd: dir });
  expect(stdout.trim()).toMatch(/^<tender-checkout[^>]*><\/tender-checkout>$/);
});
