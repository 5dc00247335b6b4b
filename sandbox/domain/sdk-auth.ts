/**
 * SDK authorization, upstream's newer client flow: a payment's answer carries `sdk_authorization`,
 * base64 of `profile_id=…,publishable_key=…,client_secret=…[,customer_id=…][,client_session_id=…],payment_id=…`
 * (hyperswitch_domain_models sdk_auth.rs `SdkAuthorization::encode`, built in payments/transformers.rs
 * `payments_to_payments_response`), and the web SDK, given it as `sdkAuthorization`, sends it as the
 * `Authorization` header in place of the publishable key and the client secret. It grants what they
 * grant, no more: the client secret inside is checked against the payment as one sent in the body is.
 *
 * `client_session_id` (`client_sess_` and 20 characters) is the payment's client session: made when
 * the payment is created, made anew when it is updated (the old one then stops working), and over
 * when the client secret expires (payments/client_session.rs `ClientSessionManager`). An
 * authorization naming another session, or one that is over, is `401 IR_01`
 * (authentication.rs `SdkAuthorizationAuth`); one naming none is upstream's legacy flow, accepted.
 */
import { alphanumeric } from './ids.js';
import type { Payment } from './types.js';

export const newClientSessionId = (): string => `client_sess_${alphanumeric(20)}`;

/** When the payment's client secret expires, and with it its client session and its saved cards' tokens, in milliseconds. */
export const sessionEnd = (payment: Payment): number => Date.parse(payment.created) + payment.session_expiry * 1000;

/** What an `Authorization` header of the SDK flow says (the members the sandbox reads). */
export interface SdkAuthorization {
  profileId: string;
  publishableKey: string;
  clientSecret: string;
  clientSessionId: string | null;
}

/**
 * The payment's `sdk_authorization`. `withSession`: the answer of the call that made the client
 * session (create, update) names it, as upstream's does; other answers carry none.
 */
export function encodeSdkAuthorization(payment: Payment, publishableKey: string, withSession: boolean): string {
  const parts = [
    `profile_id=${payment.profile_id}`,
    `publishable_key=${publishableKey}`,
    `client_secret=${payment.client_secret}`,
    payment.customer_id ? `customer_id=${payment.customer_id}` : null,
    withSession && payment.client_session_id ? `client_session_id=${payment.client_session_id}` : null,
    `payment_id=${payment.payment_id}`,
  ];
  return Buffer.from(parts.filter((part) => part !== null).join(','), 'utf8').toString('base64');
}

/** The longest header read: an authorization is a few hundred bytes. */
const MAX_HEADER = 2048;

/**
 * Reads an `Authorization` header of the SDK flow as upstream's `SdkAuthorization::decode` does:
 * base64 of comma-separated `key=value` pairs, `profile_id`, `publishable_key` and `client_secret`
 * required. Null for anything else (the caller answers 401).
 */
export function decodeSdkAuthorization(header: string): SdkAuthorization | null {
  const value = header.trim();
  if (value === '' || value.length > MAX_HEADER || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return null;
  const text = Buffer.from(value, 'base64').toString('utf8');
  const members = new Map<string, string>();
  for (const part of text.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) return null;
    members.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const profileId = members.get('profile_id');
  const publishableKey = members.get('publishable_key');
  const clientSecret = members.get('client_secret');
  if (!profileId || !publishableKey || !clientSecret) return null;
  return { profileId, publishableKey, clientSecret, clientSessionId: members.get('client_session_id') || null };
}
