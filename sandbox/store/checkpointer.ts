import { closeSync, openSync } from 'node:fs';
import { channel } from 'node:diagnostics_channel';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * How much the write-ahead log may hold before the checkpointer restarts it while writes go on
 * (it then holds the writer back for as long as the restart takes: it copies what the PASSIVE rounds
 * right before it left and syncs the log and the database file, docs/decisions/0097). Under full
 * load (about 35 KB of log a confirm, 1,500–2,000 confirms a second) that is a restart every
 * 0.25–0.4 s.
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
 * So (docs/decisions/0095, 0097): once the log holds more than WAL_LIMIT_BYTES the checkpointer
 * RESTARTs it (the writer then overwrites the file from its start: it stays about that size), after
 * PASSIVE rounds that copy what was written meanwhile, so that the restart has little left to copy
 * and sync while it holds the lock. It TRUNCATEs the file only when a round finds the very log the
 * round before left, all of it copied (nobody wrote for a whole round: nothing is left to copy and
 * nobody waits), and the file is over WAL_QUIET_LIMIT_BYTES, and when the sandbox stops. While it
 * holds the lock it says so in `gate`, so that a write waits for exactly as long as the hold.
 */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { fdatasyncSync, statSync } = require('node:fs');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
const walSize = () => {
  try { return statSync(workerData.path + '-wal').size; } catch { return 0; }
};
// a log file is a 32-byte header and frames of a page and a 24-byte header each
const frameSize = () => db.pragma('page_size', { simple: true }) + 24;
// 1 while this worker holds the write lock (or is about to take it): Store.transaction() waits for
// the 0 and the notify that follow, instead of sleeping in SQLite's busy handler
const gate = new Int32Array(workerData.gate);
const holding = (mode) => {
  const start = performance.now();
  Atomics.store(gate, 0, 1);
  try { return db.pragma('wal_checkpoint(' + mode + ')'); } finally {
    Atomics.store(gate, 0, 0);
    Atomics.notify(gate, 0);
    // how long the gate was closed, for the main thread's diagnostics channel (Checkpointer)
    const end = performance.now();
    parentPort.postMessage({ mode, heldMs: end - start, endedAt: performance.timeOrigin + end });
  }
};
let lastLog = -1;
const run = (final) => {
  try {
    let [passive] = db.pragma('wal_checkpoint(PASSIVE)');
    // the counts are of the frames the round saw when it began: a round that finds the log the last
    // round left, all of it copied, says nobody wrote for a whole round (a second round right after
    // the first said only that nobody wrote for a millisecond or two, and truncated mid-load)
    const caughtUp = passive.busy === 0 && passive.log === passive.checkpointed && passive.log === lastLog && walSize() > workerData.quietLimit;
    lastLog = passive.log;
    if (final || caughtUp) holding('TRUNCATE');
    else if (passive.log * frameSize() > workerData.limit) {
      // Copy (and sync) what was written during that round too, without the lock, while a round
      // finds much new: the restart then holds the lock only for the last few frames and their sync.
      // Under writes a PASSIVE round never syncs the database file (SQLite syncs it only when the
      // round copied the whole log, and the writer has always added to it meanwhile), so the pages
      // the rounds copied stayed dirty and the restart flushed them all while it held the lock
      // (most of its 10–20 ms). Each round here first flushes what the rounds before copied,
      // through a file descriptor of its own (docs/decisions/0104).
      for (let round = 0; round < 3; round += 1) {
        fdatasyncSync(workerData.dbFd);
        const [again] = db.pragma('wal_checkpoint(PASSIVE)');
        const written = again.log - passive.log;
        passive = again;
        if (written <= workerData.catchUpFrames) break;
      }
      holding('RESTART');
    }
  } catch (error) { parentPort.postMessage(String(error && error.message)); }
};
const timer = setInterval(() => run(false), workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); run(true); db.close(); parentPort.close(); });
`;

/**
 * A restart copies what the PASSIVE rounds before it left and syncs it while it holds the lock: more
 * PASSIVE rounds run first (at most three) until one finds no more than this many new frames.
 */
export const CATCH_UP_FRAMES = 64;

/** What the worker tells of each time it held the write lock (the gate was closed). */
export interface CheckpointHold {
  mode: 'RESTART' | 'TRUNCATE';
  heldMs: number;
  /** When the gate opened again, in epoch milliseconds. */
  endedAt: number;
}

/**
 * Told every hold of the write lock (CheckpointHold), when anyone listens (bench/sandbox-monitor.ts):
 * the writes parked on the gate wait this long, and the event loop's next turn after it.
 */
const holdChannel = channel('tender.sandbox.checkpoint-hold');

export interface Checkpointer {
  /**
   * One 32-bit cell the worker sets to 1 while it holds the write lock (or is about to take it)
   * and back to 0, with a notify, when it lets go: `Store.useWriteGate()`.
   */
  readonly gate: Int32Array;
  /** Stops the worker after a last TRUNCATE checkpoint. */
  stop(): Promise<void>;
  /**
   * Closes the database file's descriptor the worker syncs through: call it after stop() and after
   * every SQLite connection of this process to that file is closed. Closing any descriptor of a file
   * drops all of the process's POSIX locks on it (SQLite's among them), so it stays open until then.
   */
  closeFile(): void;
}

export function startCheckpointer(
  path: string,
  everyMs = 200,
  onError: (message: string) => void = () => {},
  limit = WAL_LIMIT_BYTES,
  quietLimit = Math.min(WAL_QUIET_LIMIT_BYTES, limit),
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const gate = new Int32Array(new SharedArrayBuffer(4));
  // read-only, for fdatasync() alone: it never takes a lock
  let dbFd = openSync(path, 'r');
  const worker = new Worker(SOURCE, { eval: true, workerData: { path, dbFd, everyMs, driver, limit, quietLimit, gate: gate.buffer, catchUpFrames: CATCH_UP_FRAMES } });
  worker.on('message', (message: string | CheckpointHold) => {
    if (typeof message === 'string') onError(message);
    else if (holdChannel.hasSubscribers) holdChannel.publish(message);
  });
  // a worker that ends while it holds the gate must not leave the writes waiting for it
  worker.on('exit', () => {
    Atomics.store(gate, 0, 0);
    Atomics.notify(gate, 0);
  });
  worker.unref();
  return {
    gate,
    stop: () =>
      new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.ref(); // keep the process alive until the last checkpoint is written
        worker.postMessage('stop');
      }),
    closeFile: () => {
      if (dbFd >= 0) closeSync(dbFd);
      dbFd = -1;
    },
  };
}
