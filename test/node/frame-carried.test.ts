// The frame page carries its late files after its critical script (docs/decisions/0100); the loader at
// the start of that script (CARRIED_LOADER in scripts/build-frame.mjs) is where the script's imports of
// those files go. Run here against a stand-in window and document: what it takes from the page, when it
// waits, and when it imports the file from its URL as before. (The real page, in Chromium:
// test/e2e/server-rendered.spec.ts, which also checks that the frame fetches neither file.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CARRIED_LOADER } from '../../scripts/build-frame.mjs';

const LATE = './assets/late-AAAAAAAA.js';
const BILLING = './assets/billing-fields-BBBBBBBB.js';

interface Page {
  window: Record<string, unknown> & { __tenderImport: (url: string) => Promise<unknown>; __tenderDefined: (url: string) => void };
  /** What a carried script does as it runs: its exports into the registry, then the call. */
  run(url: string, exports: Record<string, unknown>): void;
  /** The page's load event (every script of the page has run). */
  load(): void;
  imported: string[];
}

/** A page listing `carried`, with the loader run as the critical script's first statement; `readyState` as the document has it then. */
function page(carried: string[] | null, readyState = 'loading', before: Record<string, Record<string, unknown>> = {}): Page {
  const listeners: (() => void)[] = [];
  const imported: string[] = [];
  const window: Record<string, unknown> = {
    addEventListener: (type: string, listener: () => void) => type === 'load' && listeners.push(listener),
  };
  if (Object.keys(before).length > 0) window['__tenderModules'] = { ...before };
  const document = {
    readyState,
    getElementById: (id: string) => (id === 'tender-carried' && carried ? { textContent: JSON.stringify(carried) } : null),
  };
  // the loader's own `import(u)` goes to the stand-in, which records the URL and answers a module of its own
  const code = CARRIED_LOADER.replace(/\bimport\(u\)/g, 'fetchModule(u)');
  assert.equal(code.split('fetchModule(u)').length, CARRIED_LOADER.split('import(u)').length, 'every import() of the loader is replaced');
  new Function('self', 'document', 'fetchModule', code)(window, document, (url: string) => {
    imported.push(url);
    return Promise.resolve({ fetched: url });
  });
  return {
    window: window as Page['window'],
    run(url, exports) {
      ((window['__tenderModules'] ??= {}) as Record<string, unknown>)[url] = exports;
      (window['__tenderDefined'] as ((url: string) => void) | undefined)?.(url);
    },
    load() {
      for (const listener of listeners) listener();
    },
    imported,
  };
}

/** Whether a promise has settled within the microtasks queued now. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('the frame page’s loader of the files it carries', () => {
  it('waits for a carried file whose script comes later in the page, and gives every caller its exports, fetching nothing', async () => {
    const frame = page([LATE, BILLING]);
    const first = frame.window.__tenderImport(LATE);
    const second = frame.window.__tenderImport(LATE);
    assert.equal(await settled(first), false, 'nothing until its script ran');
    const exports = { createClient: () => 'client' };
    frame.run(LATE, exports);
    assert.equal(await first, exports);
    assert.equal(await second, exports, 'a second import before the script ran gets the same module');
    assert.equal(await frame.window.__tenderImport(LATE), exports);
    assert.deepEqual(frame.imported, []);
  });

  it('takes a file whose script ran before the critical one from the registry', async () => {
    const exports = { BillingFields: class {} };
    const frame = page([LATE, BILLING], 'interactive', { [BILLING]: exports });
    assert.equal(await frame.window.__tenderImport(BILLING), exports);
    assert.deepEqual(frame.imported, []);
  });

  it('imports a file the page does not carry from its URL, at once', async () => {
    const frame = page([LATE]);
    assert.deepEqual(await frame.window.__tenderImport(BILLING), { fetched: BILLING });
    assert.deepEqual(await page(null).window.__tenderImport(LATE), { fetched: LATE }, 'a page with no list (an older sandbox) carries none');
  });

  it('imports a carried file from its URL when the page has loaded without it (its script failed)', async () => {
    const frame = page([LATE]);
    const pending = frame.window.__tenderImport(LATE);
    assert.equal(await settled(pending), false);
    frame.load();
    assert.deepEqual(await pending, { fetched: LATE });
    assert.deepEqual(frame.imported, [LATE]);
    // and once the page is complete, a later import does not wait for a load event that has passed
    const late = page([LATE], 'complete');
    assert.deepEqual(await late.window.__tenderImport(LATE), { fetched: LATE });
  });

  it('does not import a file from its URL at load when its script had run', async () => {
    const frame = page([LATE]);
    const pending = frame.window.__tenderImport(LATE);
    frame.run(LATE, { ok: true });
    frame.load();
    assert.deepEqual(await pending, { ok: true });
    assert.deepEqual(frame.imported, []);
  });
});
