import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BRANDS, CARD_BRANDS, IIN_RANGES, brandNetwork } from './brands.js';
import type { CardBrand } from './brands.js';
import { detectBrand } from './number.js';

const REQUIRED: CardBrand[] = [
  'visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay',
  'maestro', 'rupay', 'elo', 'hipercard', 'mir', 'verve', 'troy',
];

describe('brand table', () => {
  it('has every brand of the contract, each under its own id', () => {
    for (const brand of REQUIRED) assert.equal(CARD_BRANDS[brand].brand, brand);
    assert.deepEqual(BRANDS.map((info) => info.brand).sort(), [...REQUIRED].sort());
  });

  it("names each brand's upstream card_network", () => {
    assert.deepEqual(Object.fromEntries(BRANDS.map((info) => [info.brand, brandNetwork(info.brand)])), {
      visa: 'Visa', mastercard: 'Mastercard', amex: 'AmericanExpress', discover: 'Discover',
      diners: 'DinersClub', jcb: 'JCB', unionpay: 'UnionPay', maestro: 'Maestro', rupay: 'RuPay',
      elo: 'Elo', hipercard: 'Hipercard', mir: 'Mir', verve: 'Verve', troy: 'Troy',
    });
  });

  it('knows the lengths of each brand', () => {
    const lengths = Object.fromEntries(BRANDS.map((info) => [info.brand, info.lengths.join(',')]));
    assert.deepEqual(lengths, {
      visa: '13,16,19', mastercard: '16', amex: '15', discover: '16,17,18,19', diners: '14,15,16,17,18,19',
      jcb: '16,17,18,19', unionpay: '16,17,18,19', maestro: '12,13,14,15,16,17,18,19', rupay: '16',
      elo: '16', hipercard: '16,19', mir: '16,17,18,19', verve: '16,18,19', troy: '16',
    });
    for (const info of BRANDS) assert.equal(info.maxLength, Math.max(...info.lengths), info.brand);
  });

  it('has CVC length 4 for Amex only, and the Amex and Diners gap patterns', () => {
    for (const info of BRANDS) assert.equal(info.cvcLength, info.brand === 'amex' ? 4 : 3, info.brand);
    assert.deepEqual(CARD_BRANDS.amex.gaps, [4, 6, 5]);
    assert.deepEqual(CARD_BRANDS.diners.gaps, [4, 6, 4]);
    assert.deepEqual(CARD_BRANDS.visa.gaps, [4, 4, 4, 4, 3]);
  });

  it('skips Luhn for UnionPay 62 only', () => {
    const skipping = IIN_RANGES.filter((range) => !range.luhn).map((range) => `${range.brand} ${range.from}`);
    assert.deepEqual(skipping, ['unionpay 62']);
  });

  it('has well-formed ranges', () => {
    for (const range of IIN_RANGES) {
      assert.match(range.from, /^\d{1,6}$/);
      assert.equal(range.from.length, range.to.length, `${range.brand} ${range.from}`);
      assert.ok(range.from <= range.to, `${range.brand} ${range.from}-${range.to}`);
    }
  });

  it('never gives two brands overlapping ranges of the same prefix length', () => {
    for (const a of IIN_RANGES) {
      for (const b of IIN_RANGES) {
        if (a.brand === b.brand || a.from.length !== b.from.length) continue;
        assert.ok(a.to < b.from || b.to < a.from, `${a.brand} ${a.from}-${a.to} overlaps ${b.brand} ${b.from}-${b.to}`);
      }
    }
  });

  it("detects both ends of every range as the range's brand (the most specific range wins)", () => {
    for (const range of IIN_RANGES) {
      assert.equal(detectBrand(range.from.padEnd(16, '0')), range.brand, `${range.brand} ${range.from}`);
      assert.equal(detectBrand(range.to.padEnd(16, '9')), range.brand, `${range.brand} ${range.to}`);
    }
  });
});
