/**
 * Connector accounts (merchant connector accounts), as upstream's v1 has them (juspay/hyperswitch
 * @ d1688907, `crates/router/src/core/admin.rs`: create_connector with
 * create_domain_model_from_request and validate_and_get_business_profile, retrieve_connector,
 * list_payment_connectors, update_connector, delete_connector, ConnectorStatusAndDisabledValidation;
 * `crates/router/src/core/utils.rs` get_connector_label; the answers `MerchantConnectorResponse`
 * and `MerchantConnectorListResponse` of `crates/api_models/src/admin.rs`).
 *
 * Every account is served by the sandbox's simulated processor (processor.ts) and its test cards,
 * whatever connector it names: a payment made on a profile with an enabled payment processor
 * account goes to it (routeFor), and answers that account's `connector` and
 * `merchant_connector_id`. The credentials are never kept: `connector_account_details` is stored
 * masked, as upstream answers it (ConnectorAuthType::get_masked_keys), since nothing here calls a
 * connector.
 */
import type { ConnectorAccountCreate, ConnectorAccountUpdate } from '../../src/api/admin.js';
import { connectorAccountQueries } from '../store/connector-accounts.js';
import type { Store } from '../store/repo.js';
import { takes, type RoutedPayment } from './account-methods.js';
import { apiError } from './errors.js';
import { newConnectorAccountId } from './ids.js';
import { CONNECTORS } from './processor.js';
import type { ProfileService } from './profiles.js';
import type { ConnectorAccount, Json, JsonObject, Payment } from './types.js';
import { asJson } from './validation.js';

/** Each `auth_type` of upstream's ConnectorAuthType and the keys it has (each a string). */
const AUTH_TYPES: Record<string, readonly string[]> = {
  TemporaryAuth: [],
  HeaderKey: ['api_key'],
  BodyKey: ['api_key', 'key1'],
  SignatureKey: ['api_key', 'key1', 'api_secret'],
  MultiAuthKey: ['api_key', 'key1', 'api_secret', 'key2'],
  CurrencyAuthKey: ['auth_key_map'],
  CertificateAuth: ['certificate', 'private_key'],
  NoKey: [],
};

/** A secret as upstream shows it: its first two and last two characters, `*` between; all `*` up to four characters. */
export function maskKey(key: string): string {
  if (key.length <= 4) return '*'.repeat(key.length);
  return key.slice(0, 2) + '*'.repeat(key.length - 4) + key.slice(-2);
}

/** Every string of a value masked (a CurrencyAuthKey's map, whose entries are the connector's own). */
const maskAll = (value: Json): Json => {
  if (typeof value === 'string') return maskKey(value);
  if (Array.isArray(value)) return value.map(maskAll);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, member]) => [name, maskAll(member)]));
  return value;
};

/**
 * `connector_account_details` masked, with only its `auth_type`'s keys (serde's ConnectorAuthType
 * drops others). Missing, an unknown `auth_type` or a key missing or not a string is `400 IR_05`, as
 * upstream's parse of it answers.
 */
export function maskedAccountDetails(details: Record<string, unknown> | null | undefined): JsonObject {
  const authType = details?.auth_type;
  const keys = typeof authType === 'string' && Object.hasOwn(AUTH_TYPES, authType) ? AUTH_TYPES[authType] : undefined;
  if (!details || !keys) throw apiError('connectorAccountDetails');
  const masked: JsonObject = { auth_type: authType as string };
  for (const key of keys) {
    const value = details[key];
    if (key === 'auth_key_map') {
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw apiError('connectorAccountDetails');
      masked[key] = maskAll(asJson(value as Record<string, unknown>));
    } else if (typeof value === 'string') {
      masked[key] = maskKey(value);
    } else {
      throw apiError('connectorAccountDetails');
    }
  }
  return masked;
}

/** The status and `disabled` an account takes (upstream's ConnectorStatusAndDisabledValidation). */
function statusAndDisabled(request: { status?: 'active' | 'inactive' | null; disabled?: boolean | null }, authType: Json | undefined, current: 'active' | 'inactive'): { status: 'active' | 'inactive'; disabled: boolean } {
  const temporary = authType === 'TemporaryAuth';
  if (request.status === 'active' && temporary) throw apiError('connectorAccountStatus', { message: 'Connector status cannot be active when using TemporaryAuth' });
  const status = request.status ?? (temporary ? 'inactive' : current);
  if (request.disabled === false && status === 'inactive') {
    throw apiError('connectorAccountStatus', { message: 'Connector cannot be enabled when connector_status is inactive or when using TemporaryAuth' });
  }
  return { status, disabled: request.disabled ?? status === 'inactive' };
}

/** A member as stored: `null` when not sent. */
const kept = (value: unknown): Json => (value == null ? null : (JSON.parse(JSON.stringify(value)) as Json));

/** The members an update may replace, besides the status, `disabled` and the credentials. */
const UPDATED = ['connector_type', 'connector_label', 'payment_methods_enabled', 'connector_webhook_details', 'metadata', 'test_mode', 'frm_configs', 'pm_auth_config', 'additional_merchant_data', 'connector_wallets_details'] as const;

/** MerchantConnectorResponse (v1). */
export function connectorAccountResponse(account: ConnectorAccount) {
  return {
    connector_type: account.connector_type,
    connector_name: account.connector_name,
    connector_label: account.connector_label,
    merchant_connector_id: account.merchant_connector_id,
    profile_id: account.profile_id,
    connector_account_details: account.connector_account_details,
    payment_methods_enabled: account.payment_methods_enabled ?? null,
    connector_webhook_details: account.connector_webhook_details ?? null,
    metadata: account.metadata ?? null,
    test_mode: account.test_mode,
    disabled: account.disabled,
    frm_configs: account.frm_configs ?? null,
    business_country: account.business_country ?? null,
    business_label: account.business_label ?? null,
    business_sub_label: account.business_sub_label ?? null,
    applepay_verified_domains: null,
    pm_auth_config: account.pm_auth_config ?? null,
    status: account.status,
    additional_merchant_data: account.additional_merchant_data ?? null,
    connector_wallets_details: account.connector_wallets_details ?? null,
    webhook_setup_capabilities: null,
  };
}

/** MerchantConnectorListResponse (v1): no credentials, webhook secrets, metadata, recipient data or wallet details. */
export function connectorAccountListItem(account: ConnectorAccount) {
  const full = connectorAccountResponse(account);
  const members = ['connector_type', 'connector_name', 'connector_label', 'merchant_connector_id', 'profile_id', 'payment_methods_enabled', 'test_mode', 'disabled', 'frm_configs', 'business_country', 'business_label', 'business_sub_label', 'applepay_verified_domains', 'pm_auth_config', 'status'] as const;
  return Object.fromEntries(members.map((member) => [member, full[member]]));
}

/** Where an attempt goes: a connector, and its account (`null`: the simulated default, whose id processor.ts derives). */
export type Route = { connector: string; id: string | null };

/** Whether an account takes payments: a payment processor, enabled and active. */
const routable = (account: ConnectorAccount): boolean => account.connector_type === 'payment_processor' && !account.disabled && account.status === 'active';
const SIMULATED: readonly string[] = CONNECTORS;

/** The accounts of a profile that take payments, oldest first (none without a profile). */
export const processingAccounts = (store: Store, profileId: string | null): ConnectorAccount[] =>
  profileId ? connectorAccountQueries(store.db).ofProfile(profileId).filter(routable) : [];

/**
 * Where a payment's next attempt goes: the first account of its profile that takes payments, and
 * takes this `attempt` when it is given (account-methods.ts `takes`), whose connector the payment's
 * `connector` names (the profile's oldest such when it names none); else the simulated connector
 * it names, or the sandbox's default one (`id` null: processor.ts derives it). Accounts that take
 * payments but not this one are `400 IR_39`, as upstream's eligibility analysis leaves no
 * connector; a `connector` naming neither an account nor a simulated connector is `422 IR_06`.
 */
export function routeFor(store: Store, payment: Payment, attempt?: RoutedPayment): Route {
  const accounts = processingAccounts(store, payment.profile_id);
  const eligible = attempt ? accounts.filter((account) => takes(account, attempt)) : accounts;
  const requested = payment.connector_requested ?? [];
  for (const name of requested) {
    const account = eligible.find((candidate) => candidate.connector_name === name);
    if (account) return { connector: name, id: account.merchant_connector_id };
  }
  const first = eligible[0];
  if (requested.length === 0 && first) return { connector: first.connector_name, id: first.merchant_connector_id };
  const refused = requested.length === 0 ? accounts.length > 0 : requested.some((name) => accounts.some((account) => account.connector_name === name));
  if (refused) throw apiError('noEligibleConnector');
  const simulated = requested.length === 0 ? SIMULATED[0] : requested.find((name) => SIMULATED.includes(name));
  if (simulated === undefined) {
    const names = [...new Set([...accounts.map((account) => account.connector_name), ...SIMULATED])];
    throw apiError('connectorNotEnabled', { connector: requested[0] ?? '', connectors: names.join(', ') });
  }
  return { connector: simulated, id: null };
}

/** The accounts of the payment's profile that take payments and this `attempt`, but those already `tried`, oldest first (auto retries). */
export function otherRoutes(store: Store, payment: Payment, tried: readonly (string | null)[], attempt: RoutedPayment): Route[] {
  return processingAccounts(store, payment.profile_id)
    .filter((account) => !tried.includes(account.merchant_connector_id) && takes(account, attempt))
    .map((account) => ({ connector: account.connector_name, id: account.merchant_connector_id }));
}

/** The connectors a payment's `connector` may name: those the sandbox simulates, then those of the merchant's accounts. */
export function knownConnectors(store: Store, merchantId: string): string[] {
  return [...new Set([...SIMULATED, ...connectorAccountQueries(store.db).ofMerchant(merchantId).map((account) => account.connector_name)])];
}

export class ConnectorAccountService {
  constructor(
    private readonly store: Store,
    private readonly profiles: ProfileService,
    private readonly now: () => number = Date.now,
  ) {}

  private get table() {
    return connectorAccountQueries(this.store.db);
  }

  /** POST /account/{merchant_id}/connectors. */
  create(merchantId: string, request: ConnectorAccountCreate): ConnectorAccount {
    const details = maskedAccountDetails(request.connector_account_details);
    const { status, disabled } = statusAndDisabled(request, details.auth_type, 'active');
    return this.store.transaction(() => {
      const merchant = this.store.merchant(merchantId);
      if (!merchant) throw apiError('merchantNotFound');
      // its `profile_id`, else the default profile, else the one of its business country and label (validate_and_get_business_profile)
      const profile = this.profiles.forNewPayment(merchant, request);
      const nowIso = new Date(this.now()).toISOString();
      const { connector_name: name, business_country: country, business_label: label } = request;
      const byBusiness = country != null && label != null ? `${name}_${country}_${label}${name === 'cybersource' ? `_${request.business_sub_label ?? 'default'}` : ''}` : null;
      const account: ConnectorAccount = {
        merchant_id: merchantId,
        merchant_connector_id: newConnectorAccountId(),
        profile_id: profile.profile_id,
        connector_type: request.connector_type,
        connector_name: name,
        connector_label: request.connector_label ?? byBusiness ?? `${name}_${profile.profile_name}`,
        connector_account_details: details,
        payment_methods_enabled: kept(request.payment_methods_enabled),
        connector_webhook_details: kept(request.connector_webhook_details),
        metadata: kept(request.metadata),
        test_mode: request.test_mode ?? null,
        disabled,
        frm_configs: kept(request.frm_configs),
        business_country: country ?? null,
        business_label: label ?? null,
        business_sub_label: request.business_sub_label ?? null,
        pm_auth_config: kept(request.pm_auth_config),
        status,
        additional_merchant_data: kept(request.additional_merchant_data),
        connector_wallets_details: kept(request.connector_wallets_details),
        created_at: nowIso,
        modified_at: nowIso,
      };
      this.unique(account);
      this.table.insert(account);
      return account;
    });
  }

  /** GET /account/{merchant_id}/connectors: every account of the merchant, oldest first. */
  list(merchantId: string): ConnectorAccount[] {
    return this.table.ofMerchant(merchantId);
  }

  /** GET /account/{merchant_id}/connectors/{merchant_connector_id}. */
  retrieve(merchantId: string, id: string): ConnectorAccount {
    const account = this.table.account(merchantId, id);
    if (!account) throw apiError('connectorAccountNotFound', {}, `${id} does not exist`);
    return account;
  }

  /** POST /account/{merchant_id}/connectors/{merchant_connector_id}: the members sent (not `null`) replace the stored ones. */
  update(merchantId: string, id: string, request: ConnectorAccountUpdate): ConnectorAccount {
    return this.store.transaction(() => {
      const account = this.retrieve(merchantId, id);
      const details = request.connector_account_details != null ? maskedAccountDetails(request.connector_account_details) : account.connector_account_details;
      const { status, disabled } = statusAndDisabled(request, details.auth_type, account.status);
      for (const member of UPDATED) if (request[member] != null) (account as Record<string, Json>)[member] = kept(request[member]);
      Object.assign(account, { connector_account_details: details, status, disabled, modified_at: new Date(this.now()).toISOString() });
      this.unique(account);
      this.table.update(account);
      return account;
    });
  }

  /** DELETE /account/{merchant_id}/connectors/{merchant_connector_id}. */
  delete(merchantId: string, id: string): { merchant_id: string; merchant_connector_id: string; deleted: true } {
    if (!this.store.merchant(merchantId)) throw apiError('merchantNotFound');
    if (!this.table.delete(merchantId, id)) throw apiError('connectorAccountNotFound', {}, `${id} does not exist`);
    return { merchant_id: merchantId, merchant_connector_id: id, deleted: true };
  }

  /** A label is its profile's only one (upstream's unique index, answered as DuplicateMerchantConnectorAccount). */
  private unique(account: ConnectorAccount): void {
    const same = this.table.byLabel(account.profile_id, account.connector_label);
    if (same && same.merchant_connector_id !== account.merchant_connector_id) {
      throw apiError('duplicateConnectorAccount', { profile_id: account.profile_id, connector_label: account.connector_label });
    }
  }
}

