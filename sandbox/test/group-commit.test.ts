/**
 * Group commit (docs/decisions/0105): the writes of one event-loop turn share one transaction, each
 * operation's writes a savepoint in it, committed once the turn's I/O callbacks have run. What must
 * hold: an answer never leaves before the writes it tells of are committed; one operation that fails
 * undoes its own writes only; a batch that cannot be committed is lost whole, and every request whose
 * writes were in it answers 500, never the success its route built; a webhook never tells of a write
 * that was not kept. Each is checked from a second connection to the same file, which sees only
 * what was committed.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { MerchantService } from '../domain/merchants.js';
import { startSandbox } from '../server.js';
import type { MerchantAccount, Organization } from '../domain/types.js';
import { WebhookDeliverer } from '../outbox/deliverer.js';
import { openDatabase } from '../store/db.js';
import { BatchLostError } from '../store/group-commit.js';
import { Store } from '../store/repo.js';
import { appOnStore, temporaryFolder } from './helpers.js';

const organization = (id: string): Organization => ({
  organization_id: id,
  organization_name: id,
  organization_details: null,
  metadata: null,
  created_at: '2026-11-28T00:00:00.000Z',
  modified_at: '2026-11-28T00:00:00.000Z',
});

/** A write that succeeds as a statement and makes the COMMIT fail: a key of no merchant, its check deferred to the commit. */
function unkeepableWrite(store: Store): void {
  store.transaction(() => {
    store.db.pragma('defer_foreign_keys = ON');
    store.db.prepare("INSERT INTO api_keys (key_id, merchant_id, key_hash, doc) VALUES ('key_orphan', 'no_such_merchant', 'orphan', '{}')").run();
  });
}

describe('group commit', () => {
  const dir = temporaryFolder('tender-group-');
  let files = 0;
  /** A store with group commit on a new file, and a second connection that sees what is committed. */
  const open = () => {
    files += 1;
    const path = join(dir(), `group-${files}.db`);
    const store = new Store(openDatabase(path));
    const errors: string[] = [];
    store.enableGroupCommit((line) => errors.push(line));
    const reader = new Database(path, { readonly: true });
    const committedOrganizations = () =>
      (reader.prepare('SELECT organization_id FROM organizations ORDER BY organization_id').all() as { organization_id: string }[]).map((row) => row.organization_id);
    return { store, reader, errors, committedOrganizations };
  };

  it('commits the writes of one turn together, after the turn', async () => {
    const { store, committedOrganizations } = open();
    const mark = store.batchMark();
    store.transaction(() => store.putOrganization(organization('org_a')));
    assert.equal(store.db.inTransaction, true, 'the batch stays open after the first operation');
    store.transaction(() => store.putOrganization(organization('org_b')));
    assert.equal(store.batchMark(), mark, 'the second operation joined the same batch');
    assert.deepEqual(committedOrganizations(), [], 'nothing is committed during the turn');
    assert.equal(store.organization('org_b')?.organization_id, 'org_b', 'this connection reads its own writes');
    const pending = store.committed(mark);
    assert.ok(pending, 'a batch is open: committed() waits for it');
    await pending;
    assert.deepEqual(committedOrganizations(), ['org_a', 'org_b']);
    assert.equal(store.committed(mark), null, 'once committed, nothing to wait for');
    assert.equal(store.db.inTransaction, false);
    // the next turn's write opens the next batch
    store.transaction(() => store.putOrganization(organization('org_c')));
    assert.equal(store.batchMark(), mark + 1);
    await store.committed(mark + 1);
    assert.deepEqual(committedOrganizations(), ['org_a', 'org_b', 'org_c']);
  });

  it('undoes an operation that throws, and only that one', async () => {
    const { store, committedOrganizations } = open();
    const mark = store.batchMark();
    store.transaction(() => store.putOrganization(organization('org_kept_1')));
    assert.throws(
      () =>
        store.transaction(() => {
          store.putOrganization(organization('org_undone'));
          throw new Error('declined halfway');
        }),
      /declined halfway/,
    );
    store.transaction(() => store.putOrganization(organization('org_kept_2')));
    await store.committed(mark);
    assert.deepEqual(committedOrganizations(), ['org_kept_1', 'org_kept_2']);
  });

  it('loses a batch that cannot be committed whole, says so, and goes on with the next', async () => {
    const { store, errors, committedOrganizations } = open();
    new MerchantService(store).createAccount({ merchant_id: 'kept_in_memory', merchant_name: 'Before' });
    store.flush();
    const before = committedOrganizations(); // the account's own organization
    const mark = store.batchMark();
    store.transaction(() => store.putOrganization(organization('org_in_lost_batch')));
    store.transaction(() => store.updateMerchant({ ...(store.merchant('kept_in_memory') as MerchantAccount), merchant_name: 'Lost' }));
    assert.equal(store.merchant('kept_in_memory')?.merchant_name, 'Lost', 'read (and kept in memory) within the batch');
    unkeepableWrite(store);
    await assert.rejects(async () => store.committed(mark), BatchLostError);
    assert.deepEqual(committedOrganizations(), before);
    assert.equal(store.organization('org_in_lost_batch'), null, 'this connection no longer reads it either');
    assert.equal(store.merchant('kept_in_memory')?.merchant_name, 'Before', 'the account kept in memory is forgotten with the batch');
    assert.equal(errors.length, 1);
    assert.match(errors[0] ?? '', /^store: a batch of writes was not committed: FOREIGN KEY constraint failed$/);
    // a mark taken before the loss keeps saying so; one taken after it does not
    assert.throws(() => store.committed(mark), BatchLostError);
    const next = store.batchMark();
    store.transaction(() => store.putOrganization(organization('org_after')));
    await store.committed(next);
    assert.deepEqual(committedOrganizations(), [...before, 'org_after'].sort());
  });

  it('loses the batch when SQLite itself ends the transaction under an operation', async () => {
    const { store, committedOrganizations } = open();
    const mark = store.batchMark();
    store.transaction(() => store.putOrganization(organization('org_before')));
    // as SQLite does on some errors (SQLITE_FULL, SQLITE_IOERR): the whole transaction is rolled back
    assert.throws(() => store.transaction(() => store.db.exec('ROLLBACK')));
    assert.equal(store.batchSettled(), null, 'the lost batch is no longer open');
    assert.throws(() => store.committed(mark), BatchLostError);
    const next = store.batchMark();
    store.transaction(() => store.putOrganization(organization('org_after')));
    await store.committed(next);
    assert.deepEqual(committedOrganizations(), ['org_after']);
  });

  it('loses the batch when a write outside any operation made SQLite end the transaction', async () => {
    const { store, committedOrganizations } = open();
    const mark = store.batchMark();
    store.transaction(() => store.putOrganization(organization('org_before')));
    // a statement run outside transaction() (markEventDelivered, for one) whose error rolls back the lot
    store.db.exec('ROLLBACK');
    store.transaction(() => store.putOrganization(organization('org_after')));
    assert.equal(store.batchMark(), mark + 1, 'the next write opened a new batch');
    await store.committed(mark + 1);
    assert.throws(() => store.committed(mark), BatchLostError);
    assert.deepEqual(committedOrganizations(), ['org_after']);
  });

  it('commits an open batch on flush(), and throws when it cannot', () => {
    const { store, committedOrganizations } = open();
    store.transaction(() => store.putOrganization(organization('org_flushed')));
    store.flush();
    assert.deepEqual(committedOrganizations(), ['org_flushed']);
    assert.equal(store.batchSettled(), null);
    store.transaction(() => store.putOrganization(organization('org_not_flushed')));
    unkeepableWrite(store);
    assert.throws(() => store.flush(), BatchLostError);
    assert.deepEqual(committedOrganizations(), ['org_flushed']);
  });

  it('ends a transaction no batch owns before opening one, rather than waiting inside it', async () => {
    const { store, committedOrganizations } = open();
    // as a COMMIT and its ROLLBACK that both failed would leave the connection
    store.db.exec('BEGIN');
    store.putOrganization(organization('org_stray'));
    const mark = store.batchMark();
    store.transaction(() => store.putOrganization(organization('org_batched')));
    await store.committed(mark);
    assert.deepEqual(committedOrganizations(), ['org_batched']);
  });

  it("has the demo merchant committed when startSandbox() returns, before its keys are printed", async () => {
    const path = join(dir(), 'started.db');
    const sandbox = await startSandbox({ port: 0, dbPath: path, log: null });
    const reader = new Database(path, { readonly: true });
    try {
      assert.deepEqual(reader.prepare('SELECT merchant_id FROM merchants').all(), [{ merchant_id: sandbox.demo.merchantId }]);
    } finally {
      reader.close();
      await sandbox.close();
    }
  });

  it('sends no webhook for an event whose batch was lost', async () => {
    const { store } = open();
    const merchants = new MerchantService(store);
    store.flush();
    merchants.createAccount({ merchant_id: 'hooked', webhook_details: { webhook_url: 'https://hooks.example/tender' } });
    store.flush();
    const event = { merchant_id: 'hooked', event_type: 'payment_succeeded' as const, body: '{}', next_attempt_at: 0, created_at: 0 };
    store.transaction(() => store.insertEvent({ ...event, event_id: 'evt_lost' }));
    unkeepableWrite(store);
    const sent: string[] = [];
    const deliverer = new WebhookDeliverer(store, {
      fetch: async (_url, init) => {
        sent.push(String((init?.headers as Record<string, string>)['x-webhook-event-id']));
        return new Response(null, { status: 204 });
      },
    });
    // the outbox is read once the open batch is settled: the event is gone by then
    assert.equal(await deliverer.runOnce(), 0);
    assert.deepEqual(sent, []);
    // an event whose batch is committed is sent
    store.transaction(() => store.insertEvent({ ...event, event_id: 'evt_kept' }));
    assert.equal(await deliverer.runOnce(), 1);
    assert.deepEqual(sent, ['evt_kept']);
    await deliverer.stop();
  });

  describe('over HTTP', () => {
    const app = () => {
      const { store, reader, errors } = open();
      const merchants = new MerchantService(store);
      merchants.createAccount({ merchant_id: 'group_merchant' });
      const secretKey = merchants.createApiKey('group_merchant', { name: 'test', expiration: 'never' }).plaintext;
      store.flush();
      const application = appOnStore(store, { adminKey: 'group-commit-admin-key', errorLog: (line) => errors.push(line) });
      // a route whose write cannot be committed (for this test only)
      application.post('/test/unkeepable', (c) => {
        unkeepableWrite(store);
        c.header('cache-control', 'public, max-age=31536000, immutable');
        c.header('location', 'https://shop.example/thanks');
        return c.json({ kept: true });
      });
      const createPayment = (amount: number) =>
        application.request('http://localhost/payments', {
          method: 'POST',
          headers: { 'api-key': secretKey, 'content-type': 'application/json' },
          body: JSON.stringify({ amount, currency: 'USD' }),
        });
      const committedPayments = () => (reader.prepare('SELECT payment_id FROM payments').all() as { payment_id: string }[]).map((row) => row.payment_id);
      return { store, application, errors, createPayment, committedPayments, publishableKey: (store.merchant('group_merchant') as MerchantAccount).publishable_key };
    };

    it('answers once the writes it tells of are committed, with the requests of one turn in one batch', async () => {
      const { store, createPayment, committedPayments } = app();
      const before = store.batchMark();
      const responses = await Promise.all([1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007].map(createPayment));
      const ids: string[] = [];
      for (const response of responses) {
        assert.equal(response.status, 200);
        ids.push(((await response.json()) as { payment_id: string }).payment_id);
      }
      // when the last answer is read, every payment answered is already on disk for another connection
      assert.deepEqual(committedPayments().sort(), ids.sort());
      assert.equal(store.batchSettled(), null);
      const batches = store.batchMark() - before;
      assert.ok(batches >= 1 && batches < ids.length, `${ids.length} creates in ${batches} batches`);
    });

    it('answers 500 to every request whose writes were in a lost batch, and keeps none of them', async () => {
      const { store, application, errors, createPayment, committedPayments, publishableKey } = app();
      const [unkeepable, created, fromBrowser] = await Promise.all([
        application.request('http://localhost/test/unkeepable', { method: 'POST' }),
        createPayment(2000),
        // a browser's read in the same turn: it may have read what was lost
        application.request('http://localhost/payments/pay_none?client_secret=pay_none_secret_x', { headers: { 'api-key': publishableKey, origin: 'https://shop.example' } }),
      ]);
      for (const response of [unkeepable, created, fromBrowser]) {
        assert.equal(response.status, 500);
        assert.equal(response.headers.get('content-type'), 'application/json');
        assert.deepEqual(((await response.json()) as { error: { code: string } }).error.code, 'HE_00');
      }
      // a new answer: none of the route's own headers (its year of caching is the no-store of every
      // JSON answer), but the browser may still read the error
      assert.equal(unkeepable.headers.get('cache-control'), 'no-store');
      assert.equal(unkeepable.headers.get('location'), null);
      assert.equal(fromBrowser.headers.get('access-control-allow-origin'), '*');
      assert.deepEqual(committedPayments(), []);
      assert.ok(errors.some((line) => line.startsWith('store: a batch of writes was not committed: FOREIGN KEY constraint failed')));
      assert.ok(errors.some((line) => /^unhandled error: BatchLostError in POST \/payments:/.test(line)), errors.join('\n'));
      // the next request's batch is kept
      const after = await createPayment(2001);
      assert.equal(after.status, 200);
      assert.deepEqual(committedPayments(), [((await after.json()) as { payment_id: string }).payment_id]);
      assert.equal(store.batchSettled(), null);
    });
  });
});
