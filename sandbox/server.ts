import { getRequestListener, RequestError, type ServerType } from '@hono/node-server';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { apiError } from './domain/errors.js';

/** How long an idle keep-alive connection is kept (ms): longer than any client keeps one. */
export const KEEP_ALIVE_MS = 65_000;
import { DEFAULT_ADMIN_KEY } from './http/auth.js';
import { CustomerService } from './domain/customers.js';
import { DEMO_MERCHANT_ID, MerchantService } from './domain/merchants.js';
import { RefundService } from './domain/refunds.js';
import { WebhookDeliverer, type DeliveryOptions } from './outbox/deliverer.js';
import { PaymentService } from './domain/payments/service.js';
import { startCheckpointer } from './store/checkpointer.js';
import { openDatabase } from './store/db.js';
import { Store } from './store/repo.js';

export interface SandboxOptions {
  /** TCP port; 0 picks a free one. */
  port?: number;
  /** Host to listen on. */
  hostname?: string;
  /** SQLite file, or ':memory:'. */
  dbPath?: string;
  adminKey?: string;
  /** The URL customers' browsers reach the sandbox on (redirect links); defaults to http://localhost:PORT. */
  publicUrl?: string;
  /** Request log; null to stay quiet (tests, benchmarks). */
  log?: ((line: string) => void) | null;
  /** Where unhandled errors are told (app.ts `errorLog`; default: the request log). */
  errorLog?: ((line: string) => void) | null;
  /** How often due settlements (async cards, mobile money, refunds) are applied, in ms. */
  settleEveryMs?: number;
  /** Webhook delivery timings (tests shorten them). */
  webhooks?: DeliveryOptions;
  /** The built card frame served at /frame/card (default dist/frame; scripts/build-frame.mjs writes it). */
  frameDir?: string;
  /** The clock (ms since the epoch) payments, client secrets and settlements read; default Date.now (tests move it on). */
  now?: () => number;
  /** How long a 3-D Secure challenge waits for its answer, in ms (10 minutes; tests shorten it). */
  challengeWindowMs?: number;
  /**
   * The writes of one event-loop turn share one transaction, and every answer waits for its commit
   * (Store.enableGroupCommit, store/group-commit.ts, docs/decisions/0105). Default true; false commits each operation's
   * writes on their own, as before (to compare: `SANDBOX_GROUP_COMMIT=off npm run sandbox`).
   */
  groupCommit?: boolean;
  /** How much the write-ahead log may hold before it is restarted while writes go on (store/checkpointer.ts; tests lower it). */
  walLimitBytes?: number;
}

export interface DemoMerchant {
  merchantId: string;
  publishableKey: string;
  /** The plaintext secret key: only when this start created it. */
  secretKey: string | null;
}

export interface Sandbox {
  url: string;
  /** The URL browsers reach it on: `publicUrl` when given, else `url` (the card frame and 3-D Secure links are on it). */
  publicUrl: string;
  port: number;
  adminKey: string;
  demo: DemoMerchant;
  store: Store;
  payments: PaymentService;
  merchants: MerchantService;
  webhooks: WebhookDeliverer;
  close(): Promise<void>;
}

export { DEMO_MERCHANT_ID };

/** Starts the sandbox: opens the store, seeds the demo merchant on first start, listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const adminKey = options.adminKey ?? DEFAULT_ADMIN_KEY;
  const dbPath = options.dbPath ?? '.sandbox/sandbox.db';
  const db = openDatabase(dbPath);
  const store = new Store(db);
  const log = options.log === undefined ? (line: string) => console.log(line) : options.log;
  if (options.groupCommit !== false) store.enableGroupCommit(options.errorLog === undefined ? log : options.errorLog);
  const merchants = new MerchantService(store);
  const demo = seedDemoMerchant(store, merchants);
  // committed before its keys are printed (and before anything listens); throws when it could not be
  store.flush();

  // The public URL depends on the port, which is only known once listening: routes read it lazily.
  const settings = { publicUrl: options.publicUrl ?? '' };
  const payments = new PaymentService(store, {
    get publicUrl() {
      return settings.publicUrl;
    },
    challengeWindowMs: options.challengeWindowMs,
    now: options.now,
  });
  const customers = new CustomerService(store);
  const refunds = new RefundService(store);
  const app = createApp({
    store,
    payments,
    merchants,
    customers,
    refunds,
    adminKey,
    get publicUrl() {
      return settings.publicUrl;
    },
    now: options.now ?? Date.now,
    log,
    errorLog: options.errorLog,
    ...(options.frameDir ? { frameDir: options.frameDir } : {}),
  });

  const hostname = options.hostname ?? '127.0.0.1';
  // A request the adapter cannot make a URL of (no Host, `Host: a b`) is answered with the error
  // envelope; the adapter's own answer is an empty 400.
  const listener = getRequestListener(app.fetch, { hostname, errorHandler: (error) => unreadableRequest(error) });
  const server: ServerType = await new Promise((resolve) => {
    const started = createServer(listener).listen(options.port ?? 8080, hostname, () => resolve(started));
  });
  // An idle keep-alive connection stays open longer than clients keep one (undici keeps one about 4 s,
  // browsers 60 s, load balancers 60 s): a server that closes first races a request being written on
  // that socket, and the client sees ECONNRESET for a request the sandbox never read.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1000;
  }
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  settings.publicUrl ||= url;

  const timer = setInterval(() => {
    payments.settleDue();
    refunds.settleDue();
  }, options.settleEveryMs ?? 250);
  timer.unref();
  const webhooks = new WebhookDeliverer(store, { log, ...options.webhooks });
  webhooks.start();
  const checkpointer = dbPath === ':memory:' ? null : startCheckpointer(dbPath, 200, (message) => log?.(`checkpoint: ${message}`), options.walLimitBytes);
  store.useWriteGate(checkpointer?.gate ?? null);

  return {
    url,
    publicUrl: settings.publicUrl,
    port,
    adminKey,
    demo,
    store,
    payments,
    merchants,
    webhooks,
    close: async () => {
      clearInterval(timer);
      await webhooks.stop();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // keep-alive connections would hold close() open
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      // what the last requests wrote; then what a handler still running wrote while the checkpointer stopped
      let lost: unknown = null;
      const flush = () => {
        try {
          store.flush();
        } catch (error) {
          lost ??= error;
        }
      };
      flush();
      await checkpointer?.stop();
      flush();
      db.close();
      checkpointer?.closeFile();
      if (lost) throw lost;
    },
  };
}

/** First start: a demo organization, `demo_merchant` and a secret key. Later starts find them. */
function seedDemoMerchant(store: Store, merchants: MerchantService): DemoMerchant {
  const existing = store.merchant(DEMO_MERCHANT_ID);
  if (existing) return { merchantId: existing.merchant_id, publishableKey: existing.publishable_key, secretKey: null };
  const organization = merchants.createOrganization('Demo organization');
  const account = merchants.createAccount({
    merchant_id: DEMO_MERCHANT_ID,
    merchant_name: 'Demo Store',
    organization_id: organization.organization_id,
  });
  const { plaintext } = merchants.createApiKey(DEMO_MERCHANT_ID, { name: 'demo', description: 'Created on first start', expiration: 'never' });
  return { merchantId: account.merchant_id, publishableKey: account.publishable_key, secretKey: plaintext };
}

/**
 * The answer to a request the HTTP adapter could not read (`RequestError`: no or a malformed `Host`,
 * a backslash in the path), in the error envelope; anything else thrown before the app answered is
 * the envelope's 500.
 */
function unreadableRequest(error: unknown): Response {
  const refusal = error instanceof RequestError ? apiError('unreadableRequest', { why: error.message.toLowerCase() }) : apiError('internal');
  return new Response(JSON.stringify(refusal.toBody()), { status: refusal.status, headers: { 'content-type': 'application/json', connection: 'close' } });
}
