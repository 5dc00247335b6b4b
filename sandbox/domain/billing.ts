/**
 * Billing details beyond the card: which ones the merchant's processor asks for (the merchant's
 * `billing_requirements`, answered as upstream's `required_fields` in the payment-method lists) and
 * the simulated address verification (AVS) of the postal code. Shapes follow the real service:
 * `RequiredFieldInfo` and `FieldType` (hyperswitch `crates/api_models/src/payment_methods.rs`,
 * `crates/common_enums/src/enums.rs`) keyed as its required-fields configuration keys them
 * (`crates/payment_methods/src/configs/payment_connector_required_fields.rs`: `billing.address.zip`
 * → `payment_method_data.billing.address.zip`). Pure: no HTTP, no store.
 */
import type { BillingRequirements } from '../../src/api/admin.js';
import type { Customer, Json, JsonObject, Payment, StoredBillingRequirements } from './types.js';

/** A merchant's `billing_requirements` with every member filled in; `null` or absent: the default. */
export function billingRequirements(request: BillingRequirements | null | undefined): StoredBillingRequirements {
  return { billing: request?.billing ?? 'auto', email: request?.email ?? false, phone: request?.phone ?? false };
}

/**
 * Where address verification is routine, so `auto` asks for the postal code: card issuers in the
 * United States, the United Kingdom and Canada check it against the cardholder's address (AVS),
 * and an authorization without it declines more often or costs more. Elsewhere issuers do not check
 * it and asking would only lengthen the form.
 */
export const AVS_CURRENCIES: readonly string[] = ['USD', 'GBP', 'CAD'];
export const AVS_COUNTRIES: readonly string[] = ['US', 'GB', 'CA'];

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `billing.address` (or `billing.phone`) of a stored address, `{}` when it has none. */
const part = (billing: JsonObject | null | undefined, name: 'address' | 'phone'): JsonObject => {
  const value = billing?.[name];
  return isObject(value) ? value : {};
};

const textOf = (value: Json | undefined): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The billing level a payment gets: the merchant's, with `auto` settled by its currency and billing country. */
export function billingLevel(settings: StoredBillingRequirements, payment: Pick<Payment, 'currency' | 'billing'>): 'none' | 'postal_code' | 'full' {
  if (settings.billing !== 'auto') return settings.billing;
  const country = textOf(part(payment.billing, 'address').country);
  return AVS_CURRENCIES.includes(payment.currency) || (country !== null && AVS_COUNTRIES.includes(country)) ? 'postal_code' : 'none';
}

/** One entry of `required_fields` (upstream's `RequiredFieldInfo`; a type, so it fits the widget's schema of the list). */
export type RequiredFieldInfo = {
  required_field: string;
  display_name: string;
  field_type: string | { user_address_country: { options: string[] } };
  value: string | null;
};

/**
 * `required_fields` of a card payment-method type: a map from upstream's key (`billing.address.zip`)
 * to its `RequiredFieldInfo`, each `value` prefilled from the payment's `billing` and email. Other
 * payment methods (mobile money) ask for none.
 */
export function requiredFields(
  settings: StoredBillingRequirements,
  payment: Pick<Payment, 'currency' | 'billing' | 'email'> | null,
  customer: Pick<Customer, 'email'> | null,
): Record<string, RequiredFieldInfo> {
  const billing = payment?.billing ?? null;
  const address = part(billing, 'address');
  const phone = part(billing, 'phone');
  const fields: Record<string, RequiredFieldInfo> = {};
  const add = (key: string, display_name: string, field_type: RequiredFieldInfo['field_type'], value: Json | undefined) => {
    fields[key] = { required_field: `payment_method_data.${key}`, display_name, field_type, value: textOf(value) };
  };
  // without a payment (the merchant's server list) `auto` cannot be settled: nothing is required
  const level = payment ? billingLevel(settings, payment) : settings.billing === 'auto' ? 'none' : settings.billing;
  if (level === 'full') {
    add('billing.address.first_name', 'billing_first_name', 'user_billing_name', address.first_name);
    add('billing.address.last_name', 'billing_last_name', 'user_billing_name', address.last_name);
    add('billing.address.line1', 'line1', 'user_address_line1', address.line1);
    add('billing.address.city', 'city', 'user_address_city', address.city);
    add('billing.address.state', 'state', 'user_address_state', address.state);
  }
  if (level !== 'none') {
    add('billing.address.zip', 'zip', 'user_address_pincode', address.zip);
    add('billing.address.country', 'country', { user_address_country: { options: ['ALL'] } }, address.country);
  }
  if (settings.email) add('billing.email', 'email', 'user_email_address', customer?.email ?? payment?.email ?? billing?.email);
  if (settings.phone) {
    add('billing.phone.number', 'phone', 'user_phone_number', phone.number);
    add('billing.phone.country_code', 'dialing_code', 'user_phone_number_country_code', phone.country_code);
  }
  return fields;
}

/**
 * Postal codes the simulated issuer's address verification refuses (docs/sandbox.md, "Address
 * verification"), compared without spaces or dashes and in capitals: US `99999` (and `99999-` with
 * any four more digits), UK `AB1 0AA` (a retired Aberdeen district), Canada `Z9Z 9Z9` (no Canadian
 * code starts with Z). Any other postal code passes.
 */
const AVS_FAILING = [/^99999(\d{4})?$/, /^AB10AA$/, /^Z9Z9Z9$/];

/**
 * Whether the address verification of this payment's card fails: only when a postal code is given,
 * the card's own billing (`payment_method_data.billing`) first, as upstream's connectors read it,
 * else the payment's `billing`.
 */
export function addressVerificationFails(payment: Pick<Payment, 'billing' | 'billing_of_method'>): boolean {
  const zip = textOf(part(payment.billing_of_method, 'address').zip) ?? textOf(part(payment.billing, 'address').zip);
  if (zip === null) return false;
  const normalized = zip.toUpperCase().replace(/[\s-]/g, '');
  return AVS_FAILING.some((pattern) => pattern.test(normalized));
}
