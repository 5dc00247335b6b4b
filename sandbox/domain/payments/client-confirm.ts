/**
 * What a client-side confirm (publishable key + `client_secret`: the customer's browser) may carry.
 * It sets the members of `CLIENT_CONFIRM_MEMBERS` (the card, what 3-D Secure needs, where to come
 * back). Every other member is the merchant's decision: the browser may repeat the payment's own
 * value — the real service's clients do (its web SDK echoes `payment_type` and a saved card's
 * `customer_id`; its Cypress `confirmCallTest` sends `profile_id` and the connector config's
 * `currency`) — and may not change it. A different customer is the real service's own refusal
 * (`401 IR_18`, payments/helpers.rs `validate_customer_access`); any other change is `422 IR_06`,
 * where the real service would apply or ignore the browser's value. Pure: it only reads.
 */
import { isClientConfirmMember, type PaymentConfirmRequest } from '../../../src/api/requests.js';
import { apiError } from '../errors.js';
import type { Customer, Json, Payment } from '../types.js';

type Member = keyof PaymentConfirmRequest;

/**
 * The payment's own value of each merchant-set member a confirm request can carry, in the request's
 * shape. A member not listed here is not kept on the payment: the browser may send it only as `null`.
 */
const PAYMENT_VALUES: Partial<Record<Member, (payment: Payment, customer: Customer | null) => unknown>> = {
  amount: (p) => p.amount,
  currency: (p) => p.currency,
  payment_id: (p) => p.payment_id,
  profile_id: (p) => p.profile_id,
  customer_id: (p) => p.customer_id,
  capture_method: (p) => p.capture_method,
  authentication_type: (p) => p.authentication_type,
  amount_to_capture: (p) => p.amount_to_capture,
  shipping_cost: (p) => p.shipping_cost,
  order_tax_amount: (p) => p.order_tax_amount,
  surcharge_details: (p) => p.surcharge_details,
  description: (p) => p.description,
  metadata: (p) => p.metadata,
  connector_metadata: (p) => p.connector_metadata,
  frm_metadata: (p) => p.frm_metadata,
  split_payments: (p) => p.split_payments,
  shipping: (p) => p.shipping,
  order_details: (p) => p.order_details,
  statement_descriptor_name: (p) => p.statement_descriptor_name,
  statement_descriptor_suffix: (p) => p.statement_descriptor_suffix,
  billing_descriptor: (p) => p.billing_descriptor ?? null,
  setup_future_usage: (p) => p.setup_future_usage,
  off_session: (p) => p.off_session,
  mandate_id: (p) => p.mandate_id,
  payment_type: (p) => p.payment_type ?? 'normal',
  connector: (p) => p.connector_requested,
  business_country: (p) => p.business_country,
  business_label: (p) => p.business_label,
  allowed_payment_method_types: (p) => p.allowed_payment_method_types,
  merchant_order_reference_id: (p) => p.merchant_order_reference_id,
  session_expiry: (p) => p.session_expiry,
  request_incremental_authorization: (p) => p.request_incremental_authorization,
  request_external_three_ds_authentication: (p) => p.request_external_three_ds_authentication,
  psd2_sca_exemption_type: (p) => p.psd2_sca_exemption_type,
  // the deprecated customer members describe the payment's customer
  name: (_, c) => c?.name ?? null,
  phone: (_, c) => c?.phone ?? null,
  phone_country_code: (_, c) => c?.phone_country_code ?? null,
};

/** JSON equality: `null` and absent are the same, object members in any order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === undefined || a === null) return b === undefined || b === null;
  if (b === undefined || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (typeof a === 'object') {
    if (typeof b !== 'object' || Array.isArray(b)) return false;
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    return [...keys].every((key) => sameJson(left[key], right[key]));
  }
  return a === b;
}

const changed = (member: string) => apiError('clientConfirmMemberChanged', { member });

/** The `customer` object of a client confirm: the payment's customer (upstream's check), with its own details. */
function checkCustomer(sent: NonNullable<PaymentConfirmRequest['customer']>, payment: Payment, customer: Customer | null): void {
  if (sent.id !== payment.customer_id) throw apiError('customerAccessDenied');
  for (const field of ['name', 'email', 'phone', 'phone_country_code'] as const) {
    if (sent[field] != null && sent[field] !== customer?.[field]) throw changed(`customer.${field}`);
  }
  if (sent.tax_registration_id != null || sent.document_details != null) throw changed('customer');
}

/**
 * `mandate_data` from the browser: the web SDK sends `{customer_acceptance}` when the payment sets
 * up a mandate (its `mandateBody`), the customer's consent to the merchant's mandate. The browser
 * may add that consent to the payment's own mandate, not bring a mandate or change its terms.
 */
function checkMandateData(sent: NonNullable<PaymentConfirmRequest['mandate_data']>, payment: Payment): void {
  const own = payment.mandate_data as { mandate_type?: Json; update_mandate_id?: Json } | null;
  if (!own) throw changed('mandate_data');
  if (sent.mandate_type != null && !sameJson(sent.mandate_type, own.mandate_type)) throw changed('mandate_data');
  if (sent.update_mandate_id != null && sent.update_mandate_id !== own.update_mandate_id) throw changed('mandate_data');
}

/**
 * Refuses a client-side confirm that changes what the merchant decided; `customer` is the payment's
 * customer record (null when it has none). Members are checked in the order the request sends them.
 */
export function checkClientConfirm(request: PaymentConfirmRequest, payment: Payment, customer: Customer | null): void {
  for (const [member, value] of Object.entries(request) as [Member, unknown][]) {
    if (value === undefined) continue;
    if (member === 'setup_future_usage') {
      // the customer may keep their card for their next visit; anything else is the merchant's to set
      if (value === 'on_session' && payment.setup_future_usage == null) continue;
      if (value !== null && value !== payment.setup_future_usage) throw changed(member);
      continue;
    }
    // where the goods go is the customer's to give on a payment without it; once the merchant set it, it is the merchant's
    if (member === 'shipping' && payment.shipping == null) continue;
    if ((isClientConfirmMember(member) && member !== 'shipping') || value === null) continue;
    if (member === 'customer_id') {
      if (value !== payment.customer_id) throw apiError('customerAccessDenied');
      continue;
    }
    if (member === 'customer') {
      checkCustomer(value as NonNullable<PaymentConfirmRequest['customer']>, payment, customer);
      continue;
    }
    if (member === 'mandate_data') {
      checkMandateData(value as NonNullable<PaymentConfirmRequest['mandate_data']>, payment);
      continue;
    }
    const own = PAYMENT_VALUES[member];
    if (!own || !sameJson(value, own(payment, customer))) throw changed(member);
  }
}
