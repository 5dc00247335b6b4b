// Type-level tests of the public event and property types, checked by `npm run typecheck`: every
// `@ts-expect-error` line must be a compile error, so a type that widens back to `string` fails the
// typecheck ("Unused '@ts-expect-error' directive").
import type { TenderCheckout } from '../../src/elements/tender-checkout/tender-checkout.js';
import type { TenderErrorDetail, TenderReadyDetail, TenderResultDetail } from '../../src/events.js';

declare const result: TenderResultDetail;
declare const ready: TenderReadyDetail;
declare const error: TenderErrorDetail;
declare const checkout: TenderCheckout;

export const statusChecks: boolean[] = [
  result.status === 'succeeded',
  result.status === 'requires_capture',
  ready.status === 'requires_payment_method',
  // @ts-expect-error a misspelt payment status is not an IntentStatus
  result.status === 'succeded',
  // @ts-expect-error 'paid' is no payment status of the API
  ready.status === 'paid',
];

export const errorCodeChecks: boolean[] = [
  error.code === 'client_secret_expired',
  error.code === 'outcome_unknown',
  // @ts-expect-error tender-error codes are a closed set
  error.code === 'client_secret_expird',
  // a decline code: the known ones complete, any other string the API may send is allowed
  result.errorCode === 'insufficient_funds',
  result.errorCode === 'do_not_honor',
];

export function setThemes(): void {
  checkout.theme = 'night';
  checkout.theme = '';
  // @ts-expect-error only preset names are themes
  checkout.theme = 'midnight';
}
