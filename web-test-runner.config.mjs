// Browser tests: web-test-runner on Debian's Chromium (never a downloaded browser), esbuild for TS.
// Which files run here is decided in scripts/test-files.mjs. Coverage of src/ goes to
// coverage/browser/lcov.info; scripts/check-coverage.mjs merges it with the Node tests' coverage.
// A real sandbox runs on a loopback port for the tests; they learn its URL and keys from
// /__tender/sandbox.json, served by the plugin below. The sandbox serves the isolated card frame built
// from the sources at start (scripts/build-frame.mjs) on its own origin (another port: cross-origin). /__tender/answer-challenge?url=…&answer=…
// answers a 3-D Secure test page as the customer's browser would (open it, post its form with the
// page's token) and tells where the sandbox sent the customer: a test page cannot read the
// challenge page itself, which sends no CORS header. POST /__tender/merchant stands in for the
// merchant's server: it makes the call the page describes (`{url, key, method, path, body}`) on
// one of the two sandboxes and answers `{status, body}` — the sandbox gives secret-key and admin
// routes no CORS, so a test page cannot call them itself. The command `answer-challenge-frame` clicks an
// answer in the challenge page framed by the element's 3-D Secure modal. A second sandbox, whose
// challenges time out after CHALLENGE_TIMEOUT_MS (the test-only `challengeWindowMs`), is
// `challengeTimeout` in sandbox.json: the tests of a challenge left unanswered pay on it, and no
// other test's challenge can run out of time. `ax-node` reads a node of Chromium's accessibility tree.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/** How long the second sandbox's 3-D Secure challenges wait for an answer (its default is 10 minutes). */
const CHALLENGE_TIMEOUT_MS = 4000;

let sandbox;
/** Confirms held by the card-frame command `hold-next-confirm`, by test session, and what releases them. */
const heldConfirms = new Map();
const releases = new Map();

/**
 * Puts `text` on the browser's clipboard as a customer does: selected in a field of the page and
 * copied with Ctrl+C (the field is taken out again; focus goes back where it was).
 */
async function copyToClipboard(page, text) {
  await page.evaluate((value) => {
    const field = document.createElement('textarea');
    field.id = '__tender-clipboard';
    field.value = value;
    document.body.append(field);
    field.select();
  }, text);
  await page.keyboard.press('ControlOrMeta+C');
  await page.evaluate(() => document.getElementById('__tender-clipboard')?.remove());
}

/**
 * Name and description of a field of the card frame, as Chromium's accessibility tree has them: the
 * frame's tree through the DevTools protocol (the page's session, or the frame's own when it runs out
 * of process), its text box named by the field's label.
 */
async function accessibleField(page, frame, field) {
  const label = await frame.locator('tender-card-form').evaluate((element, id) => element.shadowRoot.querySelector(`label[for=${id}]`)?.textContent ?? '', field);
  const read = async (cdp) => {
    const { frameTree } = await cdp.send('Page.getFrameTree');
    const find = (tree) => (tree.frame.url === frame.url() ? tree.frame.id : (tree.childFrames ?? []).map(find).find(Boolean));
    const frameId = find(frameTree);
    const { nodes } = await cdp.send('Accessibility.getFullAXTree', frameId ? { frameId } : {});
    const node = nodes.find((candidate) => candidate.role?.value === 'textbox' && candidate.name?.value === label.trim());
    return node ? { name: node.name.value, description: node.description?.value ?? '' } : null;
  };
  const pageSession = await page.context().newCDPSession(page);
  try {
    const found = await read(pageSession).catch(() => null);
    if (found) return found;
  } finally {
    await pageSession.detach();
  }
  const frameSession = await page.context().newCDPSession(frame);
  try {
    const found = await read(frameSession);
    if (!found) throw new Error(`ax: no text box named "${label}" in the card frame`);
    return found;
  } finally {
    await frameSession.detach();
  }
}
/** axe-core, run inside the card frame by Playwright (the frame's CSP allows only its own scripts; evaluate() is not a script load). */
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** The card frame, built from the sources for this run (never a stale dist/frame): the sandbox serves it at /frame/card. */
const frameDir = mkdtempSync(join(tmpdir(), 'tender-frame-'));
let challengeTimeout;

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
        // the newest challenge page still attached: a dialog reopened with a fresh link may still list the closed one's
        // frame, detached, or be navigating away from it; such a click is tried again on the frame that replaced it
        for (;;) {
          const frame = page.frames().filter((f) => !f.isDetached() && f.url().includes('/payments/redirect/')).at(-1);
          try {
            if (frame) {
              await frame.getByRole('button', { name: `${payload.answer} Payment` }).click({ timeout: Math.max(deadline - Date.now(), 1) });
              return true;
            }
          } catch (error) {
            if (!/detached/i.test(String(error)) || Date.now() > deadline) throw error;
          }
          if (Date.now() > deadline) throw new Error('no 3-D Secure challenge frame on the page');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
    },
    {
      // `executeServerCommand('card-frame', { action, … })`: acts in the isolated card frame of the
      // page's only (or `index`-th) `<tender-checkout>` as the customer would, through Playwright (the
      // frame is cross-origin: a test page cannot reach into it):
      //   { action: 'type', field, text }   focuses a field (click at its end) and types with real keys
      //   { action: 'press', key }          presses a key where focus is
      //   { action: 'lose-next-confirm' }   the next confirm is processed and its answer lost (a dropped connection)
      //   { action: 'click', name? }        clicks a button by its accessible name (none: the pay button)
      //   { action: 'read' }                { fields: {id: value}, errors: {id: text}, status, button, focused, lang, dir, scroll, buttonBackground }
      //   { action: 'axe' }                 axe-core's violations inside the frame (ids and targets)
      //   { action: 'keys', text }          types with real keys where focus is (no click first)
      //   { action: 'paste', field, text }  puts `text` on the clipboard (a real copy, Ctrl+C, from a field of
      //                                     the test page), then focuses the field (a click) and presses Ctrl+V
      //   { action: 'ax', field }           Chromium's accessibility tree on a field in the frame: { name, description }
      //   { action: 'hold-next-confirm' }   the next confirm waits until { action: 'release-confirm' }
      //   { action: 'placeholders' }        each input's placeholder as painted, and the frame's media:
      //                                     { forcedColors, floating, fields: { id: { color, opacity } } }
      //   { action: 'evaluate', expression } the value of a JavaScript expression in the frame, where `form` is the
      //                                     frame's <tender-card-form>
      name: 'tender-card-frame',
      async executeCommand({ command, payload, session }) {
        if (command !== 'card-frame') return undefined;
        const page = session.browser.getPage(session.id);
        const deadline = Date.now() + 8000;
        // an element just removed may still list its frame, detached: only attached frames count, and one
        // that detaches while its form is awaited gives way to the frame that replaced it
        let frame;
        for (;;) {
          frame = page.frames().filter((f) => !f.isDetached() && f.url().includes('/frame/card'))[payload.index ?? 0];
          try {
            if (frame) {
              await frame.waitForSelector('tender-card-form', { state: 'attached', timeout: Math.max(deadline - Date.now(), 1) });
              break;
            }
          } catch (error) {
            if (!/detached/i.test(String(error)) || Date.now() > deadline) throw error;
          }
          if (Date.now() > deadline) throw new Error('no card frame on the page');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const form = frame.locator('tender-card-form');
        switch (payload.action) {
          case 'type': {
            const input = form.locator(`#${payload.field}`);
            await input.click();
            await input.press('End');
            await page.keyboard.type(payload.text);
            return true;
          }
          case 'press':
            await page.keyboard.press(payload.key);
            return true;
          case 'lose-next-confirm':
            // the next confirm reaches the sandbox, which pays, and its answer is lost on the way back
            await page.route('**/payments/*/confirm', async (route) => {
              await route.fetch();
              await route.abort('connectionreset');
            }, { times: 1 });
            return true;
          case 'keys':
            await page.keyboard.type(payload.text);
            return true;
          case 'paste': {
            await copyToClipboard(page, payload.text);
            await form.locator(`#${payload.field}`).click();
            await page.keyboard.press('ControlOrMeta+V');
            return true;
          }
          case 'ax':
            return accessibleField(page, frame, payload.field);
          case 'hold-next-confirm': {
            let release;
            heldConfirms.set(session.id, new Promise((resolve) => (release = resolve)));
            releases.set(session.id, release);
            await page.route('**/payments/*/confirm', async (route) => {
              await heldConfirms.get(session.id);
              await route.continue();
            }, { times: 1 });
            return true;
          }
          case 'release-confirm':
            releases.get(session.id)?.();
            return true;
          case 'placeholders':
            return form.evaluate((element) => ({
              forcedColors: matchMedia('(forced-colors: active)').matches,
              floating: Boolean(element.shadowRoot.querySelector('.labels-floating')),
              fields: Object.fromEntries([...element.shadowRoot.querySelectorAll('input')].map((input) => {
                const style = getComputedStyle(input, '::placeholder');
                return [input.id, { color: style.color, opacity: style.opacity }];
              })),
            }));
          case 'click':
            await (payload.name ? form.getByRole('button', { name: payload.name }) : form.locator('button[part=button]')).click();
            return true;
          case 'read':
            return form.evaluate((element) => {
              const root = element.shadowRoot;
              const fields = {};
              const errors = {};
              for (const input of root.querySelectorAll('input')) fields[input.id] = input.value;
              for (const error of root.querySelectorAll('.error')) if (!error.hidden) errors[error.id.replace(/-error$/, '')] = error.textContent.trim();
              const base = root.querySelector('.base');
              return {
                fields,
                errors,
                status: ([...root.querySelectorAll('[part=status] .status')].at(-1)?.textContent ?? '').replace(/\s+/g, ' ').trim(),
                button: (root.querySelector('button[part=button]')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
                focused: document.hasFocus() ? (root.activeElement?.id || root.activeElement?.getAttribute('part') || root.activeElement?.textContent?.trim() || '') : '',
                lang: base?.getAttribute('lang') ?? '',
                dir: base?.getAttribute('dir') ?? '',
                scroll: { height: document.documentElement.scrollHeight, viewport: window.innerHeight },
                buttonBackground: root.querySelector('button[part=button]') ? getComputedStyle(root.querySelector('button[part=button]')).backgroundColor : '',
                disabled: [...root.querySelectorAll('input')].filter((input) => input.disabled).map((input) => input.id),
              };
            });
          case 'axe': {
            if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(readFileSync(AXE, 'utf8'));
            return frame.evaluate(async () => {
              // the frame's document is a part of the merchant's page, not a page: the rules about a page's
              // own structure (a main landmark, an h1, content in landmarks) are the merchant page's to meet
              const rules = { region: { enabled: false }, 'page-has-heading-one': { enabled: false }, 'landmark-one-main': { enabled: false } };
              const result = await window.axe.run(document, { resultTypes: ['violations'], rules });
              return result.violations.map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target) }));
            });
          }
          case 'evaluate':
            // a string is evaluated by the DevTools protocol, which the frame's CSP (no eval) does not bind
            return frame.evaluate(`((form) => (${payload.expression}))(document.querySelector('tender-card-form'))`);
          default:
            throw new Error(`card-frame: unknown action ${payload.action}`);
        }
      },
    },
    {
      // `executeServerCommand('ax-node')`: what Chromium's accessibility tree says of the element the page put
      // in `window.__tenderAxProbe` (the harness's `accessibilityOf`): role, name, description, required.
      // The browser's own computation, through the DevTools protocol: hidden referenced nodes and all.
      name: 'tender-ax-node',
      async executeCommand({ command, session }) {
        if (command !== 'ax-node') return undefined;
        const page = session.browser.getPage(session.id);
        const cdp = await page.context().newCDPSession(page);
        try {
          const { result } = await cdp.send('Runtime.evaluate', { expression: 'window.__tenderAxProbe' });
          if (!result.objectId) throw new Error('ax-node: window.__tenderAxProbe is no element');
          const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId, fetchRelatives: false });
          const node = nodes[0];
          const property = (name) => node?.properties?.find((entry) => entry.name === name)?.value.value;
          return {
            role: node?.role?.value ?? '',
            name: node?.name?.value ?? '',
            description: node?.description?.value ?? '',
            required: property('required') === true,
          };
        } finally {
          await cdp.detach();
        }
      },
    },
    {
      name: 'tender-sandbox',
      async serverStart() {
        await buildFrame(frameDir, { minify: false });
        sandbox = await startSandbox({ port: 0, dbPath: ':memory:', log: null, frameDir });
        challengeTimeout = await startSandbox({ port: 0, dbPath: ':memory:', log: null, frameDir, challengeWindowMs: CHALLENGE_TIMEOUT_MS });
      },
      async serverStop() {
        await sandbox?.close();
        await challengeTimeout?.close();
        rmSync(frameDir, { recursive: true, force: true });
      },
      async serve(context) {
        if (context.path === '/__tender/merchant' && context.method === 'POST') {
          const chunks = [];
          for await (const chunk of context.req) chunks.push(chunk);
          const { url, key, method, path, body } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if (url !== sandbox.url && url !== challengeTimeout.url) throw new Error(`/__tender/merchant: ${url} is not a test sandbox`);
          const headers = { 'api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
          const response = await fetch(`${url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
          const text = await response.text();
          return { body: JSON.stringify({ status: response.status, body: text ? JSON.parse(text) : null }), type: 'json' };
        }
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
            challengeTimeout: {
              url: challengeTimeout.url,
              publishableKey: challengeTimeout.demo.publishableKey,
              secretKey: challengeTimeout.demo.secretKey,
              windowMs: CHALLENGE_TIMEOUT_MS,
            },
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
  // A test's own waits bound what it expects; this only stops a hung test. 20 s, because on a two-core
  // CI machine the isolated tests (a frame, its scripts and a sandbox round trip each) took over 10 s.
  testFramework: { config: { timeout: 20000 } },
};
