/** Fees of the sandbox (spec: processor_fee per connector, gateway_fee configured, total_fee = sum). */
import { apiError } from './errors.js';
import type { MerchantAccount } from './types.js';

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
  return Math.round((captured * rate.percentage) / 100) + rate.fixed;
}

/** The merchant's configured gateway fee on an amount (display only, never debited); null when none is configured. */
export function gatewayFee(merchant: MerchantAccount, amount: number): number | null {
  const config = merchant.gateway_fee_config;
  if (!config) return null;
  if (config.percentage != null) return Math.round((amount * config.percentage) / 100);
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
  return { percentage, flat_amount: flatAmount };
}
