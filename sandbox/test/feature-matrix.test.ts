// GET /feature_matrix (domain/feature-matrix.ts): the simulated connectors and what they support, in
// upstream's FeatureMatrixListResponse (every answer is checked against the real service's schema
// too: sandbox/test/conformance/openapi.ts), with no key; a body naming connectors lists those.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request as httpRequest } from 'node:http';
import { startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;

describe('GET /feature_matrix', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  it('lists the simulated connectors with no key, each with cards both ways and mobile money, as upstream names its fields', async () => {
    const answer = await sandbox.request<{ connector_count: number; connectors: Body[] }>('GET', '/feature_matrix', { key: null });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body.connectors.map((connector) => connector.name), ['PHONYPAY', 'FAUXPAY', 'PRETENDPAY', 'STRIPE_TEST', 'ADYEN_TEST', 'CHECKOUT_TEST']);
    assert.equal(answer.body.connector_count, 6);
    const [first] = answer.body.connectors;
    assert.deepEqual([first?.category, first?.integration_status, first?.supported_webhook_flows], ['payment_gateway', 'sandbox', ['payments', 'refunds']]);
    const methods = first?.supported_payment_methods as Body[];
    assert.deepEqual(methods.map((method) => `${String(method.payment_method)}/${String(method.payment_method_type)}`), ['card/credit', 'card/debit', 'wallet/pay_bill', 'wallet/pay_till']);
    assert.deepEqual([methods[0]?.three_ds, methods[0]?.no_three_ds, methods[0]?.mandates, methods[2]?.mandates], ['supported', 'supported', 'supported', 'not_supported']);
    assert.ok((methods[0]?.supported_card_networks as string[]).includes('Visa'));
  });

  /** GET /feature_matrix with a JSON body, as upstream's route reads one (fetch sends no body with GET). */
  const getWithBody = (body: unknown) =>
    new Promise<{ status: number; body: Body }>((resolve, reject) => {
      const text = JSON.stringify(body);
      const sent = httpRequest(new URL('/feature_matrix', sandbox.url), { method: 'GET', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } }, (response) => {
        let answer = '';
        response.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(answer) as Body }));
      });
      sent.on('error', reject);
      sent.end(text);
    });

  it('lists the connectors a body names (any of upstream’s), and refuses a name upstream does not have', async () => {
    const named = await getWithBody({ connectors: ['stripe', 'adyen'] });
    assert.equal(named.status, 200, JSON.stringify(named.body));
    const connectors = named.body.connectors as Body[];
    assert.deepEqual([named.body.connector_count, connectors.map((connector) => connector.name)], [2, ['STRIPE', 'ADYEN']]);
    assert.match(String(connectors[0]?.description), /simulated processor/);
    const unknown = await getWithBody({ connectors: ['nopay'] });
    assert.equal(unknown.status, 400);
    assert.equal((unknown.body.error as Body).code, 'IR_06');
    assert.match(String((unknown.body.error as Body).message), /unknown variant `nopay`/);
  });
});
