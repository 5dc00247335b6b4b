/**
 * The customer lists (docs/sandbox.md, "Listing customers"): `GET /customers/list` and
 * `GET /customers/list_with_count`, as upstream's `list_customers` and `list_customers_with_count`
 * (juspay/hyperswitch at d1688907): the calling merchant's customers, oldest first, paged by
 * `limit` and `offset` with upstream's bounds and words, deleted customers listed redacted, the
 * merchant's secret key only.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertApiError, startTestSandbox, type TestSandbox, UNAUTHORIZED } from './helpers.js';

type Body = Record<string, unknown>;

let sandbox: TestSandbox;
let counter = 0;

/** A new merchant with its own secret and publishable keys, so each test counts only its customers. */
async function newMerchant(): Promise<{ secretKey: string; publishableKey: string }> {
  const { secretKey, publishableKey } = await sandbox.createMerchant(`list_shop_${++counter}`);
  return { secretKey, publishableKey };
}

/** Creates the customers in this order; ids run backwards, so the list's order is not the ids' order. */
async function createCustomers(key: string, count: number, extra: Body = {}): Promise<string[]> {
  const ids: string[] = [];
  for (let n = count; n >= 1; n -= 1) {
    const customerId = `z_${String(n).padStart(3, '0')}`;
    const response = await sandbox.request('POST', '/customers', { key, body: { customer_id: customerId, name: `Customer ${n}`, ...extra } });
    assert.equal(response.status, 200, response.text);
    ids.push(customerId);
  }
  return ids;
}

const list = (key: string | null, query: Record<string, string> = {}) => sandbox.request<Body[]>('GET', '/customers/list', { key, query });

const listWithCount = (key: string | null, query: Record<string, string> = {}) =>
  sandbox.request<{ data: Body[]; total_count: number }>('GET', '/customers/list_with_count', { key, query });

const idsOf = (customers: Body[]) => customers.map((customer) => customer['customer_id']);

describe('customer lists', () => {
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  describe('GET /customers/list', () => {
    it('lists the merchant\'s customers oldest first, 10 by default', async () => {
      const { secretKey } = await newMerchant();
      const ids = await createCustomers(secretKey, 12);
      const response = await list(secretKey);
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(idsOf(response.body), ids.slice(0, 10));
    });

    it('pages with limit and offset; an offset past the end and limit 0 give an empty page', async () => {
      const { secretKey } = await newMerchant();
      const ids = await createCustomers(secretKey, 6);
      assert.deepEqual(idsOf((await list(secretKey, { limit: '3', offset: '2' })).body), ids.slice(2, 5));
      assert.deepEqual(idsOf((await list(secretKey, { limit: '3', offset: '4' })).body), ids.slice(4));
      assert.deepEqual(idsOf((await list(secretKey, { limit: '300' })).body), ids);
      assert.deepEqual((await list(secretKey, { offset: '6' })).body, []);
      assert.deepEqual((await list(secretKey, { limit: '0' })).body, []);
      assert.deepEqual((await list(secretKey, { offset: '4294967295' })).body, []);
    });

    it('answers each customer as GET /customers/{id} does, with address null as upstream\'s list', async () => {
      const { secretKey } = await newMerchant();
      const created = await sandbox.request('POST', '/customers', {
        key: secretKey,
        body: { customer_id: 'with_address', name: 'Jo', email: 'jo@example.com', address: { city: 'Lyon', country: 'FR' }, metadata: { tier: 'gold' } },
      });
      assert.equal(created.status, 200, created.text);
      const retrieved = await sandbox.request('GET', '/customers/with_address', { key: secretKey });
      assert.notEqual(retrieved.body['address'], null);
      assert.deepEqual((await list(secretKey)).body, [{ ...retrieved.body, address: null }]);
    });

    it('narrows to one customer with customer_id', async () => {
      const { secretKey } = await newMerchant();
      const ids = await createCustomers(secretKey, 3);
      assert.deepEqual(idsOf((await list(secretKey, { customer_id: ids[1] as string })).body), [ids[1]]);
      assert.deepEqual((await list(secretKey, { customer_id: 'nobody' })).body, []);
    });

    it('refuses a limit or offset upstream cannot read, in its words', async () => {
      const { secretKey } = await newMerchant();
      const cases: [Record<string, string>, string][] = [
        [{ limit: 'ten' }, 'invalid digit found in string'],
        [{ limit: '-1' }, 'invalid digit found in string'],
        [{ limit: '' }, 'cannot parse integer from empty string'],
        [{ limit: '65536' }, 'number too large to fit in target type'],
        [{ offset: '4294967296' }, 'number too large to fit in target type'],
        [{ offset: '1.5' }, 'invalid digit found in string'],
      ];
      for (const [query, detail] of cases) {
        assertApiError(await sandbox.request('GET', '/customers/list', { key: secretKey, query }), 400, 'IR_06', `Query deserialize error: ${detail}`);
      }
      assert.equal((await list(secretKey, { limit: '65535', offset: '+0' })).status, 200);
    });

    it('takes the secret key only', async () => {
      const { publishableKey } = await newMerchant();
      for (const key of [publishableKey, null, 'snd_not_a_key']) {
        const response = await list(key);
        assert.equal(response.status, 401, response.text);
        assert.deepEqual(response.body, UNAUTHORIZED);
      }
    });

    it('is not a customer id: POST and DELETE on it are 405, as upstream\'s resource', async () => {
      const { secretKey } = await newMerchant();
      assertApiError(await sandbox.request('POST', '/customers/list', { key: secretKey, body: { name: 'x' } }), 405, 'IR_03');
      assertApiError(await sandbox.request('DELETE', '/customers/list_with_count', { key: secretKey }), 405, 'IR_03');
      // nor is the browser's saved-card list (it answered the customer update's 404 HE_02)
      assertApiError(await sandbox.request('POST', '/customers/payment_methods', { key: secretKey, body: { name: 'x' } }), 405, 'IR_03');
    });
  });

  describe('GET /customers/list_with_count', () => {
    it('answers 20 by default and the total, and pages through the rest', async () => {
      const { secretKey } = await newMerchant();
      const ids = await createCustomers(secretKey, 23);
      const first = await listWithCount(secretKey);
      assert.equal(first.status, 200, first.text);
      assert.deepEqual(Object.keys(first.body), ['data', 'total_count']);
      assert.equal(first.body.total_count, 23);
      assert.deepEqual(idsOf(first.body.data), ids.slice(0, 20));
      const rest = await listWithCount(secretKey, { limit: '20', offset: '20' });
      assert.deepEqual(idsOf(rest.body.data), ids.slice(20));
      assert.equal(rest.body.total_count, 23);
      const beyond = await listWithCount(secretKey, { offset: '9999' });
      assert.deepEqual(beyond.body, { data: [], total_count: 23 });
    });

    it('takes a limit of 1 to 100 and refuses the others as upstream\'s CustomerListLimit', async () => {
      const { secretKey } = await newMerchant();
      const ids = await createCustomers(secretKey, 3);
      assert.deepEqual(idsOf((await listWithCount(secretKey, { limit: '1' })).body.data), ids.slice(0, 1));
      assert.deepEqual(idsOf((await listWithCount(secretKey, { limit: '100' })).body.data), ids);
      assertApiError(await listWithCount(secretKey, { limit: '0' }), 400, 'IR_06', 'Query deserialize error: CustomerListLimit cannot be less than 1');
      assertApiError(
        await listWithCount(secretKey, { limit: '101' }),
        400,
        'IR_06',
        'Query deserialize error: CustomerListLimit exceeds the maximum allowed value of 100',
      );
      assertApiError(await listWithCount(secretKey, { limit: '70000' }), 400, 'IR_06', 'Query deserialize error: number too large to fit in target type');
      assertApiError(await listWithCount(secretKey, { offset: 'x' }), 400, 'IR_06', 'Query deserialize error: invalid digit found in string');
    });

    it('counts only what customer_id selects', async () => {
      const { secretKey } = await newMerchant();
      const ids = await createCustomers(secretKey, 4);
      const one = await listWithCount(secretKey, { customer_id: ids[2] as string });
      assert.equal(one.body.total_count, 1);
      assert.deepEqual(idsOf(one.body.data), [ids[2]]);
      assert.deepEqual((await listWithCount(secretKey, { customer_id: 'nobody' })).body, { data: [], total_count: 0 });
    });

    it('narrows to a created time range; a range it cannot read filters nothing, as upstream\'s flattened Option', async () => {
      const { secretKey } = await newMerchant();
      const ids = await createCustomers(secretKey, 3);
      const all = (await listWithCount(secretKey)).body.data;
      const createdAt = all.map((customer) => String(customer['created_at']));
      const upToSecond = ids.filter((_, at) => (createdAt[at] as string) <= (createdAt[1] as string));
      const range = await listWithCount(secretKey, { start_time: '2000-01-01T00:00:00Z', end_time: createdAt[1] as string });
      assert.deepEqual(idsOf(range.body.data), upToSecond);
      assert.equal(range.body.total_count, upToSecond.length);
      assert.deepEqual((await listWithCount(secretKey, { start_time: '2999-01-01T00:00:00Z' })).body, { data: [], total_count: 0 });
      // no offset: not upstream's ISO 8601 date-time, so no TimeRange, so no filter
      assert.equal((await listWithCount(secretKey, { start_time: '2999-01-01T00:00:00' })).body.total_count, 3);
    });

    it('takes the secret key only', async () => {
      const { publishableKey } = await newMerchant();
      for (const key of [publishableKey, null]) {
        const response = await listWithCount(key);
        assert.equal(response.status, 401, response.text);
        assert.deepEqual(response.body, UNAUTHORIZED);
      }
    });
  });

  it('never lists another merchant\'s customers, even with the same ids', async () => {
    const first = await newMerchant();
    const second = await newMerchant();
    const firstIds = await createCustomers(first.secretKey, 2);
    await createCustomers(second.secretKey, 3, { name: 'Second merchant' });
    const listed = (await list(first.secretKey)).body;
    assert.deepEqual(idsOf(listed), firstIds);
    assert.ok(listed.every((customer) => customer['name'] !== 'Second merchant'));
    const counted = await listWithCount(first.secretKey);
    assert.equal(counted.body.total_count, 2);
    assert.ok(counted.body.data.every((customer) => customer['name'] !== 'Second merchant'));
    assert.deepEqual((await list(first.secretKey, { customer_id: 'z_003' })).body, []);
  });

  it('lists a deleted customer in its place, redacted, as upstream\'s list does', async () => {
    const { secretKey } = await newMerchant();
    const ids = await createCustomers(secretKey, 3, { email: 'c@example.com', phone: '999999999', phone_country_code: '+65', description: 'first' });
    const deleted = await sandbox.request('DELETE', `/customers/${ids[1]}`, { key: secretKey });
    assert.equal(deleted.status, 200, deleted.text);
    assertApiError(await sandbox.request('GET', `/customers/${ids[1]}`, { key: secretKey }), 400, 'IR_11');
    const listed = (await list(secretKey)).body;
    assert.deepEqual(idsOf(listed), ids);
    const redacted = listed[1] as Body;
    for (const member of ['name', 'email', 'phone', 'phone_country_code', 'description']) assert.equal(redacted[member], 'Redacted', member);
    assert.equal((listed[0] as Body)['name'], 'Customer 3');
    assert.equal((await listWithCount(secretKey)).body.total_count, 3);
  });
});
