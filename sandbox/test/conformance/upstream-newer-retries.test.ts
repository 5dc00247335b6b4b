// The real service's newer Cypress specs of retries, manual updates, billing descriptors and card
// blocking (juspay/hyperswitch at d1688907), replayed with their requests as sent by a Stripe run
// (upstream-newer-retries.ts): 43-BillingDescriptor, 42-AutoRetries, 46-StepUpRetries,
// 47-ManualPaymentUpdate and 41-CardPaymentBlocking (47's manual-update steps, on a route the sandbox
// does not serve, are skipped; its header says why). A spec's flows run in its order on one merchant and customer,
// sharing its fixtures, against a real sandbox over HTTP; a flow where the sandbox answers otherwise
// than the spec is `todo`, with the difference.
import { after, before, describe, it } from 'node:test';
import { startTestSandbox, type TestSandbox } from '../helpers.js';
import { UPSTREAM_NEWER_RETRIES_FLOWS } from './upstream-newer-retries.js';

describe('upstream API test flows at d1688907, requests as sent: 43 billing descriptor, 42 auto retries, 46 step-up retries, 47 manual payment update, 41 card payment blocking', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  for (const upstream of UPSTREAM_NEWER_RETRIES_FLOWS) {
    it(`${upstream.source} ${upstream.name}`, { todo: upstream.todo }, () => upstream.run(sandbox));
  }
});
