/** Internal records of the sandbox. Documents hold masked card data only (brand, BIN, last4, expiry, holder). */

import type { IntentStatus } from '../../src/api/enums.js';
import type { RedirectInsidePopup, RedirectToUrl, WaitScreenInformation } from '../../src/api/schemas.js';
import type { CardDecision, DeclineCode } from './processor.js';

export type { IntentStatus };

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface Organization {
  organization_id: string;
  organization_name: string | null;
  organization_details: JsonObject | null;
  metadata: JsonObject | null;
  created_at: string;
  modified_at: string;
}

export interface WebhookDetails {
  webhook_version: string | null;
  webhook_username: string | null;
  webhook_password: string | null;
  webhook_url: string | null;
  payment_created_enabled: boolean | null;
  payment_succeeded_enabled: boolean | null;
  payment_failed_enabled: boolean | null;
  /** Upstream's status lists (absent on accounts stored before they existed). */
  payment_statuses_enabled?: string[] | null;
  refund_statuses_enabled?: string[] | null;
  payout_statuses_enabled?: string[] | null;
}

/** A merchant account: every member of the spec's table, plus what the sandbox keeps for itself. */
export interface MerchantAccount {
  merchant_id: string;
  merchant_name: string | null;
  return_url: string | null;
  primary_business_details: JsonObject[];
  merchant_details: JsonObject | null;
  webhook_details: WebhookDetails | null;
  payout_routing_algorithm: JsonObject | null;
  frm_routing_algorithm: JsonObject | null;
  sub_merchants_enabled: boolean;
  parent_merchant_id: string | null;
  enable_payment_response_hash: boolean;
  payment_response_hash_key: string;
  redirect_to_merchant_with_http_post: boolean;
  metadata: JsonObject | null;
  publishable_key: string;
  locker_id: string | null;
  organization_id: string;
  /**
   * The profile a payment without `profile_id` is made on (domain/profiles.ts); null once the
   * merchant has several profiles and has not named one, as upstream unsets it.
   */
  default_profile: string | null;
  pm_collect_link_config: JsonObject | null;
  gateway_fee_config: { percentage: number | null; flat_amount: number | null } | null;
  /** Set by `DELETE /accounts/{id}`: the account is read as none, its payments and customers stay stored. */
  deleted_at?: string;
  /** Origins of the merchant's checkout pages; absent on accounts stored before the setting existed. */
  allowed_origins?: string[];
  /** The billing details asked for beyond the card; absent on accounts stored before the setting existed (the default). */
  billing_requirements?: StoredBillingRequirements;
  is_recon_enabled: boolean;
  recon_status: 'not_requested' | 'requested' | 'active' | 'disabled';
  /** Upstream's account type (absent on accounts stored before it existed: `standard`). */
  merchant_account_type?: 'standard' | 'platform' | 'connected';
  /** Upstream's product type (absent on accounts stored before it existed: `orchestration`, upstream's default). */
  product_type?: 'orchestration' | 'vault' | 'recon' | 'recovery' | 'cost_observability' | 'dynamic_routing';
  created_at: string;
  modified_at: string;
}

/**
 * A business profile (domain/profiles.ts): the members of upstream's ProfileResponse as stored
 * (`Json` for the members the sandbox keeps without reading), and when it was made and changed.
 */
export interface BusinessProfile {
  merchant_id: string;
  profile_id: string;
  profile_name: string;
  return_url: string | null;
  enable_payment_response_hash: boolean;
  payment_response_hash_key: string | null;
  redirect_to_merchant_with_http_post: boolean;
  webhook_details: WebhookDetails | null;
  metadata: JsonObject | null;
  intent_fulfillment_time: number | null;
  session_expiry: number | null;
  is_manual_retry_enabled: boolean | null;
  /** Every other member of ProfileResponse, as sent or as upstream defaults it. */
  [member: string]: Json | WebhookDetails | undefined;
  created_at: string;
  modified_at: string;
}

/**
 * A connector account (upstream's MerchantConnectorAccount, v1) as stored: the request's members,
 * upstream's defaults, and `connector_account_details` masked (the secrets are never kept).
 */
export interface ConnectorAccount {
  merchant_id: string;
  merchant_connector_id: string;
  profile_id: string;
  connector_type: string;
  connector_name: string;
  connector_label: string;
  connector_account_details: JsonObject;
  disabled: boolean;
  status: 'active' | 'inactive';
  test_mode: boolean | null;
  /** Every other member of MerchantConnectorResponse, as sent (`null` when not). */
  [member: string]: Json | undefined;
  created_at: string;
  modified_at: string;
}

/**
 * A payment-method collect link as stored (domain/collect-links.ts): upstream's
 * PaymentMethodCollectLinkResponse and what its page needs (`status`, the merchant).
 */
export interface CollectLink {
  pm_collect_link_id: string;
  merchant_id: string;
  customer_id: string;
  /** ISO 8601, when the page stops taking a card. */
  expiry: string;
  link: string;
  return_url: string | null;
  logo: string | null;
  merchant_name: string | null;
  theme: string | null;
  enabled_payment_methods: { payment_method: string; payment_method_types: string[] }[];
  /** Upstream's PaymentMethodCollectStatus: `initiated` until a card is saved through it, then `submitted`. */
  status: 'initiated' | 'submitted';
  /** The card saved through it (`submitted` only). */
  payment_method_id?: string;
  created_at: string;
}

/** A merchant's `billing_requirements`, every member filled in (domain/billing.ts). */
export interface StoredBillingRequirements {
  billing: 'auto' | 'none' | 'postal_code' | 'full';
  email: boolean;
  phone: boolean;
}

export interface ApiKeyRecord {
  key_id: string;
  merchant_id: string;
  name: string;
  description: string | null;
  prefix: string;
  created: string;
  expiration: 'never' | string;
  revoked: boolean;
}

export interface Customer {
  customer_id: string;
  merchant_id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  phone_country_code: string | null;
  description: string | null;
  address: JsonObject | null;
  metadata: JsonObject | null;
  default_payment_method_id: string | null;
  created_at: string;
  /** Cards saved for the customer by payments with `setup_future_usage` or `mandate_data`, or by `POST /payment_methods` (saved-methods.ts). */
  payment_methods?: SavedPaymentMethod[];
  /** Deleted (`DELETE /customers/{id}`): its details are redacted and it answers `400 IR_11`, as upstream. */
  redacted?: boolean;
}

/** A card saved for a customer: `payment_method_id` on the payments that use it. */
export interface SavedPaymentMethod {
  payment_method_id: string;
  card: MaskedCard;
  /** Saved with `setup_future_usage: off_session` or a mandate: chargeable without the customer. */
  off_session: boolean;
  /**
   * The simulated processor's own reference for charging the card without the customer
   * (`connector_mandate_id` on the payments that authorise it): given when the card is first
   * saved off-session; absent on cards saved on-session, or off-session before it existed.
   */
  connector_mandate_id?: string;
  /**
   * The connector accounts that hold that mandate (`''`: the simulated default connector); absent on
   * cards saved before accounts existed, which it alone holds (payments/connector-mandates.ts).
   */
  mandate_accounts?: string[];
  /** The card network's reference of the authorisation that saved it off-session (for connector-agnostic MITs). */
  network_transaction_id?: string;
  created_at: string;
  /** `{payment_method_id}_secret_{20}`, made when the card is saved, as upstream's create_payment_method (absent on cards saved before it existed). */
  client_secret?: string;
  /** Members of `POST /payment_methods` (absent on cards a payment saved). */
  payment_method_type?: string | null;
  nick_name?: string | null;
  metadata?: JsonObject | null;
  last_used_at?: string | null;
  /**
   * The simulated issuer asks for a 3-D Secure challenge on this card, and this is how it ends (the
   * test card's decision, kept when the card is saved: the number is not). A `three_ds` payment with
   * the card's `payment_token` is challenged as the card itself would be (absent: approved at once).
   */
  issuer_challenge?: 'succeed' | 'fail';
  /**
   * The simulated issuer declines this card with this code (a declining test card saved by
   * `POST /payment_methods`, on-session: a card saved by a payment was authorised): paid with its
   * `payment_token`, it declines as the card itself would.
   */
  issuer_decline?: DeclineCode;
}

/** What the sandbox keeps of a card: never the number or the CVC. */
export interface MaskedCard {
  last4: string;
  card_isin: string;
  card_network: string | null;
  card_type: 'credit' | 'debit';
  card_exp_month: string;
  card_exp_year: string;
  card_holder_name: string | null;
}

/** The next actions the sandbox gives: the wire shapes the client parses (src/api/schemas.ts). */
export type NextAction = RedirectToUrl | RedirectInsidePopup | WaitScreenInformation;

/** A settlement the sandbox will apply by itself at `at` (ms since epoch): async card processing, mobile money, an unanswered challenge. */
export interface PendingSettlement {
  at: number;
  outcome: 'succeed' | 'fail';
  error_code?: string;
}

export interface Attempt {
  attempt_id: string;
  payment_id: string;
  merchant_id: string;
  attempt_number: number;
  status: 'started' | 'authentication_pending' | 'pending' | 'charged' | 'authorized' | 'failure' | 'voided';
  payment_method: string;
  payment_method_type: string | null;
  card: MaskedCard | null;
  phone_last4: string | null;
  /** The processor's hidden decision for a 3-D Secure challenge: what Complete leads to. */
  challenge_outcome: 'succeed' | 'fail' | null;
  /** SHA-256 digests of the challenge links handed out and not yet opened (never the tokens). */
  challenge_links?: string[];
  /** SHA-256 digests of the tokens of challenge pages shown and not yet answered. */
  challenge_pages?: string[];
  connector: string;
  /** The payment's authentication type when the attempt was made (a step-up retry's is `three_ds`); absent on attempts stored before it was kept. */
  authentication_type?: string | null;
  /** The connector account the attempt went to; absent when it went to the merchant's simulated default (processor.ts connectorAccountId). */
  merchant_connector_id?: string | null;
  connector_transaction_id: string | null;
  error_code: string | null;
  error_message: string | null;
  unified_code: string | null;
  unified_message: string | null;
  created_at: string;
  modified_at: string;
}

export interface Capture {
  capture_id: string;
  status: 'charged' | 'failed';
  amount: number;
  currency: string;
  created: string;
}

export interface Mandate {
  mandate_id: string;
  merchant_id: string;
  customer_id: string;
  payment_id: string;
  status: 'active' | 'inactive' | 'pending' | 'revoked';
  mandate_type: 'single_use' | 'multi_use';
  amount: number | null;
  currency: string | null;
  start_date: string | null;
  end_date: string | null;
  card: MaskedCard | null;
  customer_acceptance: JsonObject | null;
  /** The saved card the mandate charges (absent on mandates stored before saved cards existed). */
  payment_method_id?: string | null;
  times_used: number;
  created_at: string;
}

/** A payment intent. Member names follow the wire response where they exist there. */
export interface Payment {
  payment_id: string;
  merchant_id: string;
  status: IntentStatus;
  amount: number;
  currency: string;
  amount_to_capture: number | null;
  amount_received: number;
  shipping_cost: number | null;
  order_tax_amount: number | null;
  surcharge_details: JsonObject | null;
  capture_method: string;
  authentication_type: string | null;
  client_secret: string;
  /** The client session of the SDK authorization flow (domain/sdk-auth.ts); absent on payments stored before it existed. */
  client_session_id?: string;
  created: string;
  updated: string;
  session_expiry: number;
  customer_id: string | null;
  description: string | null;
  return_url: string | null;
  setup_future_usage: string | null;
  off_session: boolean | null;
  metadata: JsonObject | null;
  connector_metadata: JsonObject | null;
  feature_metadata: JsonObject | null;
  frm_metadata: JsonObject | null;
  billing: JsonObject | null;
  /** The email the merchant's server gave a payment (`email`, `customer.email`); absent on payments stored before it was kept. */
  email?: string | null;
  shipping: JsonObject | null;
  order_details: JsonObject[] | null;
  statement_descriptor_name: string | null;
  statement_descriptor_suffix: string | null;
  /** `billing_descriptor` as sent (its six members); absent on payments stored before it was kept. */
  billing_descriptor?: JsonObject | null;
  mandate_data: JsonObject | null;
  mandate_id: string | null;
  customer_acceptance: JsonObject | null;
  payment_method: string | null;
  payment_method_type: string | null;
  payment_experience: string | null;
  payment_token: string | null;
  card: MaskedCard | null;
  /**
   * Set by a browser's confirm (publishable key): whether the customer consented to keep the card
   * (`customer_acceptance` on that confirm, or one the merchant set). False: the card is not saved.
   * Absent: the merchant's server confirmed, and `setup_future_usage` alone saves it.
   */
  save_card_consent?: boolean;
  /** The saved card this payment used or saved (absent on payments stored before saved cards existed). */
  payment_method_id?: string | null;
  /**
   * `payment_method_id` is the id the card will be saved under once the payment is authorised: set
   * when a payment that saves its card off-session waits for the customer (a 3-D Secure challenge),
   * as upstream answers the method's id (`inactive`) before the challenge.
   */
  payment_method_pending?: boolean;
  /** The saved card's processor reference, once the payment is authorised with a card saved off-session. */
  connector_mandate_id?: string | null;
  /**
   * A card sent at create or update without `confirm`: what the sandbox keeps of it (masked) and the
   * simulated processor's decision, taken when the card was sent, so that a bare confirm pays with
   * it. The number itself is never kept. Consumed by the next confirm.
   */
  attached_card?: { card: MaskedCard; decision: CardDecision } | null;
  /** The payment link of a payment created with `payment_link: true` (absent on payments stored before links existed). */
  payment_link?: { link: string; secure_link: string | null; payment_link_id: string } | null;
  billing_of_method: JsonObject | null;
  next_action: NextAction | null;
  error_code: string | null;
  error_message: string | null;
  unified_code: string | null;
  unified_message: string | null;
  manual_retry_allowed: boolean | null;
  /** `rejected` once a blocked card failed it (card-blocking.ts); absent otherwise (answered null). */
  merchant_decision?: string | null;
  cancellation_reason: string | null;
  connector: string | null;
  /** The connector account of the latest attempt; absent when it went to the merchant's simulated default. */
  merchant_connector_id?: string | null;
  /** The latest attempt charges a saved card by its network transaction id, not a connector mandate (payments/connector-mandates.ts). */
  mit_by_network_id?: boolean;
  connector_requested: string[] | null;
  connector_transaction_id: string | null;
  /** The card network's reference of the last authorisation (absent on payments stored before it was kept). */
  network_transaction_id?: string | null;
  attempt_count: number;
  active_attempt_id: string | null;
  captures: Capture[];
  settlement: PendingSettlement | null;
  business_country: string | null;
  business_label: string | null;
  allowed_payment_method_types: string[] | null;
  merchant_order_reference_id: string | null;
  profile_id: string;
  payment_type: string | null;
  request_incremental_authorization: boolean | null;
  split_payments: JsonObject | null;
  request_external_three_ds_authentication: boolean | null;
  psd2_sca_exemption_type: string | null;
  browser_info_received: boolean;
  /** The 3-D Secure challenge is to open in a frame; absent on payments stored before it existed. */
  is_iframe_redirection_enabled?: boolean | null;
  /** Fees recorded when the payment is captured (minor units); null until then. */
  processor_fee?: number | null;
  gateway_fee?: number | null;
}

export type RefundStatus = 'succeeded' | 'failed' | 'pending' | 'review';

export interface Refund {
  refund_id: string;
  payment_id: string;
  merchant_id: string;
  amount: number;
  currency: string;
  status: RefundStatus;
  connector: string;
  /** The payment's connector account; absent when it was the merchant's simulated default. */
  merchant_connector_id?: string | null;
  reason: string | null;
  metadata: JsonObject | null;
  error_code: string | null;
  error_message: string | null;
  unified_code: string | null;
  unified_message: string | null;
  connector_refund_id: string;
  refund_arn: string | null;
  refund_type: string;
  split_refunds: JsonObject | null;
  gateway_fee: number | null;
  profile_id: string;
  created_at: string;
  updated_at: string;
  /** A later status the sandbox applies by itself at `at` (ms since epoch). */
  settlement: { at: number; status: RefundStatus } | null;
}

export type WebhookEventType = 'payment_created' | 'payment_succeeded' | 'payment_failed';

export interface WebhookEvent {
  event_id: string;
  merchant_id: string;
  event_type: WebhookEventType;
  /** The exact body sent on every delivery attempt. */
  body: string;
  attempts: number;
  next_attempt_at: number;
  delivered_at: number | null;
  abandoned_at: number | null;
  last_error: string | null;
  created_at: number;
}
