/**
 * Request schemas of the start-up calls the Hyperswitch web SDK makes besides the ones Tender
 * Checkout uses itself (the sandbox answers them so that SDK runs against it offline). Kept apart
 * from `requests.ts` so nothing here reaches the widget's bundle.
 */
import * as z from 'zod/mini';
import { PAYMENT_METHODS, PAYMENT_METHOD_TYPES } from './enums.js';
import { PaymentMethodData } from './requests.js';

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
 * `POST /payments/session_tokens`. The real service's struct has `payment_id` and `wallets`
 * (required), `client_secret` (required unless the call has an SDK authorization: the route says
 * so, `400 IR_04`) and `merchant_connector_details`; the web SDK also sends
 * `delayed_session_token`. Any other member is refused, as on every other body of the sandbox.
 */
export const PaymentsSessionRequest = z.strictObject({
  payment_id: z.string().check(z.minLength(1), z.maxLength(64)),
  // optional since the SDK authorization flow, which sends it in `Authorization` (api_models PaymentsSessionRequest)
  client_secret: z.optional(z.nullable(z.string().check(z.minLength(1)))),
  wallets: z.array(z.enum([...PAYMENT_METHOD_TYPES, ...SESSION_WALLETS])),
  merchant_connector_details: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  delayed_session_token: z.optional(z.nullable(z.boolean())),
});
export type PaymentsSessionRequest = z.infer<typeof PaymentsSessionRequest>;

const opt = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));

/**
 * The card of an eligibility check: only its number is required (the real service's guide to
 * offers: "only `card_number` is required … expiry and CVC are optional at this stage"; the web
 * SDK sends the number alone, PaymentBody.res `cardPaymentMethodEligibilityBody`).
 */
export const EligibilityCard = z.strictObject({
  card_number: z.string(),
  card_exp_month: opt(z.string()),
  card_exp_year: opt(z.string()),
  card_cvc: opt(z.string()),
  card_holder_name: opt(z.string().check(z.maxLength(255))),
  card_network: opt(z.string()),
  nick_name: opt(z.string().check(z.maxLength(255))),
  card_issuer: opt(z.string()),
  card_type: opt(z.string()),
  card_issuing_country: opt(z.string()),
  bank_code: opt(z.string()),
  card_issuing_country_code: opt(z.string()),
});

/**
 * `POST /payments/{payment_id}/eligibility`: the real service's `PaymentsEligibilityRequest`
 * (OpenAPI: `client_secret`, `payment_method_type` — a payment *method*, `card` —,
 * `payment_method_subtype`, `payment_method_data`, `browser_info`), with the saved card's
 * `payment_token` the web SDK sends instead of card data (SavedMethods.res) and the `payment_id`
 * upstream's own example repeats in the body (juspay/hyperswitch#12401; the path names the payment).
 */
export const PaymentsEligibilityRequest = z.strictObject({
  client_secret: opt(z.string()),
  payment_id: opt(z.string().check(z.maxLength(64))),
  payment_method_type: z.enum(PAYMENT_METHODS),
  payment_method_subtype: opt(z.enum(PAYMENT_METHOD_TYPES)),
  payment_method_data: opt(z.extend(PaymentMethodData, { card: opt(EligibilityCard) })),
  payment_token: opt(z.string().check(z.minLength(1), z.maxLength(255))),
  browser_info: opt(z.record(z.string(), z.unknown())),
});
export type PaymentsEligibilityRequest = z.infer<typeof PaymentsEligibilityRequest>;
