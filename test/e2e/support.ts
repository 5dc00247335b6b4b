// Shared pieces of the end-to-end tests: the sandbox the global setup started, merchant-server calls
// (secret key), a tiny static server for the merchant page and dist/ with the strict CSP, and a
// `test` whose `merchant` fixture opens the page in either mode (`mode` option: the isolated frame or
// `inline`), types cards, reads the event log and, after every test, checks that no CSP violation
// happened, no card number or CVC leaked and, isolated, that the page itself never called the API.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Frame, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { merchantCsp, MODES, type Mode } from './csp.js';

export { expect, merchantCsp, MODES, type Mode };

export interface SandboxInfo {
  url: string;
  adminKey: string;
  publishableKey: string;
  secretKey: string;
}

/** The sandbox started by test/e2e/global-setup.ts. */
export function sandbox(): SandboxInfo {
  const raw = process.env['TENDER_E2E_SANDBOX'];
  if (!raw) throw new Error('TENDER_E2E_SANDBOX is not set: run the tests with `npx playwright test` (global setup starts the sandbox)');
  return JSON.parse(raw) as SandboxInfo;
}

export interface Payment {
  payment_id: string;
  client_secret: string;
  status: string;
  attempt_count?: number;
  amount: number;
  currency: string;
  [member: string]: unknown;
}

/** A call to the sandbox's API with `key`, its JSON answer; anything but a 2xx throws. */
export async function call<T>(method: 'GET' | 'POST', path: string, key: string, body?: unknown): Promise<T> {
  const response = await fetch(`${sandbox().url}${path}`, {
    method,
    headers: { 'api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

function merchantCall(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Payment> {
  return call<Payment>(method, path, sandbox().secretKey, body);
}

/** Creates a payment as the merchant's server does (the demo merchant's secret key, or `secretKey`). */
export function createPayment(body: Record<string, unknown>, secretKey = sandbox().secretKey): Promise<Payment> {
  return call<Payment>('POST', '/payments', secretKey, body);
}

/** A merchant account of its own, created with the admin key, and its keys. */
export interface Merchant {
  merchantId: string;
  publishableKey: string;
  secretKey: string;
}

let merchants = 0;

/** Creates a merchant account (e.g. with `allowed_origins`) and a secret key for it. */
export async function createMerchant(account: Record<string, unknown> = {}): Promise<Merchant> {
  const { adminKey } = sandbox();
  const merchantId = `e2e_${process.pid}_${Date.now()}_${(merchants += 1)}`;
  const created = await call<{ publishable_key: string }>('POST', '/accounts', adminKey, { merchant_id: merchantId, ...account });
  const key = await call<{ api_key: string }>('POST', `/api_keys/${merchantId}`, adminKey, { name: 'e2e', expiration: 'never' });
  return { merchantId, publishableKey: created.publishable_key, secretKey: key.api_key };
}

/** Retrieves a payment as the merchant's server does (secret key). */
export function retrievePayment(paymentId: string): Promise<Payment> {
  return merchantCall('GET', `/payments/${encodeURIComponent(paymentId)}`);
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

export interface StaticServer {
  /** `http://localhost:PORT` */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `/dist/…` from the bundle (the copy the global setup made, else dist/) and everything else
 * from `pagesDir` (default test/e2e/pages), every response with the given CSP header (or the one
 * `csp` returns for the request's URL). GET only; paths outside the two folders are 404.
 */
export async function serveStatic(options: { csp: string | ((url: URL) => string); pagesDir?: string; distDir?: string }): Promise<StaticServer> {
  const pages = options.pagesDir ?? join(ROOT, 'test/e2e/pages');
  const dist = options.distDir ?? process.env['TENDER_E2E_DIST'] ?? join(ROOT, 'dist');
  const server: Server = createServer((request, response) => {
    void (async () => {
      const address = new URL(request.url ?? '/', 'http://localhost');
      const path = decodeURIComponent(address.pathname);
      const csp = typeof options.csp === 'string' ? options.csp : options.csp(address);
      if (path === '/favicon.ico') {
        response.writeHead(204).end(); // no icon, and no 404 in the console
        return;
      }
      const [folder, relative] = path.startsWith('/dist/') ? [dist, path.slice('/dist/'.length)] : [pages, path.slice(1) || 'merchant.html'];
      const file = normalize(join(folder, relative));
      if (request.method !== 'GET' || !file.startsWith(folder + sep)) {
        response.writeHead(404).end();
        return;
      }
      try {
        const body = await readFile(file);
        response.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'content-security-policy': csp,
          'cache-control': 'no-store',
        });
        response.end(body);
      } catch {
        response.writeHead(404, { 'content-security-policy': csp }).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** A card as typed by the customer. */
export interface TestCard {
  number: string;
  expiry: string;
  cvc: string;
}

/** A test card with an expiry three years ahead (typed as MMYY; the field formats it). */
export function card(number: string, cvc = '737'): TestCard {
  return { number, expiry: `12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`, cvc };
}

export interface TenderEvent {
  type: string;
  detail: Record<string, unknown>;
}

/** A request the merchant page's own document made (not a frame's, not a navigation of the page). */
export interface PageRequest {
  method: string;
  url: string;
}

/** The merchant page as the tests drive it, in one mode. */
export class MerchantPage {
  /** Every card typed in this test: none may leak. */
  readonly typedCards: TestCard[] = [];
  /** CSP violations reported in the console, on any page the test visited. */
  readonly consoleViolations: string[] = [];
  /** Every event of every merchant page the test visited (the page logs them to the console). */
  readonly allEvents: TenderEvent[] = [];
  /** Every request to the API's origin made by the merchant page's document itself (isolated: none may be). */
  readonly apiRequestsFromPage: PageRequest[] = [];
  /** Whether the page last opened shows the form in the element's shadow root (`inline`, or a `preview`). */
  private inline: boolean;

  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly mode: Mode = 'isolated',
  ) {
    this.inline = mode === 'inline';
    page.on('console', (message) => {
      const text = message.text();
      if (/Content Security Policy/i.test(text)) this.consoleViolations.push(text);
      const logged = /^tender-event (tender-[a-z]+) (.*)$/s.exec(text);
      if (logged) this.allEvents.push({ type: logged[1] ?? '', detail: JSON.parse(logged[2] ?? '{}') as Record<string, unknown> });
    });
    const apiOrigin = new URL(sandbox().url).origin;
    page.on('request', (request) => {
      // the page's own fetches and subresources while it is the merchant's page; a frame's requests
      // (the card frame, the challenge) and the top-level navigation of a 3-D Secure redirect are not the page's calls
      if (request.frame() !== page.mainFrame() || request.isNavigationRequest() || !page.mainFrame().url().startsWith(baseUrl)) return;
      if (new URL(request.url()).origin === apiOrigin) this.apiRequestsFromPage.push({ method: request.method(), url: request.url() });
    });
  }

  /** The page's address for a payment (and any extra query parameters, e.g. theme); `mode` tells merchant.js whether to set `inline`. */
  address(params: Record<string, string> = {}): string {
    const { url, publishableKey } = sandbox();
    const query = new URLSearchParams({ 'publishable-key': publishableKey, 'api-base': url, mode: this.mode, ...params });
    return `${this.baseUrl}/merchant.html?${query}`;
  }

  /** Opens the page for a payment. */
  async open(clientSecret: string | null, params: Record<string, string> = {}): Promise<void> {
    this.inline = this.mode === 'inline' || Boolean(params['preview']);
    await this.page.goto(this.address(clientSecret ? { 'client-secret': clientSecret, ...params } : params));
  }

  get checkout(): Locator {
    return this.page.locator('tender-checkout');
  }

  /** The isolated mode's card frame. */
  get cardFrame(): FrameLocator {
    return this.page.frameLocator('tender-checkout iframe[part="frame"]');
  }

  /** The card form: inside the card frame, or in the element's shadow root (`inline`, `preview`). */
  get form(): Locator {
    return this.inline ? this.checkout.locator('tender-card-form') : this.cardFrame.locator('tender-card-form');
  }

  get payButton(): Locator {
    return this.form.locator('button[part="button"]');
  }

  /** The status line (after a success the confirmation around it shows the amount and reference too). */
  get status(): Locator {
    return this.form.locator('[part="status"] .status').last();
  }

  input(field: 'number' | 'expiry' | 'cvc' | 'name'): Locator {
    return this.form.locator(`input#${field}`);
  }

  /** Types a card key by key, as a customer does. */
  async typeCard(typed: TestCard): Promise<void> {
    this.typedCards.push(typed);
    await this.input('number').pressSequentially(typed.number);
    await this.input('expiry').pressSequentially(typed.expiry);
    await this.input('cvc').pressSequentially(typed.cvc);
  }

  /** Replaces the card number (after a decline), keeping expiry and CVC. */
  async retypeNumber(number: string, cvc: string): Promise<void> {
    this.typedCards.push({ number, expiry: '', cvc });
    await this.input('number').fill('');
    await this.input('number').pressSequentially(number);
  }

  /** Every tender-* event the page has logged so far, in order. */
  async events(): Promise<TenderEvent[]> {
    const items = await this.page.locator('#events li').evaluateAll((nodes) =>
      nodes.map((node) => ({ type: (node as HTMLElement).dataset['event'] ?? '', text: node.textContent ?? '' })),
    );
    return items.map(({ type, text }) => ({ type, detail: JSON.parse(text) as Record<string, unknown> }));
  }

  /** Waits until the page has logged `count` events of a type, then returns them all. */
  async waitForEvents(type: string, count = 1, timeout?: number): Promise<Record<string, unknown>[]> {
    await expect(this.page.locator(`#events li[data-event="${type}"]`)).toHaveCount(count, timeout ? { timeout } : {});
    return (await this.events()).filter((event) => event.type === type).map((event) => event.detail);
  }

  /** The one event of a type (waits for it; fails when there are more). */
  async onlyEvent(type: string, timeout?: number): Promise<Record<string, unknown>> {
    const [detail] = await this.waitForEvents(type, 1, timeout);
    return detail as Record<string, unknown>;
  }

  async violationCount(): Promise<number> {
    return Number(await this.page.locator('#csp-violations').textContent());
  }

  /**
   * Fails when a typed card number or CVC shows up in an event, the address bar or web storage (and,
   * isolated, the card frame's address or its own storage).
   */
  async assertNoCardData(): Promise<void> {
    const events = [...this.allEvents, ...(await this.events())];
    const cardFrame = this.inline ? undefined : this.page.frames().find((frame) => frame.url().includes('/frame/card'));
    const frames = [this.page.mainFrame(), ...(cardFrame ? [cardFrame] : [])];
    const url = frames.map((frame) => frame.url()).join('\n');
    const storage = (await Promise.all(frames.map(storageOf))).join('\n');
    const eventText = events.map((event) => JSON.stringify(event.detail)).join('\n');
    for (const typed of this.typedCards) {
      const digits = typed.number.replace(/\D/g, '');
      const spaced = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
      for (const [where, text] of [['events', eventText], ['address bar', url], ['storage', storage]] as const) {
        expect(text, `card number in ${where}`).not.toContain(digits);
        expect(text, `card number in ${where}`).not.toContain(spaced);
      }
      // the card's expiry and its holder's name are not even members of what the page hears
      expect(eventText, 'card expiry or holder name in an event').not.toMatch(/"card_(exp_month|exp_year|holder_name)"\s*:/);
      // a CVC is a few digits that may occur by chance inside ids: look for it as a value
      expect(eventText, 'a CVC member in an event').not.toMatch(/"[^"]*(cvc|cvv|csc)[^"]*"\s*:/i);
      for (const event of events) expect(stringValues(event.detail), `CVC in ${event.type}`).not.toContain(typed.cvc);
      for (const address of url.split('\n')) expect([...new URL(address).searchParams.values()], 'CVC in an address').not.toContain(typed.cvc);
      expect(storage.split(/[\n=]/), 'CVC in storage').not.toContain(typed.cvc);
    }
  }
}

/** A frame's local and session storage as `key=value` lines. */
function storageOf(frame: Frame): Promise<string> {
  return frame.evaluate(() => {
    const dump = (store: Storage) => Array.from({ length: store.length }, (_, i) => `${store.key(i)}=${store.getItem(store.key(i) ?? '')}`).join('\n');
    // a cross-site frame may be denied storage (the browser's third-party storage rules): it then holds none
    const open = (name: 'localStorage' | 'sessionStorage') => {
      try {
        return dump(window[name]);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'SecurityError') return '';
        throw error;
      }
    };
    return `${open('localStorage')}\n${open('sessionStorage')}`;
  });
}

/** Every string and number leaf of a value, each whole. */
export function stringValues(value: unknown): string[] {
  if (typeof value === 'string' || typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(stringValues);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringValues);
  return [];
}

/**
 * `merchant`: the merchant page served on its own origin with the strict CSP of its mode (the `mode`
 * option, isolated unless a spec says `test.use({ mode: 'inline' })`; the page's `mode` query
 * parameter picks the policy; `crossSite` serves it from another site than the API's). After each
 * test it checks the page's own violation counter, the console (every page and frame visited),
 * card-data leaks and, isolated, that the page never called the API.
 */
export const test = base.extend<{ mode: Mode; crossSite: boolean; merchant: MerchantPage }, { merchantServer: StaticServer }>({
  mode: ['isolated', { option: true }],
  // the page on `127.0.0.1` while the API stays on `localhost`: two sites, so the card frame is an out-of-process frame
  crossSite: [false, { option: true }],
  merchantServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture list from the pattern
    async ({}, use) => {
      const server = await serveStatic({ csp: (url) => merchantCsp(sandbox().url, url.searchParams.get('mode') === 'inline' ? 'inline' : 'isolated') });
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  merchant: async ({ page, merchantServer, mode, crossSite }, use) => {
    const baseUrl = crossSite ? merchantServer.url.replace('//localhost:', '//127.0.0.1:') : merchantServer.url;
    const merchant = new MerchantPage(page, baseUrl, mode);
    await use(merchant);
    if (page.url().startsWith(baseUrl)) {
      expect(await merchant.violationCount(), 'CSP violations counted by the page').toBe(0);
      await merchant.assertNoCardData();
    }
    expect(merchant.consoleViolations, 'CSP violations in the console').toEqual([]);
    if (mode === 'isolated') expect(merchant.apiRequestsFromPage, 'requests of the merchant page to the API').toEqual([]);
  },
});

/** Declares a spec's tests once per mode, each set in a `describe` named after its mode. */
export function forEachMode(declare: (mode: Mode) => void): void {
  for (const mode of MODES) {
    test.describe(mode, () => {
      test.use({ mode });
      declare(mode);
    });
  }
}
