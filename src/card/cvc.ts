/** Card verification code (CVC / CVV / CID). */
import { CARD_BRANDS } from './brands.js';
import type { CardBrand } from './brands.js';

/** Result of {@link validateCvc}. */
export interface CvcValidation {
  valid: boolean;
  error?: 'empty' | 'incomplete' | 'invalid';
}

/**
 * Validates a CVC for a brand: digits only (surrounding spaces ignored), exactly the brand's length
 * (4 for Amex, 3 otherwise); with no known brand, 3 or 4 digits. Fewer digits are `incomplete`,
 * more digits or any other character `invalid`.
 */
export function validateCvc(input: string, brand: CardBrand | null): CvcValidation {
  const cvc = String(input).trim();
  if (!cvc) return { valid: false, error: 'empty' };
  if (!/^\d+$/.test(cvc)) return { valid: false, error: 'invalid' };
  const expected = brand && Object.hasOwn(CARD_BRANDS, brand) ? CARD_BRANDS[brand].cvcLength : undefined;
  const [min, max] = expected ? [expected, expected] : [3, 4];
  if (cvc.length < min) return { valid: false, error: 'incomplete' };
  return cvc.length > max ? { valid: false, error: 'invalid' } : { valid: true };
}
