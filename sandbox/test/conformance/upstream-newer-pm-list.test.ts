// The real service's Cypress suite on the payment-method list (juspay/hyperswitch at d1688907,
// PaymentMethodList/00000-PaymentMethodListTests), replayed with its requests as sent: each context
// makes a merchant with two connector accounts, a payment, and reads its list
// (upstream-newer-pm-list.ts). The contexts run in the spec's order against one real sandbox over HTTP.
import { after, before, describe, it } from 'node:test';
import { startTestSandbox, type TestSandbox } from '../helpers.js';
import { UPSTREAM_NEWER_PM_LIST_FLOWS } from './upstream-newer-pm-list.js';

describe('upstream API test flows at d1688907, requests as sent: PaymentMethodList', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  for (const upstream of UPSTREAM_NEWER_PM_LIST_FLOWS) {
    it(`${upstream.source} ${upstream.name}`, { todo: upstream.todo }, () => upstream.run(sandbox));
  }
});
