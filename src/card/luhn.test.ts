import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { luhnValid } from './luhn.js';

/** Reference check digit, written out independently of the implementation under test. */
function checkDigit(body: string): string {
  const digits = [...body].reverse().map(Number);
  const sum = digits.reduce((total, digit, i) => total + (i % 2 === 0 ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][digit]! : digit), 0);
  return String((10 - (sum % 10)) % 10);
}

describe('luhnValid', () => {
  it('accepts published test numbers', () => {
    for (const number of ['4242424242424242', '378282246310005', '30569309025904', '79927398713']) {
      assert.equal(luhnValid(number), true, number);
    }
  });

  it('rejects a changed last digit', () => {
    assert.equal(luhnValid('4242424242424241'), false);
    assert.equal(luhnValid('79927398710'), false);
  });

  it('rejects empty input and anything but digits', () => {
    for (const input of ['', ' ', '4242 4242 4242 4242', '4242-4242', '42a2', '４２４２', '-0']) {
      assert.equal(luhnValid(input), false, JSON.stringify(input));
    }
  });

  it('agrees with the reference check digit for any body, and only that digit passes', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 24 }), (body) => {
        const good = checkDigit(body);
        for (const last of '0123456789') assert.equal(luhnValid(body + last), last === good);
      }),
    );
  });

  it('never throws', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (input) => typeof luhnValid(input) === 'boolean'));
  });
});
