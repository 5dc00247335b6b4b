// Shared pieces of the end-to-end tests: the sandbox the global setup started, merchant-server calls
// (secret key), a tiny static server for the merchant page and dist/ with the strict CSP, and a
// `test` whose `merchant` fixture opens the page, types cards, reads the event log and, after every
// test, checks that no CSP violation happened and no card number or CVC leaked.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

export { expect };

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

async function merchantCall(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Payment> {
  const { url, secretKey } = sandbox();
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'api-key': secretKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as Payment;
}

/** Creates a payment as the merchant's server does (secret key). */
export function createPayment(body: Record<string, unknown>): Promise<Payment> {
  return merchantCall('POST', '/payments', body);
}

/** Retrieves a payment as the merchant's server does (secret key). */
export function retrievePayment(paymentId: string): Promise<Payment> {
  return merchantCall('GET', `/payments/${encodeURIComponent(paymentId)}`);
}

/** The CSP the merchant page is served with: what docs/ tells merchants to allow. */
export function merchantCsp(apiBase: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${apiBase}`,
    "img-src 'self'",
    "font-src 'self'",
    // the 3-D Secure modal frames the challenge page, served from the API's origin
    `frame-src ${apiBase}`,
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self' ${apiBase}`,
  ].join('; ');
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
 * from `pagesDir` (default test/e2e/pages), every response with the given CSP header. GET only;
 * paths outside the two folders are 404.
 */
export async function serveStatic(options: { csp: string; pagesDir?: string; distDir?: string }): Promise<StaticServer> {
  const pages = options.pagesDir ?? join(ROOT, 'test/e2e/pages');
  const dist = options.distDir ?? process.env['TENDER_E2E_DIST'] ?? join(ROOT, 'dist');
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
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
          'content-security-policy': options.csp,
          'cache-control': 'no-store',
        });
        response.end(body);
      } catch {
        response.writeHead(404, { 'content-security-policy': options.csp }).end();
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

/** The merchant page as the tests drive it. */
export class MerchantPage {
  /** Every card typed in this test: none may leak. */
  readonly typedCards: TestCard[] = [];
  /** CSP violations reported in the console, on any page the test visited. */
  readonly consoleViolations: string[] = [];
  /** Every event of every merchant page the test visited (the page logs them to the console). */
  readonly allEvents: TenderEvent[] = [];

  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {
    page.on('console', (message) => {
      const text = message.text();
      if (/Content Security Policy/i.test(text)) this.consoleViolations.push(text);
      const logged = /^tender-event (tender-[a-z]+) (.*)$/s.exec(text);
      if (logged) this.allEvents.push({ type: logged[1] ?? '', detail: JSON.parse(logged[2] ?? '{}') as Record<string, unknown> });
    });
  }

  /** The page's address for a payment (and any extra query parameters, e.g. theme). */
  address(params: Record<string, string> = {}): string {
    const { url, publishableKey } = sandbox();
    const query = new URLSearchParams({ 'publishable-key': publishableKey, 'api-base': url, ...params });
    return `${this.baseUrl}/merchant.html?${query}`;
  }

  /** Opens the page for a payment. */
  async open(clientSecret: string | null, params: Record<string, string> = {}): Promise<void> {
    await this.page.goto(this.address(clientSecret ? { 'client-secret': clientSecret, ...params } : params));
  }

  get checkout(): Locator {
    return this.page.locator('tender-checkout');
  }

  get payButton(): Locator {
    return this.checkout.locator('button[part="button"]');
  }

  /** The status line (after a success the confirmation around it shows the amount and reference too). */
  get status(): Locator {
    return this.checkout.locator('[part="status"] .status').last();
  }

  input(field: 'number' | 'expiry' | 'cvc' | 'name'): Locator {
    return this.checkout.locator(`input#${field}`);
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

  /** Fails when a typed card number or CVC shows up in an event, the address bar or web storage. */
  async assertNoCardData(): Promise<void> {
    const events = [...this.allEvents, ...(await this.events())];
    const url = this.page.url();
    const storage = await this.page.evaluate(() => {
      const dump = (store: Storage) => Array.from({ length: store.length }, (_, i) => `${store.key(i)}=${store.getItem(store.key(i) ?? '')}`).join('\n');
      return `${dump(localStorage)}\n${dump(sessionStorage)}`;
    });
    const eventText = events.map((event) => JSON.stringify(event.detail)).join('\n');
    for (const typed of this.typedCards) {
      const digits = typed.number.replace(/\D/g, '');
      const spaced = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
      for (const [where, text] of [['events', eventText], ['address bar', url], ['storage', storage]] as const) {
        expect(text, `card number in ${where}`).not.toContain(digits);
        expect(text, `card number in ${where}`).not.toContain(spaced);
      }
      // a CVC is a few digits that may occur by chance inside ids: look for it as a value
      expect(eventText, 'a CVC member in an event').not.toMatch(/"[^"]*(cvc|cvv|csc)[^"]*"\s*:/i);
      for (const event of events) expect(stringValues(event.detail), `CVC in ${event.type}`).not.toContain(typed.cvc);
      expect([...new URL(url).searchParams.values()], 'CVC in the address bar').not.toContain(typed.cvc);
      expect(storage.split(/[\n=]/), 'CVC in storage').not.toContain(typed.cvc);
    }
  }
}

function stringValues(value: unknown): string[] {
  if (typeof value === 'string' || typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(stringValues);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringValues);
  return [];
}

/**
 * `merchant`: the merchant page served on its own origin with the strict CSP. After each test it
 * checks the page's own violation counter, the console (every page visited) and card-data leaks.
 */
export const test = base.extend<{ merchant: MerchantPage }, { merchantServer: StaticServer }>({
  merchantServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture list from the pattern
    async ({}, use) => {
      const server = await serveStatic({ csp: merchantCsp(sandbox().url) });
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  merchant: async ({ page, merchantServer }, use) => {
    const merchant = new MerchantPage(page, merchantServer.url);
    await use(merchant);
    if (page.url().startsWith(merchantServer.url)) {
      expect(await merchant.violationCount(), 'CSP violations counted by the page').toBe(0);
      await merchant.assertNoCardData();
    }
    expect(merchant.consoleViolations, 'CSP violations in the console').toEqual([]);
  },
});
