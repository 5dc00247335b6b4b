/**
 * POST /payments: the checks the schema cannot express, the new payment record (with the customer
 * it names, created when it does not exist yet, and a card sent without `confirm` attached) and,
 * with `confirm: true`, its confirm in the same transaction.
 */
import type { PaymentCreateRequest } from '../../../src/api/requests.js';
import { knownConnectors } from '../connector-accounts.js';
import { apiError, errors } from '../errors.js';
import { isMobileMoney } from '../payment-method-types.js';
import { newClientSecret, newPaymentId, newPaymentLinkId } from '../ids.js';
import { DEFAULT_SESSION_EXPIRY_S } from '../profiles.js';
import { recurringOf } from '../saved-methods.js';
import { newClientSessionId } from '../sdk-auth.js';
import type { MerchantAccount, Payment } from '../types.js';
import { asJson } from '../validation.js';
import { runConfirm } from './confirm.js';
import type { PaymentEngine } from './engine.js';
import { attachCard, attachCustomer, checkPaymentRules, checkUnconfirmedRules } from './members.js';
import { startMobileMoney } from './redirects.js';

export function createPayment(engine: PaymentEngine, merchant: MerchantAccount, request: PaymentCreateRequest): Payment {
  if (request.client_secret != null) throw apiError('clientSecretNotAllowed');
  checkCreateRules(request, () => knownConnectors(engine.store, merchant.merchant_id));
  return engine.store.transaction(() => {
    const paymentId = request.payment_id ?? newPaymentId();
    // unique per merchant, as upstream (another merchant may use the same id, and is not told of it)
    if (engine.store.payment(merchant.merchant_id, paymentId)) {
      throw apiError('duplicatePayment', {}, `${paymentId} already exists`);
    }
    // the profile it is made on (payment_create.rs): its session_expiry is the payment's unless the request names one
    const profile = engine.profiles.forNewPayment(merchant, request);
    const customerId = attachCustomer(engine, merchant, request);
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
      client_session_id: newClientSessionId(),
      created: nowIso,
      updated: nowIso,
      session_expiry: request.session_expiry ?? profile.session_expiry ?? DEFAULT_SESSION_EXPIRY_S,
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
      email: request.customer?.email ?? request.email ?? null,
      shipping: asJson(request.shipping),
      order_details: request.order_details ? (asJson({ items: request.order_details })?.items as Payment['order_details']) : null,
      statement_descriptor_name: request.statement_descriptor_name ?? null,
      statement_descriptor_suffix: request.statement_descriptor_suffix ?? null,
      billing_descriptor: asJson(request.billing_descriptor),
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
      profile_id: profile.profile_id,
      payment_type: request.payment_type ?? (request.mandate_data ? 'new_mandate' : request.mandate_id || request.recurring_details ? 'recurring_mandate' : 'normal'),
      request_incremental_authorization: request.request_incremental_authorization ?? null,
      split_payments: asJson(request.split_payments),
      request_external_three_ds_authentication: request.request_external_three_ds_authentication ?? null,
      psd2_sca_exemption_type: request.psd2_sca_exemption_type ?? null,
      browser_info_received: request.browser_info != null,
      is_iframe_redirection_enabled: request.is_iframe_redirection_enabled ?? null,
      payment_link: request.payment_link ? paymentLink(engine, merchant, paymentId) : null,
    };
    const card = request.payment_method_data?.card;
    if (!request.confirm && card) attachCard(engine, payment, card);
    engine.store.insertPayment(payment);
    engine.track(payment);
    engine.emit(merchant, payment, 'payment_created');
    if (!request.confirm) return payment;
    if (request.payment_method === 'wallet') return startMobileMoney(engine, payment, request);
    return runConfirm(engine, merchant, payment, request);
  });
}

/**
 * The payment link of a payment created with `payment_link: true`, as upstream's create_payment_link
 * (payment_create.rs): the open link `{base}/payment_link/{merchant_id}/{payment_id}?locale=en` and a
 * `plink_` id; no secure link (upstream makes one only for a profile that lists allowed domains).
 */
function paymentLink(engine: PaymentEngine, merchant: MerchantAccount, paymentId: string): NonNullable<Payment['payment_link']> {
  const path = `/payment_link/${encodeURIComponent(merchant.merchant_id)}/${encodeURIComponent(paymentId)}`;
  return { link: `${engine.options.publicUrl}${path}?locale=en`, secure_link: null, payment_link_id: newPaymentLinkId() };
}

/** Rules of the create request that the schema cannot express (those shared with update and confirm are in members.ts). */
function checkCreateRules(request: PaymentCreateRequest, connectors: () => readonly string[]): void {
  checkUnconfirmedRules(request);
  const recurring = recurringOf(request);
  if (recurring && request.off_session !== true) throw apiError('offSessionNeedsMandate');
  if (recurring && request.payment_method_data?.card) throw apiError('mandateAndCard');
  checkPaymentRules(request, null, connectors);
  if (request.payment_link && request.confirm) throw apiError('paymentLinkWithConfirm');
  if (request.payment_method === 'wallet') {
    if (request.confirm !== true) throw apiError('mobileMoneyNeedsConfirm');
    if (!isMobileMoney(request.payment_method_type)) {
      throw apiError('mobileMoneyType');
    }
  } else if (request.confirm && request.payment_method != null && request.payment_method !== 'card') {
    // as a confirm answers it (confirm.ts): the simulated connector pays cards and mobile money only
    throw errors.methodNotPaid(request.payment_method);
  } else if (request.confirm && !request.payment_method_data?.card && request.mandate_id == null && request.recurring_details == null && request.payment_token == null) {
    throw apiError('paymentMethodDataRequired');
  }
}
