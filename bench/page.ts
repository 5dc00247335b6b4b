/**
 * The in-page half of the browser benchmarks (bench/time-to-ready.ts, bench/keystroke.ts). Bundled
 * on its own by bench/browser.ts and loaded next to the element's production bundle; it never
 * imports the element's code, it drives `<tender-checkout>` the way a merchant page does.
 *
 * It stubs `window.fetch` for the benchmark's API base only: a GET /payments/{id}?client_secret=…
 * is answered from memory with a prepared PaymentResponse body, and the GET
 * /account/payment_methods?client_secret=… the form sends beside it with the sandbox's list, inside
 * the page (no socket, no DevTools round trip to Playwright). Every timing is taken here with performance.now().
 */

interface BenchElement extends HTMLElement {
  updateComplete: Promise<boolean>;
}

export interface BenchInit {
  apiBase: string;
  publishableKey: string;
  /** A PaymentResponse with `payment_id` and `client_secret` filled in per payment. */
  paymentTemplate: Record<string, unknown>;
  /** The PaymentMethodListResponse every payment's list is answered with (bench/browser.ts methodListTemplate). */
  methodList: Record<string, unknown>;
}

/** One time-to-ready run; every time in ms from just before `append`. */
export interface ReadySample {
  /** `tender-ready` dispatched (payment fetched, parsed and accepted; the form is not rendered yet). */
  ready: number;
  /** The element's `updateComplete` after `tender-ready`: the form is in the DOM and not hidden. */
  rendered: number;
  /** Style and layout of the form forced synchronously (`getBoundingClientRect`). */
  laidOut: number;
  /**
   * THE measure: a task posted from the first `requestAnimationFrame` callback after `laidOut` ran,
   * i.e. the first frame with the form in it has done its main-thread work (style, layout, paint,
   * commit to the compositor). Rasterising and showing the pixels happen after, off the main thread.
   */
  painted: number;
  /** How long that frame's main-thread part took (its rAF callback → the posted task). */
  frameWork: number;
  /** Where in the frame cycle `append` happened: ms since the last frame began (0 … one interval). */
  phase: number;
  /** The form's height when laid out (sanity check: the form really is shown). */
  formHeight: number;
}

export interface KeystrokeSample {
  /** value set + `input` dispatched + the element's `updateComplete` resolved. */
  update: number;
  /** The same, then style and layout forced (`offsetWidth`): not part of the budget, for information. */
  withLayout: number;
  kind: 'insert' | 'delete' | 'clear';
  /** The keystroke completed a valid number and the element moved focus to the expiry field. */
  focusMoved: boolean;
}

export interface TypedSample {
  /** `keydown` seen by the document (capture) → the element's `updateComplete` after the `input` event. */
  update: number;
}

declare global {
  interface Window {
    tenderBench: typeof api;
  }
}

let settings: BenchInit | null = null;
const bodies = new Map<string, string>();
let stubbedRequests = 0;
let unexpectedRequests: string[] = [];

const originalFetch = window.fetch.bind(window);

/** The stand-in for the payment API: answers from memory, in the page, for the benchmark's API base only. */
window.fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!settings || !url.startsWith(`${settings.apiBase}/`)) return originalFetch(input, init);
  const parsed = new URL(url);
  const secret = parsed.searchParams.get('client_secret') ?? '';
  const body = bodies.get(secret);
  const headers = new Headers(init?.headers);
  const method = (init?.method ?? 'GET').toUpperCase();
  const known = method === 'GET' && body !== undefined && headers.get('api-key') === settings.publishableKey;
  if (known && parsed.pathname.endsWith('/account/payment_methods')) {
    stubbedRequests += 1;
    return Promise.resolve(new Response(JSON.stringify(settings.methodList), { status: 200, headers: { 'content-type': 'application/json' } }));
  }
  if (!known || !parsed.pathname.endsWith(`/payments/${secret.slice(0, secret.lastIndexOf('_secret_'))}`)) {
    unexpectedRequests.push(`${method} ${parsed.pathname}`);
    const envelope = JSON.stringify({ error: { type: 'invalid_request', message: 'not a benchmark payment', code: 'HE_02' } });
    return Promise.resolve(new Response(envelope, { status: 404, headers: { 'content-type': 'application/json' } }));
  }
  stubbedRequests += 1;
  return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
};

function init(options: BenchInit): void {
  settings = options;
}

let paymentCounter = 0;

/** A new payment the stub knows: a distinct id and client secret each time. */
function newPayment(): string {
  if (!settings) throw new Error('tenderBench.init() was not called');
  paymentCounter += 1;
  const paymentId = `pay_bench${String(paymentCounter).padStart(6, '0')}${Math.random().toString(36).slice(2, 8)}`;
  const clientSecret = `${paymentId}_secret_${Math.random().toString(36).slice(2, 14)}`;
  bodies.set(clientSecret, JSON.stringify({ ...settings.paymentTemplate, payment_id: paymentId, client_secret: clientSecret }));
  return clientSecret;
}

/** The inline form's shadow root (`<tender-checkout inline>` shows `<tender-card-form>` in its own). */
const formRoot = (element: HTMLElement): ShadowRoot | null => element.shadowRoot?.querySelector('tender-card-form')?.shadowRoot ?? null;

function newElement(clientSecret: string): BenchElement {
  if (!settings) throw new Error('tenderBench.init() was not called');
  const element = document.createElement('tender-checkout') as BenchElement;
  // the form in the page (what these benchmarks time); the isolated frame's cold load is bench/cold-load.ts
  element.setAttribute('inline', '');
  element.setAttribute('publishable-key', settings.publishableKey);
  element.setAttribute('api-base', settings.apiBase);
  element.setAttribute('client-secret', clientSecret);
  return element;
}

/**
 * Resolves in a task posted from the next `requestAnimationFrame` callback: it runs once that
 * frame's main-thread work (rAF callbacks → style → layout → paint → commit) is done. `frameTime`
 * is the frame's timestamp (its begin time), `callbackAt` when the rAF callback ran.
 */
function afterNextFrame(): Promise<{ frameTime: number; callbackAt: number }> {
  return new Promise((resolve) => {
    requestAnimationFrame((frameTime) => {
      const callbackAt = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve({ frameTime, callbackAt });
      };
      channel.port2.postMessage(null);
    });
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The frame interval (median of 20 rAF-to-rAF intervals), ms. */
async function frameInterval(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 21; i++) times.push((await afterNextFrame()).frameTime);
  const intervals = times.slice(1).map((time, i) => time - (times[i] as number)).sort((a, b) => a - b);
  return intervals[Math.floor(intervals.length / 2)] as number;
}

function waitFor(element: HTMLElement, name: string, failOn: string): Promise<Event> {
  return new Promise((resolve, reject) => {
    const done = (event: Event) => {
      element.removeEventListener(name, done);
      element.removeEventListener(failOn, fail);
      resolve(event);
    };
    const fail = (event: Event) => {
      element.removeEventListener(name, done);
      element.removeEventListener(failOn, fail);
      reject(new Error(`${failOn}: ${JSON.stringify((event as CustomEvent).detail)}`));
    };
    element.addEventListener(name, done);
    element.addEventListener(failOn, fail);
  });
}

function formOf(element: BenchElement): HTMLFormElement {
  const form = formRoot(element)?.querySelector('form');
  if (!form) throw new Error('the element rendered no form');
  return form;
}

/**
 * Connects `iterations + warmup` fresh elements one after the other (each with its own payment and
 * client secret) and times each from just before `append` to the first frame painted with the form.
 *
 * Frames come at the display rate (60 Hz in headless Chromium), so "painted" includes the wait for
 * the next frame, which depends on when in the frame cycle the element was appended. Each run
 * therefore starts at a different phase: after a frame, it waits a delay spread evenly over one
 * frame interval (a golden-ratio sequence), like a merchant's script that runs at an arbitrary time.
 */
async function timeToReady(options: {
  iterations: number;
  warmup: number;
  /** Skips measuring the frame interval (a cold run must not warm anything up first). */
  frameInterval?: number;
  /** Where in the phase sequence to start (for single cold runs). */
  phaseIndex?: number;
}): Promise<{ frameInterval: number; warmup: ReadySample[]; samples: ReadySample[] }> {
  const host = document.getElementById('host') ?? document.body;
  const interval = options.frameInterval ?? (await frameInterval());
  const all: ReadySample[] = [];
  for (let i = 0; i < options.iterations + options.warmup; i++) {
    const element = newElement(newPayment());
    const ready = waitFor(element, 'tender-ready', 'tender-error');
    let readyAt = 0;
    element.addEventListener('tender-ready', () => (readyAt = performance.now()), { once: true });
    const { frameTime } = await afterNextFrame(); // nothing pending, a frame just done
    await sleep((((i + (options.phaseIndex ?? 0)) * 0.6180339887) % 1) * (interval - 1));
    const start = performance.now();
    host.append(element);
    await ready;
    await element.updateComplete;
    const renderedAt = performance.now();
    const form = formOf(element);
    if (form.hidden) throw new Error('tender-ready fired but the form is hidden after the update');
    const formHeight = form.getBoundingClientRect().height;
    const laidOutAt = performance.now();
    const frame = await afterNextFrame();
    const paintedAt = performance.now();
    if (formHeight <= 0) throw new Error('the form has no height');
    all.push({
      ready: readyAt - start,
      rendered: renderedAt - start,
      laidOut: laidOutAt - start,
      painted: paintedAt - start,
      frameWork: paintedAt - frame.callbackAt,
      phase: (start - frameTime) % interval,
      formHeight,
    });
    element.remove();
  }
  return { frameInterval: interval, warmup: all.slice(0, options.warmup), samples: all.slice(options.warmup) };
}

/** A ready element in the page, for the keystroke benchmarks. */
let typingElement: BenchElement | null = null;

async function prepareTyping(): Promise<void> {
  typingElement?.remove();
  const element = newElement(newPayment());
  const ready = waitFor(element, 'tender-ready', 'tender-error');
  (document.getElementById('host') ?? document.body).append(element);
  await ready;
  await element.updateComplete;
  await afterNextFrame();
  typingElement = element;
}

function numberInput(): HTMLInputElement {
  const input = (typingElement ? formRoot(typingElement) : null)?.querySelector<HTMLInputElement>('#number');
  if (!input) throw new Error('prepareTyping() first');
  return input;
}

interface PlannedKeystroke {
  kind: KeystrokeSample['kind'];
  digit: string;
  /** On a `clear`: the digits the field must hold just before it (the card just typed). */
  expect?: string;
}

/**
 * What a customer's keystrokes do to the number field: each test card typed digit by digit (on
 * every other card a wrong digit is typed and deleted again every five digits), then the field
 * cleared for the next card.
 */
function keystrokePlan(cards: string[], count: number): PlannedKeystroke[] {
  const plan: PlannedKeystroke[] = [];
  for (let card = 0; plan.length < count; card++) {
    const digits = cards[card % cards.length] ?? '';
    for (let i = 0; i < digits.length; i++) {
      plan.push({ kind: 'insert', digit: digits[i] ?? '' });
      if (card % 2 === 1 && i % 5 === 3) {
        plan.push({ kind: 'insert', digit: '9' });
        plan.push({ kind: 'delete', digit: '' });
      }
    }
    plan.push({ kind: 'clear', digit: '', expect: digits });
  }
  return plan.slice(0, count);
}

export interface KeystrokeRun {
  warmup: KeystrokeSample[];
  samples: KeystrokeSample[];
  /** Cards whose digits were not in the field when it was cleared (expected: none). */
  mismatches: string[];
  /** Cards typed completely. */
  cardsTyped: number;
  /** Brands the element reported in `tender-change` while typing. */
  brandsSeen: string[];
}

/**
 * Synthetic keystrokes in the number field: set the value to the next prefix (typing at the end),
 * dispatch the `input` event a browser would (an InputEvent, insertText / deleteContentBackward),
 * await the element's `updateComplete`. One frame is let through between keystrokes (untimed), as
 * between a person's keystrokes, so that each keystroke starts with nothing pending.
 */
async function keystrokes(options: { count: number; warmup: number; cards: string[] }): Promise<KeystrokeRun> {
  const element = typingElement;
  if (!element) throw new Error('prepareTyping() first');
  const brandsSeen = new Set<string>();
  element.addEventListener('tender-change', (event) => {
    const brand = (event as CustomEvent<{ brand: string | null }>).detail.brand;
    if (brand) brandsSeen.add(brand);
  });
  const all: KeystrokeSample[] = [];
  const mismatches: string[] = [];
  let cardsTyped = 0;
  for (const step of keystrokePlan(options.cards, options.count + options.warmup)) {
    const input = numberInput();
    if (formRoot(element)?.activeElement !== input) input.focus(); // a complete number moves focus to the expiry field
    const before = input.value;
    if (step.expect !== undefined) {
      cardsTyped += 1;
      if (before.replace(/\D/g, '') !== step.expect) mismatches.push(`${step.expect} → "${before}"`);
    }
    const value = step.kind === 'insert' ? before + step.digit : step.kind === 'delete' ? before.slice(0, -1) : '';
    const event = new InputEvent('input', {
      bubbles: true,
      composed: true,
      inputType: step.kind === 'insert' ? 'insertText' : 'deleteContentBackward',
      data: step.kind === 'insert' ? step.digit : null,
    });
    const start = performance.now();
    input.value = value;
    input.dispatchEvent(event);
    await element.updateComplete;
    const updatedAt = performance.now();
    void input.offsetWidth; // forces style and layout
    const laidOutAt = performance.now();
    all.push({ update: updatedAt - start, withLayout: laidOutAt - start, kind: step.kind, focusMoved: formRoot(element)?.activeElement !== input });
    await afterNextFrame();
  }
  return { warmup: all.slice(0, options.warmup), samples: all.slice(options.warmup), mismatches, cardsTyped, brandsSeen: [...brandsSeen] };
}

/** For real typing (Playwright keyboard): times `keydown` → the element's update after the resulting `input`. */
let typed: TypedSample[] = [];
let keydownAt = 0;

function startTypedTiming(): void {
  typed = [];
  document.addEventListener('keydown', () => (keydownAt = performance.now()), { capture: true });
  document.addEventListener('input', () => {
    const element = typingElement;
    if (!element || keydownAt === 0) return;
    const since = keydownAt;
    keydownAt = 0;
    void element.updateComplete.then(() => typed.push({ update: performance.now() - since }));
  });
}

function clearNumber(): void {
  const input = numberInput();
  input.value = '';
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'deleteContentBackward' }));
  input.focus();
}

function takeTyped(): TypedSample[] {
  const taken = typed;
  typed = [];
  return taken;
}

/** Requests the stub answered, and those it refused since the last call (expected: none). */
function stats(): { stubbedRequests: number; unexpectedRequests: string[] } {
  const taken = unexpectedRequests;
  unexpectedRequests = [];
  return { stubbedRequests, unexpectedRequests: taken };
}

function numberValue(): string {
  return numberInput().value;
}

/** Timer resolution the page gets (5 µs when cross-origin isolated, 100 µs otherwise). */
function timerInfo(): { crossOriginIsolated: boolean; resolutionMs: number } {
  let smallest = Infinity;
  let last = performance.now();
  for (let i = 0; i < 200_000 && smallest > 0.001; i++) {
    const now = performance.now();
    if (now > last) {
      smallest = Math.min(smallest, now - last);
      last = now;
    }
  }
  return { crossOriginIsolated: window.crossOriginIsolated, resolutionMs: Math.round(smallest * 1e4) / 1e4 };
}

const api = { init, timerInfo, timeToReady, prepareTyping, keystrokes, startTypedTiming, clearNumber, takeTyped, numberValue, stats };
window.tenderBench = api;
