/** Where the customer goes after the 3-D Secure page: the merchant's return URL with the outcome. */
import { createHmac } from 'node:crypto';
import type { MerchantAccount, Payment } from './types.js';

/**
 * The return parameters, in upstream's order: status, payment_id, payment_intent_client_secret,
 * amount (left out when the merchant gets an HTTP POST), manual_retry_allowed; plus `signature`
 * and `signature_algorithm` when the merchant enabled the response hash.
 */
export function returnParameters(payment: Payment, merchant: MerchantAccount): [string, string][] {
  const params: [string, string][] = [
    ['status', payment.status],
    ['payment_id', payment.payment_id],
    ['payment_intent_client_secret', payment.client_secret],
  ];
  if (!merchant.redirect_to_merchant_with_http_post) params.push(['amount', String(payment.amount)]);
  params.push(['manual_retry_allowed', String(payment.manual_retry_allowed === true)]);
  if (merchant.enable_payment_response_hash) {
    params.push(['signature', signReturnParameters(params, merchant.payment_response_hash_key)]);
    params.push(['signature_algorithm', 'HMAC-SHA512']);
  }
  return params;
}

/**
 * HMAC-SHA512, keyed with the merchant's `payment_response_hash_key`, over the parameters sorted by
 * name and joined as `name=value&…` (form-encoded), hex in lower case. A merchant verifies by
 * dropping `signature` and `signature_algorithm`, doing the same and comparing in constant time.
 */
export function signReturnParameters(params: [string, string][], key: string): string {
  const canonical = new URLSearchParams(
    [...params].filter(([name]) => name !== 'signature' && name !== 'signature_algorithm').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  ).toString();
  return createHmac('sha512', key).update(canonical).digest('hex');
}

/** The return URL with the parameters appended to any query it already has. */
export function returnUrlWith(returnUrl: string, params: [string, string][]): string {
  const url = new URL(returnUrl);
  for (const [name, value] of params) url.searchParams.append(name, value);
  return url.toString();
}
