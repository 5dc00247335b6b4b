/**
 * Pure helpers of the payment flow: how a client error, a decline and a payment are told to the host
 * page, and which URLs the element may navigate to.
 */
import type { ClientError } from '../api/errors.js';
import type { PaymentResponse } from '../api/schemas.js';
import type { TenderErrorDetail } from '../elements/tender-checkout/events.js';
import { en, type MessageKey } from '../i18n/en.js';

/** What the status area says: a catalogue message (re-rendered when the locale changes) or the API's own text. */
export interface FlowStatus {
  key: MessageKey | null;
  text?: string;
  tone: 'info' | 'success' | 'danger';
}

/**
 * Only `http:` and `https:` URLs are navigated to or framed: a `javascript:` or `data:` URL from the
 * API (or anything that is not a URL) would run script in the merchant's page.
 */
export function isNavigableUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** A client error as the host page hears it: a stable code, a message, whether trying again may help. */
export function describeClientError(error: ClientError | null): TenderErrorDetail {
  if (!error) return { code: 'configuration', message: 'The return URL does not carry this payment', recoverable: false };
  switch (error.type) {
    case 'network':
    case 'timeout':
      return { code: 'network', message: error.message, recoverable: true };
    case 'server':
    case 'invalid_response':
      return { code: 'server', message: error.message, recoverable: true };
    case 'configuration':
      return { code: 'configuration', message: error.message, recoverable: false };
    case 'api':
      if (error.code === 'IR_08') return { code: 'client_secret_expired', message: error.message, recoverable: false };
      if (error.code === 'IR_09') return { code: 'client_secret_mismatch', message: error.message, recoverable: false };
      if (error.code === 'IR_01') return { code: 'invalid_publishable_key', message: error.message, recoverable: false };
      if (error.code === 'HE_02') return { code: 'payment_not_found', message: error.message, recoverable: false };
      if ((error.status ?? 0) >= 500) return { code: 'server', message: error.message, recoverable: true };
      return { code: 'request_refused', message: error.message, recoverable: true };
  }
}

/** The status-area message of a `tender-error` code. */
export function errorMessageKey(code: string): MessageKey {
  switch (code) {
    case 'network':
      return 'error.network';
    case 'server':
      return 'error.server';
    case 'client_secret_expired':
      return 'error.expired';
    case 'outcome_unknown':
      return 'error.outcomeUnknown';
    case 'unsupported_action':
    case 'unsafe_redirect':
    case 'request_refused':
      return 'error.unavailable';
    default:
      return 'error.configuration';
  }
}

/** The decline message by `error_code` from the catalogue; else the API's `unified_message`; else a generic one. */
export function declineStatus(payment: PaymentResponse): Pick<FlowStatus, 'key' | 'text'> {
  const key = `decline.${payment.error_code ?? ''}`;
  if (key in en) return { key: key as MessageKey };
  return payment.unified_message ? { key: null, text: payment.unified_message } : { key: 'decline.generic' };
}

/** The payment as the host page hears it: the API response without the card's expiry (events carry no card data). */
export function withoutCardData(payment: PaymentResponse): PaymentResponse {
  const card = payment.payment_method_data?.card;
  if (!card) return payment;
  const { card_exp_month: _month, card_exp_year: _year, ...masked } = card;
  return { ...payment, payment_method_data: { ...payment.payment_method_data, card: masked } };
}
