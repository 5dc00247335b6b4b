// The real service's newer Cypress specs (two-digit names, juspay/hyperswitch at d1688907), replayed
// with their requests as sent: 28-BusinessProfileConfigs, 47-PollConfig, 54-RefundType,
// 52-OrderDetails and 43-BillingDescriptor (upstream-newer.ts). Each flow runs on a merchant of its own against a real sandbox
// over HTTP; a flow where the sandbox answers otherwise than the spec is `todo`, with the difference.
import { after, before, describe, it } from 'node:test';
import { startTestSandbox, type TestSandbox } from '../helpers.js';
import { UPSTREAM_NEWER_FLOWS } from './upstream-newer.js';

describe('upstream API test flows at d1688907, requests as sent: 28 business profile configs, 47 poll config, 54 refund type, 52 order details, 43 billing descriptor', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  for (const upstream of UPSTREAM_NEWER_FLOWS) {
    it(`${upstream.source} ${upstream.name}`, { todo: upstream.todo }, () => upstream.run(sandbox));
  }
});
