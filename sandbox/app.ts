import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { ApiError, errors } from './http/errors.js';
import { MAX_BODY_BYTES } from './http/body.js';
import { accountRoutes } from './routes/accounts.js';
import type { RouteDeps } from './routes/deps.js';
import { pageRoutes } from './routes/pages.js';
import { paymentMethodRoutes } from './routes/payment-methods.js';
import { paymentRoutes } from './routes/payments.js';

export interface AppOptions extends RouteDeps {
  /** Where one line per request goes (method, route, status, time): never bodies or query strings. */
  log?: ((line: string) => void) | null;
}

/** The sandbox's HTTP application: every route, CORS, limits and the error envelope. */
export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  const log = options.log ?? null;

  if (log) {
    app.use(async (c, next) => {
      const started = performance.now();
      await next();
      log(`${c.req.method} ${c.req.routePath === '/*' ? c.req.path : c.req.routePath} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
    });
  }
  app.use(
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      // no allowHeaders: the preflight's Access-Control-Request-Headers are allowed (api-key,
      // content-type and the X-* headers SDKs send), as upstream's allow_any_header
      maxAge: 600,
    }),
  );
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError(413, 'IR_06', `The request body is larger than the limit of ${MAX_BODY_BYTES} bytes`);
      },
    }),
  );

  app.get('/health', (c) => c.json({ status: 'ok' }));
  paymentRoutes(app, options);
  paymentMethodRoutes(app, options);
  accountRoutes(app, options);
  pageRoutes(app, options);

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
    if (error instanceof ApiError) return c.json(error.toBody(), error.status);
    // Never a stack trace on the wire, and never the request: only the error's name and message.
    log?.(`unhandled error: ${error.name}: ${error.message}`);
    const internal = errors.internal();
    return c.json(internal.toBody(), internal.status);
  });
  return app;
}
