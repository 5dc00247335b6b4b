import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { ApiError, apiError, errors, maskDigitRuns } from './domain/errors.js';
import { DEFAULT_ADMIN_KEY, isSandboxHost, requestHasAdminKey } from './http/auth.js';
import { cors } from './http/cors.js';
import { MAX_BODY_BYTES, bodyTooLarge, hasBody, readBytes, requestHeader } from './http/request.js';
import { BatchLostError } from './store/group-commit.js';
import { accountRoutes } from './routes/accounts.js';
import { collectLinkRoutes } from './routes/collect-links.js';
import { configRoutes } from './routes/configs.js';
import { blocklistRoutes } from './routes/blocklist.js';
import { connectorAccountRoutes } from './routes/connector-accounts.js';
import { customerRoutes } from './routes/customers.js';
import { ephemeralKeyRoutes } from './routes/ephemeral-keys.js';
import type { RouteDeps } from './routes/deps.js';
import { featureMatrixRoutes } from './routes/feature-matrix.js';
import { frameRoutes } from './routes/frame.js';
import { mandateRoutes } from './routes/mandates.js';
import { pageRoutes } from './routes/pages.js';
import { paymentMethodRoutes } from './routes/payment-methods.js';
import { paymentLinkRoutes } from './routes/payment-link.js';
import { paymentRoutes } from './routes/payments.js';
import { profileRoutes } from './routes/profiles.js';
import { sdkRoutes } from './routes/sdk.js';

export interface AppOptions extends RouteDeps {
  /** Where one line per request goes (method, route, status, time): never bodies or query strings. */
  log?: ((line: string) => void) | null;
  /**
   * Where an unhandled error (answered 500 HE_00) is told: its name, route and message with every run
   * of digits masked, never a body, a query or card data. Default: the request log (`npm run sandbox`
   * and the demo pass stderr, so a quiet request log does not hide one); null: nowhere.
   */
  errorLog?: ((line: string) => void) | null;
  /** The built card frame (scripts/build-frame.mjs): served at /frame/card; without one that page says how to build it. */
  frameDir?: string;
}

/** Where `npm run build` puts the card frame. */
export const DEFAULT_FRAME_DIR = fileURLToPath(new URL('../dist/frame', import.meta.url));

/** The sandbox's HTTP application: every route, CORS, limits and the error envelope. */
export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  const log = options.log ?? null;
  const errorLog = options.errorLog === undefined ? log : options.errorLog;

  if (log) {
    app.use(async (c, next) => {
      const started = performance.now();
      await next();
      log(`${c.req.method} ${c.req.routePath === '/*' ? unroutedPath(c.req.url) : c.req.routePath} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
    });
  }
  // Every JSON answer is the caller's alone (a client secret, a new API key, a hash key): no cache
  // keeps it and no browser reads it as anything but JSON. Pages and frame files set their own.
  app.use(async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (!headers.has('cache-control') && headers.get('content-type')?.startsWith('application/json')) {
      headers.set('cache-control', 'no-store');
      headers.set('x-content-type-options', 'nosniff');
    }
  });
  // CORS on the routes a browser calls with a publishable key, and nowhere else (http/cors.ts).
  // Headers are set before the route answers (hono/cors edits the finished response, which costs a
  // copy of it on every request).
  app.use(cors(options.store));
  // The documented default admin key answers only requests for the sandbox's own host names: a web
  // page that rebinds its name to 127.0.0.1 is same-origin with a loopback sandbox, beyond CORS.
  if (options.adminKey === DEFAULT_ADMIN_KEY) {
    app.use(async (c, next) => {
      const key = requestHeader(c, 'api-key');
      if (key && requestHasAdminKey(c, key, options.adminKey) && !isSandboxHost(requestHeader(c, 'host'), options.publicUrl)) {
        throw apiError('adminKeyForeignHost');
      }
      await next();
    });
  }
  // Every body, on every route (JSON, forms, routes that read none), is read here before the route
  // runs, within the limit: one declared over it is refused unread, one sent in chunks is counted
  // as it streams and refused as it passes the limit (413, and the connection closes).
  // No answer leaves before the writes it tells of (and the ones it read) are committed: with group
  // commit (Store.enableGroupCommit) a route's writes are durable only at the end of the event-loop
  // turn; an answer whose batch was lost is a 500, never the success its route built.
  const { store } = options;
  app.use(async (c, next) => {
    if (Number(requestHeader(c, 'content-length')) > MAX_BODY_BYTES) throw bodyTooLarge();
    const mark = store.batchMark();
    if (hasBody(c)) await readBytes(c);
    await next();
    try {
      const pending = store.committed(mark);
      if (pending) await pending;
    } catch (error) {
      if (!(error instanceof BatchLostError)) throw error;
      errorLog?.(unhandledErrorLine(error, c.req.method, c.req.routePath));
      // a new answer, not the route's with its status changed: none of its headers (an encoding, a
      // year of caching, a redirect's location) may outlive it, only what lets a browser read the error
      const built = c.res;
      c.res = undefined;
      c.res = lostBatchAnswer(built);
    }
  });

  // upstream's liveness answer (crates/router/src/routes/health.rs), which its 00000-HealthCheck spec reads
  app.get('/health', (c) => c.text('health is good'));
  sdkRoutes(app, options);
  paymentRoutes(app, options);
  paymentMethodRoutes(app, options);
  collectLinkRoutes(app, options);
  accountRoutes(app, options);
  profileRoutes(app, options);
  connectorAccountRoutes(app, options);
  featureMatrixRoutes(app);
  configRoutes(app, options);
  blocklistRoutes(app, options);
  ephemeralKeyRoutes(app, options);
  customerRoutes(app, options);
  mandateRoutes(app, options);
  pageRoutes(app, options);
  paymentLinkRoutes(app, options);
  frameRoutes(app, options, options.frameDir ?? DEFAULT_FRAME_DIR);

  // A known path with another method is 405 IR_03; an unknown path is 404 IR_02.
  const knownPaths = new Set(app.routes.filter((route) => route.method !== 'ALL').map((route) => route.path));
  for (const path of knownPaths) {
    app.all(path, () => {
      throw errors.methodNotAllowed();
    });
  }
  app.notFound(() => {
    throw errors.unknownRoute();
  });
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      // An unread body (over the limit) cannot be drained cheaply: end the connection after answering.
      if (error.status === 413) c.header('connection', 'close');
      return c.json(error.toBody(), error.status);
    }
    // Never a stack trace on the wire, and never the request: only the error's name, route and message.
    errorLog?.(unhandledErrorLine(error, c.req.method, c.req.routePath));
    const internal = errors.internal();
    return c.json(internal.toBody(), internal.status);
  });
  return app;
}

/** The `500 HE_00` that replaces an answer whose writes (or reads) were in a batch that was not committed. */
function lostBatchAnswer(built: Response): Response {
  const headers = new Headers({ 'content-type': 'application/json' });
  for (const name of ['access-control-allow-origin', 'vary']) {
    const value = built.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const internal = errors.internal();
  return new Response(JSON.stringify(internal.toBody()), { status: internal.status, headers });
}

/**
 * How the request log names a path no route matches: as sent, percent-encoded (a `%0a` stays three
 * characters and cannot start a forged line, an escape sequence cannot reach the terminal), every run
 * of digits masked (a card number typed into an address is never written).
 */
export function unroutedPath(url: string): string {
  return maskDigitRuns(new URL(url).pathname);
}

/**
 * The line an unhandled error is told in: `unhandled error: TypeError in POST /payments/:payment_id/confirm: …`,
 * its message with every run of digits masked (maskDigitRuns).
 */
export function unhandledErrorLine(error: Error, method: string, route: string): string {
  return `unhandled error: ${error.name} in ${method} ${route}: ${maskDigitRuns(String(error.message))}`;
}
