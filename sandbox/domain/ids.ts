import { randomBytes, randomInt } from 'node:crypto';

const ALPHANUMERIC = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** `length` characters from [0-9a-zA-Z], from a cryptographic source. */
export function alphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/** Ids in the real service's formats: a prefix and random alphanumerics (20 for most; a payment id is 30 characters in all). */
export const newPaymentId = (): string => `pay_${alphanumeric(26)}`; // 30 characters
export const newClientSecret = (paymentId: string): string => `${paymentId}_secret_${alphanumeric(20)}`;
export const newAttemptId = (paymentId: string, attemptNumber: number): string => `${paymentId}_${attemptNumber}`;
export const newCustomerId = (): string => `cus_${alphanumeric(20)}`;
export const newOrganizationId = (): string => `org_${alphanumeric(20)}`;
export const newRefundId = (): string => `ref_${alphanumeric(20)}`;
export const newMandateId = (): string => `man_${alphanumeric(20)}`;
export const newPaymentMethodId = (): string => `pm_${alphanumeric(20)}`;
export const newPaymentLinkId = (): string => `plink_${alphanumeric(20)}`;
export const newPaymentToken = (): string => `token_${alphanumeric(20)}`;
export const newProfileId = (): string => `pro_${alphanumeric(20)}`;
export const newConnectorAccountId = (): string => `mca_${alphanumeric(20)}`;
export const newEphemeralKeyId = (): string => `eki_${alphanumeric(20)}`;
export const newCollectLinkId = (): string => `pm_collect_link_${alphanumeric(20)}`;
export const newEphemeralKeySecret = (): string => `epk_${randomBytes(16).toString('hex')}`;
export const newConnectorTransactionId = (): string => `snd_txn_${alphanumeric(20)}`;
/** A card network's reference of an authorisation: 15 digits, as Visa's transaction identifier (Stripe's `network_transaction_id`). */
export const newNetworkTransactionId = (): string => String(randomInt(100_000, 1_000_000)) + String(randomInt(0, 1_000_000_000)).padStart(9, '0');
export const newConnectorMandateId = (): string => `snd_mandate_${alphanumeric(20)}`;
export const newPublishableKey = (): string => `pk_snd_${randomBytes(16).toString('hex')}`;
export const newSecretKey = (): string => `snd_${alphanumeric(64)}`;
export const newKeyId = (): string => `snd_${alphanumeric(20)}`;
export const newHashKey = (): string => alphanumeric(64);
