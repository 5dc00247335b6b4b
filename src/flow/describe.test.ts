import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PaymentResponse } from '../api/schemas.js';
import { withoutCardData } from './describe.js';

describe('withoutCardData', () => {
  const payment = {
    payment_id: 'pay_describe00000000000000000',
    status: 'succeeded',
    amount: 1000,
    currency: 'EUR',
    payment_token: 'token_AAAAAAAAAAAAAAAAAAAA',
    payment_method_data: {
      card: { last4: '4242', card_isin: '424242', card_network: 'Visa', card_exp_month: '12', card_exp_year: '2030', card_holder_name: 'Zebediah Quux' },
      billing: null,
    },
  } as unknown as PaymentResponse;

  it("leaves out the card's expiry, its holder's name and the saved card's token, and keeps brand, BIN and last four", () => {
    const heard = withoutCardData(payment);
    assert.deepEqual(heard.payment_method_data?.card, { last4: '4242', card_isin: '424242', card_network: 'Visa' });
    assert.equal('payment_token' in heard, false);
    assert.doesNotMatch(JSON.stringify(heard), /Zebediah|2030|token_/);
    // the payment it was given is not changed
    assert.equal(payment.payment_method_data?.card?.card_holder_name, 'Zebediah Quux');
  });

  it('keeps a payment without card data whole, less the token', () => {
    const { payment_method_data: _data, payment_token: _token, ...bare } = payment;
    assert.deepEqual(withoutCardData({ ...bare, payment_token: 'token_BBBBBBBBBBBBBBBBBBBB' } as PaymentResponse), bare);
  });
});
