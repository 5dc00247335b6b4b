/** Organizations, merchant accounts and API keys. */
import type { ApiKeyCreate, MerchantAccountCreate } from '../../src/api/admin.js';
import { errors } from '../http/errors.js';
import { hashApiKey } from '../http/auth.js';
import type { Store } from '../store/repo.js';
import { newHashKey, newKeyId, newOrganizationId, newProfileId, newPublishableKey, newSecretKey } from './ids.js';
import type { ApiKeyRecord, MerchantAccount, Organization, WebhookDetails } from './types.js';
import { asJson, checkMetadata } from './validation.js';

export class MerchantService {
  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  /** POST /accounts: creates the account (and its organization when none is named). */
  createAccount(request: MerchantAccountCreate): MerchantAccount {
    checkMetadata('metadata', request.metadata);
    return this.store.transaction(() => {
      if (this.store.merchant(request.merchant_id)) {
        throw errors.duplicate('The merchant account with the specified details already exists in our records');
      }
      const nowIso = new Date(this.now()).toISOString();
      let organizationId = request.organization_id ?? null;
      if (organizationId) {
        if (!this.store.organization(organizationId)) throw errors.notFound('Organization');
      } else {
        organizationId = this.createOrganization(null).organization_id;
      }
      const publishableKey = request.publishable_key ?? newPublishableKey();
      if (this.store.merchantByPublishableKey(publishableKey)) throw errors.duplicate('The publishable_key is already in use');
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
        enable_payment_response_hash: request.enable_payment_response_hash ?? false,
        payment_response_hash_key: request.payment_response_hash_key ?? newHashKey(),
        redirect_to_merchant_with_http_post: request.redirect_to_merchant_with_http_post ?? false,
        metadata: asJson(request.metadata),
        publishable_key: publishableKey,
        locker_id: request.locker_id ?? null,
        organization_id: organizationId,
        default_profile: request.default_profile ?? newProfileId(),
        pm_collect_link_config: asJson(request.pm_collect_link_config),
        is_recon_enabled: false,
        recon_status: 'not_requested',
        created_at: nowIso,
        modified_at: nowIso,
      };
      this.store.insertMerchant(account);
      return account;
    });
  }

  account(merchantId: string): MerchantAccount {
    const account = this.store.merchant(merchantId);
    if (!account) throw errors.notFound('Merchant account');
    return account;
  }

  createOrganization(name: string | null): Organization {
    const nowIso = new Date(this.now()).toISOString();
    const organization: Organization = {
      organization_id: newOrganizationId(),
      organization_name: name,
      organization_details: null,
      metadata: null,
      created_at: nowIso,
      modified_at: nowIso,
    };
    this.store.putOrganization(organization);
    return organization;
  }

  /** POST /api_keys/{merchant_id}: the plaintext key is in the answer once and stored only as a digest. */
  createApiKey(merchantId: string, request: ApiKeyCreate): { record: ApiKeyRecord; plaintext: string } {
    if (request.expiration !== 'never' && Date.parse(request.expiration) <= this.now()) {
      throw errors.invalidRequest('expiration must be in the future');
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

function webhookDetails(details: NonNullable<MerchantAccountCreate['webhook_details']>): WebhookDetails {
  return {
    webhook_version: details.webhook_version ?? null,
    webhook_username: details.webhook_username ?? null,
    webhook_password: details.webhook_password ?? null,
    webhook_url: details.webhook_url ?? null,
    payment_created_enabled: details.payment_created_enabled ?? null,
    payment_succeeded_enabled: details.payment_succeeded_enabled ?? null,
    payment_failed_enabled: details.payment_failed_enabled ?? null,
  };
}

/** The account as the API shows it. */
export function merchantAccountResponse(account: MerchantAccount) {
  return { ...account };
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
