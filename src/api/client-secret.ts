/**
 * A payment's client secret is `{payment_id}_secret_{random}`. The client reads the payment id from
 * it before any request; the sandbox reads it to find the payment a browser names.
 */

/** The payment id of a client secret (split on the last `_secret_`), or null when it is no client secret. */
export function paymentIdOfClientSecret(clientSecret: unknown): string | null {
  if (typeof clientSecret !== 'string') return null;
  const at = clientSecret.lastIndexOf('_secret_');
  return at > 0 && at + '_secret_'.length < clientSecret.length ? clientSecret.slice(0, at) : null;
}
