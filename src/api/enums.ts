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
/**
 * Upstream's `PaymentMethodType` (its v1 OpenAPI document), with the spec's mobile money (`pay_bill`,
 * `pay_till`): what a payment's `payment_method_type` and `allowed_payment_method_types`, a saved
 * method, a connector account and a collect link may name, as the real service's clients send them.
 * The spec's neutral subset (`PAYMENT_METHOD_TYPES`) is what the sandbox lists and pays.
 */
export const UPSTREAM_PAYMENT_METHOD_TYPES = [
  'ach', 'affirm', 'afterpay_clearpay', 'alfamart', 'ali_pay', 'ali_pay_hk', 'alma', 'amazon_pay', 'paysera', 'apple_pay', 'atome', 'bacs',
  'bancontact_card', 'becs', 'benefit', 'bizum', 'blik', 'bluecode', 'boleto', 'bca_bank_transfer', 'bni_va', 'breadpay', 'bri_va',
  'bhn_card_network', 'card_redirect', 'cimb_va', 'classic', 'credit', 'crypto_currency', 'cashapp', 'dana', 'danamon_va', 'debit', 'duit_now',
  'efecty', 'eft', 'eps', 'flexiti', 'fps', 'evoucher', 'giropay', 'givex', 'google_pay', 'go_pay', 'gcash', 'ideal', 'interac', 'indomaret',
  'klarna', 'kakao_pay', 'local_bank_redirect', 'mandiri_va', 'knet', 'mb_way', 'mobile_pay', 'momo', 'momo_atm', 'multibanco',
  'online_banking_thailand', 'online_banking_czech_republic', 'online_banking_finland', 'online_banking_fpx', 'online_banking_poland',
  'online_banking_slovakia', 'oxxo', 'pago_efectivo', 'permata_bank_transfer', 'open_banking_uk', 'pay_bright', 'payjustnow', 'paypal', 'paze',
  'pix', 'pay_safe_card', 'przelewy24', 'prompt_pay', 'pse', 'qris', 'red_compra', 'red_pagos', 'samsung_pay', 'sepa', 'sepa_bank_transfer',
  'sepa_guarenteed_debit', 'skrill', 'sofort', 'swish', 'touch_n_go', 'trustly', 'twint', 'upi_collect', 'upi_intent', 'upi_qr', 'vipps', 'viet_qr',
  'venmo', 'walley', 'we_chat_pay', 'seven_eleven', 'lawson', 'mini_stop', 'family_mart', 'seicomart', 'pay_easy', 'local_bank_transfer', 'mifinity',
  'open_banking_pis', 'direct_carrier_billing', 'instant_bank_transfer', 'instant_bank_transfer_finland', 'instant_bank_transfer_poland',
  'revolut_pay', 'indonesian_bank_transfer', 'open_banking', 'network_token',
  'pay_bill', 'pay_till',
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
