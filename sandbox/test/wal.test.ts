/**
 * The write-ahead log stays bounded while the sandbox runs: under a steady stream of writes a
 * PASSIVE checkpoint never catches up with the writer, so the log was never restarted and grew
 * without bound (134 MB beside a 52 MB database after 10,000 payments).
 */
import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { WAL_LIMIT_BYTES, type CheckpointHold } from '../store/checkpointer.js';
import { cardPayment, startTestSandbox, temporaryFolder, type TestSandbox } from './helpers.js';

const walSize = (dbPath: string): number => {
  try {
    return statSync(`${dbPath}-wal`).size;
  } catch {
    return 0; // no log at all (truncated away, or not created yet)
  }
};

/** Eight clients each creating and confirming 150 payments: how many were written, and the log's largest size meanwhile. */
async function writePayments(sandbox: TestSandbox, dbPath: string): Promise<{ peak: number; written: number }> {
  let peak = 0;
  let written = 0;
  const client = async (payments: number) => {
    for (let n = 0; n < payments; n += 1) {
      const payment = await sandbox.createPayment({ amount: 1000 + n, currency: 'USD', description: 'x'.repeat(500), metadata: { n: String(n) } });
      const confirm = await sandbox.request('POST', `/payments/${String(payment.payment_id)}/confirm`, { body: cardPayment('4242424242424242') });
      assert.equal(confirm.body.status, 'succeeded');
      written += 1;
      peak = Math.max(peak, walSize(dbPath));
    }
  };
  await Promise.all(Array.from({ length: 8 }, () => client(150)));
  return { peak, written };
}

describe('write-ahead log', () => {
  const dir = temporaryFolder('tender-wal-');

  it('stays bounded under a steady stream of payments, and is truncated once the writes stop', async () => {
    const dbPath = join(dir(), 'wal.db');
    const sandbox = await startTestSandbox({ dbPath });
    try {
      const { peak, written } = await writePayments(sandbox, dbPath);
      const database = statSync(dbPath).size;
      // the checkpointer runs every 200 ms: give it a few rounds once the writes stop
      await sleep(1000);
      const settled = walSize(dbPath);
      assert.ok(settled <= WAL_LIMIT_BYTES, `the log is ${settled} bytes once ${written} payments stopped`);
      assert.ok(peak <= 4 * WAL_LIMIT_BYTES + database / 4, `the log peaked at ${peak} bytes (database ${database})`);
    } finally {
      await sandbox.close();
    }
  });

  it('stays within a few times its limit while the writes go on, with a limit the writes pass many times over', async () => {
    // WAL_LIMIT_BYTES (16 MB) is about what this test writes: a 1 MB limit proves the restart under writes
    const limit = 1024 * 1024;
    const dbPath = join(dir(), 'wal-limit.db');
    const sandbox = await startTestSandbox({ dbPath, walLimitBytes: limit });
    try {
      const { peak, written } = await writePayments(sandbox, dbPath);
      const database = statSync(dbPath).size;
      // every page of the database went through the log at least once: it would be this large without truncation
      assert.ok(database > 4 * limit, `${written} payments made a database of ${database} bytes`);
      // Without a restart the log keeps every frame written through it: at least one 8 KB page (and its 24-byte
      // header) for each of a payment's two commits, its create and its confirm. With restarts it holds what was
      // written since the last one, so at most half of that. (Not a multiple of the limit: how far the log goes
      // past it depends on how many writes this machine makes between two of the checkpointer's rounds: 4–6×
      // here, and the old bound of 4× the limit and a quarter of the database failed one run in five.)
      const leastWritten = 2 * written * (8192 + 24);
      assert.ok(peak <= leastWritten / 2, `the log peaked at ${peak} bytes, of at least ${leastWritten} written through it (database ${database}, limit ${limit})`);
      // restarted logs keep their file's size: once the writes stop a round catches up and truncates it
      await sleep(1000);
      assert.ok(walSize(dbPath) <= limit, `the log file is ${walSize(dbPath)} bytes once the writes stopped`);
    } finally {
      await sandbox.close();
    }
  });

  it('tells each time the checkpointer held the write lock, with how long, and the sandbox closes with the log restarted under writes', async () => {
    const holds: CheckpointHold[] = [];
    const listener = (message: unknown) => holds.push(message as CheckpointHold);
    subscribe('tender.sandbox.checkpoint-hold', listener);
    const dbPath = join(dir(), 'wal-holds.db');
    const sandbox = await startTestSandbox({ dbPath, walLimitBytes: 1024 * 1024 });
    try {
      await writePayments(sandbox, dbPath);
    } finally {
      await sandbox.close();
      unsubscribe('tender.sandbox.checkpoint-hold', listener);
    }
    const restarts = holds.filter((hold) => hold.mode === 'RESTART');
    assert.ok(restarts.length > 0, `holds told: ${JSON.stringify(holds)}`);
    for (const hold of holds) {
      assert.ok(hold.heldMs >= 0 && Number.isFinite(hold.heldMs), JSON.stringify(hold));
      assert.ok(Math.abs(hold.endedAt - Date.now()) < 60_000, JSON.stringify(hold));
    }
    // the last one is the TRUNCATE of close()
    assert.equal(holds.at(-1)?.mode, 'TRUNCATE');
  });
});
