import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toMajorInput, toMinorUnits } from '../amounts.js';

describe('toMinorUnits', () => {
  const cases: [string, string, number | null][] = [
    ['10.99', 'USD', 1099],
    ['10', 'USD', 1000],
    ['10.9', 'EUR', 1090],
    ['10,50', 'EUR', null],
    ['1,000', 'USD', null],
    ['3500', 'JPY', 3500],
    ['3500.00', 'JPY', 3500],
    ['3500.5', 'JPY', null],
    ['7.5', 'KWD', 7500],
    ['1.234', 'BHD', 1234],
    ['1.2345', 'BHD', null],
    ['0.001', 'KWD', 1],
    ['0', 'USD', null],
    ['0.00', 'USD', null],
    ['-5', 'USD', null],
    ['1e3', 'USD', null],
    ['', 'USD', null],
    ['12.345', 'USD', null],
    ['0.1', 'USD', 10],
  ];
  for (const [typed, currency, expected] of cases) {
    it(`${JSON.stringify(typed)} ${currency} → ${String(expected)}`, () => {
      assert.equal(toMinorUnits(typed, currency), expected);
    });
  }
  it('is exact where floating point is not (0.29 USD is 29, not 28.999…)', () => {
    assert.equal(toMinorUnits('0.29', 'USD'), 29);
    assert.equal(toMinorUnits('4.35', 'USD'), 435);
  });
});

describe('toMajorInput', () => {
  it('writes the currency’s decimals', () => {
    assert.equal(toMajorInput(1099, 'USD'), '10.99');
    assert.equal(toMajorInput(5, 'USD'), '0.05');
    assert.equal(toMajorInput(3500, 'JPY'), '3500');
    assert.equal(toMajorInput(7500, 'KWD'), '7.500');
  });
  it('round-trips with toMinorUnits', () => {
    for (const [amount, currency] of [[1, 'USD'], [123456, 'BHD'], [99, 'JPY'], [250000, 'KES']] as const) {
      assert.equal(toMinorUnits(toMajorInput(amount, currency), currency), amount);
    }
  });
});
