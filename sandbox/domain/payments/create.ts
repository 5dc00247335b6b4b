/**
 * POST /payments: the checks the schema cannot express, the new payment record (with the customer
 * it names, created when it does not exist yet) and, with `confirm: true`, its confirm in the same
 * transaction.
 */
import type { PaymentCreateRequest } from '../../../src/api/requests.js';
import { apiError, errors } from '../errors.js';
import { checkFeeBasis } from '../fees.js';
import { newClientSecret, newPaymentId } from '../ids.js';
import { CONNECTORS } from '../processor.js';
import { recurringOf } from '../saved-methods.js';
import type { Customer, MerchantAccount, Payment } from '../types.js';
import { asJson, checkMetadata, checkStatementDescriptors } from '../validation.js';
import { runConfirm } from './confirm.js';
import type { PaymentEngine } from './engine.js';
import { startMobileMoney } from './redirects.js';

/** How long a client secret is good for when the create request does not say (seconds). */
const DEFAULT_SESSION_EXPIRY_S = 900;

export function createPayment(engine: PaymentEngine, merchant: MerchantAccount, request: PaymentCreateRequest): Payment {
  if (request.client_secret != null) throw apiError('clientSecretNotAllowed');
  checkCreateRules(request, merchant);
  return engine.store.transaction(() => {
    const paymentId = request.payment_id ?? newPaymentId();
    // Ids are unique across merchants, not only within one: the customer-facing simulator pages
    // (/sandbox/mobile_money/{payment_id}) name a payment by its id alone.
    const taken = request.payment_id != null ? engine.store.paymentIdInUse(paymentId) : engine.store.payment(merchant.merchant_id, paymentId);
    if (taken) {
      throw apiError('duplicatePayment', {}, `${paymentId} already exists`);
    }
    const customerId = attachCustomer(engine, merchant, request);
    if (request.mandate_data && !customerId) throw apiError('mandateNeedsCustomer');
    const nowIso = engine.nowIso();
    const payment: Payment = {
      payment_id: paymentId,
      merchant_id: merchant.merchant_id,
      status: 'requires_confirmation',
      amount: request.amount,
      currency: request.currency,
      amount_to_capture: request.amount_to_capture ?? null,
      amount_received: 0,
      shipping_cost: request.shipping_cost ?? null,
      order_tax_amount: request.order_tax_amount ?? null,
      surcharge_details: asJson(request.surcharge_details),
      capture_method: request.capture_method ?? 'automatic',
      authentication_type: request.authentication_type ?? 'three_ds',
      client_secret: newClientSecret(paymentId),
      created: nowIso,
      updated: nowIso,
      session_expiry: request.session_expiry ?? DEFAULT_SESSION_EXPIRY_S,
      customer_id: customerId,
      description: request.description ?? null,
      return_url: request.return_url ?? null,
      setup_future_usage: request.setup_future_usage ?? null,
      off_session: request.off_session ?? null,
      metadata: asJson(request.metadata),
      connector_metadata: asJson(request.connector_metadata),
      feature_metadata: null,
      frm_metadata: asJson(request.frm_metadata),
      billing: asJson(request.billing),
      shipping: asJson(request.shipping),
      order_details: request.order_details ? (asJson({ items: request.order_details })?.items as Payment['order_details']) : null,
      statement_descriptor_name: request.statement_descriptor_name ?? null,
      statement_descriptor_suffix: request.statement_descriptor_suffix ?? null,
      mandate_data: asJson(request.mandate_data),
      mandate_id: null,
      customer_acceptance: asJson(request.customer_acceptance ?? request.mandate_data?.customer_acceptance),
      payment_method: request.payment_method ?? null,
      payment_method_type: request.payment_method_type ?? null,
      payment_experience: request.payment_experience ?? null,
      payment_token: request.payment_token ?? null,
      card: null,
      billing_of_method: asJson(request.payment_method_data?.billing),
      next_action: null,
      error_code: null,
      error_message: null,
      unified_code: null,
      unified_message: null,
      manual_retry_allowed: null,
      cancellation_reason: null,
      connector: null,
      connector_requested: request.connector ?? null,
      connector_transaction_id: null,
      attempt_count: 0,
      active_attempt_id: null,
      captures: [],
      settlement: null,
      business_country: request.business_country ?? null,
      business_label: request.business_label ?? null,
      allowed_payment_method_types: request.allowed_payment_method_types ?? null,
      merchant_order_reference_id: request.merchant_order_reference_id ?? null,
      profile_id: merchant.default_profile,
      payment_type: request.payment_type ?? (request.mandate_data ? 'new_mandate' : request.mandate_id || request.recurring_details ? 'recurring_mandate' : 'normal'),
      request_incremental_authorization: request.request_incremental_authorization ?? null,
      split_payments: asJson(request.split_payments),
      request_external_three_ds_authentication: request.request_external_three_ds_authentication ?? null,
      psd2_sca_exemption_type: request.psd2_sca_exemption_type ?? null,
      browser_info_received: request.browser_info != null,
      is_iframe_redirection_enabled: request.is_iframe_redirection_enabled ?? null,
    };
    engine.store.insertPayment(payment);
    engine.track(payment);
    engine.emit(merchant, payment, 'payment_created');
    if (!request.confirm) return payment;
    if (request.payment_method === 'wallet') return startMobileMoney(engine, payment, request);
    return runConfirm(engine, payment, request);
  });
}

/**
 * The customer the request names: an existing one, or one made from the request's customer details.
 * An existing customer takes the name, email and phone the request sends, as upstream's
 * `create_customer_if_not_exist` (crates/router/src/core/payments/helpers.rs) updates it.
 */
function attachCustomer(engine: PaymentEngine, merchant: MerchantAccount, request: PaymentCreateRequest): string | null {
  const details = request.customer;
  const customerId = details?.id ?? request.customer_id ?? null;
  if (!customerId) return null;
  const existing = engine.store.customer(merchant.merchant_id, customerId);
  if (existing) {
    const sent = {
      name: details?.name ?? request.name,
      email: details?.email ?? request.email,
      phone: details?.phone ?? request.phone,
      phone_country_code: details?.phone_country_code ?? request.phone_country_code,
    };
    const changes = Object.fromEntries(Object.entries(sent).filter(([, value]) => value != null));
    if (Object.keys(changes).length > 0) engine.store.putCustomer({ ...existing, ...changes });
    return customerId;
  }
  // the deprecated top-level members describe the customer when no `customer` object does, as upstream
  const customer: Customer = {
    customer_id: customerId,
    merchant_id: merchant.merchant_id,
    name: details?.name ?? request.name ?? null,
    email: details?.email ?? request.email ?? null,
    phone: details?.phone ?? request.phone ?? null,
    phone_country_code: details?.phone_country_code ?? request.phone_country_code ?? null,
    description: null,
    address: null,
    metadata: null,
    default_payment_method_id: null,
    created_at: engine.nowIso(),
  };
  engine.store.putCustomer(customer);
  return customerId;
}

/** Cross-member rules of the create request that the schema cannot express. */
function checkCreateRules(request: PaymentCreateRequest, merchant: MerchantAccount): void {
  if (request.amount_to_capture != null && request.amount_to_capture > request.amount) {
    throw apiError('amountToCaptureAboveAmount');
  }
  const netAmount =
    request.amount +
    (request.shipping_cost ?? 0) +
    (request.order_tax_amount ?? 0) +
    (request.surcharge_details?.surcharge_amount ?? 0) +
    (request.surcharge_details?.tax_amount ?? 0);
  if (!Number.isSafeInteger(netAmount)) {
    // every amount the API shows (net_amount, amount_capturable…) must stay an exact JSON integer
    throw apiError('netAmountTooLarge', { max: Number.MAX_SAFE_INTEGER });
  }
  checkFeeBasis('amount', request.amount);
  checkMetadata('metadata', request.metadata);
  checkStatementDescriptors(request.statement_descriptor_name, request.statement_descriptor_suffix);
  if (request.off_session && request.confirm !== true) throw apiError('offSessionNeedsConfirm');
  const recurring = recurringOf(request);
  if (recurring && request.off_session !== true) throw apiError('offSessionNeedsMandate');
  if (recurring && request.payment_method_data?.card) throw apiError('mandateAndCard');
  if (request.customer && request.customer_id && request.customer.id !== request.customer_id) {
    throw apiError('customerIdMismatch');
  }
  if (request.mandate_data) {
    const acceptance = request.mandate_data.customer_acceptance ?? request.customer_acceptance;
    if (!acceptance) throw errors.missingParam('mandate_data.customer_acceptance');
    if (!request.mandate_data.mandate_type) throw errors.missingParam('mandate_data.mandate_type');
    const limits = 'single_use' in request.mandate_data.mandate_type ? request.mandate_data.mandate_type.single_use : request.mandate_data.mandate_type.multi_use;
    if (limits && limits.currency !== request.currency) throw apiError('mandateDataCurrency');
    if (limits && request.amount > limits.amount) throw apiError('mandateDataAmount');
  }
  if (request.capture_method === 'scheduled') {
    throw apiError('notImplemented', { feature: 'capture_method scheduled' });
  }
  if (request.payment_link) throw apiError('notImplemented', { feature: 'payment_link' });
  if (request.profile_id != null && request.profile_id !== merchant.default_profile) throw apiError('businessProfileNotFound', { id: request.profile_id });
  for (const name of request.connector ?? []) {
    if (!(CONNECTORS as readonly string[]).includes(name)) {
      throw apiError('connectorNotEnabled', { connector: name, connectors: CONNECTORS.join(', ') });
    }
  }
  if (request.order_details) {
    const total = request.order_details.reduce((sum, item) => sum + item.amount * item.quantity, 0);
    if (total !== request.amount) {
      throw apiError('orderDetailsTotal', { total, amount: request.amount });
    }
  }
  // card data with confirm needs its payment_method (Cypress Commons.js:1253)
  if (request.confirm && request.payment_method_data?.card && request.payment_method == null) throw errors.missingParam('payment_method');
  if (request.payment_method === 'wallet') {
    if (request.confirm !== true) throw apiError('mobileMoneyNeedsConfirm');
    if (request.payment_method_type !== 'pay_bill' && request.payment_method_type !== 'pay_till') {
      throw apiError('mobileMoneyType');
    }
  } else if (request.confirm && !request.payment_method_data?.card && request.mandate_id == null && request.recurring_details == null) {
    throw apiError('paymentMethodDataRequired');
  }
}
