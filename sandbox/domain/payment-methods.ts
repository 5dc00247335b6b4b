/**
 * What the sandbox lets a customer pay with: the methods every payment-method list (the classic
 * `/account/payment_methods`, the web SDK's `/payments/{id}/client` and its SDK configuration) is
 * shaped from, those of the payment's connector accounts or the sandbox's catalogue. Pure: no HTTP,
 * no store.
 */
import { accountMethods, type EnabledPaymentMethod, type Offered } from './account-methods.js';
import { LISTED_CARD_NETWORKS } from './card-networks.js';
import { CONNECTORS } from './processor.js';
import type { ConnectorAccount, Json, Payment } from './types.js';

export type { EnabledPaymentMethod } from './account-methods.js';

/**
 * Card networks the lists name, as upstream names them ("AmericanExpress"): those of the real
 * `CardNetwork` enum (card-networks.ts; the processor also pays Elo, Hipercard, Mir, Verve, Troy).
 */
export const CARD_NETWORKS: readonly string[] = LISTED_CARD_NETWORKS;

const everywhere = (values: readonly string[]): Offered[] => values.map((value) => ({ value, connectors: [...CONNECTORS] }));

/** What a profile without connector accounts offers: every simulated connector pays each of these. */
const CATALOGUE: readonly EnabledPaymentMethod[] = [
  { payment_method: 'card', payment_method_type: 'credit', payment_experiences: [], card_networks: everywhere(CARD_NETWORKS), connectors: [...CONNECTORS] },
  { payment_method: 'card', payment_method_type: 'debit', payment_experiences: [], card_networks: everywhere(CARD_NETWORKS), connectors: [...CONNECTORS] },
  // mobile money (the sandbox's extension): a wait screen while the customer approves on the phone
  { payment_method: 'wallet', payment_method_type: 'pay_bill', payment_experiences: everywhere(['display_wait_screen']), card_networks: null, connectors: [...CONNECTORS] },
  { payment_method: 'wallet', payment_method_type: 'pay_till', payment_experiences: everywhere(['display_wait_screen']), card_networks: null, connectors: [...CONNECTORS] },
];

/**
 * The methods this payment may be paid with: those its profile's connector accounts enable for it
 * (`accounts`, the profile's that take payments: account-methods.ts), or the sandbox's catalogue
 * when it has none; narrowed to the payment's `allowed_payment_method_types` when it has some.
 * Without a payment: those of `accounts` for no payment in particular, or the whole catalogue.
 */
export function enabledPaymentMethods(payment: Pick<Payment, 'allowed_payment_method_types' | 'currency' | 'billing'> | null, accounts: readonly ConnectorAccount[] = []): EnabledPaymentMethod[] {
  const allowed = payment?.allowed_payment_method_types ?? null;
  const methods = accounts.length > 0 ? accountMethods(accounts, payment) : CATALOGUE;
  return methods.filter((method) => !allowed || allowed.includes(method.payment_method_type));
}

/** Every connector that processes at least one of `methods`, in first-seen order. */
export const eligibleConnectors = (methods: readonly EnabledPaymentMethod[]): string[] => [
  ...new Set(methods.flatMap((method) => method.connectors)),
];

/**
 * `sdk_next_action.next_action`: what the SDK should do next with this payment. A payment the
 * processor is still deciding is synced; anything else is confirmed (the confirm route answers a
 * final one with its own error).
 */
export const sdkNextAction = (payment: Pick<Payment, 'status'> | null): 'confirm' | 'sync' =>
  payment?.status === 'processing' ? 'sync' : 'confirm';

/**
 * `mandate_payment` of a payment-method list: the payment's mandate type, as upstream's `MandateType`
 * (`{"single_use": {"amount", "currency"}}` or `{"multi_use": …}`); null without a mandate.
 */
export const mandatePayment = (payment: Pick<Payment, 'mandate_data'> | null): Json =>
  (payment?.mandate_data as { mandate_type?: Json } | null | undefined)?.mandate_type ?? null;
