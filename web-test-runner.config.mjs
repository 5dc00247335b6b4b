// Browser tests: web-test-runner on Debian's Chromium (never a downloaded browser), esbuild for TS.
// Which files run here is decided in scripts/test-files.mjs. Coverage of src/ goes to
// coverage/browser/lcov.info; scripts/check-coverage.mjs merges it with the Node tests' coverage.
// A real sandbox runs on a loopback port for the tests; they learn its URL and keys from
// /__tender/sandbox.json, served by the plugin below. The sandbox serves the isolated card frame built
// from the sources at start (scripts/build-frame.mjs) on its own origin (another port: cross-origin). /__tender/answer-challenge?url=…&answer=…
// answers a 3-D Secure test page as the customer's browser would (open it, post its form with the
// page's token) and tells where the sandbox sent the customer: a test page cannot read the
// challenge page itself, which sends no CORS header. The command `answer-challenge-frame` clicks an
// answer in the challenge page framed by the element's 3-D Secure modal.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { register } from 'tsx/esm/api';
import { BROWSER_TEST_GLOBS } from './scripts/test-files.mjs';
import { buildFrame } from './scripts/build-frame.mjs';

register();
const { startSandbox } = await import('./sandbox/server.ts');
const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('./test/chromium.ts');
const { answerChallenge } = await import('./sandbox/test/helpers.ts');

let sandbox;
/** The card frame, built from the sources for this run (never a stale dist/frame): the sandbox serves it at /frame/card. */
const frameDir = mkdtempSync(join(tmpdir(), 'tender-frame-'));

export default {
  files: BROWSER_TEST_GLOBS,
  coverage: true,
  coverageConfig: {
    include: ['src/**/*.ts'],
    exclude: ['**/*.test.ts', 'test/**', 'node_modules/**'],
    reportDir: 'coverage/browser',
    reporters: ['lcovonly'],
  },
  nodeResolve: { exportConditions: ['browser', 'development'] },
  concurrency: 2,
  plugins: [
    esbuildPlugin({
      ts: true,
      target: 'es2022',
      // esbuild reads no tsconfig unless told: without it Lit's decorators break
      tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
    }),
    {
      // `executeServerCommand('answer-challenge-frame', { answer: 'Complete' | 'Reject' })`: clicks the
      // answer in the 3-D Secure page inside the element's modal, as the customer would (the page is
      // cross-origin: a test page cannot reach into it). Resolves once clicked.
      name: 'tender-challenge-frame',
      async executeCommand({ command, payload, session }) {
        if (command !== 'answer-challenge-frame') return undefined;
        const page = session.browser.getPage(session.id);
        const deadline = Date.now() + 8000;
        let frame;
        while (!(frame = page.frames().find((f) => f.url().includes('/payments/redirect/')))) {
          if (Date.now() > deadline) throw new Error('no 3-D Secure challenge frame on the page');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await frame.getByRole('button', { name: `${payload.answer} Payment` }).click();
        return true;
      },
    },
    {
      name: 'tender-sandbox',
      async serverStart() {
        await buildFrame(frameDir, { minify: false });
        sandbox = await startSandbox({ port: 0, dbPath: ':memory:', log: null, frameDir });
      },
      async serverStop() {
        await sandbox?.close();
        rmSync(frameDir, { recursive: true, force: true });
      },
      async serve(context) {
        if (context.path === '/__tender/answer-challenge') {
          const answer = await answerChallenge(String(context.query.url), String(context.query.answer));
          return { body: JSON.stringify({ status: answer.status, location: answer.headers.get('location') }), type: 'json' };
        }
        if (context.path !== '/__tender/sandbox.json') return undefined;
        return {
          body: JSON.stringify({
            url: sandbox.url,
            adminKey: sandbox.adminKey,
            publishableKey: sandbox.demo.publishableKey,
            secretKey: sandbox.demo.secretKey,
          }),
          type: 'json',
        };
      },
    },
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
      },
    }),
  ],
  filterBrowserLogs: ({ args }) => !args.some((arg) => typeof arg === 'string' && arg.includes('Lit is in dev mode')),
  testFramework: { config: { timeout: 10000 } },
};
