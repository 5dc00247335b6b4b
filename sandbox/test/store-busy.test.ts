/**
 * A write waits for the checkpointer's gate while the checkpointer holds the write lock
 * (docs/decisions/0097). A write that finds the write lock taken waits for it in real time (BUSY_TIMEOUT_MS), not in
 * SQLite's busy-handler sleeps: a signal cuts those short (the CPU profiler's SIGPROF, every
 * millisecond), and a payment create then answered 500 HE_00 after about 100 ms while the
 * checkpointer's worker truncated the log. Here a second connection holds the lock for longer
 * than the connection's own (shortened) busy timeout lets SQLite wait.
 */
import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, it } from 'node:test';
import { openDatabase } from '../store/db.js';
import { Store } from '../store/repo.js';
import { temporaryFolder } from './helpers.js';

/** Another connection, in a worker thread, that holds the write lock for `holdMs` and then lets go. */
async function holdWriteLock(path: string, holdMs: number): Promise<Worker> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const db = new (require(workerData.driver))(workerData.path);
     db.exec('BEGIN IMMEDIATE');
     parentPort.postMessage('locked');
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.holdMs);
     db.exec('COMMIT');
     db.close();`,
    { eval: true, workerData: { path, driver, holdMs } },
  );
  await new Promise((resolve) => worker.once('message', resolve));
  return worker;
}

describe('a write behind another connection', () => {
  const dir = temporaryFolder('tender-busy-');

  it("waits until the lock is free even when SQLite's busy handler gives up first, and runs its work once", async () => {
    const path = join(dir(), 'busy.db');
    const db = openDatabase(path);
    // SQLite alone would give up after 20 ms of its own sleeps (as a cut-short 5 s does under the profiler)
    db.pragma('busy_timeout = 20');
    assert.throws(
      () => {
        const other = openDatabase(path);
        try {
          other.exec('BEGIN IMMEDIATE');
          db.exec('BEGIN IMMEDIATE');
        } finally {
          if (other.inTransaction) other.exec('ROLLBACK');
          other.close();
        }
      },
      { code: 'SQLITE_BUSY' },
      'the shortened busy timeout alone gives up',
    );
    const store = new Store(db);
    const worker = await holdWriteLock(path, 300);
    let runs = 0;
    try {
      const organization = { organization_id: 'org_busy', organization_name: null } as never;
      store.transaction(() => {
        runs += 1;
        store.putOrganization(organization);
      });
      assert.equal(runs, 1);
      assert.ok(store.organization('org_busy'));
    } finally {
      await worker.terminate();
      db.close();
    }
  });

  it("waits while the checkpointer's gate says it holds the lock, and begins once the gate opens", async () => {
    const db = openDatabase(join(dir(), 'gate.db'));
    const store = new Store(db);
    // [0]: the gate (store/checkpointer.ts); [1]: set to 1 by the worker just before it opens the gate
    const cells = new Int32Array(new SharedArrayBuffer(8));
    store.useWriteGate(cells.subarray(0, 1));
    Atomics.store(cells, 0, 1);
    const worker = new Worker(
      `const { workerData } = require('node:worker_threads');
       const cells = new Int32Array(workerData.buffer);
       Atomics.wait(cells, 1, 0, 200); // (nothing notifies this: a 200 ms pause)
       Atomics.store(cells, 1, 1);
       Atomics.store(cells, 0, 0);
       Atomics.notify(cells, 0);`,
      { eval: true, workerData: { buffer: cells.buffer } },
    );
    // what the load bench's monitor hears (bench/sandbox-monitor.ts): how long the write waited
    const told: number[] = [];
    const listener = (message: unknown) => told.push((message as { waitedMs: number }).waitedMs);
    subscribe('tender.sandbox.write-gate', listener);
    try {
      // the lock itself is free all along: only the gate keeps the write from beginning at once
      const seen = store.transaction(() => Atomics.load(cells, 1));
      assert.equal(seen, 1, 'the transaction began before the gate opened');
      // the worker paused 200 ms after this thread began to wait
      assert.equal(told.length, 1);
      assert.ok((told[0] ?? 0) >= 199, `the wait was told as ${told[0]} ms`);
      store.transaction(() => 0);
      assert.equal(told.length, 1, 'a write that found the gate open was told as a wait');
    } finally {
      unsubscribe('tender.sandbox.write-gate', listener);
      await worker.terminate();
      db.close();
    }
  });

  it('tells a route to wait for the gate without holding the event loop, and to go on at once when it is open', async () => {
    const db = openDatabase(join(dir(), 'writable.db'));
    const store = new Store(db);
    const cells = new Int32Array(new SharedArrayBuffer(8));
    store.useWriteGate(cells.subarray(0, 1));
    try {
      assert.equal(store.writable(), null, 'the gate is open: nothing to wait for');
      Atomics.store(cells, 0, 1);
      const waiting = store.writable();
      assert.ok(waiting, 'the gate is closed: a promise to wait on');
      let settled = false;
      void waiting.then(() => {
        settled = true;
      });
      // the event loop goes on while the gate is closed (Store.transaction() would have held it)
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(settled, false, 'the wait ended while the gate was still closed');
      const worker = new Worker(
        `const { workerData } = require('node:worker_threads');
         const cells = new Int32Array(workerData.buffer);
         Atomics.store(cells, 1, 1);
         Atomics.store(cells, 0, 0);
         Atomics.notify(cells, 0);`,
        { eval: true, workerData: { buffer: cells.buffer } },
      );
      try {
        await waiting;
        assert.equal(Atomics.load(cells, 1), 1, 'the wait ended before the worker opened the gate');
        assert.equal(store.writable(), null);
      } finally {
        await worker.terminate();
      }
    } finally {
      db.close();
    }
  });

  it('an error inside the work is not tried again', () => {
    const db = openDatabase(join(dir(), 'once.db'));
    const store = new Store(db);
    let runs = 0;
    try {
      assert.throws(
        () =>
          store.transaction(() => {
            runs += 1;
            throw Object.assign(new Error('busy inside the work'), { code: 'SQLITE_BUSY' });
          }),
        /busy inside the work/,
      );
      assert.equal(runs, 1);
    } finally {
      db.close();
    }
  });
});
