/**
 * Pure helpers of the payment flow: how a client error, a decline and a payment are told to the host
 * page, and which URLs the element may navigate to.
 */
import type { ClientError } from '../api/errors.js';
import type { PaymentResponse } from '../api/schemas.js';
import type { TenderErrorCode, TenderErrorDetail } from '../events.js';
import { en, type MessageKey } from '../i18n/en.js';

/** What the status area says: a catalogue message (re-rendered when the locale changes) or the API's own text. */
export interface FlowStatus {
  key: MessageKey | null;
  text?: string;
  tone: 'info' | 'success' | 'danger';
}

/**
 * Only absolute `http:` and `https:` URLs are navigated to or framed: a `javascript:` or `data:` URL
 * from the API (or anything that is not such a URL) would run script in the merchant's page.
 */
export function isNavigableUrl(url: string): boolean {
  return /^https?:\/\/[^/]/i.test(url);
}

/** A client error as the host page hears it: a stable code, a message, whether trying again may help. */
export function describeClientError(error: ClientError | null): TenderErrorDetail {
  if (!error) return { code: 'configuration', message: 'The return URL does not carry this payment', recoverable: false };
  const { type, code, message } = error;
  const detail = (code: TenderErrorCode, recoverable: boolean): TenderErrorDetail => ({ code, message, recoverable });
  if (type === 'network' || type === 'timeout') return detail('network', true);
  if (type === 'server' || type === 'invalid_response') return detail('server', true);
  if (type === 'configuration') return detail('configuration', false);
  if (Object.hasOwn(API_CODES, code)) return detail(API_CODES[code] as TenderErrorCode, false);
  return (error.status ?? 0) >= 500 ? detail('server', true) : detail('request_refused', true);
}

/** API error codes the customer cannot get past by trying again. */
const API_CODES: Record<string, TenderErrorCode> = {
  IR_08: 'client_secret_expired',
  IR_09: 'client_secret_mismatch',
  IR_01: 'invalid_publishable_key',
  HE_02: 'payment_not_found',
};

/** The status-area message of a `tender-error` code. */
export function errorMessageKey(code: string): MessageKey {
  return Object.hasOwn(ERROR_MESSAGES, code) ? (ERROR_MESSAGES[code] as MessageKey) : 'error.configuration';
}

const ERROR_MESSAGES: Record<string, MessageKey> = {
  network: 'error.network',
  server: 'error.server',
  client_secret_expired: 'error.expired',
  outcome_unknown: 'error.outcomeUnknown',
  unsupported_action: 'error.unavailable',
  unsafe_redirect: 'error.unavailable',
  request_refused: 'error.unavailable',
};

/** The decline message by `error_code` from the catalogue; else the API's `unified_message`; else a generic one. */
export function declineStatus(payment: PaymentResponse): Pick<FlowStatus, 'key' | 'text'> {
  // HE-03: a card the merchant's profile blocks (its type, issuing country, …), refused before any processor
  if (payment.error_code === 'HE-03') return { key: 'decline.card_not_supported' };
  const key = `decline.${payment.error_code ?? ''}`;
  if (Object.hasOwn(en, key)) return { key: key as MessageKey };
  return payment.unified_message ? { key: null, text: payment.unified_message } : { key: 'decline.generic' };
}

/**
 * The payment as the host page hears it: the API response without the card's expiry, its holder's
 * name and a saved card's token (events carry no card data; the brand, BIN and last four stay).
 */
export function withoutCardData(payment: PaymentResponse): PaymentResponse {
  // nor the saved card's `payment_token` it was paid with: the card stays the frame's to use
  const { payment_token: _token, ...rest } = payment;
  const card = payment.payment_method_data?.card;
  if (!card) return rest;
  const { card_exp_month: _month, card_exp_year: _year, card_holder_name: _name, ...masked } = card;
  return { ...rest, payment_method_data: { ...payment.payment_method_data, card: masked } };
}
