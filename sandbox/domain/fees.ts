/**
 * Fees of the sandbox (spec: processor_fee per connector, gateway_fee configured, total_fee = sum),
 * computed exactly and kept within safe integers: fees are taken on at most a payment's `amount`,
 * which (like a flat gateway fee) is at most MAX_FEE_BASIS, so the largest processor fee plus the
 * largest gateway fee (100 % or MAX_FEE_BASIS) stays below 2^53 whatever the merchant configures.
 */
import { apiError } from './errors.js';
import type { MerchantAccount } from './types.js';

/**
 * The largest amount fees are computed on, and the largest flat gateway fee (minor units): 8 × 10^15.
 * With the dearest connector (3.4 % + 20) and a gateway fee of 100 %, `total_fee` is at most
 * 8 272 000 000 000 020, below Number.MAX_SAFE_INTEGER (sandbox/test/fees.test.ts checks it).
 */
export const MAX_FEE_BASIS = 8_000_000_000_000_000;

/** Refuses an amount fees would be computed on (a payment's `amount`, a flat gateway fee) above MAX_FEE_BASIS. */
export function checkFeeBasis(member: string, value: number | null | undefined): void {
  if (value != null && value > MAX_FEE_BASIS) throw apiError('feeBasisTooLarge', { member, max: MAX_FEE_BASIS });
}

/** A non-negative decimal number as integer digits and a power of ten: 2.75 → [275n, 2n]. */
function decimalOf(value: number): [digits: bigint, scale: bigint] {
  const [, whole = '0', fraction = '', exponent = '0'] = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value)) ?? [];
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(whole + fraction);
  return scale >= 0 ? [digits, BigInt(scale)] : [digits * 10n ** BigInt(-scale), 0n];
}

/**
 * `percentage` % of `amount` (minor units), rounded half up, computed exactly: floating point would
 * be off by one on amounts past 2^53 / 100 (2.5 % of 7 721 559 535 729 700 is …242.5, not …242).
 */
export function percentOf(amount: number, percentage: number): number {
  const [digits, scale] = decimalOf(percentage);
  const denominator = 100n * 10n ** scale;
  return Number((2n * BigInt(amount) * digits + denominator) / (2n * denominator));
}

/** What each simulated connector charges on a captured amount: a percentage plus a fixed part (minor units). */
export const CONNECTOR_FEES: Record<string, { percentage: number; fixed: number }> = {
  phonypay: { percentage: 2.9, fixed: 30 },
  fauxpay: { percentage: 2.5, fixed: 25 },
  pretendpay: { percentage: 3.4, fixed: 20 },
  stripe_test: { percentage: 2.9, fixed: 30 },
  adyen_test: { percentage: 2.6, fixed: 10 },
  checkout_test: { percentage: 2.75, fixed: 20 },
};

/** The processor's fee on a captured amount; none on nothing captured. */
export function processorFee(connector: string | null, captured: number): number | null {
  const rate = connector && Object.hasOwn(CONNECTOR_FEES, connector) ? CONNECTOR_FEES[connector] : undefined;
  if (!rate || captured <= 0) return null;
  return percentOf(captured, rate.percentage) + rate.fixed;
}

/** The merchant's configured gateway fee on an amount (display only, never debited); null when none is configured. */
export function gatewayFee(merchant: MerchantAccount, amount: number): number | null {
  const config = merchant.gateway_fee_config;
  if (!config) return null;
  if (config.percentage != null) return percentOf(amount, config.percentage);
  return config.flat_amount ?? null;
}

/** `total_fee` = processor_fee + gateway_fee; null when neither is recorded. */
export const totalFee = (processor: number | null | undefined, gateway: number | null | undefined): number | null =>
  processor == null && gateway == null ? null : (processor ?? 0) + (gateway ?? 0);

/** A gateway fee is a percentage or a flat amount, never both. */
export function checkGatewayFeeConfig(
  config: { percentage?: number | null; flat_amount?: number | null } | null | undefined,
): MerchantAccount['gateway_fee_config'] {
  if (!config) return null;
  const percentage = config.percentage ?? null;
  const flatAmount = config.flat_amount ?? null;
  if (percentage != null && flatAmount != null) {
    throw apiError('gatewayFeeBoth');
  }
  if (percentage == null && flatAmount == null) return null;
  checkFeeBasis('gateway_fee_config.flat_amount', flatAmount);
  return { percentage, flat_amount: flatAmount };
}
