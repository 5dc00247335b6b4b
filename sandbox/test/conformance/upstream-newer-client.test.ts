// The real service's newer Cypress specs of the client side of a payment (juspay/hyperswitch at
// d1688907), replayed with their requests as sent by a Stripe run (upstream-newer-client.ts):
// 26-SessionCall, 35-PaymentsEligibilityAPI, 52-ClientSessionValidation, 52-IframeRedirection,
// 52-MerchantRedirectMethod and 52-PaymentResponseHash. A spec's flows run in its order on one merchant
// and customer, sharing its fixtures, against a real sandbox over HTTP; a flow where the sandbox
// answers otherwise than the spec is `todo`, with the difference.
import { after, before, describe, it } from 'node:test';
import { startTestSandbox, type TestSandbox } from '../helpers.js';
import { UPSTREAM_NEWER_CLIENT_FLOWS } from './upstream-newer-client.js';

describe('upstream API test flows at d1688907, requests as sent: 26 session call, 35 eligibility, 52 client session, iframe redirection, merchant redirect method, payment response hash', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  for (const upstream of UPSTREAM_NEWER_CLIENT_FLOWS) {
    it(`${upstream.source} ${upstream.name}`, { todo: upstream.todo }, () => upstream.run(sandbox));
  }
});
