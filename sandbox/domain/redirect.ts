/** Where the customer goes after the 3-D Secure page: the merchant's return URL with the outcome. */
import { createHmac } from 'node:crypto';
import type { MerchantAccount, Payment } from './types.js';

export type Redirect = { method: 'GET'; url: string } | { method: 'POST'; url: string; fields: [string, string][] };

/** The parameters the sandbox sets on the way back; a return URL's own parameters of these names are dropped. */
export const RETURN_PARAMETERS = [
  'status',
  'payment_id',
  'payment_intent_client_secret',
  'amount',
  'manual_retry_allowed',
  'signature',
  'signature_algorithm',
] as const;

/**
 * The way back to the merchant. Parameters, in upstream's order: status, payment_id,
 * payment_intent_client_secret, amount (left out when the merchant gets an HTTP POST),
 * manual_retry_allowed. With the response hash enabled, `signature` and `signature_algorithm`
 * follow, signing every parameter the merchant receives (its own query parameters included).
 * Parameters of those names already in `return_url` (it may come from the browser) are removed
 * first: the sandbox's are replaced, never appended, so `URLSearchParams.get('status')` reads the
 * real outcome and the signature covers exactly what the merchant reads.
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
  // what the merchant receives: the return URL's own query plus ours (in the form, for a POST)
  const received: [string, string][] = post ? [...url.searchParams, ...params] : [...url.searchParams];
  if (merchant.enable_payment_response_hash) {
    const signature = signReturnParameters(received, merchant.payment_response_hash_key);
    for (const pair of [['signature', signature], ['signature_algorithm', 'HMAC-SHA512']] as [string, string][]) {
      if (post) params.push(pair);
      else url.searchParams.append(...pair);
    }
  }
  return post ? { method: 'POST', url: url.toString(), fields: params } : { method: 'GET', url: url.toString() };
}

/**
 * HMAC-SHA512, keyed with the merchant's `payment_response_hash_key`, over the parameters sorted by
 * name and form-encoded (`name=value&…`), hex in lower case. A merchant verifies by dropping
 * `signature` and `signature_algorithm` from what it received, doing the same and comparing in
 * constant time.
 */
export function signReturnParameters(params: [string, string][], key: string): string {
  const canonical = new URLSearchParams(
    params
      .filter(([name]) => name !== 'signature' && name !== 'signature_algorithm')
      .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0)),
  ).toString();
  return createHmac('sha512', key).update(canonical).digest('hex');
}
