// The real service's Cypress Misc specs on the payment API's own routes (juspay/hyperswitch at
// d1688907): 00000-HealthCheck and 00001-MemoryCacheConfigs, replayed with their requests as sent
// against a real sandbox over HTTP (upstream-newer-misc.ts).
import { after, before, describe, it } from 'node:test';
import { startTestSandbox, type TestSandbox } from '../helpers.js';
import { UPSTREAM_NEWER_MISC_FLOWS } from './upstream-newer-misc.js';

describe('upstream API test flows at d1688907, requests as sent: Misc health check and configs', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  for (const upstream of UPSTREAM_NEWER_MISC_FLOWS) {
    it(`${upstream.source} ${upstream.name}`, { todo: upstream.todo }, () => upstream.run(sandbox));
  }
});
