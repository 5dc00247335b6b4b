import type Database from 'better-sqlite3';
import { maskDigitRuns } from '../domain/errors.js';
import { BUSY_TIMEOUT_MS, isBusy, type Db } from './db.js';

/** A write that a caller was told about was in a batch that could not be committed (GroupCommit.committed()). */
export class BatchLostError extends Error {
  override name = 'BatchLostError';
  constructor() {
    super('the transaction these writes were in could not be committed');
  }
}

interface Batch {
  id: number;
  /** Settles (never rejects) once the batch is committed or lost. */
  done: Promise<void>;
  settle: () => void;
}

/** What the store lends its group commit. */
export interface GroupCommitHooks {
  /** Blocks while the checkpointer holds the write lock (Store's gate, docs/decisions/0097). */
  waitForGate(): void;
  /** Runs `work` as a savepoint of the open transaction (better-sqlite3's nested transaction). */
  nested(work: () => unknown): unknown;
  /** Told when a batch is lost: what was kept in memory beside the database may be of it. */
  lost(): void;
  /** Where a lost batch is told (with every run of digits masked). */
  errorLog: ((line: string) => void) | null;
}

/**
 * Group commit (docs/decisions/0105): the first write of an event-loop turn begins one IMMEDIATE
 * transaction (the batch), every write of the turn is a savepoint in it (all of it kept or none, as
 * before), and a setImmediate commits it once the turn's I/O callbacks (the requests) have run. A
 * batch whose COMMIT fails, or that SQLite ended by itself under an operation (it does on SQLITE_FULL,
 * SQLITE_IOERR…), is lost whole: committed() then throws BatchLostError for every mark at or before it.
 */
export class GroupCommit {
  private batch: Batch | null = null;
  /** How many batches have been opened, and the number of the last one that was not committed. */
  private opened = 0;
  private lastLost = 0;
  private readonly statements: { begin: Database.Statement; commit: Database.Statement; rollback: Database.Statement };

  constructor(
    private readonly db: Db,
    private readonly hooks: GroupCommitHooks,
  ) {
    this.statements = { begin: db.prepare('BEGIN IMMEDIATE'), commit: db.prepare('COMMIT'), rollback: db.prepare('ROLLBACK') };
  }

  /**
   * A mark to give committed() later: the number of the batch open now, or of the next one. A request
   * takes one before it runs, so that committed() knows every batch its writes may be in.
   */
  mark(): number {
    return this.batch ? this.batch.id : this.opened + 1;
  }

  /**
   * Null when every write made since `mark` is committed; else a promise that settles once the open
   * batch is committed. Either way, it throws (or rejects) with BatchLostError when a batch opened since
   * `mark` was not committed: what was written in it is gone, whatever its caller was told by the work.
   */
  committed(mark: number): Promise<void> | null {
    const batch = this.batch;
    if (batch) return batch.done.then(() => this.check(mark));
    this.check(mark);
    return null;
  }

  /** Null when no batch is open; else a promise that settles once it is committed or lost. */
  settled(): Promise<void> | null {
    return this.batch?.done ?? null;
  }

  /** Commits the open batch now; throws BatchLostError when it could not be. */
  flush(): void {
    const batch = this.batch;
    if (!batch) return;
    this.commit(batch);
    this.check(batch.id);
  }

  /** Runs `work` as a savepoint of the turn's batch, opening the batch when none is. */
  run<T>(work: () => T): T {
    if (this.batch && !this.db.inTransaction) this.lose(this.batch, 'SQLite ended the transaction');
    if (!this.batch) this.open();
    try {
      return this.hooks.nested(work) as T;
    } catch (error) {
      if (this.batch && !this.db.inTransaction) this.lose(this.batch, String((error as Error).message));
      throw error;
    }
  }

  private check(mark: number): void {
    if (this.lastLost >= mark) throw new BatchLostError();
  }

  private open(): void {
    // a transaction no batch owns (a COMMIT and its ROLLBACK that both failed): end it, or this
    // connection would wait on the checkpointer's gate while holding the lock the checkpointer waits for
    if (this.db.inTransaction) this.statements.rollback.run();
    const deadline = performance.now() + BUSY_TIMEOUT_MS;
    this.hooks.waitForGate();
    for (;;) {
      try {
        this.statements.begin.run();
        break;
      } catch (error) {
        // the write lock stayed taken longer than SQLite's busy handler waited: try again until
        // BUSY_TIMEOUT_MS of real time (db.ts), as Store.transaction() does
        if (isBusy(error) && performance.now() < deadline) continue;
        throw error;
      }
    }
    let settle: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      settle = resolve;
    });
    this.opened += 1;
    const batch: Batch = { id: this.opened, done, settle };
    this.batch = batch;
    setImmediate(() => this.commit(batch));
  }

  private commit(batch: Batch): void {
    if (this.batch !== batch) return;
    try {
      this.statements.commit.run();
      this.batch = null;
      batch.settle();
    } catch (error) {
      if (this.db.inTransaction) {
        try {
          this.statements.rollback.run();
        } catch {
          // the transaction is gone either way
        }
      }
      this.lose(batch, String((error as Error).message));
    }
  }

  private lose(batch: Batch, why: string): void {
    this.batch = null;
    this.lastLost = Math.max(this.lastLost, batch.id);
    this.hooks.lost();
    this.hooks.errorLog?.(`store: a batch of writes was not committed: ${maskDigitRuns(why)}`);
    batch.settle();
  }
}
