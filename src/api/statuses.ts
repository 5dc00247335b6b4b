/**
 * The payment-status rules every part of Tender Checkout shares: the headless client, the payment
 * flow, the element and the sandbox all import these sets instead of writing their own lists.
 *
 * - confirmable: a confirm may start a new attempt from here (the sandbox accepts it; the element
 *   shows a payable form).
 * - waiting: the payment is moving on by itself or through the customer (a processor still deciding,
 *   a 3-D Secure challenge, a mobile-money approval); the element polls or hands over to the action.
 * - final: nothing more happens without a new API call by the merchant (capture, refund, cancel)
 *   or, for a retryable decline, a new confirm by the customer.
 */
import type { IntentStatus } from './enums.js';

export const CONFIRMABLE_STATUSES = ['requires_confirmation', 'requires_payment_method'] as const satisfies readonly IntentStatus[];
export const WAITING_STATUSES = ['processing', 'requires_customer_action'] as const satisfies readonly IntentStatus[];
export const FINAL_STATUSES = [
  'succeeded',
  'failed',
  'cancelled',
  'requires_capture',
  'partially_captured',
  'partially_captured_and_capturable',
  'requires_merchant_action',
] as const satisfies readonly IntentStatus[];

export type ConfirmableStatus = (typeof CONFIRMABLE_STATUSES)[number];
export type WaitingStatus = (typeof WAITING_STATUSES)[number];
export type FinalStatus = (typeof FINAL_STATUSES)[number];

const has = (set: readonly string[], status: string): boolean => set.includes(status);

export const isConfirmable = (status: string): status is ConfirmableStatus => has(CONFIRMABLE_STATUSES, status);
export const isWaiting = (status: string): status is WaitingStatus => has(WAITING_STATUSES, status);
export const isFinal = (status: string): status is FinalStatus => has(FINAL_STATUSES, status);
