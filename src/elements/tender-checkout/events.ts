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
