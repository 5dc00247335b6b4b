/**
 * The 3-D Secure challenge's tokens and links. A link to the challenge page carries a random link
 * token; opening the page spends it and gives the page a random page token, which the answer must
 * carry. Only SHA-256 digests of tokens are stored (on the attempt), so neither the database nor
 * the ids give a usable link away.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { MerchantAccount, NextAction, Payment } from './types.js';

/** 256 bits from the operating system's CSPRNG, as 43 base64url characters. */
export const TOKEN_BYTES = 32;
/** How many unopened links (or unanswered pages) an attempt keeps; the oldest are dropped. */
export const LIVE_TOKENS = 5;

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Where `token`'s digest is in `digests` (-1 when absent or empty), comparing digests in constant time. */
export function findToken(digests: readonly string[] | undefined, token: string | null | undefined): number {
  if (!token || !digests?.length) return -1;
  const digest = Buffer.from(tokenDigest(token), 'hex');
  let found = -1;
  digests.forEach((candidate, index) => {
    const bytes = Buffer.from(candidate, 'hex');
    if (bytes.length === digest.length && timingSafeEqual(bytes, digest)) found = index;
  });
  return found;
}

/** `digests` with `token`'s digest added, keeping the newest LIVE_TOKENS. */
export function withToken(digests: readonly string[] | undefined, token: string): string[] {
  return [...(digests ?? []), tokenDigest(token)].slice(-LIVE_TOKENS);
}

/** `digests` without the one at `index`. */
export function withoutToken(digests: readonly string[] | undefined, index: number): string[] {
  return (digests ?? []).filter((_, i) => i !== index);
}

/** The challenge page's path (the real service's start-pay path), without a token. */
export function challengePath(payment: Payment, attemptId: string): string {
  return `/payments/redirect/${encodeURIComponent(payment.payment_id)}/${encodeURIComponent(payment.merchant_id)}/${encodeURIComponent(attemptId)}`;
}

/** The page that ends a framed challenge (the real service's redirect-response path, connector `sandbox`). */
export function redirectResponsePath(payment: Payment): string {
  return `/payments/${encodeURIComponent(payment.payment_id)}/${encodeURIComponent(payment.merchant_id)}/redirect/response/sandbox`;
}

/**
 * The next action for a pending challenge, with a fresh link token: `redirect_inside_popup` when the
 * payment has `is_iframe_redirection_enabled`, `redirect_to_url` otherwise (as the real service).
 */
export function challengeNextAction(publicUrl: string, payment: Payment, attemptId: string, linkToken: string): NextAction {
  const link = `${publicUrl}${challengePath(payment, attemptId)}?token=${linkToken}`;
  if (payment.is_iframe_redirection_enabled === true) {
    return { type: 'redirect_inside_popup', popup_url: link, redirect_response_url: `${publicUrl}${redirectResponsePath(payment)}` };
  }
  return { type: 'redirect_to_url', redirect_to_url: link };
}

/** An http(s) URL's origin, or null (an app scheme's origin is opaque). */
function webOrigin(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origins the merchant's checkout page may have, which a framed challenge tells when it ends:
 * the merchant's `allowed_origins` when it lists any, else the return URL's origin (`returnUrl`:
 * the payment's, else its profile's, else the merchant's: profiles.ts returnUrlOf). Never `*`.
 */
export function merchantPageOrigins(merchant: MerchantAccount | null, returnUrl: string | null): string[] {
  const allowed = merchant?.allowed_origins ?? [];
  if (allowed.length > 0) return [...allowed];
  const origin = webOrigin(returnUrl);
  return origin ? [origin] : [];
}

/** Where a form on the challenge page may send the customer: the return URL's origin (a 302 after the POST). */
export function returnOrigin(returnUrl: string | null): string | null {
  return webOrigin(returnUrl);
}
