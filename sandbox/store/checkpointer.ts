import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Copies the write-ahead log into the database file from a worker thread, so that the copy (and
 * its fsync) never stalls the event loop in the middle of a request. The main connection runs with
 * `wal_autocheckpoint = 0`. A PASSIVE checkpoint never blocks writers (docs/decisions/0001).
 */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
const run = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (error) { parentPort.postMessage(String(error && error.message)); }
};
const timer = setInterval(run, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); run(); db.close(); parentPort.close(); });
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(path: string, everyMs = 200, onError: (message: string) => void = () => {}): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(SOURCE, { eval: true, workerData: { path, everyMs, driver } });
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
