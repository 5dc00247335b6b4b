/**
 * Request bodies of business profiles (`/account/{merchant_id}/business_profile`), in zod/mini. Used by
 * the sandbox; nothing in the browser bundle imports this module.
 */
import * as z from 'zod/mini';
import { RoutingAlgorithm, WebhookDetails } from './admin.js';
import { CountryCode } from './requests.js';

const opt = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));
const text = (max: number) => z.string().check(z.maxLength(max));
const anyObject = () => z.record(z.string(), z.unknown());

const CARD_TYPES = ['credit', 'debit'] as const;
/**
 * Upstream's `PaymentMethodBlockingConfig` (api_models admin.rs): the cards a profile refuses while
 * the merchant's blocklist guard is on (sandbox/domain/card-blocking.ts). Its structs take members
 * they do not know and drop them, as serde does without `deny_unknown_fields`.
 */
export const PaymentMethodBlockingConfig = z.object({
  card: opt(
    z.object({
      issuing_country: opt(z.array(CountryCode)),
      card_types: opt(z.array(z.enum(CARD_TYPES))),
      // upstream's CardSubtype, as serde names it (`smallcorporate`, `corporate_t_and_e`, …)
      card_subtypes: opt(z.array(z.string().check(z.regex(/^[a-z0-9_]{1,64}$/)))),
      issuers: opt(z.array(text(64))),
      block_if_bin_info_unavailable: opt(z.boolean()),
    }),
  ),
  wallet: opt(z.object({ card_types: opt(z.array(z.enum(CARD_TYPES))) })),
});
/**
 * `POST /account/{merchant_id}/business_profile` and `…/business_profile/{profile_id}`: upstream's
 * ProfileCreate and ProfileUpdate (v1, `deny_unknown_fields`; the update takes the same members, each
 * optional, a member absent or `null` left as it is). juspay/hyperswitch crates/api_models/src/admin.rs,
 * as its OpenAPI document (sandbox/test/conformance/hyperswitch-openapi-v1.json, `ProfileCreate`)
 * describes them. `session_expiry` (60–7890000) and `intent_fulfillment_time` (60–1800) are checked
 * by the sandbox's domain, in upstream's words.
 */
const profileShape = {
  profile_name: opt(text(64)),
  return_url: opt(z.url({ protocol: /^https?$/ }).check(z.maxLength(255))),
  enable_payment_response_hash: opt(z.boolean()),
  payment_response_hash_key: opt(z.string().check(z.minLength(1), z.maxLength(255))),
  redirect_to_merchant_with_http_post: opt(z.boolean()),
  webhook_details: opt(WebhookDetails),
  metadata: opt(anyObject()),
  routing_algorithm: opt(anyObject()),
  intent_fulfillment_time: opt(z.int().check(z.minimum(0), z.maximum(4_294_967_295))),
  frm_routing_algorithm: opt(anyObject()),
  payout_routing_algorithm: opt(RoutingAlgorithm),
  applepay_verified_domains: opt(z.array(text(255))),
  session_expiry: opt(z.int().check(z.minimum(0), z.maximum(4_294_967_295))),
  payment_link_config: opt(anyObject()),
  authentication_connector_details: opt(anyObject()),
  use_billing_as_payment_method_billing: opt(z.boolean()),
  collect_shipping_details_from_wallet_connector: opt(z.boolean()),
  collect_billing_details_from_wallet_connector: opt(z.boolean()),
  always_collect_shipping_details_from_wallet_connector: opt(z.boolean()),
  always_collect_billing_details_from_wallet_connector: opt(z.boolean()),
  is_connector_agnostic_mit_enabled: opt(z.boolean()),
  payout_link_config: opt(anyObject()),
  outgoing_webhook_custom_http_headers: opt(anyObject()),
  tax_connector_id: opt(text(64)),
  is_tax_connector_enabled: opt(z.boolean()),
  is_network_tokenization_enabled: opt(z.boolean()),
  is_auto_retries_enabled: opt(z.boolean()),
  max_auto_retries_enabled: opt(z.int().check(z.minimum(0), z.maximum(255))),
  always_request_extended_authorization: opt(z.boolean()),
  is_click_to_pay_enabled: opt(z.boolean()),
  authentication_product_ids: opt(anyObject()),
  card_testing_guard_config: opt(anyObject()),
  is_clear_pan_retries_enabled: opt(z.boolean()),
  force_3ds_challenge: opt(z.boolean()),
  is_debit_routing_enabled: opt(z.boolean()),
  merchant_business_country: opt(CountryCode),
  is_iframe_redirection_enabled: opt(z.boolean()),
  is_pre_network_tokenization_enabled: opt(z.boolean()),
  merchant_category_code: opt(text(4)),
  merchant_country_code: opt(text(3)),
  dispute_polling_interval: opt(z.int().check(z.minimum(0), z.maximum(2_147_483_647))),
  is_manual_retry_enabled: opt(z.boolean()),
  always_enable_overcapture: opt(z.boolean()),
  is_external_vault_enabled: opt(z.enum(['enable', 'skip'])),
  external_vault_connector_details: opt(anyObject()),
  billing_processor_id: opt(text(64)),
  is_l2_l3_enabled: opt(z.boolean()),
  payment_method_blocking: opt(PaymentMethodBlockingConfig),
};

export const ProfileCreate = z.strictObject(profileShape);
export type ProfileCreate = z.infer<typeof ProfileCreate>;

export const ProfileUpdate = z.strictObject(profileShape);
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;
