/**
 * CORS, only where a browser legitimately calls: the routes a publishable key may use (the
 * Hyperswitch web SDK's calls and the inline widget's). Admin and secret-key routes send no CORS
 * header at all, so no web page can read them or get a preflight through to them — the documented
 * default admin key on a loopback sandbox included. The card frame and the customer pages are
 * documents, loaded by the browser, not read by scripts: they send none either.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ephemeralKeyOf } from '../domain/ephemeral-keys.js';
import { decodeSdkAuthorization } from '../domain/sdk-auth.js';
import type { Store } from '../store/repo.js';
import { requestHeader } from './request.js';

/**
 * Every route a browser calls with a publishable key. A route added with a publishable key must be
 * listed here (sandbox/test/cors.test.ts checks the app against this list).
 */
export const BROWSER_ROUTES: readonly (readonly [method: 'GET' | 'POST', path: string])[] = [
  ['GET', '/payments/:payment_id'],
  ['POST', '/payments/:payment_id/confirm'],
  ['GET', '/payments/:payment_id/client'],
  ['GET', '/account/payment_methods'],
  ['GET', '/customers/payment_methods'],
  ['GET', '/v1/sdk/configs/:platform/sdk_config.json'],
  ['POST', '/payments/session_tokens'],
  ['POST', '/payments/:payment_id/eligibility'],
  ['GET', '/poll/status/:poll_id'],
];

/**
 * Path segments that are routes of their own, never an id: `GET /payments/list` (secret key) must not
 * pass for `GET /payments/:payment_id`.
 */
const NOT_AN_ID = ['list'];
const idSegment = `(?!(?:${NOT_AN_ID.join('|')})(?:/|$))[^/]+`;

const matchers = BROWSER_ROUTES.map(([method, path]) => ({
  method,
  pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/:[a-z_]+/g, idSegment)}$`),
}));

/** The methods a browser may use on `path` (none: not a browser route). */
const browserMethods = (path: string): string[] => matchers.filter(({ pattern }) => pattern.test(path)).map(({ method }) => method);

/**
 * The CORS middleware.
 *
 * - A preflight (`OPTIONS` with `Access-Control-Request-Method`) of a browser route is answered
 *   `204` for any origin: it carries no key, so it cannot tell whose merchant is calling. It allows
 *   the route's methods and whatever headers the page asks for (the SDK sends `api-key`,
 *   `x-merchant-domain`, `x-client-source`, …), as upstream's `allow_any_header`. A preflight of
 *   any other route goes on to the route table, which answers it `405` (or `404`) with no CORS header.
 * - An answer of a browser route called with a publishable key (or the SDK authorization that names
 *   one, or an ephemeral key, or with no key: the browser reads
 *   its `401`) carries `Access-Control-Allow-Origin`: `*` when the key's merchant lists no
 *   `allowed_origins`, else the page's origin when it is one of them, else nothing (the browser
 *   then refuses the page the answer). A call with any other key gets no CORS header.
 */
export function cors(store: Store): MiddlewareHandler {
  return async (c, next) => {
    const origin = requestHeader(c, 'origin');
    const methods = origin ? browserMethods(c.req.path) : [];
    if (methods.length === 0) return next();
    if (c.req.method === 'OPTIONS') {
      const requested = requestHeader(c, 'access-control-request-method');
      if (!requested || !methods.includes(requested.toUpperCase())) return next();
      c.header('access-control-allow-origin', '*');
      c.header('access-control-allow-methods', [...methods, 'OPTIONS'].join(','));
      const headers = requestHeader(c, 'access-control-request-headers');
      if (headers) c.header('access-control-allow-headers', headers);
      c.header('access-control-max-age', '600');
      c.header('vary', 'origin, access-control-request-method, access-control-request-headers');
      return c.body(null, 204);
    }
    if (methods.includes(c.req.method)) allowOrigin(c, store, origin as string);
    return next();
  };
}

/** Sets `Access-Control-Allow-Origin` for a browser route's answer, by the caller's key and its merchant's `allowed_origins`. */
function allowOrigin(c: Context, store: Store, origin: string): void {
  // the SDK authorization flow names the publishable key inside its `Authorization` header
  const authorization = requestHeader(c, 'authorization');
  const key = requestHeader(c, 'api-key') ?? (authorization ? decodeSdkAuthorization(authorization)?.publishableKey : undefined);
  // an ephemeral key is a browser's too (the customer's saved methods): its merchant's origins apply
  const ephemeral = key?.startsWith('epk_') ? ephemeralKeyOf(store, key, Date.now()) : null;
  if (key && !key.startsWith('pk_') && !ephemeral) return; // an admin or secret key: never for a web page
  const merchant = ephemeral ? store.merchant(ephemeral.merchant_id) : key ? store.merchantByPublishableKey(key) : null;
  const allowed = merchant?.allowed_origins ?? [];
  if (allowed.length === 0) {
    c.header('access-control-allow-origin', '*');
    return;
  }
  c.header('vary', 'origin');
  if (allowed.includes(origin)) c.header('access-control-allow-origin', origin);
}
