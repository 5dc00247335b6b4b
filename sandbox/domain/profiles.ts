/**
 * Business profiles, as upstream's v1 has them (juspay/hyperswitch):
 *
 * - `crates/router/src/core/admin.rs` @ 0040843e9b92e6fe9f80cab953a990f3e00a33ed: `create_profile`
 *   (the defaults a new profile takes from its merchant, `UnsetDefaultProfile` once a merchant has
 *   another profile, the unique name answered as `GenericDuplicateError`), `list_profile`,
 *   `retrieve_profile`, `update_profile` (a member sent replaces the stored one, `webhook_details`
 *   merged), `delete_profile` (`true`), `CreateProfile` (a new account's `default` profile, or one per
 *   `primary_business_details` entry named `{country}_{business}`, the default only when there is one)
 *   and `create_profile_from_business_labels` (an account update's new entries);
 * - `crates/router/src/core/utils.rs` (`get_profile_id_from_business_details`,
 *   `validate_and_get_business_profile`) and `core/payments/operations/payment_create.rs` @
 *   0057e18a2681f6e2865e2daf3ed290d972508acd: which profile a payment is made on, and its
 *   `session_expiry` by default;
 * - `crates/router/src/core/payments/helpers.rs` @ 000e6c23b091b2aa757800fe3dc103367a7ce802:
 *   `validate_session_expiry`, `validate_intent_fulfillment_expiry`, and `get_attempt_type` with
 *   `validate_manual_retry_cutoff` (manualRetry below).
 *
 * The sandbox keeps one rule of its own: a profile that leaves `is_manual_retry_enabled` unset lets
 * every declined card be confirmed again, as the sandbox always has (upstream refuses it then).
 */
import type { ProfileCreate, ProfileUpdate } from '../../src/api/profiles.js';
import { ProfileQueries } from '../store/profiles.js';
import type { Store } from '../store/repo.js';
import { apiError, errors } from './errors.js';
import { newHashKey, newProfileId } from './ids.js';
import type { BusinessProfile, Json, MerchantAccount, Payment } from './types.js';
import { asJson } from './validation.js';
import { mergeWebhookDetails, webhookDetails, webhookDetailsResponse } from './webhook-details.js';

/** A client secret's lifetime when neither the payment nor its profile says (upstream's DEFAULT_SESSION_EXPIRY, seconds). */
export const DEFAULT_SESSION_EXPIRY_S = 900;
/** Upstream's DEFAULT_INTENT_FULFILLMENT_TIME (seconds). */
const DEFAULT_INTENT_FULFILLMENT_TIME_S = 900;

/** Upstream's CardTestingGuardConfig::default() (common_utils consts: 3, 10, 5 attempts, 3600 s). */
const DEFAULT_CARD_TESTING_GUARD_CONFIG = {
  card_ip_blocking_status: 'disabled',
  card_ip_blocking_threshold: 3,
  guest_user_card_blocking_status: 'disabled',
  guest_user_card_blocking_threshold: 10,
  customer_id_blocking_status: 'disabled',
  customer_id_blocking_threshold: 5,
  card_testing_guard_expiry: 3600,
};

type ProfileRequest = ProfileCreate | ProfileUpdate;
/** An entry of an account's `primary_business_details`. */
type PrimaryBusinessDetails = { country: string; business: string };

/** `session_expiry` and `intent_fulfillment_time` in upstream's ranges, refused in its words (422 IR_06). */
function checkProfileTimes(request: ProfileRequest): void {
  const { session_expiry: session, intent_fulfillment_time: fulfillment } = request;
  if (session != null && (session < 60 || session > 7_890_000)) {
    throw errors.invalidValue('session_expiry', 'should be between 60(1 min) to 7890000(3 months).');
  }
  if (fulfillment != null && (fulfillment < 60 || fulfillment > 1800)) {
    throw errors.invalidValue('intent_fulfillment_time', 'should be between 60(1 min) to 1800(30 mins).');
  }
}

/** A member as stored: objects as plain JSON, everything else as sent. */
const stored = (value: unknown): Json => (typeof value === 'object' && value !== null && !Array.isArray(value) ? asJson(value as Record<string, unknown>) : (value as Json));

/** A new profile of `merchant`, the request's members over upstream's defaults (admin.rs ProfileCreateBridge, v1). */
function newProfile(merchant: MerchantAccount, request: ProfileCreate, profileId: string, nowIso: string): BusinessProfile {
  const sent = (member: keyof ProfileCreate, fallback: Json): Json => (request[member] == null ? fallback : stored(request[member]));
  return {
    merchant_id: merchant.merchant_id,
    profile_id: profileId,
    profile_name: request.profile_name ?? 'default',
    return_url: request.return_url ?? merchant.return_url,
    enable_payment_response_hash: request.enable_payment_response_hash ?? merchant.enable_payment_response_hash,
    payment_response_hash_key: request.payment_response_hash_key ?? merchant.payment_response_hash_key ?? newHashKey(),
    redirect_to_merchant_with_http_post: request.redirect_to_merchant_with_http_post ?? merchant.redirect_to_merchant_with_http_post,
    webhook_details: request.webhook_details ? webhookDetails(request.webhook_details) : structuredClone(merchant.webhook_details),
    metadata: asJson(request.metadata),
    // upstream validates a routing algorithm sent on create and keeps none
    routing_algorithm: null,
    intent_fulfillment_time: request.intent_fulfillment_time ?? DEFAULT_INTENT_FULFILLMENT_TIME_S,
    frm_routing_algorithm: sent('frm_routing_algorithm', merchant.frm_routing_algorithm),
    payout_routing_algorithm: sent('payout_routing_algorithm', merchant.payout_routing_algorithm),
    applepay_verified_domains: sent('applepay_verified_domains', null),
    session_expiry: request.session_expiry ?? DEFAULT_SESSION_EXPIRY_S,
    payment_link_config: sent('payment_link_config', null),
    authentication_connector_details: sent('authentication_connector_details', null),
    use_billing_as_payment_method_billing: request.use_billing_as_payment_method_billing ?? true,
    extended_card_info_config: null,
    collect_shipping_details_from_wallet_connector: request.collect_shipping_details_from_wallet_connector ?? false,
    collect_billing_details_from_wallet_connector: request.collect_billing_details_from_wallet_connector ?? false,
    always_collect_shipping_details_from_wallet_connector: sent('always_collect_shipping_details_from_wallet_connector', null),
    always_collect_billing_details_from_wallet_connector: sent('always_collect_billing_details_from_wallet_connector', null),
    is_connector_agnostic_mit_enabled: sent('is_connector_agnostic_mit_enabled', null),
    payout_link_config: sent('payout_link_config', null),
    outgoing_webhook_custom_http_headers: sent('outgoing_webhook_custom_http_headers', null),
    tax_connector_id: sent('tax_connector_id', null),
    is_tax_connector_enabled: request.is_tax_connector_enabled ?? false,
    is_network_tokenization_enabled: request.is_network_tokenization_enabled ?? false,
    is_auto_retries_enabled: request.is_auto_retries_enabled ?? false,
    max_auto_retries_enabled: sent('max_auto_retries_enabled', null),
    always_request_extended_authorization: sent('always_request_extended_authorization', null),
    is_click_to_pay_enabled: request.is_click_to_pay_enabled ?? false,
    authentication_product_ids: sent('authentication_product_ids', null),
    card_testing_guard_config: sent('card_testing_guard_config', { ...DEFAULT_CARD_TESTING_GUARD_CONFIG }),
    is_clear_pan_retries_enabled: request.is_clear_pan_retries_enabled ?? false,
    force_3ds_challenge: request.force_3ds_challenge ?? false,
    is_debit_routing_enabled: request.is_debit_routing_enabled ?? false,
    merchant_business_country: sent('merchant_business_country', null),
    is_pre_network_tokenization_enabled: request.is_pre_network_tokenization_enabled ?? false,
    acquirer_configs: null,
    is_iframe_redirection_enabled: sent('is_iframe_redirection_enabled', null),
    merchant_category_code: sent('merchant_category_code', null),
    merchant_country_code: sent('merchant_country_code', null),
    dispute_polling_interval: sent('dispute_polling_interval', null),
    is_manual_retry_enabled: request.is_manual_retry_enabled ?? null,
    always_enable_overcapture: sent('always_enable_overcapture', null),
    is_external_vault_enabled: sent('is_external_vault_enabled', null),
    external_vault_connector_details: sent('external_vault_connector_details', null),
    billing_processor_id: sent('billing_processor_id', null),
    is_l2_l3_enabled: request.is_l2_l3_enabled ?? false,
    payment_method_blocking: sent('payment_method_blocking', null),
    created_at: nowIso,
    modified_at: nowIso,
  };
}

/** The profile as the API shows it: upstream's ProfileResponse. */
export function profileResponse(profile: BusinessProfile): Record<string, unknown> {
  const { created_at: _created, modified_at: _modified, ...members } = profile;
  const headers = profile.outgoing_webhook_custom_http_headers;
  return {
    ...members,
    webhook_details: profile.webhook_details ? webhookDetailsResponse(profile.webhook_details) : null,
    // kept as sent (the webhooks would send them), shown masked (api_models admin.rs MaskedHeaders::from_headers)
    outgoing_webhook_custom_http_headers:
      headers && typeof headers === 'object' && !Array.isArray(headers) ? Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, maskHeaderValue(String(value))])) : headers,
  };
}

/**
 * Upstream's MaskedHeaders::mask_value: the first two and last two characters shown, the rest `*`;
 * a value of 4 bytes or fewer all `*` (one per byte). Lengths and positions in UTF-8 bytes, as Rust's.
 */
export function maskHeaderValue(value: string): string {
  const length = Buffer.byteLength(value);
  if (length <= 4) return '*'.repeat(length);
  let index = 0;
  let masked = '';
  for (const character of value) {
    masked += index < 2 || index >= length - 2 ? character : '*';
    index += Buffer.byteLength(character);
  }
  return masked;
}

/** The profiles a new account starts with: their ids and names, and which one is its default (null: several, none named). */
export interface AccountProfilePlan {
  profiles: { profile_id: string; profile_name: string }[];
  defaultProfile: string | null;
}

/**
 * Upstream's CreateProfile for a new account: one profile per `primary_business_details` entry,
 * named `{country}_{business}` (a name twice is one profile), the default only when there is one;
 * without entries one profile named `default`, the default. The sandbox's `default_profile` on the
 * account create names the first profile's id, and makes it the default.
 */
export function planAccountProfiles(details: PrimaryBusinessDetails[] | null | undefined, requestedDefault: string | null | undefined): AccountProfilePlan {
  const names = details?.length ? [...new Set(details.map((detail) => `${detail.country}_${detail.business}`))] : ['default'];
  const profiles = names.map((profile_name, index) => ({ profile_id: index === 0 && requestedDefault ? requestedDefault : newProfileId(), profile_name }));
  const defaultProfile = requestedDefault ?? (profiles.length === 1 ? (profiles[0]?.profile_id ?? null) : null);
  return { profiles, defaultProfile };
}

export class ProfileService {
  private queries: ProfileQueries | null = null;

  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  private get table(): ProfileQueries {
    this.queries ??= new ProfileQueries(this.store.db);
    return this.queries;
  }

  private nowIso(): string {
    return new Date(this.now()).toISOString();
  }

  /**
   * A merchant stored before profiles existed has its `default_profile` id and no profile: it gets
   * that profile now, as a new account would (inside the caller's transaction). A merchant that has
   * (or had) any profile is left as it is.
   */
  settle(merchant: MerchantAccount): void {
    const id = merchant.default_profile;
    if (id === null || this.table.hasAny(merchant.merchant_id) || this.table.idTaken(id)) return;
    this.table.insert(newProfile(merchant, {}, id, this.nowIso()));
  }

  /** Whether a profile id is taken (live or deleted): ids are never reused. */
  idTaken(profileId: string): boolean {
    return this.table.idTaken(profileId);
  }

  /** The profiles of a new account (planAccountProfiles), inside its transaction, after the account. */
  insertForNewAccount(account: MerchantAccount, plan: AccountProfilePlan): void {
    for (const { profile_id, profile_name } of plan.profiles) this.table.insert(newProfile(account, { profile_name }, profile_id, this.nowIso()));
  }

  /**
   * An account update's `primary_business_details` entries it did not have make a profile each,
   * named `{country}_{business}`, a name the merchant has already being skipped (upstream's
   * create_profile_from_business_labels). Returns whether any was made (upstream then unsets the
   * default profile).
   */
  insertForNewBusinessDetails(account: MerchantAccount, before: PrimaryBusinessDetails[], after: PrimaryBusinessDetails[]): boolean {
    this.settle(account);
    let made = false;
    for (const detail of after) {
      if (before.some((old) => old.country === detail.country && old.business === detail.business)) continue;
      const profile_name = `${detail.country}_${detail.business}`;
      if (this.table.byName(account.merchant_id, profile_name)) continue;
      this.table.insert(newProfile(account, { profile_name }, newProfileId(), this.nowIso()));
      made = true;
    }
    return made;
  }

  /** POST /account/{merchant_id}/business_profile: a new profile; the merchant's default profile is unset, as upstream. */
  create(merchantId: string, request: ProfileCreate): BusinessProfile {
    checkProfileTimes(request);
    return this.store.transaction(() => {
      const merchant = this.merchant(merchantId);
      this.settle(merchant);
      const profile = newProfile(merchant, request, newProfileId(), this.nowIso());
      if (this.table.byName(merchantId, profile.profile_name)) throw apiError('duplicateProfileName', { profile_id: profile.profile_id });
      this.table.insert(profile);
      if (merchant.default_profile !== null) {
        // the stored account is shared (and frozen): the change is made on a copy
        this.store.updateMerchant({ ...structuredClone(merchant), default_profile: null, modified_at: this.nowIso() });
      }
      return profile;
    });
  }

  /** GET /account/{merchant_id}/business_profile: the merchant's profiles, oldest first. */
  list(merchantId: string): BusinessProfile[] {
    return this.store.transaction(() => {
      this.settle(this.merchant(merchantId));
      return this.table.ofMerchant(merchantId);
    });
  }

  /** GET /account/{merchant_id}/business_profile/{profile_id}: another merchant's profile is not found. */
  retrieve(merchantId: string, profileId: string): BusinessProfile {
    return this.store.transaction(() => {
      this.settle(this.merchant(merchantId));
      return this.ofMerchant(merchantId, profileId);
    });
  }

  /** POST /account/{merchant_id}/business_profile/{profile_id}: the members sent (not `null`) replace the stored ones. */
  update(merchantId: string, profileId: string, request: ProfileUpdate): BusinessProfile {
    checkProfileTimes(request);
    return this.store.transaction(() => {
      this.settle(this.merchant(merchantId));
      const profile = this.ofMerchant(merchantId, profileId);
      for (const [member, value] of Object.entries(request)) {
        if (value == null) continue;
        if (member === 'webhook_details') profile.webhook_details = mergeWebhookDetails(profile.webhook_details, request.webhook_details ?? {});
        else profile[member] = stored(value);
      }
      const sameName = this.table.byName(merchantId, profile.profile_name);
      if (sameName && sameName.profile_id !== profileId) throw apiError('duplicateProfileName', { profile_id: profileId });
      profile.modified_at = this.nowIso();
      this.table.update(profile);
      return profile;
    });
  }

  /** DELETE /account/{merchant_id}/business_profile/{profile_id}: unknown, deleted or another merchant's is not found. */
  delete(merchantId: string, profileId: string): void {
    this.store.transaction(() => {
      const merchant = this.store.merchant(merchantId);
      if (merchant) this.settle(merchant);
      if (!this.table.markDeleted(merchantId, profileId)) throw apiError('businessProfileNotFound', { id: profileId });
    });
  }

  /**
   * The profile a new payment is made on (payment_create.rs, core/utils.rs
   * get_profile_id_from_business_details): its `profile_id`, else the merchant's default profile,
   * else the profile named `{business_country}_{business_label}`; with none of the three,
   * `400 IR_04`. Inside the payment's transaction.
   */
  forNewPayment(merchant: MerchantAccount, request: { profile_id?: string | null; business_country?: string | null; business_label?: string | null }): BusinessProfile {
    const id = request.profile_id ?? merchant.default_profile;
    if (id != null) return this.owned(merchant, id);
    if (request.business_country != null && request.business_label != null) {
      const name = `${request.business_country}_${request.business_label}`;
      const profile = this.table.byName(merchant.merchant_id, name);
      if (!profile) throw apiError('businessProfileNotFound', { id: name });
      return profile;
    }
    throw errors.missingParam('profile_id or business_country, business_label');
  }

  /** One of the merchant's profiles (validate_and_get_business_profile): none is 404 HE_02, another merchant's 403 IR_22. */
  owned(merchant: MerchantAccount, profileId: string): BusinessProfile {
    let profile = this.table.profile(profileId);
    if (!profile) {
      // the default profile of a merchant stored before profiles existed is made on first use
      this.settle(merchant);
      profile = this.table.profile(profileId);
    }
    if (!profile) throw apiError('businessProfileNotFound', { id: profileId });
    if (profile.merchant_id !== merchant.merchant_id) throw apiError('profileOfAnotherMerchant', { resource: profileId });
    return profile;
  }

  /**
   * The profile a payment was made on, as it is now; null when it has none to read (its merchant
   * was stored before profiles and has not used them since, or the profile was deleted): the
   * defaults then apply, which are those of the default profile such a merchant gets.
   */
  ofPayment(payment: Payment): BusinessProfile | null {
    return this.readable(payment.merchant_id, payment.profile_id);
  }

  /**
   * Where the customer goes back to after a redirect: the payment's `return_url`, else its
   * profile's (upstream's make_merchant_url_with_response), else the merchant's; without a payment
   * (a page for an unknown one), the merchant's.
   */
  returnUrlOf(payment: Payment | null, merchant: MerchantAccount | null): string | null {
    if (!payment) return merchant?.return_url ?? null;
    if (payment.return_url) return payment.return_url;
    const profile = this.ofPayment(payment);
    return profile ? profile.return_url : (merchant?.return_url ?? null);
  }

  /**
   * What the payment-method list takes from a profile (cards.rs list_payment_methods): the payment's
   * profile, else (the merchant's server asking without a payment) the merchant's default profile.
   * `redirect_url` is the profile's `return_url`, not the payment's; a wallet collects billing or
   * shipping details when the profile's `always_collect_…` is true, else as its `collect_…` says.
   * Without a profile to read (a merchant stored before profiles): the merchant's return URL, nothing collected.
   */
  listSettings(payment: Payment | null, merchant: MerchantAccount): { redirect_url: string | null; collect_billing_details_from_wallets: boolean; collect_shipping_details_from_wallets: boolean } {
    const profile = this.readable(merchant.merchant_id, payment ? payment.profile_id : merchant.default_profile);
    if (!profile) return { redirect_url: merchant.return_url, collect_billing_details_from_wallets: false, collect_shipping_details_from_wallets: false };
    return {
      redirect_url: profile.return_url,
      collect_billing_details_from_wallets: profile.always_collect_billing_details_from_wallet_connector === true || profile.collect_billing_details_from_wallet_connector === true,
      collect_shipping_details_from_wallets: profile.always_collect_shipping_details_from_wallet_connector === true || profile.collect_shipping_details_from_wallet_connector === true,
    };
  }

  /** The default profile's `intent_fulfillment_time` in seconds (upstream's default, 900, without one). */
  intentFulfillmentTime(merchant: MerchantAccount): number {
    const time = this.readable(merchant.merchant_id, merchant.default_profile)?.intent_fulfillment_time;
    return typeof time === 'number' ? time : DEFAULT_INTENT_FULFILLMENT_TIME_S;
  }

  /** The merchant's profile with that id as stored, or null (none named, none stored, another merchant's): nothing is made or refused. */
  private readable(merchantId: string, profileId: string | null | undefined): BusinessProfile | null {
    const profile = profileId == null ? null : this.table.profile(profileId);
    return profile?.merchant_id === merchantId ? profile : null;
  }

  private merchant(merchantId: string): MerchantAccount {
    const merchant = this.store.merchant(merchantId);
    if (!merchant) throw apiError('merchantNotFound');
    return merchant;
  }

  private ofMerchant(merchantId: string, profileId: string): BusinessProfile {
    const profile = this.table.profile(profileId);
    if (!profile || profile.merchant_id !== merchantId) throw apiError('businessProfileNotFound', { id: profileId });
    return profile;
  }
}

/**
 * Whether a declined card payment may be confirmed again, and if not, upstream's refusal
 * (helpers.rs get_attempt_type): its profile's `is_manual_retry_enabled` false refuses it; true
 * allows it until half the payment's session has passed since it was created
 * (validate_manual_retry_cutoff: whole seconds, `elapsed <= session_expiry / 2`); unset allows it
 * (the sandbox's rule: every card decline may be retried).
 */
export function checkManualRetry(setting: boolean | null, payment: Payment, now: number): void {
  if (setting === false) throw apiError('manualRetryDisabled');
  if (setting !== true) return;
  const elapsedS = Math.floor((now - Date.parse(payment.created)) / 1000);
  if (elapsedS > Math.floor(payment.session_expiry / 2)) throw apiError('manualRetryExpired');
}
