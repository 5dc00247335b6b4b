import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { hashApiKey, sha256 } from '../domain/api-keys.js';
import { apiError, errors } from '../domain/errors.js';
import { ephemeralKeyOf } from '../domain/ephemeral-keys.js';
import { decodeSdkAuthorization, sessionEnd, type SdkAuthorization } from '../domain/sdk-auth.js';
import { requestHeader } from './request.js';
import type { Store } from '../store/repo.js';
import type { MerchantAccount, Payment } from '../domain/types.js';
import { paymentIdOfClientSecret } from '../../src/api/client-secret.js';

export type KeyKind = 'admin' | 'secret' | 'publishable';

export type Principal =
  | { kind: 'admin' }
  | { kind: 'secret'; merchant: MerchantAccount; keyId: string }
  /** `sdk`: called with an SDK authorization (`Authorization`) in place of the key and the client secret. */
  | { kind: 'publishable'; merchant: MerchantAccount; sdk?: SdkAuthorization };


/** The admin key when `SANDBOX_ADMIN_KEY` is not set: documented, so known to every web page too. */
export const DEFAULT_ADMIN_KEY = 'test_admin';

/** The admin key's digest, computed once per admin key rather than on every request. */
let admin: { key: string; digest: Buffer } | null = null;

/** Whether `key` is the admin key, compared in constant time (as digests of equal length). */
export function isAdminKey(key: string, adminKey: string): boolean {
  if (admin?.key !== adminKey) admin = { key: adminKey, digest: sha256(adminKey) };
  return timingSafeEqual(sha256(key), admin.digest);
}

/** Each request's answer to "is its `api-key` the admin key?": app.ts's host check and authenticate() both ask. */
const adminVerdicts = new WeakMap<Context, boolean>();

/** isAdminKey() for the request's own `api-key` header (`key`), hashed once per request. */
export function requestHasAdminKey(c: Context, key: string, adminKey: string): boolean {
  let verdict = adminVerdicts.get(c);
  if (verdict === undefined) {
    verdict = isAdminKey(key, adminKey);
    adminVerdicts.set(c, verdict);
  }
  return verdict;
}

/**
 * Who is calling, from the `api-key` header, if it is one of `allowed` kinds. Anything else
 * (no key, an unknown, expired or revoked key, or a key of another kind) is 401 IR_01. Where a
 * publishable key is allowed, an `Authorization` header (the SDK authorization flow) comes first, as
 * upstream's check_sdk_auth_and_get_auth has it (sdkPrincipal). `now`: the clock its session is read by.
 */
export function authenticate<K extends KeyKind>(
  c: Context,
  store: Store,
  adminKey: string,
  allowed: K[],
  now: () => number = Date.now,
): Extract<Principal, { kind: K }> {
  const authorization = (allowed as KeyKind[]).includes('publishable') ? requestHeader(c, 'authorization') : undefined;
  if (authorization) return sdkPrincipal(store, authorization, now()) as Extract<Principal, { kind: K }>;
  const key = requestHeader(c, 'api-key');
  if (!key) throw errors.unauthorized();
  let principal: Principal | null = null;
  if (requestHasAdminKey(c, key, adminKey)) {
    principal = { kind: 'admin' };
  } else if (key.startsWith('pk_')) {
    const merchant = store.merchantByPublishableKey(key);
    if (merchant) principal = { kind: 'publishable', merchant };
  } else {
    const record = store.apiKeyByHash(hashApiKey(key));
    const live = record && !record.revoked && (record.expiration === 'never' || Date.parse(record.expiration) > Date.now());
    const merchant = live ? store.merchant(record.merchant_id) : null;
    if (record && merchant) principal = { kind: 'secret', merchant, keyId: record.key_id };
  }
  if (!principal || !(allowed as KeyKind[]).includes(principal.kind)) throw errors.unauthorized();
  return principal as Extract<Principal, { kind: K }>;
}

/**
 * The caller of an `Authorization` header (domain/sdk-auth.ts): its publishable key's merchant, the
 * payment its client secret names on the profile it names and, when it names a client session, that
 * session the payment's live one (upstream's SdkAuthorizationAuth). Anything else is 401 IR_01. The
 * client secret itself is checked against the payment by the route, as one sent in the body is.
 */
function sdkPrincipal(store: Store, header: string, now: number): Principal {
  const sdk = decodeSdkAuthorization(header);
  const merchant = sdk ? store.merchantByPublishableKey(sdk.publishableKey) : null;
  if (!sdk || !merchant) throw errors.unauthorized();
  const paymentId = paymentIdOfClientSecret(sdk.clientSecret);
  const payment = paymentId ? store.payment(merchant.merchant_id, paymentId) : null;
  if (payment && payment.profile_id !== sdk.profileId) throw errors.unauthorized();
  if (sdk.clientSessionId !== null) {
    const live = payment !== null && sessionEnd(payment) > now;
    if (!live || payment.client_session_id !== sdk.clientSessionId) throw errors.unauthorized();
  }
  return { kind: 'publishable', merchant, sdk };
}

/**
 * The customer an ephemeral key (`api-key: epk_…`, domain/ephemeral-keys.ts) reads, and its merchant;
 * null when the key sent is not one. An unknown, expired or deleted key, or a deleted merchant's, is
 * 401 IR_01.
 */
export function ephemeralCustomer(c: Context, store: Store, now: number): { merchant: MerchantAccount; customerId: string } | null {
  const key = requestHeader(c, 'api-key');
  if (!key?.startsWith('epk_')) return null;
  const found = ephemeralKeyOf(store, key, now);
  const merchant = found ? store.merchant(found.merchant_id) : null;
  if (!found || !merchant) throw errors.unauthorized();
  return { merchant, customerId: found.customer_id };
}

/**
 * The `{merchant_id}` of an account route (business profiles, connector accounts), when the caller
 * may act for it: with the admin key, a merchant that exists; with a secret key, its own merchant
 * (upstream's ApiKeyAuthWithMerchantIdFromRoute). Anything else is 401 IR_01.
 */
export function routeMerchant(c: Context, store: Store, adminKey: string): string {
  const merchantId = c.req.param('merchant_id') ?? '';
  const principal = authenticate(c, store, adminKey, ['admin', 'secret']);
  const allowed = principal.kind === 'admin' ? store.merchant(merchantId) !== null : principal.merchant.merchant_id === merchantId;
  if (!allowed) throw errors.unauthorized();
  return merchantId;
}

/**
 * The client-secret rules of a call, before the payment is read: a publishable key needs one
 * (IR_04); with a secret key one is refused (IR_06), as upstream; with an SDK authorization it is the
 * authorization's. Returns the secret to verify against the payment, or null when the caller is the merchant.
 */
export function requireClientSecret(principal: Principal, clientSecret: string | null | undefined): string | null {
  // the SDK authorization's client secret replaces one sent beside it (upstream's routes: "If client_secret is
  // provided via SDK authorization header, use it"), as the Cypress confirm's empty `client_secret` is
  if (principal.kind === 'publishable' && principal.sdk) return principal.sdk.clientSecret;
  if (principal.kind !== 'publishable') {
    if (clientSecret != null) throw apiError('clientSecretNotAllowed');
    return null;
  }
  if (clientSecret == null || clientSecret === '') throw errors.missingParam('client_secret');
  return clientSecret;
}

/** The client secret is the payment's own (IR_09) and has not expired (IR_08). */
export function verifyClientSecret(payment: Payment, clientSecret: string | null, now: number): void {
  if (clientSecret === null) return;
  if (clientSecret !== payment.client_secret) throw errors.clientSecretMismatch();
  if (sessionEnd(payment) < now) throw errors.clientSecretExpired();
}

/** The payment id a client secret belongs to: the client's own parser. */
export { paymentIdOfClientSecret };

/**
 * The payment a browser names by its client secret: the id read from the secret, the payment
 * retrieved (`retrieve` throws for one the merchant does not have), the secret checked against it.
 * No secret, or one that names no payment, is the mismatch error.
 */
export function paymentOfClientSecret(clientSecret: string | null, retrieve: (paymentId: string) => Payment, now: number): Payment {
  const paymentId = clientSecret === null ? null : paymentIdOfClientSecret(clientSecret);
  if (!paymentId) throw errors.clientSecretMismatch();
  const payment = retrieve(paymentId);
  verifyClientSecret(payment, clientSecret, now);
  return payment;
}

/** A host name that can only be this machine: `localhost`, `127.x.x.x`, `[::1]`. */
const isLoopbackName = (hostname: string): boolean => hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);

/**
 * Whether a request's `Host` names the sandbox itself: a loopback name or the host name of its
 * public URL. A web page that points its own name at 127.0.0.1 (DNS rebinding) reaches a loopback
 * sandbox as its own origin, past every CORS rule, but with its own name in `Host`. A request
 * without `Host` (HTTP/1.0) comes from no browser.
 */
export function isSandboxHost(host: string | undefined, publicUrl: string): boolean {
  if (!host) return true;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  if (isLoopbackName(hostname)) return true;
  try {
    return publicUrl !== '' && new URL(publicUrl).hostname === hostname;
  } catch {
    return false;
  }
}
