/** `tender-checkout/card`: pure card logic (brands, Luhn, number, expiry, CVC). No DOM. */
export { BRANDS, CARD_BRANDS, DEFAULT_GAPS, IIN_RANGES, brandNetwork } from './brands.js';
export type { CardBrand, CardBrandInfo, IinRange } from './brands.js';
export { CARD_NETWORK_IDS, coBadgedNetworks, networkApiName, networkName, networkOfApiName, paymentNetwork } from './networks.js';
export type { CardNetwork } from './networks.js';
export { luhnValid } from './luhn.js';
export { detectBrand, formatCardNumber, formatCardNumberInput, validateCardNumber } from './number.js';
export type { CardNumberValidation, FormattedInput } from './number.js';
export { formatExpiryInput, parseExpiry, validateExpiry } from './expiry.js';
export type { Expiry, ExpiryValidation } from './expiry.js';
export { validateCvc } from './cvc.js';
export type { CvcValidation } from './cvc.js';
