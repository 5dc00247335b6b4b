import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CARD_NETWORKS } from '../api/enums.js';
import { BRANDS } from './brands.js';
import { luhnValid } from './luhn.js';
import { CARD_NETWORK_IDS, coBadgedNetworks, networkApiName, networkName, networkOfApiName, paymentNetwork } from './networks.js';
import { detectBrand, validateCardNumber } from './number.js';

/** The co-badged test cards of the sandbox (README "Test cards"). */
const CB_VISA = '4000 0025 0000 1001';
const CB_MASTERCARD = '5555 5525 0000 1001';
const VISA_CB = '4035 5010 0000 0008';

describe('coBadgedNetworks', () => {
  it('names both networks of a co-badged card, the IIN range’s brand first', () => {
    assert.deepEqual(coBadgedNetworks(CB_VISA), ['visa', 'cartes_bancaires']);
    assert.deepEqual(coBadgedNetworks(CB_MASTERCARD), ['mastercard', 'cartes_bancaires']);
    assert.deepEqual(coBadgedNetworks(VISA_CB), ['visa', 'cartes_bancaires']);
  });

  it('is empty for a card of one network', () => {
    for (const number of ['4242424242424242', '5555555555554444', '378282246310005', '6011111111111117']) {
      assert.deepEqual(coBadgedNetworks(number), [], number);
    }
  });

  it('works on prefixes: empty until the BIN is typed in full, then both networks', () => {
    assert.deepEqual(coBadgedNetworks('4000 002'), []);
    assert.deepEqual(coBadgedNetworks('4000 0025'), ['visa', 'cartes_bancaires']);
    assert.deepEqual(coBadgedNetworks('40355'), []);
    assert.deepEqual(coBadgedNetworks('403550'), ['visa', 'cartes_bancaires']);
  });

  it('takes spaces and dashes, and refuses anything else', () => {
    assert.deepEqual(coBadgedNetworks('5555-5525-0000-1001'), ['mastercard', 'cartes_bancaires']);
    assert.deepEqual(coBadgedNetworks(''), []);
    assert.deepEqual(coBadgedNetworks('4000 0025 x'), []);
  });

  it('returns a fresh list each time (a caller may change it)', () => {
    const first = coBadgedNetworks(CB_VISA);
    first.pop();
    assert.deepEqual(coBadgedNetworks(CB_VISA), ['visa', 'cartes_bancaires']);
  });

  it('the test cards are valid numbers whose first network is the brand the IIN range says', () => {
    for (const number of [CB_VISA, CB_MASTERCARD, VISA_CB]) {
      assert.ok(luhnValid(number.replace(/ /g, '')), number);
      assert.ok(validateCardNumber(number).valid, number);
      assert.equal(coBadgedNetworks(number)[0], detectBrand(number), number);
    }
  });
});

describe('network names', () => {
  it('names Cartes Bancaires and every brand as the brand table does', () => {
    assert.equal(networkName('cartes_bancaires'), 'Cartes Bancaires');
    for (const info of BRANDS) assert.equal(networkName(info.brand), info.displayName);
  });

  it("gives the payment API's card_network names, and reads them back", () => {
    assert.equal(networkApiName('cartes_bancaires'), 'CartesBancaires');
    assert.equal(networkApiName('amex'), 'AmericanExpress');
    for (const network of CARD_NETWORK_IDS) assert.equal(networkOfApiName(networkApiName(network)), network);
    assert.equal(networkOfApiName('Pulse'), null);
    assert.equal(networkOfApiName('visa'), null);
  });

  it('every network of a co-badged BIN is a value of the real CardNetwork enum', () => {
    for (const number of [CB_VISA, CB_MASTERCARD, VISA_CB]) {
      for (const network of coBadgedNetworks(number)) assert.ok((CARD_NETWORKS as readonly string[]).includes(networkApiName(network)), network);
    }
  });
});

describe('paymentNetwork', () => {
  it('is the chosen network when the card is co-badged on it', () => {
    assert.equal(paymentNetwork(CB_VISA, 'visa', 'cartes_bancaires'), 'cartes_bancaires');
    assert.equal(paymentNetwork(CB_VISA, 'visa', 'visa'), 'visa');
  });

  it("is the card's brand otherwise: no choice, or a network the card is not on", () => {
    assert.equal(paymentNetwork(CB_VISA, 'visa'), 'visa');
    assert.equal(paymentNetwork(CB_VISA, 'visa', null), 'visa');
    assert.equal(paymentNetwork(CB_VISA, 'visa', 'mastercard'), 'visa');
    assert.equal(paymentNetwork('4242424242424242', 'visa', 'cartes_bancaires'), 'visa');
    assert.equal(paymentNetwork('', null, 'cartes_bancaires'), null);
  });
});
