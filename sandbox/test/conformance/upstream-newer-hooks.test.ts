// The real service's newer Cypress specs of incoming webhooks, connector-agnostic MITs and the
// authentication service's eligibility (juspay/hyperswitch at d1688907), replayed with their requests
// as sent by a Stripe run (upstream-newer-hooks.ts): 49-PaymentWebhook, 50-RefundWebhook,
// 25-ConnectorAgnosticNTID and 43-AuthenticationServiceEligibility, the steps on routes the sandbox
// does not have skipped. A spec's flows run in its order on one merchant and customer, sharing its
// fixtures, against a real sandbox over HTTP; a flow where the sandbox answers otherwise than the spec
// is `todo`, with the difference.
import { after, before, describe, it } from 'node:test';
import { startTestSandbox, type TestSandbox } from '../helpers.js';
import { UPSTREAM_NEWER_HOOK_FLOWS } from './upstream-newer-hooks.js';

describe('upstream API test flows at d1688907, requests as sent: 49 payment webhook, 50 refund webhook, 25 connector agnostic NTID, 43 authentication service eligibility', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  for (const upstream of UPSTREAM_NEWER_HOOK_FLOWS) {
    it(`${upstream.source} ${upstream.name}`, { todo: upstream.todo }, () => upstream.run(sandbox));
  }
});
