/**
 * The members of a payment request that describe the payment — amounts, customer, addresses,
 * order, mandate, descriptors, metadata… — and the rules between them. Create, update
 * (`POST /payments/{id}`) and confirm share them: the rules are checked on the payment as the request
 * would leave it (the request's members over the stored ones), and update and confirm apply the
 * members they are sent. A member sent as `null` leaves the stored value as it is (upstream's
 * `request.x.or(payment_intent.x)`).
 */
import type { CardData, PaymentConfirmRequest } from '../../../src/api/requests.js';
import { checkCard } from '../card-check.js';
import { apiError, errors } from '../errors.js';
import { checkFeeBasis } from '../fees.js';
import { methodOfData, typeBelongsTo } from '../payment-method-types.js';
import { decideCard } from '../processor.js';
import { customerOfPayment } from '../customers.js';
import type { JsonObject, MerchantAccount, Payment } from '../types.js';
import { asJson, checkMetadata, checkStatementDescriptors } from '../validation.js';
import type { PaymentEngine } from './engine.js';

/** Create, update and confirm bodies (create's `amount` and `currency` are required; the others' are not). */
export type PaymentMembers = PaymentConfirmRequest;

type Surcharge = { surcharge_amount?: number; tax_amount?: number | null } | null | undefined;
type MandateLimits = { amount?: number; currency?: string } | null | undefined;

/** A mandate's limits (`single_use` or `multi_use`), from the request's or the stored `mandate_data`. */
function mandateLimits(mandateData: PaymentMembers['mandate_data'] | JsonObject | null | undefined): MandateLimits {
  const type = (mandateData as { mandate_type?: Record<string, MandateLimits> } | null | undefined)?.mandate_type;
  if (!type) return null;
  return 'single_use' in type ? type.single_use : type.multi_use;
}

/** Whether stored `mandate_data` has its terms (`mandate_type`). */
const mandateLimitsSet = (mandateData: JsonObject | null | undefined): boolean =>
  mandateData != null && (mandateData as { mandate_type?: unknown }).mandate_type != null;

/**
 * The rules between members, on the payment the request would leave (`current` is the stored
 * payment, null on create). Throws the table's error for the first one broken; changes nothing.
 */
export function checkPaymentRules(request: PaymentMembers, current: Payment | null, connectors: () => readonly string[]): void {
  const amount = request.amount ?? current?.amount ?? 0;
  const currency = request.currency ?? current?.currency;
  const amountToCapture = request.amount_to_capture ?? current?.amount_to_capture ?? null;
  if (amountToCapture != null && amountToCapture > amount) throw apiError('amountToCaptureAboveAmount');
  const surcharge = (request.surcharge_details ?? current?.surcharge_details) as Surcharge;
  const netAmount =
    amount +
    (request.shipping_cost ?? current?.shipping_cost ?? 0) +
    (request.order_tax_amount ?? current?.order_tax_amount ?? 0) +
    (surcharge?.surcharge_amount ?? 0) +
    (surcharge?.tax_amount ?? 0);
  if (!Number.isSafeInteger(netAmount)) {
    // every amount the API shows (net_amount, amount_capturable…) must stay an exact JSON integer
    throw apiError('netAmountTooLarge', { max: Number.MAX_SAFE_INTEGER });
  }
  checkFeeBasis('amount', request.amount);
  // the processor's fee is taken on what it captures, which is net_amount
  checkFeeBasis('net_amount', netAmount);
  checkMetadata('metadata', request.metadata);
  checkStatementDescriptors(
    request.statement_descriptor_name ?? current?.statement_descriptor_name,
    request.statement_descriptor_suffix ?? current?.statement_descriptor_suffix,
  );
  if (request.customer && request.customer_id && request.customer.id !== request.customer_id) {
    throw apiError('customerIdMismatch');
  }
  if (request.mandate_data) {
    const acceptance = request.mandate_data.customer_acceptance ?? request.customer_acceptance ?? current?.customer_acceptance;
    if (!acceptance) throw errors.missingParam('mandate_data.customer_acceptance');
    // a confirm or update may bring the customer's consent to the payment's own mandate without repeating its terms
    if (!request.mandate_data.mandate_type && !mandateLimitsSet(current?.mandate_data)) throw errors.missingParam('mandate_data.mandate_type');
  }
  if (request.mandate_data && !(request.customer?.id ?? request.customer_id ?? current?.customer_id)) throw apiError('mandateNeedsCustomer');
  const limits = mandateLimits(request.mandate_data ?? current?.mandate_data);
  if (limits?.currency != null && limits.currency !== currency) throw apiError('mandateDataCurrency');
  if (limits?.amount != null && amount > limits.amount) throw apiError('mandateDataAmount');
  // the connectors the sandbox simulates and those of the merchant's connector accounts (connector-accounts.ts)
  const known = request.connector?.length ? connectors() : [];
  for (const name of request.connector ?? []) {
    if (!known.includes(name)) throw apiError('connectorNotEnabled', { connector: name, connectors: known.join(', ') });
  }
  const items = (request.order_details ?? current?.order_details) as { amount: number; quantity: number }[] | null | undefined;
  if (items && (request.order_details != null || request.amount != null)) {
    const total = items.reduce((sum, item) => sum + item.amount * item.quantity, 0);
    if (total !== amount) throw apiError('orderDetailsTotal', { total, amount });
  }
  checkPaymentMethodFields(request);
}

/**
 * A payment method's data and type go with it, on the request alone (upstream's
 * validate_payment_method_fields_present; Cypress Commons.js:1253): data needs its `payment_method`,
 * a method other than a card needs its type, and both must be that method's.
 */
function checkPaymentMethodFields(request: PaymentMembers): void {
  const { payment_method: method, payment_method_type: type } = request;
  const ofData = methodOfData(request.payment_method_data);
  if (ofData && method == null) throw errors.missingParam('payment_method');
  if (method == null) return;
  if (method !== 'card' && type == null) throw errors.missingParam('payment_method_type');
  if (type != null && !typeBelongsTo(method, type)) throw apiError('paymentMethodTypeMismatch');
  if (ofData && ofData !== method) throw apiError('paymentMethodDataMismatch');
}

/** Rules of a request that is not confirmed in the same call (create or update without `confirm: true`). */
export function checkUnconfirmedRules(request: PaymentMembers): void {
  if (request.confirm === true) return;
  if (request.off_session) throw apiError('offSessionNeedsConfirm');
  if (request.mandate_id != null || request.recurring_details != null) throw apiError('offSessionNeedsMandate');
}

/**
 * The customer the request names (customers.ts customerOfPayment: made when it does not exist yet,
 * its contact details updated when it does, refused when deleted); null when it names none. The
 * deprecated top-level members describe the customer when no `customer` object does, as upstream.
 */
export function attachCustomer(engine: PaymentEngine, merchant: MerchantAccount, request: PaymentMembers): string | null {
  const details = request.customer;
  const customerId = details?.id ?? request.customer_id ?? null;
  if (!customerId) return null;
  customerOfPayment(engine.store, merchant.merchant_id, customerId, {
    name: details?.name ?? request.name,
    email: details?.email ?? request.email,
    phone: details?.phone ?? request.phone,
    phone_country_code: details?.phone_country_code ?? request.phone_country_code,
  }, engine.nowIso());
  return customerId;
}

/** Sets what a member sent (not absent, not `null`) says. */
function set<K extends keyof Payment>(payment: Payment, key: K, value: Payment[K] | null | undefined): void {
  if (value != null) payment[key] = value;
}

/**
 * Applies the members of an update or a confirm to a payment not yet processed (after
 * checkPaymentRules). The caller writes the payment. What a browser may send on confirm is narrowed
 * by the route before this (CLIENT_CONFIRM_MEMBERS), so only the merchant's server reaches the rest.
 */
export function applyPaymentMembers(engine: PaymentEngine, merchant: MerchantAccount, payment: Payment, request: PaymentMembers): void {
  set(payment, 'amount', request.amount);
  set(payment, 'currency', request.currency);
  set(payment, 'customer_id', attachCustomer(engine, merchant, request));
  set(payment, 'amount_to_capture', request.amount_to_capture);
  set(payment, 'shipping_cost', request.shipping_cost);
  set(payment, 'order_tax_amount', request.order_tax_amount);
  set(payment, 'surcharge_details', asJson(request.surcharge_details));
  set(payment, 'capture_method', request.capture_method);
  set(payment, 'authentication_type', request.authentication_type);
  set(payment, 'description', request.description);
  set(payment, 'return_url', request.return_url);
  set(payment, 'setup_future_usage', request.setup_future_usage);
  set(payment, 'off_session', request.off_session);
  set(payment, 'metadata', asJson(request.metadata));
  set(payment, 'connector_metadata', asJson(request.connector_metadata));
  set(payment, 'frm_metadata', asJson(request.frm_metadata));
  set(payment, 'billing', asJson(request.billing));
  set(payment, 'shipping', asJson(request.shipping));
  set(payment, 'billing_of_method', asJson(request.payment_method_data?.billing));
  if (request.order_details != null) payment.order_details = asJson({ items: request.order_details })?.items as Payment['order_details'];
  set(payment, 'statement_descriptor_name', request.statement_descriptor_name);
  set(payment, 'statement_descriptor_suffix', request.statement_descriptor_suffix);
  set(payment, 'billing_descriptor', asJson(request.billing_descriptor));
  // a consent alone (the web SDK's mandate body: no terms) is the customer's acceptance of the stored mandate, which stays
  if (request.mandate_data != null && (request.mandate_data.mandate_type != null || !mandateLimitsSet(payment.mandate_data))) {
    payment.mandate_data = asJson(request.mandate_data);
    // a payment that sets up a mandate is a new mandate unless the request says otherwise
    if (request.payment_type == null && (payment.payment_type ?? 'normal') === 'normal') payment.payment_type = 'new_mandate';
  }
  set(payment, 'customer_acceptance', asJson(request.customer_acceptance ?? request.mandate_data?.customer_acceptance));
  set(payment, 'payment_type', request.payment_type);
  set(payment, 'payment_method', request.payment_method);
  set(payment, 'payment_method_type', request.payment_method_type);
  set(payment, 'payment_experience', request.payment_experience);
  set(payment, 'payment_token', request.payment_token);
  set(payment, 'business_country', request.business_country);
  set(payment, 'business_label', request.business_label);
  set(payment, 'allowed_payment_method_types', request.allowed_payment_method_types);
  set(payment, 'merchant_order_reference_id', request.merchant_order_reference_id);
  set(payment, 'connector_requested', request.connector);
  set(payment, 'request_incremental_authorization', request.request_incremental_authorization);
  set(payment, 'split_payments', asJson(request.split_payments));
  set(payment, 'request_external_three_ds_authentication', request.request_external_three_ds_authentication);
  set(payment, 'psd2_sca_exemption_type', request.psd2_sca_exemption_type);
  set(payment, 'is_iframe_redirection_enabled', request.is_iframe_redirection_enabled);
  if (request.browser_info != null) payment.browser_info_received = true;
}

/**
 * Attaches a card sent without `confirm` (create or update): it is checked now, as upstream checks
 * card data on create and update, and the payment keeps it masked, with the simulated processor's
 * decision, so that a later confirm without card data pays with it (upstream keeps it in its
 * temporary locker behind a token). The number leaves memory with this call.
 */
export function attachCard(engine: PaymentEngine, payment: Payment, card: CardData): void {
  const masked = checkCard(card, engine.now());
  payment.card = masked;
  payment.attached_card = { card: masked, decision: decideCard(card.card_number) };
  payment.payment_method = 'card';
  payment.payment_method_type ??= 'credit';
}
