/** Enumerations of the payment API, as const tuples for zod. */

export const INTENT_STATUSES = [
  'succeeded',
  'failed',
  'cancelled',
  'processing',
  'requires_customer_action',
  'requires_merchant_action',
  'requires_payment_method',
  'requires_confirmation',
  'requires_capture',
  'partially_captured',
  'partially_captured_and_capturable',
] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];


export const CAPTURE_METHODS = ['automatic', 'manual', 'manual_multiple', 'scheduled', 'sequential_automatic'] as const;
export const AUTHENTICATION_TYPES = ['three_ds', 'no_three_ds'] as const;
export const FUTURE_USAGES = ['off_session', 'on_session'] as const;
export const PAYMENT_METHODS = [
  'card',
  'card_redirect',
  'pay_later',
  'wallet',
  'bank_redirect',
  'bank_transfer',
  'crypto',
  'bank_debit',
  'reward',
  'real_time_payment',
  'upi',
  'voucher',
  'gift_card',
  'open_banking',
  'mobile_payment',
] as const;
export const PAYMENT_EXPERIENCES = [
  'redirect_to_url',
  'invoke_sdk_client',
  'display_qr_code',
  'one_click',
  'link_wallet',
  'invoke_payment_app',
  'display_wait_screen',
  'collect_otp',
] as const;
export const PAYMENT_TYPES = ['normal', 'new_mandate', 'setup_mandate', 'recurring_mandate'] as const;
export const SCA_EXEMPTION_TYPES = ['low_value', 'transaction_risk_analysis'] as const;
export const PAYMENT_METHOD_TYPES = [
  'ach',
  'bacs',
  'sepa',
  'credit',
  'debit',
  'classic',
  'crypto_currency',
  'pay_bill',
  'pay_till',
  'pix',
  'upi_collect',
  'upi_intent',
  'local_bank_redirect',
  'local_bank_transfer',
  'pay_easy',
  'evoucher',
  'fps',
  'duit_now',
  'open_banking_uk',
  'open_banking_pis',
  'card_redirect',
  'mifinity',
] as const;
export const REFUND_STATUSES = ['succeeded', 'failed', 'pending', 'review'] as const;
/**
 * The real service's `CardNetwork` enum. The card module knows more brands (Elo, Hipercard, Mir,
 * Verve, Troy); the API reports only these, so a client typed against the real enum keeps working.
 */
export const CARD_NETWORKS = [
  'Visa',
  'Mastercard',
  'AmericanExpress',
  'JCB',
  'DinersClub',
  'Discover',
  'CartesBancaires',
  'UnionPay',
  'Interac',
  'RuPay',
  'Maestro',
  'Star',
  'Pulse',
  'Accel',
  'Nyce',
] as const;
