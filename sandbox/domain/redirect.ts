/** Where the customer goes after the 3-D Secure page: the merchant's return URL with the outcome. */
import { createHmac } from 'node:crypto';
import type { MerchantAccount, Payment } from './types.js';

export type Redirect = { method: 'GET'; url: string } | { method: 'POST'; url: string; fields: [string, string][] };

/** The parameters `signature` covers: those the sandbox sets (`amount` only on a GET return), nothing of the return URL's own query. */
export const SIGNED_RETURN_PARAMETERS = ['status', 'payment_id', 'payment_intent_client_secret', 'amount', 'manual_retry_allowed'] as const;

/** The parameters the sandbox sets on the way back; a return URL's own parameters of these names are dropped. */
export const RETURN_PARAMETERS = [...SIGNED_RETURN_PARAMETERS, 'signature', 'signature_algorithm'] as const;

/**
 * The way back to the merchant. Parameters, in upstream's order: status, payment_id,
 * payment_intent_client_secret, amount (left out when the merchant gets an HTTP POST),
 * manual_retry_allowed. With the response hash enabled, `signature` and `signature_algorithm`
 * follow, signing exactly those parameters: the ones the sandbox sets. The return URL's own query
 * is not signed — the browser may have chosen it (a publishable-key confirm sends `return_url`, as
 * the Hyperswitch web SDK does), and a signature over it would vouch for `order=999` a customer
 * typed. Parameters of the sandbox's names already in `return_url` are removed first: the sandbox's
 * are replaced, never appended, so `URLSearchParams.get('status')` reads the signed outcome.
 */
export function redirectToMerchant(payment: Payment, merchant: MerchantAccount, returnUrl: string): Redirect {
  const params: [string, string][] = [
    ['status', payment.status],
    ['payment_id', payment.payment_id],
    ['payment_intent_client_secret', payment.client_secret],
  ];
  const post = merchant.redirect_to_merchant_with_http_post;
  if (!post) params.push(['amount', String(payment.amount)]);
  params.push(['manual_retry_allowed', String(payment.manual_retry_allowed === true)]);
  const url = new URL(returnUrl);
  for (const name of RETURN_PARAMETERS) url.searchParams.delete(name);
  if (!post) for (const [name, value] of params) url.searchParams.append(name, value);
  if (merchant.enable_payment_response_hash) {
    // only what the sandbox set: never the return URL's own query, which the browser may have written
    const signature = signReturnParameters(params, merchant.payment_response_hash_key);
    for (const pair of [['signature', signature], ['signature_algorithm', 'HMAC-SHA512']] as [string, string][]) {
      if (post) params.push(pair);
      else url.searchParams.append(...pair);
    }
  }
  return post ? { method: 'POST', url: url.toString(), fields: params } : { method: 'GET', url: url.toString() };
}

/**
 * HMAC-SHA512, keyed with the merchant's `payment_response_hash_key`, over the parameters sorted by
 * name and form-encoded (`name=value&…`), hex in lower case. A merchant verifies by taking the
 * parameters of SIGNED_RETURN_PARAMETERS from what it received, doing the same and comparing in
 * constant time.
 */
export function signReturnParameters(params: [string, string][], key: string): string {
  const canonical = new URLSearchParams(
    params
      .filter(([name]) => (SIGNED_RETURN_PARAMETERS as readonly string[]).includes(name))
      .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0)),
  ).toString();
  return createHmac('sha512', key).update(canonical).digest('hex');
}
