/**
 * Request bodies of the administrative resources (merchant accounts, organizations, API keys,
 * customers), in zod/mini. Used by the sandbox; nothing in the browser bundle imports this module.
 */
import * as z from 'zod/mini';
import { Address, CountryCode, Currency, email, referenceId as id } from './requests.js';
import { CARD_NETWORKS, INTENT_STATUSES, PAYMENT_EXPERIENCES, PAYMENT_METHODS, REFUND_STATUSES, UPSTREAM_PAYMENT_METHOD_TYPES } from './enums.js';

const opt = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));
const text = (max: number) => z.string().check(z.maxLength(max));
const anyObject = () => z.record(z.string(), z.unknown());

export const WebhookDetails = z.strictObject({
  webhook_version: opt(text(255)),
  webhook_username: opt(text(255)),
  webhook_password: opt(text(255)),
  webhook_url: opt(z.url({ protocol: /^https?$/ }).check(z.maxLength(2048))),
  payment_created_enabled: opt(z.boolean()),
  payment_succeeded_enabled: opt(z.boolean()),
  payment_failed_enabled: opt(z.boolean()),
  payment_statuses_enabled: opt(z.array(z.enum(INTENT_STATUSES))),
  refund_statuses_enabled: opt(z.array(z.enum(REFUND_STATUSES))),
  payout_statuses_enabled: opt(z.array(z.string())),
});


/** An entry of a collect link's `enabled_payment_methods` (upstream's link_utils EnabledPaymentMethod). */
const LinkPaymentMethods = z.object({ payment_method: z.enum(PAYMENT_METHODS), payment_method_types: z.array(z.enum(UPSTREAM_PAYMENT_METHOD_TYPES)) });

/**
 * A merchant's `pm_collect_link_config`: upstream's BusinessCollectLinkConfig, its generic link
 * config and look flattened in (`allowed_domains` and `enabled_payment_methods` required; serde
 * ignores other members).
 */
export const CollectLinkConfig = z.object({
  domain_name: opt(text(255)),
  allowed_domains: z.array(text(255)),
  logo: opt(z.url().check(z.maxLength(255))),
  merchant_name: opt(text(255)),
  theme: opt(text(255)),
  enabled_payment_methods: z.array(LinkPaymentMethods),
});
export type CollectLinkConfig = z.infer<typeof CollectLinkConfig>;

export const MerchantDetails = z.strictObject({
  primary_contact_person: opt(text(255)),
  primary_phone: opt(text(255)),
  primary_email: opt(text(255)),
  secondary_contact_person: opt(text(255)),
  secondary_phone: opt(text(255)),
  secondary_email: opt(text(255)),
  website: opt(text(255)),
  about_business: opt(text(255)),
  merchant_tax_registration_id: opt(text(255)),
  address: opt(Address.shape.address),
});

export const RoutingAlgorithm = z.strictObject({
  type: z.enum(['single', 'priority', 'volume_split', 'advanced']),
  data: z.unknown(),
});

/** The sandbox's gateway fee: a percentage of the amount or a flat amount, never both. */
export const GatewayFeeConfig = z.strictObject({
  percentage: opt(z.number().check(z.minimum(0), z.maximum(100))),
  flat_amount: opt(z.int().check(z.minimum(0))),
});

/**
 * Whether `value` is an origin exactly as a browser writes it (in the `Origin` header, in
 * `location.origin`): `http:` or `https:`, host in lower case, the port only when it is not the
 * scheme's default, no path, query or fragment.
 */
export function isOrigin(value: string): boolean {
  if (!/^https?:\/\//.test(value)) return false;
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

/** One of a merchant's allowed origins: `https://shop.example`, `http://localhost:5173`. */
export const Origin = z.string().check(
  z.maxLength(255),
  z.refine(isOrigin, { message: 'must be an origin (scheme://host[:port], no path), as a browser writes it' }),
);

/**
 * Sandbox setting: the billing details the merchant's processor asks for beyond the card, answered
 * as `required_fields` in the payment-method lists (docs/sandbox.md, "`billing_requirements`").
 * `billing`: `auto` (postal code for AVS currencies and countries, none otherwise), `none`,
 * `postal_code` (country + postal code) or `full` (name, line 1, city, state, postal code, country).
 */
export const BillingRequirements = z.strictObject({
  billing: opt(z.enum(['auto', 'none', 'postal_code', 'full'])),
  email: opt(z.boolean()),
  phone: opt(z.boolean()),
});
export type BillingRequirements = z.infer<typeof BillingRequirements>;

const merchantAccountShape = {
  merchant_name: opt(text(255)),
  return_url: opt(z.url({ protocol: /^https?$/ }).check(z.maxLength(255))),
  primary_business_details: opt(
    z.array(z.strictObject({ country: CountryCode, business: text(255) })),
  ),
  merchant_details: opt(MerchantDetails),
  webhook_details: opt(WebhookDetails),
  payout_routing_algorithm: opt(RoutingAlgorithm),
  frm_routing_algorithm: opt(RoutingAlgorithm),
  sub_merchants_enabled: opt(z.boolean()),
  parent_merchant_id: opt(text(255)),
  enable_payment_response_hash: opt(z.boolean()),
  payment_response_hash_key: opt(z.string().check(z.minLength(1), z.maxLength(255))),
  redirect_to_merchant_with_http_post: opt(z.boolean()),
  metadata: opt(anyObject()),
  publishable_key: opt(z.string().check(z.regex(/^pk_(snd|dev|prd)_[A-Za-z0-9]{8,128}$/))),
  locker_id: opt(text(64)),
  pm_collect_link_config: opt(CollectLinkConfig),
  default_profile: opt(text(64)),
  /** Sandbox setting: the gateway fee shown on payments and refunds (display only, never debited). */
  gateway_fee_config: opt(GatewayFeeConfig),
  /**
   * Sandbox setting: the origins the merchant's checkout pages run on. A browser-supplied
   * `return_url` must be on one of them; empty or absent means any origin.
   */
  allowed_origins: opt(z.array(Origin).check(z.maxLength(50))),
  /** Sandbox setting: the billing details asked for beyond the card (`required_fields`). */
  billing_requirements: opt(BillingRequirements),
};

export const MerchantAccountCreate = z.strictObject({
  merchant_id: id(64),
  organization_id: opt(id(64)),
  merchant_account_type: opt(z.enum(['standard', 'platform', 'connected'])),
  product_type: opt(z.enum(['orchestration', 'vault', 'recon', 'recovery', 'cost_observability', 'dynamic_routing'])),
  ...merchantAccountShape,
});
export type MerchantAccountCreate = z.infer<typeof MerchantAccountCreate>;

export const MerchantAccountUpdate = z.strictObject({
  merchant_id: z.optional(id(64)),
  ...merchantAccountShape,
});
export type MerchantAccountUpdate = z.infer<typeof MerchantAccountUpdate>;

export const ApiKeyCreate = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  description: opt(text(256)),
  expiration: z.union([z.literal('never'), z.iso.datetime({ offset: true })]),
});
export type ApiKeyCreate = z.infer<typeof ApiKeyCreate>;

/** A member sent as `null` is left as it is, as upstream (its members are all optional). */
export const ApiKeyUpdate = z.strictObject({
  name: opt(z.string().check(z.minLength(1), z.maxLength(64))),
  description: opt(text(256)),
  expiration: opt(z.union([z.literal('never'), z.iso.datetime({ offset: true })])),
});
export type ApiKeyUpdate = z.infer<typeof ApiKeyUpdate>;

export const ApiKeyListQuery = z.strictObject({
  limit: z.optional(z.string().check(z.regex(/^\d{1,4}$/))),
  skip: z.optional(z.string().check(z.regex(/^\d{1,9}$/))),
});

/** `POST /configs/` and `POST /configs/{key}`: upstream's Config and ConfigUpdate (serde ignores other members). */
/** `POST` and `DELETE /blocklist`: upstream's AddToBlocklistRequest and DeleteFromBlocklistRequest (`{"type", "data"}`). */
export const BlocklistRequest = z.object({ type: z.enum(['card_bin', 'extended_card_bin', 'fingerprint']), data: z.string().check(z.maxLength(64)) });
export const ConfigCreate = z.object({ key: z.string().check(z.minLength(1), z.maxLength(255)), value: z.string() });
export const ConfigUpdate = z.object({ value: z.string() });

/** `POST /ephemeral_keys` (upstream's EphemeralKeyCreateRequest). */
export const EphemeralKeyCreate = z.object({ customer_id: id(64) });

/**
 * `POST /payment_methods/collect`: upstream's PaymentMethodCollectLinkRequest (serde ignores other
 * members), its `ui_config` (logo, merchant_name, theme) flattened in.
 */
export const PaymentMethodCollectLinkCreate = z.object({
  pm_collect_link_id: opt(id(64)),
  customer_id: id(64),
  logo: opt(z.url().check(z.maxLength(255))),
  merchant_name: opt(text(255)),
  theme: opt(text(255)),
  session_expiry: opt(z.int().check(z.minimum(0), z.maximum(4_294_967_295))),
  return_url: opt(z.url({ protocol: /^https?$/ }).check(z.maxLength(2048))),
  enabled_payment_methods: opt(z.array(LinkPaymentMethods)),
});
export type PaymentMethodCollectLinkCreate = z.infer<typeof PaymentMethodCollectLinkCreate>;

/** `GET /accounts/list` (upstream's MerchantAccountListRequest). */
export const MerchantAccountListQuery = z.strictObject({ organization_id: z.string().check(z.minLength(1), z.maxLength(64)) });

export const OrganizationCreate = z.strictObject({
  organization_name: z.string().check(z.minLength(1), z.maxLength(255)),
  organization_details: opt(anyObject()),
  metadata: opt(anyObject()),
});
export type OrganizationCreate = z.infer<typeof OrganizationCreate>;

export const OrganizationUpdate = z.strictObject({
  organization_name: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
  organization_details: opt(anyObject()),
  metadata: opt(anyObject()),
  platform_merchant_id: opt(text(64)),
});
export type OrganizationUpdate = z.infer<typeof OrganizationUpdate>;

const customerShape = {
  name: opt(text(255)),
  email: opt(email()),
  phone: opt(text(255)),
  phone_country_code: opt(text(255)),
  description: opt(text(255)),
  address: opt(Address.shape.address),
  metadata: opt(anyObject()),
  tax_registration_id: opt(text(255)),
  document_details: opt(anyObject()),
};

export const CustomerCreate = z.strictObject({ customer_id: z.optional(id(64)), ...customerShape });
export type CustomerCreate = z.infer<typeof CustomerCreate>;

export const CustomerUpdate = z.strictObject({ customer_id: z.optional(id(64)), ...customerShape });
export type CustomerUpdate = z.infer<typeof CustomerUpdate>;

export const RefundCreate = z.strictObject({
  payment_id: z.string().check(z.minLength(1), z.maxLength(64)),
  refund_id: z.optional(id(64)),
  /** The spec's schema minimum is 100 (minor units). */
  amount: z.optional(z.int().check(z.minimum(100))),
  reason: opt(text(255)),
  refund_type: opt(z.enum(['instant', 'scheduled'])),
  metadata: opt(anyObject()),
  merchant_connector_details: opt(anyObject()),
  split_refunds: opt(anyObject()),
  merchant_id: opt(text(255)),
  all_keys_required: opt(z.boolean()),
});
export type RefundCreate = z.infer<typeof RefundCreate>;

/** `POST /refunds/{refund_id}`: upstream's RefundUpdateRequest (`reason`, `metadata`; an absent member is kept). */
export const RefundUpdate = z.strictObject({
  reason: opt(text(255)),
  metadata: opt(anyObject()),
});
export type RefundUpdate = z.infer<typeof RefundUpdate>;

const dateTime = () => z.iso.datetime({ offset: true, local: true });

/** `POST /refunds/list`: upstream's RefundListRequest, its TimeRange flattened (`start_time`, `end_time`). */
export const RefundListRequest = z.strictObject({
  payment_id: opt(z.string().check(z.maxLength(64))),
  refund_id: opt(z.string().check(z.maxLength(64))),
  profile_id: opt(z.string().check(z.maxLength(64))),
  limit: opt(z.int()),
  offset: opt(z.int().check(z.minimum(0))),
  start_time: opt(dateTime()),
  end_time: opt(dateTime()),
  amount_filter: opt(z.strictObject({ start_amount: opt(z.int()), end_amount: opt(z.int()) })),
  connector: opt(z.array(z.string())),
  merchant_connector_id: opt(z.array(z.string())),
  currency: opt(z.array(Currency)),
  refund_status: opt(z.array(z.enum(REFUND_STATUSES))),
});
export type RefundListRequest = z.infer<typeof RefundListRequest>;

/** A card saved with `POST /payment_methods` (upstream's CardDetail; the CVC is not kept). */
const CardDetail = z.strictObject({
  card_number: z.string(),
  card_exp_month: z.string(),
  card_exp_year: z.string(),
  card_holder_name: opt(text(255)),
  card_cvc: opt(z.string()),
  nick_name: opt(text(255)),
  card_issuing_country: opt(z.string()),
  card_issuing_country_code: opt(z.string()),
  card_network: opt(z.string()),
  card_issuer: opt(z.string()),
  card_type: opt(z.string()),
});

/** `POST /payment_methods`: upstream's PaymentMethodCreate (`deny_unknown_fields`). */
export const PaymentMethodCreate = z.strictObject({
  payment_method: z.enum(PAYMENT_METHODS),
  payment_method_type: opt(z.enum(UPSTREAM_PAYMENT_METHOD_TYPES)),
  payment_method_issuer: opt(text(255)),
  payment_method_issuer_code: opt(z.string()),
  card: opt(CardDetail),
  metadata: opt(anyObject()),
  customer_id: opt(id(64)),
  card_network: opt(z.string()),
  bank_transfer: opt(anyObject()),
  wallet: opt(anyObject()),
  client_secret: opt(z.string()),
  payment_method_data: opt(anyObject()),
  billing: opt(Address),
});
export type PaymentMethodCreate = z.infer<typeof PaymentMethodCreate>;



/** A date-time of a list's filter (its form is checked where it is read: a wrong one is serde's 400, not a 422 of a limit). */
const filterTime = opt(z.string());
/** `POST /payment_link/list` (upstream's PaymentLinkListConstraints, `deny_unknown_fields`). */
export const PaymentLinkListConstraints = z.strictObject({
  limit: opt(z.int()),
  created: filterTime,
  'created.lt': filterTime,
  'created.gt': filterTime,
  'created.lte': filterTime,
  'created.gte': filterTime,
});
export type PaymentLinkListConstraints = z.infer<typeof PaymentLinkListConstraints>;

/**
 * Upstream's `Connector` enum (its v1 OpenAPI document, sandbox/test/conformance/hyperswitch-openapi-v1.json):
 * the names a connector account may have. Every account is served by the sandbox's simulated processor.
 */
export const CONNECTOR_NAMES = [
  'authipay', 'adyenplatform', 'stripe_billing_test', 'phonypay', 'fauxpay', 'pretendpay', 'stripe_test', 'adyen_test', 'checkout_test', 'paypal_test',
  'aci', 'adyen', 'affirm', 'airwallex', 'amazonpay', 'archipel', 'authorizedotnet', 'bambora', 'bamboraapac', 'bankofamerica', 'barclaycard',
  'billwerk', 'bitpay', 'bluesnap', 'blackhawknetwork', 'calida', 'boku', 'braintree', 'breadpay', 'cardinal', 'cashtocode', 'celero', 'chargebee',
  'checkbook', 'checkout', 'coinbase', 'coingate', 'custombilling', 'cryptopay', 'ctp_mastercard', 'ctp_visa', 'cybersource', 'cybersourcedecisionmanager',
  'datatrans', 'deutschebank', 'digitalvirgo', 'dlocal', 'dwolla', 'ebanx', 'elavon', 'facilitapay', 'finix', 'fiserv', 'fiservemea', 'fiuu', 'flexiti',
  'forte', 'getnet', 'gigadat', 'globalpay', 'globepay', 'gocardless', 'gpayments', 'hipay', 'helcim', 'hyperpg', 'hyperswitch_vault', 'inespay',
  'iatapay', 'itaubank', 'jpmorgan', 'juspaythreedsserver', 'klarna', 'loonio', 'mifinity', 'mollie', 'moneris', 'multisafepay', 'netcetera',
  'nexinets', 'nexixpay', 'nmi', 'nomupay', 'noon', 'nordea', 'novalnet', 'nuvei', 'opennode', 'paybox', 'payload', 'payme', 'payone', 'paypal',
  'paysafe', 'paystack', 'paytm', 'payu', 'peachpayments', 'payjustnow', 'payjustnowinstore', 'phonepe', 'placetopay', 'powertranz', 'prophetpay',
  'rapyd', 'razorpay', 'recurly', 'redsys', 'revolv3', 'santander', 'shift4', 'silverflow', 'square', 'stax', 'stripe', 'stripebilling', 'taxjar',
  'threedsecureio', 'tesouro', 'tokenex', 'tokenio', 'trustpay', 'trustpayments', 'tsys', 'vgs', 'volt', 'wellsfargo', 'wise', 'worldline',
  'worldpay', 'worldpayvantiv', 'worldpayxml', 'worldpaymodular', 'signifyd', 'plaid', 'riskified', 'xendit', 'zen', 'zift', 'zsl',
] as const;

/** `GET /feature_matrix`'s optional body: upstream's FeatureMatrixRequest (connectors of its Connector enum). */
export const FeatureMatrixRequest = z.object({ connectors: opt(z.array(z.enum(CONNECTOR_NAMES))) });

/** Upstream's `ConnectorType`: only a `payment_processor` account processes payments. */
export const CONNECTOR_TYPES = [
  'payment_processor', 'payment_vas', 'fin_operations', 'fiz_operations', 'networks', 'banking_entities', 'non_banking_finance',
  'payout_processor', 'payment_method_auth', 'authentication_processor', 'tax_processor', 'billing_processor', 'vault_processor',
] as const;


/** `accepted_currencies` and `accepted_countries` of a payment method type (upstream's AcceptedCurrencies, AcceptedCountries). */
const accepted = <T extends z.core.SomeType>(item: T) =>
  z.union([z.object({ type: z.enum(['enable_only', 'disable_only']), list: z.array(item) }), z.object({ type: z.literal('all_accepted') })]);

/** An entry of `payment_methods_enabled` (upstream's PaymentMethodsEnabled, its types' RequestPaymentMethodTypes). */
const PaymentMethodsEnabled = z.strictObject({
  payment_method: z.enum(PAYMENT_METHODS),
  payment_method_types: opt(
    z.array(
      z.object({
        payment_method_type: z.enum(UPSTREAM_PAYMENT_METHOD_TYPES),
        payment_experience: opt(z.enum(PAYMENT_EXPERIENCES)),
        card_networks: opt(z.array(z.enum(CARD_NETWORKS))),
        accepted_currencies: opt(accepted(Currency)),
        accepted_countries: opt(accepted(CountryCode)),
        minimum_amount: opt(z.int().check(z.minimum(0))),
        maximum_amount: opt(z.int().check(z.minimum(0))),
        recurring_enabled: opt(z.boolean()),
        installment_payment_enabled: opt(z.boolean()),
      }),
    ),
  ),
});

/**
 * A connector account's `metadata`: the connector's own settings (Apple Pay and Google Pay merchant
 * details, account names), free-form and held to the free-form limit, not the payment metadata's
 * 500 characters per value (sandbox/domain/validation.ts).
 */
export const ConnectorAccountMetadata = anyObject();

const connectorAccountShape = {
  connector_type: z.enum(CONNECTOR_TYPES),
  connector_label: opt(text(255)),
  /** The connector's credentials (`auth_type` and its keys): only their masked form is kept. */
  connector_account_details: opt(anyObject()),
  payment_methods_enabled: opt(z.array(PaymentMethodsEnabled)),
  connector_webhook_details: opt(z.strictObject({ merchant_secret: text(255), additional_secret: opt(text(255)) })),
  metadata: opt(ConnectorAccountMetadata),
  test_mode: opt(z.boolean()),
  disabled: opt(z.boolean()),
  frm_configs: opt(z.array(anyObject())),
  pm_auth_config: opt(anyObject()),
  status: opt(z.enum(['inactive', 'active'])),
  additional_merchant_data: opt(anyObject()),
  connector_wallets_details: opt(anyObject()),
};

/** `POST /account/{merchant_id}/connectors`: upstream's MerchantConnectorCreate (v1, `deny_unknown_fields`). */
export const ConnectorAccountCreate = z.strictObject({
  ...connectorAccountShape,
  connector_name: z.enum(CONNECTOR_NAMES),
  profile_id: opt(text(64)),
  business_country: opt(CountryCode),
  business_label: opt(text(255)),
  business_sub_label: opt(text(255)),
  merchant_connector_id: opt(text(64)),
});
export type ConnectorAccountCreate = z.infer<typeof ConnectorAccountCreate>;

/** `POST /account/{merchant_id}/connectors/{merchant_connector_id}`: upstream's MerchantConnectorUpdate (v1). */
export const ConnectorAccountUpdate = z.strictObject(connectorAccountShape);
export type ConnectorAccountUpdate = z.infer<typeof ConnectorAccountUpdate>;
