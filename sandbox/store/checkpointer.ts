import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * How much the write-ahead log may hold before the checkpointer restarts it while writes go on
 * (it then holds the writer back for as long as the restart takes).
 */
export const WAL_LIMIT_BYTES = 16 * 1024 * 1024;
/** The log file's size above which it is truncated as soon as a checkpoint has caught up with the writer. */
export const WAL_QUIET_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * Copies the write-ahead log into the database file from a worker thread, so that the copy (and
 * its fsync) never stalls the event loop in the middle of a request. The main connection runs with
 * `wal_autocheckpoint = 0`. A PASSIVE checkpoint never blocks writers (docs/decisions/0001), but
 * under a steady stream of writes it never catches up with them either: SQLite restarts the log
 * from its beginning only after a checkpoint that copied every frame, so the file grew without
 * bound. A RESTART or TRUNCATE checkpoint restarts it, but holds the writer (every request that
 * writes) back while it copies the frames the PASSIVE round left and syncs the database file, and
 * TRUNCATE also while it gives the file's blocks back (tens of milliseconds for a large file).
 * So (docs/decisions/0095): once the log holds more than WAL_LIMIT_BYTES the checkpointer
 * RESTARTs it (the writer then overwrites the file from its start: it stays about that size), and
 * it TRUNCATEs the file only when a PASSIVE round copied every frame of it (nobody wrote
 * meanwhile: nothing is left to copy and nobody waits) and the file is over WAL_QUIET_LIMIT_BYTES,
 * and when the sandbox stops.
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
// a log file is a 32-byte header and frames of a page and a 24-byte header each
const frameSize = () => db.pragma('page_size', { simple: true }) + 24;
const run = (final) => {
  try {
    const [passive] = db.pragma('wal_checkpoint(PASSIVE)');
    const size = walSize();
    // the round's counts are of the frames it saw when it began: a second round that finds the same
    // log (it copies nothing) says nobody wrote meanwhile
    const caughtUp = passive.busy === 0 && passive.log === passive.checkpointed && size > workerData.quietLimit &&
      db.pragma('wal_checkpoint(PASSIVE)')[0].log === passive.log;
    if (final || caughtUp) db.pragma('wal_checkpoint(TRUNCATE)');
    else if (passive.log * frameSize() > workerData.limit) db.pragma('wal_checkpoint(RESTART)');
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
