/**
 * Request schemas of the start-up calls the Hyperswitch web SDK makes besides the ones Tender
 * Checkout uses itself (the sandbox answers them so that SDK runs against it offline). Kept apart
 * from `requests.ts` so nothing here reaches the widget's bundle.
 */
import * as z from 'zod/mini';
import { PAYMENT_METHOD_TYPES } from './enums.js';

/**
 * Wallets a `wallets` list may name besides the payment method types of the API's own enumeration:
 * the session-token wallets of the real service (Google Pay, Apple Pay, PayPal, Klarna, …).
 */
export const SESSION_WALLETS = [
  'google_pay',
  'apple_pay',
  'samsung_pay',
  'paypal',
  'klarna',
  'paze',
  'click_to_pay',
  'amazon_pay',
] as const;

/**
 * `POST /payments/session_tokens`. The real service's struct has `payment_id`, `client_secret` and
 * `wallets` (all required) and `merchant_connector_details`; the web SDK also sends
 * `delayed_session_token`. Any other member is refused, as on every other body of the sandbox.
 */
export const PaymentsSessionRequest = z.strictObject({
  payment_id: z.string().check(z.minLength(1), z.maxLength(64)),
  client_secret: z.string().check(z.minLength(1)),
  wallets: z.array(z.enum([...PAYMENT_METHOD_TYPES, ...SESSION_WALLETS])),
  merchant_connector_details: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  delayed_session_token: z.optional(z.nullable(z.boolean())),
});
export type PaymentsSessionRequest = z.infer<typeof PaymentsSessionRequest>;
