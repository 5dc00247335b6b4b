/**
 * Which `payment_method_type`s belong to which `payment_method`, and which `payment_method` a
 * `payment_method_data` variant is: upstream's `validate_payment_method_type_against_payment_method`
 * (payment_methods helpers.rs, v1) and `PaymentMethod::foreign_try_from(PaymentMethodData)`, with the
 * spec's mobile money (`pay_bill`, `pay_till`) among the wallets. A payment request may name any of
 * upstream's types; the sandbox pays cards and mobile money only (confirm.ts says so for the others).
 */
import type { PAYMENT_METHODS, UPSTREAM_PAYMENT_METHOD_TYPES } from '../../src/api/enums.js';

type PaymentMethod = (typeof PAYMENT_METHODS)[number];
type PaymentMethodType = (typeof UPSTREAM_PAYMENT_METHOD_TYPES)[number];

const TYPES_OF: Record<PaymentMethod, readonly PaymentMethodType[]> = {
  card: ['credit', 'debit'],
  pay_later: ['affirm', 'alma', 'afterpay_clearpay', 'klarna', 'pay_bright', 'atome', 'walley', 'breadpay', 'flexiti', 'payjustnow'],
  wallet: [
    'amazon_pay', 'bluecode', 'paysera', 'skrill', 'apple_pay', 'google_pay', 'paypal', 'ali_pay', 'ali_pay_hk', 'dana', 'mb_way',
    'mobile_pay', 'samsung_pay', 'twint', 'vipps', 'touch_n_go', 'swish', 'we_chat_pay', 'go_pay', 'gcash', 'momo', 'kakao_pay',
    'cashapp', 'mifinity', 'paze', 'revolut_pay', 'pay_bill', 'pay_till',
  ],
  bank_redirect: [
    'giropay', 'ideal', 'sofort', 'eft', 'eps', 'bancontact_card', 'blik', 'local_bank_redirect', 'online_banking_thailand',
    'online_banking_czech_republic', 'online_banking_finland', 'online_banking_fpx', 'online_banking_poland', 'online_banking_slovakia',
    'przelewy24', 'trustly', 'bizum', 'interac', 'open_banking_uk', 'open_banking_pis', 'open_banking',
  ],
  bank_transfer: [
    'ach', 'sepa_bank_transfer', 'bacs', 'multibanco', 'pix', 'pse', 'permata_bank_transfer', 'bca_bank_transfer', 'bni_va', 'bri_va',
    'cimb_va', 'danamon_va', 'mandiri_va', 'local_bank_transfer', 'instant_bank_transfer', 'instant_bank_transfer_finland',
    'instant_bank_transfer_poland', 'indonesian_bank_transfer',
  ],
  bank_debit: ['ach', 'sepa', 'sepa_guarenteed_debit', 'bacs', 'becs'],
  crypto: ['crypto_currency'],
  reward: ['evoucher', 'classic'],
  real_time_payment: ['fps', 'duit_now', 'prompt_pay', 'viet_qr', 'qris'],
  upi: ['upi_collect', 'upi_intent', 'upi_qr'],
  voucher: [
    'boleto', 'efecty', 'pago_efectivo', 'red_compra', 'red_pagos', 'indomaret', 'alfamart', 'oxxo', 'seven_eleven', 'lawson',
    'mini_stop', 'family_mart', 'seicomart', 'pay_easy',
  ],
  gift_card: ['givex', 'pay_safe_card'],
  card_redirect: ['knet', 'benefit', 'momo_atm', 'card_redirect'],
  open_banking: ['open_banking_pis'],
  mobile_payment: ['direct_carrier_billing'],
};

/** Whether a type is the spec's mobile money (`pay_bill`, `pay_till`: a wallet the sandbox pays, created with `confirm: true`). */
export const isMobileMoney = (type: string | null | undefined): boolean => type === 'pay_bill' || type === 'pay_till';

/** Whether `type` is one of `method`'s types (upstream answers `400 IR_06` when it is not). */
export function typeBelongsTo(method: PaymentMethod, type: PaymentMethodType): boolean {
  return TYPES_OF[method].includes(type);
}

/** The `payment_method` a `payment_method_data` stands for (its variant; `billing` alone is none), or null. */
export function methodOfData(data: Record<string, unknown> | null | undefined): PaymentMethod | null {
  if (!data) return null;
  for (const [key, value] of Object.entries(data)) {
    if (key === 'billing' || value == null) continue;
    return key === 'card_token' ? 'card' : (key as PaymentMethod);
  }
  return null;
}
