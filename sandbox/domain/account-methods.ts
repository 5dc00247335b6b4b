/**
 * What a profile's connector accounts enable, read from their `payment_methods_enabled` as upstream
 * reads it at d1688907: the methods its payment-method list offers for one payment
 * (crates/router/src/core/payment_methods/cards.rs `build_merchant_enabled_pms_context` and
 * `filter_payment_methods`, utils.rs `compile_pm_graph`: every type whose country and currency rules
 * the payment meets), and whether routing may send an attempt to an account (crates/kgraph_utils/
 * src/mca.rs `compile_request_pm_types`). Pure: no HTTP, no store.
 */
import { apiCardNetwork } from './card-networks.js';
import type { ConnectorAccount, MaskedCard, Payment } from './types.js';

/** One value a type is offered with (a card network, a payment experience) and the connectors behind it. */
export interface Offered {
  value: string;
  connectors: string[];
}

/** One enabled `(payment_method, payment_method_type)` pair and how it is paid. */
export interface EnabledPaymentMethod {
  payment_method: string;
  payment_method_type: string;
  /** Its payment experiences, each with its connectors (none for cards and banks). */
  payment_experiences: Offered[];
  /** Its card networks, each with its connectors (card types only; null otherwise). */
  card_networks: Offered[] | null;
  /** Every connector that processes it, in first-seen order (a bank type is listed by these). */
  connectors: string[];
}

type Accepted = { type: 'enable_only' | 'disable_only'; list: string[] } | { type: 'all_accepted' };

/** An entry of `payment_method_types` as an account keeps it (src/api/admin.ts PaymentMethodsEnabled). */
interface EnabledType {
  payment_method_type: string;
  payment_experience?: string | null;
  card_networks?: string[] | null;
  accepted_currencies?: Accepted | null;
  accepted_countries?: Accepted | null;
  minimum_amount?: number | null;
  maximum_amount?: number | null;
}

/** An account's `payment_methods_enabled`, as kept (none: `[]`). */
const enabledOf = (account: ConnectorAccount) => (account.payment_methods_enabled ?? []) as { payment_method: string; payment_method_types?: EnabledType[] | null }[];

/**
 * Where a payment method type can be paid when no account says otherwise: upstream's
 * `[pm_filters.default]` (config/development.toml@d1688907), the billing countries and currencies
 * of the schemes themselves (iDEAL: the Netherlands, in euros). Upstream's per-connector tables,
 * what each real connector supports, are not copied: no connector is called, and the simulated
 * processor pays every card in every currency.
 */
const AVAILABILITY: Readonly<Record<string, { country?: string; currency?: string }>> = {
  google_pay: { country: 'AL,DZ,AS,AO,AG,AR,AU,AT,AZ,BH,BY,BE,BR,BG,CA,CL,CO,HR,CZ,DK,DO,EG,EE,FI,FR,DE,GR,HK,HU,IN,ID,IE,IL,IT,JP,JO,KZ,KE,KW,LV,LB,LT,LU,MY,MX,NL,NZ,NO,OM,PK,PA,PE,PH,PL,PT,QA,RO,RU,SA,SG,SK,ZA,ES,LK,SE,CH,TW,TH,TR,UA,AE,GB,US,UY,VN' },
  apple_pay: {
    country: 'AU,CN,HK,JP,MO,MY,NZ,SG,TW,AM,AT,AZ,BY,BE,BG,HR,CY,CZ,DK,EE,FO,FI,FR,GE,DE,GR,GL,GG,HU,IS,IE,IM,IT,KZ,JE,LV,LI,LT,LU,MT,MD,MC,ME,NL,NO,PL,PT,RO,SM,RS,SK,SI,ES,SE,CH,UA,GB,AR,CO,CR,BR,MX,PE,BH,IL,JO,KW,PS,QA,SA,AE,CA,UM,US,KR,VN,MA,ZA,VA,CL,SV,GT,HN,PA',
    currency: 'AED,AUD,CHF,CAD,EUR,GBP,HKD,SGD,USD',
  },
  paypal: { currency: 'AUD,BRL,CAD,CHF,CNY,CZK,DKK,EUR,GBP,HKD,HUF,ILS,JPY,MXN,MYR,NOK,NZD,PHP,PLN,SEK,SGD,THB,TWD,USD' },
  klarna: { country: 'AT,BE,DK,FI,FR,DE,IE,IT,NL,NO,ES,SE,GB,US,CA', currency: 'USD,GBP,EUR,CHF,DKK,SEK,NOK,AUD,PLN,CAD' },
  affirm: { country: 'US', currency: 'USD' },
  afterpay_clearpay: { country: 'US,CA,GB,AU,NZ', currency: 'GBP,AUD,NZD,CAD,USD' },
  giropay: { country: 'DE', currency: 'EUR' },
  eps: { country: 'AT', currency: 'EUR' },
  sofort: { country: 'ES,GB,SE,AT,NL,DE,CH,BE,FR,FI,IT,PL', currency: 'EUR' },
  ideal: { country: 'NL', currency: 'EUR' },
};

/** The methods upstream lists by their connectors alone (bank_names, bank_debits, bank_transfers). */
const BANK_METHODS: readonly string[] = ['bank_redirect', 'bank_debit', 'bank_transfer'];

/**
 * Whether `value` passes one rule: the account's (`enable_only`: in its list; `disable_only`: not)
 * and the type's availability (in its list). A payment without the value (no billing country)
 * passes, as upstream's graph holds these edges weak. An account's `all_accepted` skips both.
 */
function allowed(value: string | null, own: Accepted | null | undefined, available: string | undefined): boolean {
  if (own?.type === 'all_accepted' || value === null) return true;
  if (own && own.list.includes(value) !== (own.type === 'enable_only')) return false;
  return available === undefined || available.split(',').includes(value);
}

/** The payment's billing country (upstream reads the intent's billing address), null without one. */
function billingCountry(payment: Pick<Payment, 'billing'> | null): string | null {
  const address = (payment?.billing as { address?: { country?: unknown } } | null | undefined)?.address;
  return typeof address?.country === 'string' ? address.country : null;
}

/** Adds `connector` under `value` of `offered`, once. */
function offer(offered: Offered[], value: string, connector: string): void {
  const entry = offered.find((candidate) => candidate.value === value) ?? (offered[offered.push({ value, connectors: [] }) - 1] as Offered);
  if (!entry.connectors.includes(connector)) entry.connectors.push(connector);
}

/**
 * The methods `accounts` (a profile's, oldest first) enable for `payment`, merged by type in
 * first-seen order, the banks last: a card type listed by its networks, a type with a payment
 * experience by it, a bank type by its connectors; a type with none of these is not listed, as
 * upstream's list leaves it out.
 */
export function accountMethods(accounts: readonly ConnectorAccount[], payment: Pick<Payment, 'currency' | 'billing'> | null): EnabledPaymentMethod[] {
  const country = billingCountry(payment);
  const currency = payment?.currency ?? null;
  const methods: EnabledPaymentMethod[] = [];
  for (const account of accounts) {
    const connector = account.connector_name;
    for (const { payment_method, payment_method_types } of enabledOf(account)) {
      for (const type of payment_method_types ?? []) {
        const available = AVAILABILITY[type.payment_method_type];
        if (!allowed(currency, type.accepted_currencies, available?.currency) || !allowed(country, type.accepted_countries, available?.country)) continue;
        if (!type.card_networks && !type.payment_experience && !BANK_METHODS.includes(payment_method)) continue;
        let method = methods.find((candidate) => candidate.payment_method === payment_method && candidate.payment_method_type === type.payment_method_type);
        if (!method) {
          method = { payment_method, payment_method_type: type.payment_method_type, payment_experiences: [], card_networks: null, connectors: [] };
          methods.push(method);
        }
        if (!method.connectors.includes(connector)) method.connectors.push(connector);
        if (type.payment_experience) offer(method.payment_experiences, type.payment_experience, connector);
        if (type.card_networks) {
          method.card_networks ??= [];
          for (const network of type.card_networks) offer(method.card_networks, network, connector);
        }
      }
    }
  }
  // the banks after the rest, redirects, debits, transfers, as upstream's list appends them
  const rank = (method: EnabledPaymentMethod) => BANK_METHODS.indexOf(method.payment_method);
  return methods.sort((a, b) => rank(a) - rank(b));
}

/** What routing knows of an attempt: how it pays, in what, and how much. */
export interface RoutedPayment {
  payment_method: string;
  payment_method_type: string | null;
  /** The card's network as upstream names it (`Visa`), null when unknown or not a card. */
  card_network: string | null;
  currency: string;
  amount: number;
}

/** What routing reads of an attempt paying `payment` with `method` (and `card`, if one). */
export const routedPayment = (payment: Pick<Payment, 'payment_method_type' | 'currency' | 'amount'>, method: string, card: MaskedCard | null): RoutedPayment => ({
  payment_method: method,
  payment_method_type: payment.payment_method_type ?? null,
  card_network: card ? apiCardNetwork(card.card_network) : null,
  currency: payment.currency,
  amount: payment.amount,
});

/**
 * Whether `account` takes the attempt, as upstream's routing graph decides it (crates/kgraph_utils/
 * src/mca.rs `compile_request_pm_types`@d1688907): an enabled type of its payment method, the same type
 * when the attempt has one, its networks holding the card's when both are known, its
 * `accepted_currencies` the payment's, and the amount within its limits (or zero); an account that
 * enables no type takes everything. Unlike the list, routing reads neither the account's countries
 * nor where a scheme is offered.
 */
export function takes(account: ConnectorAccount, attempt: RoutedPayment): boolean {
  // an entry without types adds no rule; an account with no rule at all takes everything, as upstream's graph
  const enabled = enabledOf(account).filter((entry) => (entry.payment_method_types ?? []).length > 0);
  return enabled.length === 0 || enabled.some(
    ({ payment_method, payment_method_types }) =>
      payment_method === attempt.payment_method &&
      (payment_method_types ?? []).some((type) => {
        const { minimum_amount: min, maximum_amount: max, card_networks: networks, accepted_currencies: currencies } = type;
        if (attempt.payment_method_type !== null && type.payment_method_type !== attempt.payment_method_type) return false;
        if (networks?.length && attempt.card_network !== null && !networks.includes(attempt.card_network)) return false;
        if (currencies && currencies.type !== 'all_accepted' && currencies.list.length > 0 && currencies.list.includes(attempt.currency) !== (currencies.type === 'enable_only')) return false;
        return attempt.amount === 0 || ((min == null || attempt.amount >= min) && (max == null || attempt.amount <= max));
      }),
  );
}
