import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The write-ahead log's size above which the checkpointer truncates it even while writes go on
 * (it then holds the writer back for as long as the truncation takes).
 */
export const WAL_LIMIT_BYTES = 64 * 1024 * 1024;
/** The log's size above which it is truncated as soon as a checkpoint has caught up with the writer. */
export const WAL_QUIET_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * Copies the write-ahead log into the database file from a worker thread, so that the copy (and
 * its fsync) never stalls the event loop in the middle of a request. The main connection runs with
 * `wal_autocheckpoint = 0`. A PASSIVE checkpoint never blocks writers (docs/decisions/0001), but
 * under a steady stream of writes it never catches up with them either: SQLite restarts the log
 * from its beginning only after a checkpoint that copied every frame, so the file grew without
 * bound. A TRUNCATE checkpoint restarts it and truncates the file to zero bytes, but it holds the
 * writer (every request that writes) back while it copies the frames the PASSIVE round left, syncs
 * the database file and truncates the log: tens of milliseconds on a busy disk, during which the
 * sandbox answers nothing. So the checkpointer truncates the log when a PASSIVE round copied every
 * frame (nobody wrote meanwhile: there is nothing left to copy and nobody to hold back) and the log
 * is over WAL_QUIET_LIMIT_BYTES, and otherwise only once it is over WAL_LIMIT_BYTES
 * (docs/decisions/0095).
 */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { statSync } = require('node:fs');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
const walSize = () => {
  try { return statSync(workerData.path + '-wal').size; } catch { return 0; }
};
const run = (final) => {
  try {
    const [passive] = db.pragma('wal_checkpoint(PASSIVE)');
    const caughtUp = passive && passive.busy === 0 && passive.log === passive.checkpointed;
    const size = walSize();
    if (final || size > workerData.limit || (caughtUp && size > workerData.quietLimit)) db.pragma('wal_checkpoint(TRUNCATE)');
  } catch (error) { parentPort.postMessage(String(error && error.message)); }
};
const timer = setInterval(() => run(false), workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); run(true); db.close(); parentPort.close(); });
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(
  path: string,
  everyMs = 200,
  onError: (message: string) => void = () => {},
  limit = WAL_LIMIT_BYTES,
  quietLimit = Math.min(WAL_QUIET_LIMIT_BYTES, limit),
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(SOURCE, { eval: true, workerData: { path, everyMs, driver, limit, quietLimit } });
  worker.on('message', (message: string) => onError(message));
  worker.unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.ref(); // keep the process alive until the last checkpoint is written
        worker.postMessage('stop');
      }),
  };
}
