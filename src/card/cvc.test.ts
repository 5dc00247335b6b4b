import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { validateCvc } from './cvc.js';
import type { CardBrand } from './brands.js';

describe('validateCvc', () => {
  const cases: [string, CardBrand | null, ReturnType<typeof validateCvc>][] = [
    ['', 'visa', { valid: false, error: 'empty' }],
    ['   ', null, { valid: false, error: 'empty' }],
    ['123', 'visa', { valid: true }],
    [' 123 ', 'mastercard', { valid: true }],
    ['12', 'visa', { valid: false, error: 'incomplete' }],
    ['1234', 'visa', { valid: false, error: 'invalid' }],
    ['1234', 'amex', { valid: true }],
    ['123', 'amex', { valid: false, error: 'incomplete' }],
    ['12345', 'amex', { valid: false, error: 'invalid' }],
    ['123', null, { valid: true }],
    ['1234', null, { valid: true }],
    ['12', null, { valid: false, error: 'incomplete' }],
    ['12345', null, { valid: false, error: 'invalid' }],
    ['12a', 'visa', { valid: false, error: 'invalid' }],
    ['1 23', 'visa', { valid: false, error: 'invalid' }],
    ['-12', null, { valid: false, error: 'invalid' }],
    ['１２３', 'visa', { valid: false, error: 'invalid' }],
  ];
  for (const [input, brand, expected] of cases) {
    it(`${JSON.stringify(input)} for ${brand ?? 'an unknown brand'}`, () => {
      assert.deepEqual(validateCvc(input, brand), expected);
    });
  }

  it('never throws, and is valid exactly for 3 or 4 digits when the brand is unknown', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 8 }), (input) => {
        const result = validateCvc(input, null);
        assert.equal(result.valid, /^\d{3,4}$/.test(input.trim()));
        assert.equal(result.valid, result.error === undefined);
      }),
    );
  });
});
