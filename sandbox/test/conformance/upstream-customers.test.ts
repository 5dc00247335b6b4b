/**
 * The real service's own customer-list tests, replayed against the sandbox with their requests as
 * sent and their assertions, in a small replay of their own: each Cypress command below is a port of
 * `cypress-tests/cypress/support/commands.js` (juspay/hyperswitch), each `it` a case of the spec
 * file it cites, at the commit named.
 *
 * Merged upstream is `e2e/spec/Payment/00033-CustomerListTests.cy.js`, added with its command
 * `customerListWithCountCallTest` by 5e54cdc533680a8371ef23ddc4bbf5674faff46a (PR #10183; renamed
 * `34-CustomerListTests.cy.js` since, unchanged). `00033-CustomerListWithCount.cy.js`,
 * `00034-CustomerPagination.cy.js` and `00035-CustomerLimitValidation.cy.js` are earlier revisions
 * of the same PR (07a6dbc549db43307a05939800dc1f00a4dfd36d, a branch commit): the review merged
 * them into the one file, and the commands they call were never in a published commands.js, so
 * their cases are `todo` and say what is replayed instead. The old list, `GET /customers/list`, is
 * `customerListCall` of `00000-CoreFlows.cy.js` at 5e54cdc5.
 *
 * Requests go by plain fetch with the headers the commands send; the answers are checked against
 * the OpenAPI document in sandbox/test/customer-list.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestSandbox, type TestSandbox } from '../helpers.js';
import { customerCreateBody, type Body } from './upstream-fixtures.js';

/** Cypress's `globalState` as these commands read it: the base URL and the merchant's secret key. */
interface GlobalState {
  baseUrl: string;
  apiKey: string;
  customerId?: string;
}

/** `cy.request` with `failOnStatusCode: false`, the headers the commands send. */
async function request(globalState: GlobalState, method: string, path: string, body?: Body): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${globalState.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'api-key': globalState.apiKey },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

/** chai's `.not.be.empty`: a string with characters, an object with an own enumerable member. */
function assertNotEmpty(value: unknown, what: string): void {
  if (typeof value === 'string' || Array.isArray(value)) assert.ok(value.length > 0, `${what} is empty`);
  else assert.ok(typeof value === 'object' && value !== null && Object.keys(value).length > 0, `${what} is empty`);
}

/** commands.js@5e54cdc5 `createCustomerCallTest` (line 901). */
async function createCustomerCallTest(customerCreateBody: Body, globalState: GlobalState): Promise<void> {
  const response = await request(globalState, 'POST', '/customers', customerCreateBody);
  if (response.status === 200) {
    globalState.customerId = String(response.body['customer_id']);
    assertNotEmpty(response.body['customer_id'], 'customer_id');
    assert.equal(customerCreateBody['email'], response.body['email'], 'email');
    assert.equal(customerCreateBody['name'], response.body['name'], 'name');
    assert.equal(customerCreateBody['phone'], response.body['phone'], 'phone');
    assert.deepEqual(customerCreateBody['metadata'], response.body['metadata'], 'metadata');
    assert.deepEqual(customerCreateBody['address'], response.body['address'], 'address');
    assert.equal(customerCreateBody['phone_country_code'], response.body['phone_country_code'], 'phone_country_code');
  } else if (response.status === 400) {
    const error = response.body['error'] as Body;
    if (String(error['message']).includes('already exists')) {
      assert.equal(error['code'], 'IR_12');
      assert.equal(error['message'], 'Customer with the given `customer_id` already exists');
    }
  } else {
    // upstream asserts nothing for other statuses; a replay that cannot tell has failed
    assert.fail(`createCustomerCallTest: ${response.status} ${JSON.stringify(response.body)}`);
  }
}

/** commands.js@5e54cdc5 `customerListCall` (line 959): the old list, every entry not empty. */
async function customerListCall(globalState: GlobalState): Promise<Body> {
  const response = await request(globalState, 'GET', '/customers/list');
  for (const key in response.body) assertNotEmpty(response.body[key], `body[${key}]`);
  return response.body;
}

/** commands.js@5e54cdc5 `customerListWithCountCallTest` (line 981), with its default limit 20 and offset 0. */
async function customerListWithCountCallTest(globalState: GlobalState, limit = 20, offset = 0): Promise<Body> {
  const response = await request(globalState, 'GET', `/customers/list_with_count?limit=${limit}&offset=${offset}`);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.ok('data' in response.body, 'has property data');
  assert.ok('total_count' in response.body, 'has property total_count');
  const actualDataLength = (response.body['data'] as unknown[]).length;
  const totalCount = response.body['total_count'];
  // Validate total_count is a number
  assert.equal(typeof totalCount, 'number');
  // Data length should never exceed the requested limit
  assert.ok(actualDataLength <= limit, `Data length (${actualDataLength}) should not exceed limit (${limit})`);
  if (offset < (totalCount as number)) {
    const remainingRecords = (totalCount as number) - offset;
    const expectedDataLength = Math.min(limit, remainingRecords);
    assert.equal(
      actualDataLength,
      expectedDataLength,
      `Expected ${expectedDataLength} records but got ${actualDataLength} (total: ${String(totalCount)}, offset: ${offset}, limit: ${limit})`,
    );
  } else {
    assert.equal(actualDataLength, 0, `When offset (${offset}) >= total_count (${String(totalCount)}), data should be empty`);
  }
  return response.body;
}

/** How many customers the suite's merchant has when the list specs run (upstream's earlier specs create them). */
const CUSTOMERS = 7;

describe('upstream customer-list tests, requests as sent', () => {
  let sandbox: TestSandbox;
  let merchants = 0;
  /** A merchant of its own for each spec file, as `globalState` carries one merchant through a run. */
  const newGlobalState = async (): Promise<GlobalState> => {
    const { secretKey } = await sandbox.createMerchant(`upstream_customers_${++merchants}`);
    return { baseUrl: sandbox.url, apiKey: secretKey };
  };

  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  // e2e/spec/Payment/00000-CoreFlows.cy.js@5e54cdc5, context "Customer core flows"
  describe('00000-CoreFlows.cy.js@5e54cdc5 Customer core flows', () => {
    let globalState: GlobalState;
    before(async () => {
      globalState = await newGlobalState();
    });

    it('Customer create call', () => createCustomerCallTest(customerCreateBody(), globalState));

    it('Customer list call', async () => {
      const body = await customerListCall(globalState);
      // beyond upstream's check, which an empty list would pass: the customer just created is listed
      assert.ok(Array.isArray(body));
      assert.deepEqual(
        (body as unknown as Body[]).map((customer) => customer['customer_id']),
        [globalState.customerId],
      );
    });
  });

  // e2e/spec/Payment/00033-CustomerListTests.cy.js@5e54cdc5, context "Customer List With Count - Various Limits"
  describe('00033-CustomerListTests.cy.js@5e54cdc5 Customer List With Count - Various Limits', () => {
    let globalState: GlobalState;
    before(async () => {
      globalState = await newGlobalState();
      for (let n = 0; n < CUSTOMERS; n += 1) await createCustomerCallTest(customerCreateBody(), globalState);
    });

    it('should work with default limit (20)', async () => {
      const body = await customerListWithCountCallTest(globalState); // default 20, 0
      assert.equal(body['total_count'], CUSTOMERS);
    });

    it('should work with small limit (5)', async () => {
      await customerListWithCountCallTest(globalState, 5, 0);
    });

    it('should work with limit 1 (edge case)', async () => {
      await customerListWithCountCallTest(globalState, 1, 0);
    });

    it('should work with large limit (100)', async () => {
      await customerListWithCountCallTest(globalState, 100, 0);
    });

    it('should handle offset beyond total_count', async () => {
      await customerListWithCountCallTest(globalState, 10, 9999);
    });
  });

  // The PR's earlier revisions (07a6dbc5): their specs only.
  describe('PR #10183 revisions @07a6dbc5', () => {
    it(
      '00033-CustomerListWithCount.cy.js customer-list-with-count-call-test',
      {
        todo:
          'calls customerListWithCountCallTest(fixtures.customerCreateBody, globalState), a revision of the command that no published ' +
          'commands.js has; its reviewed form (PR #10183 review, 2025-11-11) sent GET /customers/list_with_count?limit=20&offset=0. ' +
          'Replayed: the fixture created, then that request with the merged command\'s assertions (5e54cdc5)',
      },
      async () => {
        const globalState = await newGlobalState();
        await createCustomerCallTest(customerCreateBody(), globalState);
        const body = await customerListWithCountCallTest(globalState, 20, 0);
        assert.equal(body['total_count'], 1);
      },
    );

    it(
      '00034-CustomerPagination.cy.js customer-list-pagination-call-test',
      {
        todo:
          'customerListPaginationCallTest is in no published commands.js; the review merged this file into 00033-CustomerListTests ' +
          '(5e54cdc5). Replayed: the fixture created 7 times, then pages of 5 with the merged command\'s assertions',
      },
      async () => {
        const globalState = await newGlobalState();
        for (let n = 0; n < CUSTOMERS; n += 1) await createCustomerCallTest(customerCreateBody(), globalState);
        const first = await customerListWithCountCallTest(globalState, 5, 0);
        const second = await customerListWithCountCallTest(globalState, 5, 5);
        const ids = [...(first['data'] as Body[]), ...(second['data'] as Body[])].map((customer) => customer['customer_id']);
        assert.equal(new Set(ids).size, CUSTOMERS, 'the two pages hold every customer once');
      },
    );

    it(
      '00035-CustomerLimitValidation.cy.js customer-list-limit-validation-call-test',
      {
        todo:
          'customerListLimitValidationCallTest is in no published commands.js, and the merged suite (5e54cdc5) tests no invalid limit. ' +
          'Replayed: limits 0 and 101, against the router\'s answer (common_types CustomerListLimit at d1688907: 400, ' +
          '"Query deserialize error: …", which upstream sends as text/plain and the sandbox in its envelope)',
      },
      async () => {
        const globalState = await newGlobalState();
        await createCustomerCallTest(customerCreateBody(), globalState);
        for (const [limit, detail] of [
          [0, 'CustomerListLimit cannot be less than 1'],
          [101, 'CustomerListLimit exceeds the maximum allowed value of 100'],
        ] as const) {
          const response = await request(globalState, 'GET', `/customers/list_with_count?limit=${limit}&offset=0`);
          assert.equal(response.status, 400);
          assert.equal((response.body['error'] as Body)['message'], `Query deserialize error: ${detail}`);
        }
      },
    );
  });
});
