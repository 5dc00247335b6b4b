// Every answer of every flow, checked against the real service's OpenAPI response schemas
// (openapi.ts). A violation fails unless allow-list.ts explains it as a place where the document
// contradicts the real service; an allow-list entry nothing needs any more fails too.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestSandbox, type TestSandbox } from '../helpers.js';
import { ALLOW_LIST, type AllowListEntry } from './allow-list.js';
import { runAllFlows, recording, type Exchange } from './flows.js';
import { checkResponse, type Violation } from './openapi.js';

describe('OpenAPI response schemas', () => {
  let sandbox: TestSandbox;
  const exchanges: Exchange[] = [];
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  it('every answer with a schema in the document matches it, apart from the allow-list', async (t) => {
    await runAllFlows(recording(sandbox, exchanges));
    const open: (Violation & { path: string })[] = [];
    const used = new Set<AllowListEntry>();
    let checked = 0;
    for (const exchange of exchanges) {
      const result = checkResponse(exchange.method, exchange.path, exchange.status, exchange.body);
      if (!result.schema) continue;
      checked += 1;
      for (const violation of result.violations) open.push({ ...violation, path: exchange.path });
      for (const { entry } of result.allowed) used.add(entry);
    }
    const lines = [...new Set(open.map((v) => `${v.operation} ${v.status} ${v.instancePath || '(root)'}: ${v.message}`))];
    assert.deepEqual(lines, [], `${lines.length} schema violations`);
    // every flow together gives about 100 answers with a schema: far fewer means flows stopped running
    assert.ok(checked >= 90, `only ${checked} answers had a schema to check`);
    const unused = ALLOW_LIST.filter((entry) => !used.has(entry)).map((entry) => entry.reason);
    assert.deepEqual(unused, [], 'allow-list entries no answer needs');
    t.diagnostic(`schema checks: ${checked} answers of ${exchanges.length} checked; ${ALLOW_LIST.length} allow-list entries`);
  });

  it('the checker bites: a payment without payment_id, and an unknown status, are violations', async () => {
    const payment = await sandbox.request('POST', '/payments', { body: { amount: 6000, currency: 'USD' } });
    assert.equal(payment.status, 200);
    const { payment_id: _dropped, ...broken } = payment.body;
    const missing = checkResponse('POST', '/payments', 200, broken).violations;
    assert.ok(missing.some((v) => v.message.includes('payment_id')), JSON.stringify(missing));
    const wrongStatus = checkResponse('POST', '/payments', 200, { ...(payment.body as object), status: 'paid' }).violations;
    assert.ok(wrongStatus.some((v) => v.instancePath === '/status'), JSON.stringify(wrongStatus));
  });
});
