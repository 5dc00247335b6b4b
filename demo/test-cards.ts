/** The sandbox's test cards (README "Test cards"): public numbers, safe to show and copy. */
export interface TestCard {
  number: string;
  outcome: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242 4242 4242 4242', outcome: 'Succeeds (requires_capture with manual capture)' },
  { number: '4111 1111 1111 1111', outcome: 'Succeeds (Visa)' },
  { number: '5555 5555 5555 4444', outcome: 'Succeeds (Mastercard)' },
  { number: '3782 822463 10005', outcome: 'Succeeds (Amex, 4-digit CVC)' },
  { number: '6011 1111 1111 1117', outcome: 'Succeeds (Discover)' },
  { number: '3566 0020 2036 0505', outcome: 'Succeeds (JCB)' },
  { number: '6200 0000 0000 0005', outcome: 'Succeeds (UnionPay)' },
  { number: '3056 9309 0259 04', outcome: 'Succeeds (Diners Club)' },
  { number: '4000 0025 0000 1001', outcome: 'Succeeds: co-badged Visa and Cartes Bancaires (choose the network)' },
  { number: '4035 5010 0000 0008', outcome: 'Succeeds: co-badged Visa and Cartes Bancaires (choose the network)' },
  { number: '5555 5525 0000 1001', outcome: 'Succeeds: co-badged Mastercard and Cartes Bancaires (choose the network)' },
  { number: '4000 0000 0000 0002', outcome: 'Declined: card_declined' },
  { number: '5105 1051 0510 5100', outcome: 'Declined: card_declined (Mastercard)' },
  { number: '4000 0000 0000 9995', outcome: 'Declined: insufficient_funds' },
  { number: '4000 0000 0000 9987', outcome: 'Declined: lost_card' },
  { number: '4000 0000 0000 9979', outcome: 'Declined: stolen_card' },
  { number: '4000 0000 0000 0069', outcome: 'Declined: expired_card' },
  { number: '4000 0000 0000 0127', outcome: 'Declined: incorrect_cvc' },
  { number: '4000 0000 0000 0119', outcome: 'Declined: processing_error' },
  { number: '4000 0038 0000 0446', outcome: '3-D Secure challenge: Complete succeeds, Reject fails' },
  { number: '4000 0027 6000 3184', outcome: '3-D Secure challenge: Complete succeeds, Reject fails' },
  { number: '4000 0000 0000 3220', outcome: '3-D Secure challenge: Complete succeeds, Reject fails' },
  { number: '4000 0025 0000 3155', outcome: '3-D Secure challenge: Complete succeeds, Reject fails (co-badged with Cartes Bancaires)' },
  { number: '4000 0000 0000 4038', outcome: '3-D Secure challenge, then fails (authentication_failed)' },
  { number: '4000 0000 0000 4020', outcome: 'Frictionless 3-D Secure: succeeds without a challenge' },
  { number: '4000 0000 0000 4012', outcome: 'Processing, succeeds about 3 s later' },
];
