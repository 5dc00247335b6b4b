/** Organizations, merchant accounts and API keys. */
import type {
  ApiKeyCreate,
  ApiKeyUpdate,
  CollectLinkConfig,
  MerchantAccountCreate,
  MerchantAccountUpdate,
  OrganizationCreate,
  OrganizationUpdate,
} from '../../src/api/admin.js';
import { billingRequirements } from './billing.js';
import { checkGatewayFeeConfig } from './fees.js';
import { apiError } from './errors.js';
import { hashApiKey } from './api-keys.js';
import type { Store } from '../store/repo.js';
import { newHashKey, newKeyId, newOrganizationId, newPublishableKey, newSecretKey } from './ids.js';
import { planAccountProfiles, ProfileService } from './profiles.js';
import type { ApiKeyRecord, JsonObject, MerchantAccount, Organization } from './types.js';
import { asJson, checkMetadata } from './validation.js';
import { merchantDetailsWire } from './wire.js';
import { mergeWebhookDetails, webhookDetails, webhookDetailsResponse } from './webhook-details.js';

/** The merchant the sandbox makes on its first start (server.ts), which the demo pays with. */
export const DEMO_MERCHANT_ID = 'demo_merchant';

/**
 * A `pm_collect_link_config` as upstream keeps and answers its BusinessCollectLinkConfig: every member,
 * `null` when not sent, each domain and type once (its sets), nothing else.
 */
function collectLinkConfig(config: CollectLinkConfig | null | undefined): JsonObject | null {
  if (!config) return null;
  return {
    domain_name: config.domain_name ?? null,
    allowed_domains: [...new Set(config.allowed_domains)],
    logo: config.logo ?? null,
    merchant_name: config.merchant_name ?? null,
    theme: config.theme ?? null,
    enabled_payment_methods: config.enabled_payment_methods.map(({ payment_method, payment_method_types }) => ({ payment_method, payment_method_types: [...new Set(payment_method_types)] })),
  };
}

export class MerchantService {
  /** The merchants' business profiles (profiles.ts): made with the account, changed by its update. */
  readonly profiles: ProfileService;

  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {
    this.profiles = new ProfileService(store, now);
  }

  /** POST /accounts: creates the account (and its organization when none is named). */
  createAccount(request: MerchantAccountCreate): MerchantAccount {
    checkMetadata('metadata', request.metadata);
    const gatewayFeeConfig = checkGatewayFeeConfig(request.gateway_fee_config);
    return this.store.transaction(() => {
      // a deleted account's id too: its payments and customers are kept under it
      if (this.store.merchantIdTaken(request.merchant_id)) {
        throw apiError('duplicateMerchant');
      }
      const nowIso = new Date(this.now()).toISOString();
      let organizationId = request.organization_id ?? null;
      if (organizationId) {
        if (!this.store.organization(organizationId)) throw apiError('organizationNotFound');
      } else {
        organizationId = this.createOrganization(null).organization_id;
      }
      const publishableKey = request.publishable_key ?? newPublishableKey();
      if (this.store.merchantByPublishableKey(publishableKey)) throw apiError('publishableKeyInUse');
      // its profiles, as upstream's CreateProfile makes them (profiles.ts)
      const plan = planAccountProfiles(request.primary_business_details, request.default_profile);
      const taken = plan.profiles.find((profile) => this.profiles.idTaken(profile.profile_id));
      if (taken) throw apiError('duplicateProfileName', { profile_id: taken.profile_id });
      const account: MerchantAccount = {
        merchant_id: request.merchant_id,
        merchant_name: request.merchant_name ?? null,
        return_url: request.return_url ?? null,
        primary_business_details: (request.primary_business_details ?? []).map((detail) => ({ ...detail })),
        merchant_details: asJson(request.merchant_details),
        webhook_details: request.webhook_details ? webhookDetails(request.webhook_details) : null,
        payout_routing_algorithm: asJson(request.payout_routing_algorithm),
        frm_routing_algorithm: asJson(request.frm_routing_algorithm),
        sub_merchants_enabled: request.sub_merchants_enabled ?? false,
        parent_merchant_id: request.parent_merchant_id ?? null,
        // upstream's MerchantAccountCreate get_enable_payment_response_hash: on unless the merchant says otherwise
        enable_payment_response_hash: request.enable_payment_response_hash ?? true,
        payment_response_hash_key: request.payment_response_hash_key ?? newHashKey(),
        redirect_to_merchant_with_http_post: request.redirect_to_merchant_with_http_post ?? false,
        metadata: asJson(request.metadata),
        publishable_key: publishableKey,
        locker_id: request.locker_id ?? null,
        organization_id: organizationId,
        default_profile: plan.defaultProfile,
        pm_collect_link_config: collectLinkConfig(request.pm_collect_link_config),
        gateway_fee_config: gatewayFeeConfig,
        allowed_origins: [...new Set(request.allowed_origins ?? [])],
        billing_requirements: billingRequirements(request.billing_requirements),
        is_recon_enabled: false,
        recon_status: 'not_requested',
        merchant_account_type: request.merchant_account_type ?? 'standard',
        // upstream's MerchantAccount construct_new: `product_type.or(Some(Orchestration))`
        product_type: request.product_type ?? 'orchestration',
        created_at: nowIso,
        modified_at: nowIso,
      };
      this.store.insertMerchant(account);
      this.profiles.insertForNewAccount(account, plan);
      return account;
    });
  }

  account(merchantId: string): MerchantAccount {
    const account = this.store.merchant(merchantId);
    if (!account) throw apiError('merchantNotFound');
    return account;
  }

  /** GET /accounts/list: an organization's live accounts, oldest first (none for an unknown one, as upstream's list). */
  accountsOf(organizationId: string): MerchantAccount[] {
    return this.store.merchantsOfOrganization(organizationId);
  }

  /**
   * DELETE /accounts/{id}: the account is read as none from now on (its keys stop working, its
   * routes answer 404 or 401), as upstream's merchant_account_delete; its payments, customers and
   * events stay stored, so its id is not given again. The demo merchant is the sandbox's own.
   */
  deleteAccount(merchantId: string): { merchant_id: string; deleted: true } {
    return this.store.transaction(() => {
      const account = this.account(merchantId);
      if (merchantId === DEMO_MERCHANT_ID) throw apiError('demoMerchantKept');
      this.store.updateMerchant({ ...structuredClone(account), deleted_at: new Date(this.now()).toISOString() });
      return { merchant_id: merchantId, deleted: true };
    });
  }

  /**
   * POST /accounts/{id}: changes the members sent; a member sent as null is cleared where the
   * account allows it. `merchant_id`, when sent, must be the account's own.
   */
  updateAccount(merchantId: string, request: MerchantAccountUpdate): MerchantAccount {
    checkMetadata('metadata', request.metadata);
    if (request.merchant_id != null && request.merchant_id !== merchantId) {
      throw apiError('merchantIdInBody');
    }
    return this.store.transaction(() => {
      // the stored account is shared (and frozen): the update works on a copy of it
      const account = structuredClone(this.account(merchantId));
      const has = (member: keyof MerchantAccountUpdate) => member in request && request[member] !== undefined;
      if (has('publishable_key') && request.publishable_key && request.publishable_key !== account.publishable_key) {
        const other = this.store.merchantByPublishableKey(request.publishable_key);
        if (other) throw apiError('publishableKeyInUse');
        account.publishable_key = request.publishable_key;
      }
      if (has('merchant_name')) account.merchant_name = request.merchant_name ?? null;
      if (has('return_url')) account.return_url = request.return_url ?? null;
      if (has('primary_business_details')) {
        const details = (request.primary_business_details ?? []).map((d) => ({ ...d }));
        // entries it did not have make profiles, and then it has no default profile (upstream's create_profile_from_business_labels)
        const before = account.primary_business_details as { country: string; business: string }[];
        if (this.profiles.insertForNewBusinessDetails(account, before, details)) account.default_profile = null;
        account.primary_business_details = details;
      }
      if (has('merchant_details')) account.merchant_details = asJson(request.merchant_details);
      if (has('webhook_details')) {
        // members not sent keep their value, so a password need not be sent again to flip a switch
        account.webhook_details = request.webhook_details ? mergeWebhookDetails(account.webhook_details, request.webhook_details) : null;
      }
      if (has('payout_routing_algorithm')) account.payout_routing_algorithm = asJson(request.payout_routing_algorithm);
      if (has('frm_routing_algorithm')) account.frm_routing_algorithm = asJson(request.frm_routing_algorithm);
      if (has('sub_merchants_enabled')) account.sub_merchants_enabled = request.sub_merchants_enabled ?? false;
      if (has('parent_merchant_id')) account.parent_merchant_id = request.parent_merchant_id ?? null;
      if (has('enable_payment_response_hash')) account.enable_payment_response_hash = request.enable_payment_response_hash ?? false;
      if (has('payment_response_hash_key')) account.payment_response_hash_key = request.payment_response_hash_key ?? newHashKey();
      if (has('redirect_to_merchant_with_http_post')) {
        account.redirect_to_merchant_with_http_post = request.redirect_to_merchant_with_http_post ?? false;
      }
      if (has('metadata')) account.metadata = asJson(request.metadata);
      if (has('locker_id')) account.locker_id = request.locker_id ?? null;
      // one of the account's own profiles (upstream's validate_and_get_business_profile)
      if (has('default_profile') && request.default_profile) account.default_profile = this.profiles.owned(account, request.default_profile).profile_id;
      if (has('pm_collect_link_config')) account.pm_collect_link_config = collectLinkConfig(request.pm_collect_link_config);
      if (has('gateway_fee_config')) account.gateway_fee_config = checkGatewayFeeConfig(request.gateway_fee_config);
      if (has('allowed_origins')) account.allowed_origins = [...new Set(request.allowed_origins ?? [])];
      if (has('billing_requirements')) account.billing_requirements = billingRequirements(request.billing_requirements);
      account.modified_at = new Date(this.now()).toISOString();
      this.store.updateMerchant(account);
      return account;
    });
  }

  createOrganization(name: string | null, request: Partial<OrganizationCreate> = {}): Organization {
    checkMetadata('metadata', request.metadata);
    const nowIso = new Date(this.now()).toISOString();
    const organization: Organization = {
      organization_id: newOrganizationId(),
      organization_name: name,
      organization_details: asJson(request.organization_details),
      metadata: asJson(request.metadata),
      created_at: nowIso,
      modified_at: nowIso,
    };
    this.store.putOrganization(organization);
    return organization;
  }

  organization(organizationId: string): Organization {
    const organization = this.store.organization(organizationId);
    if (!organization) throw apiError('organizationNotFound');
    return organization;
  }

  /** PUT /organization/{id}: organization_name, organization_details, metadata. */
  updateOrganization(organizationId: string, request: OrganizationUpdate): Organization {
    checkMetadata('metadata', request.metadata);
    return this.store.transaction(() => {
      const organization = this.organization(organizationId);
      if (request.organization_name !== undefined) organization.organization_name = request.organization_name;
      if (request.organization_details !== undefined) organization.organization_details = asJson(request.organization_details);
      if (request.metadata !== undefined) organization.metadata = asJson(request.metadata);
      organization.modified_at = new Date(this.now()).toISOString();
      this.store.putOrganization(organization);
      return organization;
    });
  }

  apiKeys(merchantId: string, limit: number, skip: number): ApiKeyRecord[] {
    this.account(merchantId);
    return this.store.apiKeys(merchantId, limit, skip);
  }

  apiKey(merchantId: string, keyId: string): ApiKeyRecord {
    const key = this.store.apiKey(merchantId, keyId);
    if (!key || key.revoked) throw apiError('apiKeyNotFound');
    return key;
  }

  updateApiKey(merchantId: string, keyId: string, request: ApiKeyUpdate): ApiKeyRecord {
    if (request.expiration && request.expiration !== 'never' && Date.parse(request.expiration) <= this.now()) {
      throw apiError('expirationInPast');
    }
    return this.store.transaction(() => {
      const key = this.apiKey(merchantId, keyId);
      if (request.name != null) key.name = request.name;
      if (request.description !== undefined) key.description = request.description ?? null;
      if (request.expiration != null) {
        key.expiration = request.expiration === 'never' ? 'never' : new Date(request.expiration).toISOString();
      }
      this.store.updateApiKey(key);
      return key;
    });
  }

  /** DELETE /api_keys/{merchant_id}/{key_id}: the key stops working at once. */
  revokeApiKey(merchantId: string, keyId: string): ApiKeyRecord {
    return this.store.transaction(() => {
      const key = this.apiKey(merchantId, keyId);
      key.revoked = true;
      this.store.updateApiKey(key);
      return key;
    });
  }

  /** POST /api_keys/{merchant_id}: the plaintext key is in the answer once and stored only as a digest. */
  createApiKey(merchantId: string, request: ApiKeyCreate): { record: ApiKeyRecord; plaintext: string } {
    if (request.expiration !== 'never' && Date.parse(request.expiration) <= this.now()) {
      throw apiError('expirationInPast');
    }
    return this.store.transaction(() => {
      this.account(merchantId);
      const plaintext = newSecretKey();
      const record: ApiKeyRecord = {
        key_id: newKeyId(),
        merchant_id: merchantId,
        name: request.name,
        description: request.description ?? null,
        prefix: plaintext.slice(0, 12),
        created: new Date(this.now()).toISOString(),
        expiration: request.expiration === 'never' ? 'never' : new Date(request.expiration).toISOString(),
        revoked: false,
      };
      this.store.insertApiKey(record, hashApiKey(plaintext));
      return { record, plaintext };
    });
  }
}

/** The account as the API shows it. */
export function merchantAccountResponse(account: MerchantAccount) {
  return {
    ...account,
    merchant_details: merchantDetailsWire(account.merchant_details),
    webhook_details: account.webhook_details ? webhookDetailsResponse(account.webhook_details) : null,
    merchant_account_type: account.merchant_account_type ?? 'standard',
    product_type: account.product_type ?? 'orchestration',
    allowed_origins: account.allowed_origins ?? [],
    billing_requirements: account.billing_requirements ?? billingRequirements(null),
  };
}

/**
 * Whether a browser may send the customer to `returnUrl`: when the merchant lists allowed origins,
 * only to one of them; otherwise anywhere (as the real service, which checks nothing).
 */
export function isAllowedReturnUrl(account: MerchantAccount, returnUrl: string): boolean {
  const allowed = account.allowed_origins ?? [];
  return allowed.length === 0 || allowed.includes(new URL(returnUrl).origin);
}

export function apiKeyResponse(record: ApiKeyRecord) {
  return {
    key_id: record.key_id,
    merchant_id: record.merchant_id,
    name: record.name,
    description: record.description,
    prefix: record.prefix,
    created: record.created,
    expiration: record.expiration,
  };
}
