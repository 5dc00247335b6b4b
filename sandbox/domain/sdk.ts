/**
 * The answers of the three calls the Hyperswitch web SDK makes at start-up besides retrieving the
 * payment: the combined payment-method list (`GET /payments/{id}/client`), the SDK configuration
 * (`GET /v1/sdk/configs/{platform}/sdk_config.json`) and the wallet session tokens
 * (`POST /payments/session_tokens`). Shapes follow the real service (docs/sandbox.md names the
 * upstream files); everything is derived from the payment, the merchant account and the methods of
 * its profile's connector accounts (payment-methods.ts). Pure: no HTTP, no store.
 */
import { billingRequirements, requiredFields } from './billing.js';
import { apiError } from './errors.js';
import { eligibleConnectors, enabledPaymentMethods, mandatePayment, sdkNextAction } from './payment-methods.js';
import { customerPaymentMethod } from './saved-methods.js';
import { sessionEnd } from './sdk-auth.js';
import type { ConnectorAccount, Customer, MerchantAccount, Payment, SavedPaymentMethod } from './types.js';

/** The customer's saved cards for this client session, with their tokens (SavedMethodService.forClientSession). */
export interface ClientSessionMethods {
  customer: Customer | null;
  methods: SavedPaymentMethod[];
  tokens: Map<string, string>;
}

/** Statuses for which the real service refuses session tokens ("You cannot create a session token for …"). */
const NO_SESSION_STATUSES: readonly string[] = ['failed', 'succeeded'];

/**
 * `GET /payments/{id}/client`: the payment's enabled methods as a flat list (one entry per
 * `(payment_method, payment_method_type)`, `card_networks` as plain strings and only on cards), the
 * customer's saved methods, the next action and the intent's data the SDK renders with. Member
 * names, order and nulls follow the real service's answers (docs/sandbox.md). Each saved card is
 * upstream's CustomerPaymentMethod, with its card also under `payment_method_data.card`, where the
 * web SDK's client-list decoder reads it (PaymentType.res itemToCustomerObjMapperFromClientList).
 */
export function clientPaymentMethodList(payment: Payment, merchant: MerchantAccount, customer: Customer | null, saved: ClientSessionMethods, accounts: readonly ConnectorAccount[]) {
  const billingSettings = merchant.billing_requirements ?? billingRequirements(null);
  return {
    payment_methods_enabled: enabledPaymentMethods(payment, accounts).map((method) => {
      const isCard = method.card_networks !== null;
      return {
        payment_method: method.payment_method,
        payment_method_type: method.payment_method_type,
        ...(method.card_networks ? { card_networks: method.card_networks.map(({ value }) => value) } : {}),
        payment_experience: method.payment_experiences.length > 0 ? method.payment_experiences.map(({ value }) => value) : null,
        // the profile's wallet settings: cards have none, the sandbox's wallets collect no addresses
        collect_shipping_details_from_wallets: isCard ? null : false,
        collect_billing_details_from_wallets: isCard ? null : false,
        // the sandbox's addition after upstream's members (upstream's v1 list has none; its web SDK
        // takes required fields from its own configuration): the billing details asked for, as
        // /account/payment_methods gives them
        ...(isCard ? { required_fields: requiredFields(billingSettings, payment, customer) } : {}),
      };
    }),
    customer_payment_methods: saved.customer
      ? saved.methods.map((method) => {
          const entry = customerPaymentMethod(saved.customer as Customer, method, saved.tokens.get(method.payment_method_id) as string);
          return { ...entry, payment_method_data: { card: entry.card } };
        })
      : [],
    sdk_next_action: { next_action: sdkNextAction(payment), should_block_confirm: false },
    intent_data: {
      payment_id: payment.payment_id,
      status: payment.status,
      amount: payment.amount,
      currency: payment.currency,
      client_secret: payment.client_secret,
      description: payment.description,
      customer_id: payment.customer_id,
      return_url: payment.return_url,
      setup_future_usage: payment.setup_future_usage,
      billing: payment.billing,
      shipping: payment.shipping,
      email: customer?.email ?? payment.email ?? null,
      metadata: payment.metadata,
      order_details: payment.order_details,
      created: payment.created,
      // upstream prints this one as a plain date-time ("2026-06-03 13:44:35.806")
      expires_on: new Date(sessionEnd(payment)).toISOString().replace('T', ' ').replace('Z', ''),
      profile_id: payment.profile_id,
      merchant_order_reference_id: payment.merchant_order_reference_id,
      attempt_count: payment.attempt_count,
      installment_options: null,
      capture_method: payment.capture_method,
      merchant_name: merchant.merchant_name,
      mandate_payment: mandatePayment(payment),
      payment_type: payment.payment_type ?? 'normal',
      request_external_three_ds_authentication: payment.request_external_three_ds_authentication ?? false,
      is_tax_calculation_enabled: false,
      is_guest_customer: payment.customer_id == null,
    },
  };
}

/**
 * `GET /v1/sdk/configs/{platform}/sdk_config.json`: the configuration the real service resolves for
 * the payment's profile. The sandbox has no configuration overrides (`raw_configs` is empty), no
 * vault to tokenize into (`vaulting_action: "skip"`: confirm directly) and collects no wallet
 * addresses.
 */
export function sdkConfig(payment: Payment, merchant: MerchantAccount, accounts: readonly ConnectorAccount[]) {
  const methods = enabledPaymentMethods(payment, accounts);
  const byMethod = new Map<string, typeof methods>();
  for (const method of methods) byMethod.set(method.payment_method, [...(byMethod.get(method.payment_method) ?? []), method]);
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    raw_configs: { contexts: [], overrides: {}, default_configs: {} },
    resolved_configs: null,
    context_used: {
      profile_id: payment.profile_id,
      merchant_id: merchant.merchant_id,
      processor_merchant_id: merchant.merchant_id,
      organization_id: merchant.organization_id,
      connector: eligibleConnectors(methods),
    },
    payment_methods: [...byMethod.entries()]
      .sort(([a], [b]) => byName(a, b))
      .map(([payment_method, types]) => ({
        payment_method,
        payment_method_types: types
          .map((type) => ({
            payment_method_type: type.payment_method_type,
            payment_method_criteria: type.card_networks ? 'card_network' : 'payment_experience',
            criteria_rules: (type.card_networks ?? type.payment_experiences).map(({ value, connectors }) => ({
              criteria_value: value,
              eligible_connectors: connectors,
            })),
          }))
          // a type with no rule is left out, as upstream
          .filter((type) => type.criteria_rules.length > 0)
          .sort((a, b) => byName(a.payment_method_type, b.payment_method_type)),
      })),
    account_config: {
      profile: {
        collect_shipping_details_from_wallet_connector: false,
        collect_billing_details_from_wallet_connector: false,
        always_collect_billing_details_from_wallet_connector: false,
        always_collect_shipping_details_from_wallet_connector: false,
        vaulting_action: 'skip',
      },
    },
  };
}

/**
 * `POST /payments/session_tokens`: the sandbox has no wallet connectors, so the list of session
 * tokens is always empty. A payment that already succeeded or failed gets none at all (400 IR_16),
 * as upstream.
 */
export function sessionTokens(payment: Payment) {
  if (NO_SESSION_STATUSES.includes(payment.status)) {
    throw apiError('sessionTokenWrongState', { status: payment.status });
  }
  return { payment_id: payment.payment_id, client_secret: payment.client_secret, session_token: [] };
}
