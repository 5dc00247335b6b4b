import type { CardBrand } from '../../card/index.js';
import type { PaymentResponse } from '../../api/schemas.js';

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
  status: string;
}
export interface TenderChangeDetail {
  complete: boolean;
  empty: boolean;
  brand: CardBrand | null;
  errors: CardErrors;
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
  status: string;
  retryable: boolean;
  errorCode?: string;
  errorMessage?: string;
  payment: PaymentResponse;
}
export interface TenderErrorDetail {
  code: string;
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
  'tender-change': { when: 'the card state changed', detail: '{ complete, empty, brand, errors: { number?, expiry?, cvc? } }', note: 'error codes shown to the customer' },
  'tender-submit': { when: 'the customer asked to pay; `preventDefault()` stops the confirm', detail: '{ paymentId }' },
  'tender-redirect': { when: '3-D Secure needs a navigation; `preventDefault()` to handle it yourself', detail: '{ paymentId, url }' },
  'tender-result': {
    when: 'an outcome is known',
    detail: '{ paymentId, status, retryable, errorCode?, errorMessage?, payment }',
    note: "`payment` is the API's payment without the card's expiry",
  },
  'tender-error': {
    when: 'something other than an outcome went wrong: configuration, expired secret, network or server trouble, an unsafe redirect, a rejected appearance key',
    detail: '{ code, message, recoverable, key? }',
  },
} as const satisfies Record<TenderEventName, { when: string; detail: string; note?: string }>;
