/**
 * Request bodies of the payment API, in zod/mini. The sandbox validates every
 * request with these; the headless client types its confirm body with them. Objects are strict: an
 * unknown member is an error, as upstream (`deny_unknown_fields`).
 */
import * as z from 'zod/mini';
import { CURRENCIES } from '../money/currencies.js';
import { COUNTRY_CODES } from './countries.js';
import { EMAIL_PATTERN } from './email.js';
import {
  AUTHENTICATION_TYPES,
  CAPTURE_METHODS,
  FUTURE_USAGES,
  PAYMENT_EXPERIENCES,
  PAYMENT_METHODS,
  PAYMENT_TYPES,
  SCA_EXEMPTION_TYPES,
  UPSTREAM_PAYMENT_METHOD_TYPES,
} from './enums.js';

/** An optional member that may also be sent as `null`. */
const opt = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));
const minorAmount = () => z.int().check(z.minimum(0));
const text = (max: number) => z.string().check(z.maxLength(max));
/** An id the merchant chooses (upstream's `LengthId` of an `AlphaNumericId`: letters, digits, `_` and `-`). */
export const referenceId = (max: number) => z.string().check(z.minLength(1), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+$/));
/** An email (email.ts), at most 255 characters (the spec's limit; upstream's is 319). */
export const email = () => z.email({ pattern: EMAIL_PATTERN }).check(z.maxLength(255));
const anyObject = () => z.record(z.string(), z.unknown());

export const Currency = z.enum(CURRENCIES);
/** An ISO 3166-1 alpha-2 country code (upstream's `CountryAlpha2`): `ZZ` is an unknown variant. */
export const CountryCode = z.enum(COUNTRY_CODES);

export const Address = z.strictObject({
  address: opt(
    z.strictObject({
      city: opt(text(255)),
      country: opt(CountryCode),
      line1: opt(text(255)),
      line2: opt(text(255)),
      line3: opt(text(255)),
      zip: opt(text(255)),
      state: opt(text(255)),
      first_name: opt(text(255)),
      last_name: opt(text(255)),
      origin_zip: opt(text(255)),
    }),
  ),
  phone: opt(z.strictObject({ number: opt(text(255)), country_code: opt(text(255)) })),
  email: opt(email()),
});

export const CardData = z.strictObject({
  card_number: z.string(),
  card_exp_month: z.string(),
  card_exp_year: z.string(),
  card_cvc: z.string(),
  card_holder_name: opt(text(255)),
  card_network: opt(z.string()),
  nick_name: opt(text(255)),
  card_issuer: opt(z.string()),
  card_type: opt(z.string()),
  card_issuing_country: opt(z.string()),
  bank_code: opt(z.string()),
  card_issuing_country_code: opt(z.string()),
});
export type CardData = z.infer<typeof CardData>;

export const MobileMoneyData = z.strictObject({
  phone_number: z.string().check(z.regex(/^\+?[0-9 ]{6,20}$/)),
  country_code: opt(z.string()),
});

export const PaymentMethodData = z.strictObject({
  card: opt(CardData),
  wallet: opt(z.looseObject({ mobile_money: opt(MobileMoneyData) })),
  billing: opt(Address),
  card_redirect: opt(anyObject()),
  pay_later: opt(anyObject()),
  bank_redirect: opt(anyObject()),
  bank_debit: opt(anyObject()),
  bank_transfer: opt(anyObject()),
  real_time_payment: opt(anyObject()),
  crypto: opt(anyObject()),
  upi: opt(anyObject()),
  voucher: opt(anyObject()),
  gift_card: opt(anyObject()),
  card_token: opt(anyObject()),
  open_banking: opt(anyObject()),
  mobile_payment: opt(anyObject()),
  reward: opt(anyObject()),
});

export const CustomerDetails = z.strictObject({
  id: referenceId(64),
  name: opt(text(255)),
  email: opt(email()),
  phone: opt(text(255)),
  phone_country_code: opt(text(255)),
  tax_registration_id: opt(text(255)),
  document_details: opt(anyObject()),
});

export const CustomerAcceptance = z.strictObject({
  acceptance_type: z.enum(['online', 'offline']),
  accepted_at: opt(z.iso.datetime({ offset: true })),
  online: opt(z.strictObject({ ip_address: opt(text(255)), user_agent: opt(text(1024)) })),
});

const MandateAmountData = z.strictObject({
  amount: minorAmount(),
  currency: Currency,
  start_date: opt(z.iso.datetime({ offset: true })),
  end_date: opt(z.iso.datetime({ offset: true })),
  metadata: opt(anyObject()),
});

export const MandateData = z.strictObject({
  update_mandate_id: opt(text(255)),
  customer_acceptance: opt(CustomerAcceptance),
  mandate_type: opt(
    z.union([
      z.strictObject({ single_use: MandateAmountData }),
      z.strictObject({ multi_use: opt(MandateAmountData) }),
    ]),
  ),
});

/**
 * What the shopper's statement shows for the payment (upstream's `common_types::payments::BillingDescriptor`):
 * kept on the payment and answered, whole. Its members are the processor's to use; the sandbox's simulated
 * processor shows them nowhere. A member beyond these is ignored, as serde ignores it there.
 */
export const BillingDescriptor = z.object({
  name: opt(text(255)),
  city: opt(text(255)),
  phone: opt(text(255)),
  statement_descriptor: opt(text(255)),
  statement_descriptor_suffix: opt(text(255)),
  reference: opt(text(255)),
});

export const OrderDetail = z.looseObject({
  product_name: text(255),
  quantity: z.int().check(z.minimum(1)),
  amount: minorAmount(),
  product_img_link: opt(text(2048)),
});

/**
 * `recurring_details`: every variant upstream names; the sandbox charges `mandate_id` and
 * `payment_method_id` and answers the others as not supported.
 */
export const RecurringDetails = z.strictObject({
  type: z.enum([
    'mandate_id',
    'payment_method_id',
    'processor_payment_token',
    'network_transaction_id_and_card_details',
    'network_transaction_id_and_network_token_details',
    'network_transaction_id_and_decrypted_wallet_token_details',
    'card_with_limited_data',
  ]),
  data: z.unknown(),
});

/**
 * Every member of the spec's payment create table, plus the members the real service's request
 * accepts beyond it (its OpenAPI request schema and the deprecated members its own clients still
 * send): accepted, and stored or ignored as docs/sandbox.md lists.
 */
export const paymentCreateShape = {
  amount: minorAmount(),
  currency: Currency,
  order_tax_amount: opt(minorAmount()),
  amount_to_capture: opt(minorAmount()),
  shipping_cost: opt(minorAmount()),
  payment_id: z.optional(z.string().check(z.length(30), z.regex(/^[A-Za-z0-9_-]+$/))),
  routing: opt(anyObject()),
  connector: opt(z.array(z.string())),
  capture_method: opt(z.enum(CAPTURE_METHODS)),
  authentication_type: opt(z.enum(AUTHENTICATION_TYPES)),
  billing: opt(Address),
  shipping: opt(Address),
  confirm: opt(z.boolean()),
  customer: opt(CustomerDetails),
  customer_id: opt(referenceId(64)),
  off_session: opt(z.boolean()),
  description: opt(text(1024)),
  return_url: opt(z.url({ protocol: /^https?$/ }).check(z.maxLength(2048))),
  setup_future_usage: opt(z.enum(FUTURE_USAGES)),
  payment_method_data: opt(PaymentMethodData),
  payment_method: opt(z.enum(PAYMENT_METHODS)),
  payment_method_type: opt(z.enum(UPSTREAM_PAYMENT_METHOD_TYPES)),
  payment_experience: opt(z.enum(PAYMENT_EXPERIENCES)),
  payment_token: opt(text(255)),
  // the saved card's CVC beside its payment_token (upstream's PaymentsRequest.card_cvc); checked, never kept
  card_cvc: opt(z.string()),
  statement_descriptor_name: opt(text(255)),
  statement_descriptor_suffix: opt(text(255)),
  order_details: opt(z.array(OrderDetail)),
  mandate_data: opt(MandateData),
  customer_acceptance: opt(CustomerAcceptance),
  // upstream's PaymentsRequest: max_length = 64
  mandate_id: opt(text(64)),
  browser_info: opt(anyObject()),
  business_country: opt(CountryCode),
  business_label: opt(text(255)),
  merchant_connector_details: opt(anyObject()),
  allowed_payment_method_types: opt(z.array(z.enum(UPSTREAM_PAYMENT_METHOD_TYPES))),
  metadata: opt(anyObject()),
  connector_metadata: opt(anyObject()),
  payment_link: opt(z.boolean()),
  payment_link_config: opt(anyObject()),
  payment_link_config_id: opt(text(255)),
  profile_id: opt(text(64)),
  surcharge_details: opt(
    z.strictObject({ surcharge_amount: minorAmount(), tax_amount: opt(minorAmount()) }),
  ),
  payment_type: opt(z.enum(PAYMENT_TYPES)),
  request_incremental_authorization: opt(z.boolean()),
  session_expiry: opt(z.int().check(z.minimum(0), z.maximum(2_147_483_647))),
  frm_metadata: opt(anyObject()),
  request_external_three_ds_authentication: opt(z.boolean()),
  recurring_details: opt(RecurringDetails),
  split_payments: opt(anyObject()),
  merchant_order_reference_id: opt(text(255)),
  skip_external_tax_calculation: opt(z.boolean()),
  psd2_sca_exemption_type: opt(z.enum(SCA_EXEMPTION_TYPES)),
  ctp_service_details: opt(anyObject()),
  client_secret: opt(z.string()),
  retry_action: opt(z.enum(['manual_retry', 'requeue'])),
  // deprecated upstream (use `customer`), still sent by its clients and test suite
  email: opt(email()),
  name: opt(text(255)),
  phone: opt(text(255)),
  phone_country_code: opt(text(255)),
  capture_on: opt(z.iso.datetime({ offset: true })),
  billing_descriptor: opt(BillingDescriptor),
  // members of upstream's request schema the sandbox accepts and ignores
  all_keys_required: opt(z.boolean()),
  discount_amount: opt(minorAmount()),
  duty_amount: opt(minorAmount()),
  shipping_amount_tax: opt(minorAmount()),
  enable_overcapture: opt(z.boolean()),
  enable_partial_authorization: opt(z.boolean()),
  force_3ds_challenge: opt(z.boolean()),
  installment_options: opt(z.array(z.unknown())),
  /** A 3-D Secure challenge opens in a frame (the element's modal) rather than a top-level redirect. */
  is_iframe_redirection_enabled: opt(z.boolean()),
  is_stored_credential: opt(z.boolean()),
  mit_category: opt(z.enum(['installment', 'unscheduled', 'recurring', 'resubmission'])),
  order_date: opt(z.iso.datetime({ offset: true })),
  partner_merchant_identifier_details: opt(anyObject()),
  payment_channel: opt(z.string()),
  request_extended_authorization: opt(z.boolean()),
  tax_status: opt(z.enum(['taxable', 'exempt'])),
  three_ds_data: opt(anyObject()),
  threeds_method_comp_ind: opt(z.enum(['Y', 'N', 'U'])),
  tokenization: opt(z.enum(['skip_psp', 'tokenize_at_psp'])),
};

export const PaymentCreateRequest = z.strictObject(paymentCreateShape);
export type PaymentCreateRequest = z.infer<typeof PaymentCreateRequest>;

/** Confirm accepts the same members, none of them required (spec: "plus client_secret"). */
export const PaymentConfirmRequest = z.strictObject({
  ...paymentCreateShape,
  amount: z.optional(minorAmount()),
  currency: z.optional(Currency),
});
export type PaymentConfirmRequest = z.infer<typeof PaymentConfirmRequest>;

/**
 * The update (`POST /payments/{id}`) takes the same members as create, none of them required, as
 * upstream's update takes its `PaymentsRequest`.
 */
export const PaymentUpdateRequest = PaymentConfirmRequest;
export type PaymentUpdateRequest = PaymentConfirmRequest;

/**
 * The members a **client-side** confirm (publishable key + `client_secret`, i.e. the customer's
 * browser) sets, each with why: the card, what 3-D Secure needs, where to come back. Every other
 * member is what the merchant decided on its server (amounts, capture method, customer, metadata,
 * description, mandates, off-session…): the browser may repeat the payment's own value (the real
 * service's clients do: its SDK echoes `payment_type` and the saved card's `customer_id`, its
 * Cypress confirm sends `currency` and `profile_id`), never change it; only the secret key may.
 * docs/sandbox.md renders this table (a test keeps the two equal); the rule for the other members
 * is `checkClientConfirm` (sandbox/domain/payments/client-confirm.ts).
 */
export const CLIENT_CONFIRM_MEMBERS = [
  ['client_secret', "the payment's client secret (required)"],
  ['payment_method', '`card`'],
  ['payment_method_type', '`credit` or `debit`'],
  ['payment_experience', "how the customer's chosen method is paid (`redirect_to_url`, `invoke_sdk_client`…), as the web SDK's confirm sends it for wallets and pay-later methods; the sandbox pays none of those (`400 IR_19`)"],
  ['payment_method_data', 'the card the customer typed, and its billing address'],
  ['billing', "the customer's billing address, email and phone"],
  ['shipping', "the customer's shipping address, on a payment the merchant gave none (the real service's confirm takes it from the browser, as upstream's Cypress save-card confirm sends it); a merchant's own only as it is"],
  ['browser_info', 'the browser details 3-D Secure needs (user agent, language, screen, time zone)'],
  ['payment_token', "a saved card the customer chose: a token this payment's client session (its `customer_payment_methods`) or the merchant's list of the customer's cards was given, with `payment_method_data.card_token.card_cvc` (or `card_cvc`) when the card `requires_cvv`"],
  ['card_cvc', "the CVC of the saved card a `payment_token` stands for, as upstream's Cypress save-card confirm sends it (beside `payment_method_data.card_token.card_cvc`, the web SDK's place); used for that check only, never kept"],
  ['customer_acceptance', "the customer's consent to keep the card (the save-card box); without it a browser's confirm saves no card"],
  ['setup_future_usage', "`on_session` on a payment that has none: the customer keeps the card for their next visit (the real service's own client-side confirm sends it); any other value only as the payment's own"],
  ['return_url', "where the customer comes back after a redirect; on one of the merchant's `allowed_origins` when it lists any"],
  ['retry_action', '`manual_retry`: the customer tries again after a decline'],
  ['is_iframe_redirection_enabled', 'the 3-D Secure challenge opens in a frame (modal) instead of a redirect'],
  ['confirm', "`true`, as the real service's client-side confirm body repeats it (no effect on confirm)"],
  ['email', "the email the customer typed, as the real service's client-side confirm body sends it (deprecated upstream; ignored on confirm)"],
  ['payment_type', "what the web SDK read in the payment-method list, or `setup_mandate` as upstream's Cypress zero-auth confirm sends it; ignored on confirm (upstream infers the payment's type and never reads it there)"],
] as const satisfies readonly (readonly [keyof PaymentConfirmRequest, string])[];

export type ClientConfirmMember = (typeof CLIENT_CONFIRM_MEMBERS)[number][0];

const CLIENT_CONFIRM_NAMES: ReadonlySet<string> = new Set(CLIENT_CONFIRM_MEMBERS.map(([name]) => name));

/** Whether a client-side confirm may set `member` (else it may only repeat the payment's own value). */
export const isClientConfirmMember = (member: string): member is ClientConfirmMember => CLIENT_CONFIRM_NAMES.has(member);

/**
 * Capture and cancel bodies are not strict: the real service's `PaymentsCaptureRequest` and
 * `PaymentsCancelRequest` do not deny unknown fields, and its own clients send members they do not
 * declare (Cypress `captureCallTest` and `voidCallTest` add `profile_id`; its Variations spec sends
 * a nested `Request`). Unknown members are ignored; the declared ones are checked.
 */
export const PaymentCaptureRequest = z.looseObject({
  amount_to_capture: opt(minorAmount()),
  merchant_id: opt(text(255)),
  merchant_connector_details: opt(anyObject()),
  all_keys_required: opt(z.boolean()),
  statement_descriptor_name: opt(text(255)),
  refund_uncaptured_amount: opt(z.boolean()),
  statement_descriptor_suffix: opt(text(255)),
  statement_descriptor_prefix: opt(text(255)),
});

export const PaymentCancelRequest = z.looseObject({
  cancellation_reason: opt(text(255)),
  merchant_connector_details: opt(anyObject()),
  all_keys_required: opt(z.boolean()),
});
