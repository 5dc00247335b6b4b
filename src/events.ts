import type { CardBrand } from './card/index.js';
import type { IntentStatus } from './api/enums.js';
import type { PaymentResponse } from './api/schemas.js';
import type { MessageKey } from './i18n/en.js';

/**
 * Every `code` a `tender-error` event (or `confirm()`'s `{ type: 'error' }` outcome) can carry; the
 * one list the type, docs/widget.md and the tests follow.
 */
export const TENDER_ERROR_CODES = [
  'configuration',
  'invalid_publishable_key',
  'client_secret_expired',
  'client_secret_mismatch',
  'payment_not_found',
  'network',
  'server',
  'outcome_unknown',
  'request_refused',
  'unsupported_action',
  'unsafe_redirect',
  'invalid_appearance',
  'font_load_failed',
  'not_ready',
  'preview',
] as const;
export type TenderErrorCode = (typeof TENDER_ERROR_CODES)[number];

/** The decline codes the element has a (localised) message for: the `decline.*` keys of the catalogue. */
export type KnownDeclineCode = Exclude<MessageKey extends `decline.${infer Code}` ? Code : never, 'generic'>;

/**
 * `errorCode` of a failed payment: the API's `error_code`, passed through. The known codes are listed
 * for completion; the API may send others (a processor's own code), so any string is allowed too.
 */
export type DeclineCode = KnownDeclineCode | (string & Record<never, never>);

/** Error codes of a field, as `tender-change` reports them. */
export interface CardErrors {
  number?: 'empty' | 'incomplete' | 'invalid' | 'unsupported_brand';
  expiry?: 'empty' | 'incomplete' | 'invalid_month' | 'expired' | 'too_far';
  cvc?: 'empty' | 'incomplete' | 'invalid';
  name?: 'empty';
}

export interface TenderReadyDetail {
  paymentId: string;
  amount: number;
  currency: string;
  status: IntentStatus;
}
export interface TenderChangeDetail {
  complete: boolean;
  empty: boolean;
  brand: CardBrand | null;
  errors: CardErrors;
  /** Whether one of the customer's saved cards is chosen (present when the payment has a customer); never which one. */
  savedCard?: boolean;
  /**
   * When the form shows billing fields: whether each is complete (`{ country: true, postal: false }`;
   * keys `name`, `country`, `line1`, `line2`, `city`, `state`, `postal`, `email`, `phone`), never
   * what it holds. `complete` is then the card's and these together.
   */
  billing?: Partial<Record<'name' | 'country' | 'line1' | 'line2' | 'city' | 'state' | 'postal' | 'email' | 'phone', boolean>>;
}
export interface TenderSubmitDetail {
  paymentId: string;
}
export interface TenderRedirectDetail {
  paymentId: string;
  url: string;
}
export interface TenderResultDetail {
  paymentId: string;
  status: IntentStatus;
  retryable: boolean;
  errorCode?: DeclineCode;
  errorMessage?: string;
  payment: PaymentResponse;
}
export interface TenderErrorDetail {
  code: TenderErrorCode;
  message: string;
  recoverable: boolean;
  /** The rejected key, for `invalid_appearance` and `font_load_failed` (e.g. `appearance.variables.colorPrimary`). */
  key?: string;
}

/** What `confirm()` resolves with. */
export type ConfirmOutcome =
  | { type: 'result'; detail: TenderResultDetail }
  | { type: 'redirect'; url: string }
  | { type: 'invalid'; errors: CardErrors }
  | { type: 'cancelled' }
  | { type: 'error'; detail: TenderErrorDetail };

declare global {
  interface HTMLElementEventMap {
    'tender-ready': CustomEvent<TenderReadyDetail>;
    'tender-change': CustomEvent<TenderChangeDetail>;
    'tender-submit': CustomEvent<TenderSubmitDetail>;
    'tender-redirect': CustomEvent<TenderRedirectDetail>;
    'tender-result': CustomEvent<TenderResultDetail>;
    'tender-error': CustomEvent<TenderErrorDetail>;
  }
}

/** A `tender-*` event name. */
export type TenderEventName = Extract<keyof HTMLElementEventMap, `tender-${string}`>;

/**
 * Every event `<tender-checkout>` fires, once: when it fires and what its `detail` holds. The compiler
 * holds this list and `HTMLElementEventMap` above to the same names; test/node/facts.test.ts holds the
 * element's `@event` JSDoc lines and the events table in docs/widget.md to it.
 */
export const TENDER_EVENTS = {
  'tender-ready': { when: 'the payment was fetched and can be paid (once per connection)', detail: '{ paymentId, amount, currency, status }' },
  'tender-change': { when: 'the card state changed', detail: '{ complete, empty, brand, errors: { number?, expiry?, cvc? }, savedCard? }', note: 'error codes shown to the customer; `savedCard` (a payment with a customer): whether a saved card is chosen, never which' },
  'tender-submit': { when: 'the customer asked to pay; `preventDefault()` stops the confirm', detail: '{ paymentId }' },
  'tender-redirect': { when: '3-D Secure needs a navigation; `preventDefault()` to handle it yourself', detail: '{ paymentId, url }' },
  'tender-result': {
    when: 'an outcome is known',
    detail: '{ paymentId, status, retryable, errorCode?, errorMessage?, payment }',
    note: "`payment` is the API's payment without the card's expiry, its holder's name and a saved card's token (brand, BIN and last four stay)",
  },
  'tender-error': {
    when: 'something other than an outcome went wrong: configuration, expired secret, network or server trouble, an unsafe redirect, a rejected appearance key',
    detail: '{ code, message, recoverable, key? }',
  },
} as const satisfies Record<TenderEventName, { when: string; detail: string; note?: string }>;
