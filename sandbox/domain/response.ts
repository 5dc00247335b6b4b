/** The wire shape of a payment: every member of the spec's response list, `null` when unset. */
import { amountCapturable, netAmount } from './amounts.js';
import { totalFee } from './fees.js';
import { connectorAccountId } from './processor.js';
import { sessionEnd } from './sdk-auth.js';
import { apiCardNetwork } from './card-networks.js';
import type { PaymentResponse } from '../../src/api/schemas.js';
import type { Attempt, Customer, Payment, Refund } from './types.js';
import { addressWire, billingDescriptorWire, orderDetailsWire, surchargeWire } from './wire.js';

export interface ResponseOptions {
  customer: Customer | null;
  /** Attempts, when the caller asked for them (`expand_attempts=true`). */
  attempts?: Attempt[] | null;
  refunds?: Refund[];
  /** The payment's `sdk_authorization` (domain/sdk-auth.ts); absent: null. */
  sdkAuthorization?: string | null;
}

/**
 * The payment as the API answers it. Typed against the client's `PaymentResponse` schema (the one
 * the widget parses), so a member the client relies on cannot drift here without a compile error;
 * sandbox/test/helpers.ts parses every payment the tests see with that schema at run time too.
 */
export function paymentResponse(payment: Payment, { customer, attempts = null, refunds = [], sdkAuthorization = null }: ResponseOptions) {
  const expiresOn = new Date(sessionEnd(payment)).toISOString();
  const response = {
    payment_id: payment.payment_id,
    merchant_id: payment.merchant_id,
    // upstream: the connected merchant in platform set-ups, otherwise the merchant itself
    processor_merchant_id: payment.merchant_id,
    sdk_authorization: sdkAuthorization,
    status: payment.status,
    amount: payment.amount,
    net_amount: netAmount(payment),
    shipping_cost: payment.shipping_cost,
    amount_capturable: amountCapturable(payment),
    amount_received: payment.amount_received,
    connector: payment.connector,
    client_secret: payment.client_secret,
    created: payment.created,
    updated: payment.updated,
    currency: payment.currency,
    customer_id: payment.customer_id,
    customer: customer
      ? {
          id: customer.customer_id,
          name: customer.name,
          email: customer.email,
          phone: customer.phone,
          phone_country_code: customer.phone_country_code,
        }
      : null,
    description: payment.description,
    refunds: refunds.length ? refunds.map(refundResponse) : null,
    disputes: null,
    attempts: attempts
      ? attempts.map((attempt) => ({
          attempt_id: attempt.attempt_id,
          status: attempt.status,
          amount: payment.amount,
          currency: payment.currency,
          connector: attempt.connector,
          authentication_type: attempt.authentication_type ?? null,
          error_message: attempt.error_message,
          error_code: attempt.error_code,
          unified_code: attempt.unified_code,
          unified_message: attempt.unified_message,
          payment_method: attempt.payment_method,
          payment_method_type: attempt.payment_method_type,
          connector_transaction_id: attempt.connector_transaction_id,
          created_at: attempt.created_at,
          modified_at: attempt.modified_at,
        }))
      : null,
    captures: payment.captures.length
      ? payment.captures.map((capture, index) => ({
          ...capture,
          connector: payment.connector ?? '',
          // capture ids are `{attempt_id}_capture_{n}`: the attempt that authorised the funds
          authorized_attempt_id: capture.capture_id.replace(/_capture_\d+$/, ''),
          capture_sequence: index + 1,
          connector_capture_id: null,
          error_message: null,
          error_code: null,
          error_reason: null,
          reference_id: null,
        }))
      : null,
    mandate_id: payment.mandate_id,
    mandate_data: payment.mandate_data,
    setup_future_usage: payment.setup_future_usage,
    off_session: payment.off_session,
    capture_on: null,
    capture_method: payment.capture_method,
    payment_method: payment.payment_method,
    payment_method_data: payment.card
      ? {
          card: {
            last4: payment.card.last4,
            card_type: payment.card.card_type,
            card_network: apiCardNetwork(payment.card.card_network),
            card_issuer: null,
            card_issuing_country: null,
            card_isin: payment.card.card_isin,
            card_extended_bin: null,
            card_exp_month: payment.card.card_exp_month,
            card_exp_year: payment.card.card_exp_year,
            card_holder_name: payment.card.card_holder_name,
            payment_checks: null,
            authentication_data: null,
          },
          billing: addressWire(payment.billing_of_method),
        }
      : payment.billing_of_method
        ? { billing: addressWire(payment.billing_of_method) }
        : null,
    payment_token: payment.payment_token,
    shipping: addressWire(payment.shipping),
    billing: addressWire(payment.billing),
    order_details: orderDetailsWire(payment.order_details),
    email: customer?.email ?? payment.email ?? null,
    name: customer?.name ?? null,
    phone: customer?.phone ?? null,
    return_url: payment.return_url,
    authentication_type: payment.authentication_type,
    statement_descriptor_name: payment.statement_descriptor_name,
    statement_descriptor_suffix: payment.statement_descriptor_suffix,
    billing_descriptor: billingDescriptorWire(payment.billing_descriptor ?? null),
    next_action: payment.next_action,
    cancellation_reason: payment.cancellation_reason,
    error_code: payment.error_code,
    error_message: payment.error_message,
    unified_code: payment.unified_code,
    unified_message: payment.unified_message,
    payment_experience: payment.payment_experience,
    payment_method_type: payment.payment_method_type,
    connector_label: null,
    business_country: payment.business_country,
    business_label: payment.business_label,
    business_sub_label: null,
    allowed_payment_method_types: payment.allowed_payment_method_types,
    ephemeral_key: null,
    manual_retry_allowed: payment.manual_retry_allowed,
    connector_transaction_id: payment.connector_transaction_id,
    network_transaction_id: payment.network_transaction_id ?? null,
    frm_message: null,
    metadata: payment.metadata,
    connector_metadata: payment.connector_metadata,
    feature_metadata: payment.feature_metadata,
    reference_id: null,
    payment_link: payment.payment_link ?? null,
    profile_id: payment.profile_id,
    surcharge_details: surchargeWire(payment.surcharge_details),
    attempt_count: payment.attempt_count,
    merchant_decision: payment.merchant_decision ?? null,
    merchant_connector_id: payment.merchant_connector_id ?? connectorAccountId(payment.merchant_id, payment.connector),
    incremental_authorization_allowed: payment.request_incremental_authorization ?? null,
    authorization_count: null,
    incremental_authorizations: null,
    external_authentication_details: null,
    external_3ds_authentication_attempted: false,
    expires_on: expiresOn,
    fingerprint: null,
    payment_method_id: payment.payment_method_id ?? null,
    payment_method_status: paymentMethodStatus(payment),
    split_payments: payment.split_payments,
    frm_metadata: payment.frm_metadata,
    merchant_order_reference_id: payment.merchant_order_reference_id,
    order_tax_amount: payment.order_tax_amount,
    connector_mandate_id: payment.connector_mandate_id ?? null,
    payment_type: payment.payment_type,
    retry_action: null,
    is_iframe_redirection_enabled: payment.is_iframe_redirection_enabled ?? null,
    processor_fee: payment.processor_fee ?? null,
    gateway_fee: payment.gateway_fee ?? null,
    total_fee: totalFee(payment.processor_fee, payment.gateway_fee),
  };
  return response satisfies PaymentResponse;
}

/** The wire shape of a refund (spec "Refund (retrieve response)"). Refunds carry no processor fee. */
/**
 * The status of the payment method the payment saved or used (`payment_method_id`), as the real
 * service's own API tests read it (cypress-tests `support/commands.js`, `retrievePaymentCallTest`):
 * the saved method's own status, as upstream answers it. A card is saved only when a payment is
 * authorised, so a saved one is `active`, whatever the payment does after or, paying with its
 * `payment_token`, while it waits for a challenge; a card the payment announced before a challenge
 * (not saved yet) is `inactive` until the payment is authorised. Null without a method.
 */
function paymentMethodStatus(payment: Payment): 'active' | 'inactive' | null {
  if (!payment.payment_method_id) return null;
  return payment.payment_method_pending ? 'inactive' : 'active';
}

export function refundResponse(refund: Refund) {
  return {
    refund_id: refund.refund_id,
    payment_id: refund.payment_id,
    amount: refund.amount,
    currency: refund.currency,
    status: refund.status,
    connector: refund.connector,
    reason: refund.reason,
    metadata: refund.metadata,
    error_message: refund.error_message,
    error_code: refund.error_code,
    unified_code: refund.unified_code,
    unified_message: refund.unified_message,
    created_at: refund.created_at,
    updated_at: refund.updated_at,
    profile_id: refund.profile_id,
    merchant_connector_id: refund.merchant_connector_id ?? connectorAccountId(refund.merchant_id, refund.connector),
    split_refunds: refund.split_refunds ?? null,
    connector_refund_id: refund.connector_refund_id,
    refund_arn: refund.refund_arn,
    refund_type: refund.refund_type,
    processor_fee: 0,
    gateway_fee: refund.gateway_fee,
    total_fee: totalFee(0, refund.gateway_fee),
  };
}

export type PaymentResponseBody = ReturnType<typeof paymentResponse>;
