/**
 * Loaded into the sandbox process by bench/sandbox-load.ts (`--import`), to say where the latency tail
 * comes from: how long the event loop stalled (a stall holds every request in flight), the garbage
 * collector's pauses by kind, and the process's CPU time beside the wall time (a process that got less
 * CPU than it asked for was descheduled: another process had the cores). Written as JSON to
 * `SANDBOX_MONITOR_FILE`: the first SIGUSR2 starts the measured span, the next writes it (and so does exit).
 */
import { subscribe } from 'node:diagnostics_channel';
import { closeSync, openSync, readdirSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver, type EntryType } from 'node:perf_hooks';

const file = process.env.SANDBOX_MONITOR_FILE;

if (file) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const kinds: Record<number, string> = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
  };
  let gc: Record<string, { count: number; totalMs: number; maxMs: number; over20Ms: number }> = {};
  /** Gaps between timer turns longer than STALL_MS: the loop was busy (or the process was not running). */
  const STALL_MS = 20;
  let stalls: number[] = [];
  /** When each stall ended and each GC pause began (epoch ms), to set beside the load generator's trace. */
  let stallsAt: [number, number][] = [];
  let gcAt: [number, number, string][] = [];
  const epoch = (at: number) => Math.round((performance.timeOrigin + at) * 10) / 10;
  let last = performance.now();
  let cpuStart = process.cpuUsage();
  let wallStart = performance.now();

  // Linux's scheduler statistics of a thread (/proc/<pid>/task/<tid>/schedstat): ns it ran, ns it was
  // runnable but waited for a core (another thread or process had it), and how many times it ran.
  // The main thread's wait during each stall says which stalls were the machine's, not the sandbox's.
  const schedstat = (tid: number | string): [number, number] => {
    try {
      const [ran, waited] = readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ');
      return [Number(ran) / 1e6, Number(waited) / 1e6];
    } catch {
      return [0, 0];
    }
  };
  let mainFd = -1;
  try {
    mainFd = openSync(`/proc/self/task/${process.pid}/schedstat`, 'r');
  } catch {
    // not Linux: no scheduler figures
  }
  const buffer = Buffer.alloc(128);
  /** The main thread's [ran, waited] ms, read through a file kept open (a few µs a read). */
  const mainSched = (): [number, number] => {
    if (mainFd < 0) return [0, 0];
    const length = readSync(mainFd, buffer, 0, buffer.length, 0);
    const [ran, waited] = buffer.toString('latin1', 0, length).split(' ');
    return [Number(ran) / 1e6, Number(waited) / 1e6];
  };
  /** Every thread's [name, ran, waited] ms, to set the measured span's start against its end. */
  const threads = (): Map<string, [string, number, number]> => {
    const all = new Map<string, [string, number, number]>();
    try {
      for (const tid of readdirSync('/proc/self/task')) {
        let name = '?';
        try {
          name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
        } catch {
          // the thread ended meanwhile
        }
        all.set(tid, [tid === String(process.pid) ? 'main' : name, ...schedstat(tid)]);
      }
    } catch {
      // not Linux
    }
    return all;
  };
  let threadsStart = threads();
  let lastSched = mainSched();
  /** The stalls with what the main thread did meanwhile: [end (epoch ms), length, ran ms, waited for a core ms]. */
  let stallsSched: [number, number, number, number][] = [];

  // Store.transaction() says how long a write waited for the checkpointer's gate (sandbox/store/repo.ts)
  // (blocking: the event loop waited with the write; otherwise a route awaited the gate and the loop went on)
  let gateWaits: [number, number][] = [];
  let gateAwaited = 0;
  /** The writes a route parked on the gate (Store.writable()): [end (epoch ms), ms it waited]. */
  let gateParked: [number, number][] = [];
  subscribe('tender.sandbox.write-gate', (message) => {
    const { waitedMs, blocking } = message as { waitedMs: number; blocking: boolean };
    const at: [number, number] = [epoch(performance.now()), Math.round(waitedMs * 100) / 100];
    if (blocking) gateWaits.push(at);
    else {
      gateAwaited += 1;
      gateParked.push(at);
    }
  });
  /** The checkpointer's holds of the write lock (sandbox/store/checkpointer.ts): [end (epoch ms), ms]. */
  let checkpointHolds: [number, number][] = [];
  subscribe('tender.sandbox.checkpoint-hold', (message) => {
    const { heldMs, endedAt } = message as { heldMs: number; endedAt: number };
    checkpointHolds.push([Math.round(endedAt * 10) / 10, Math.round(heldMs * 100) / 100]);
  });
  /**
   * The parked waits grouped by the hold that ended them (one notify wakes them all: their ends lie
   * within a few ms of each other, the next hold is 100 ms or more later): [end of the first wake-up
   * (epoch ms), writes parked, the longest wait (about the hold's length)].
   */
  const holds = (): [number, number, number][] => {
    const groups: [number, number, number][] = [];
    for (const [end, ms] of gateParked) {
      const group = groups[groups.length - 1];
      if (group && end - group[0] < 50) {
        group[1] += 1;
        group[2] = Math.max(group[2], ms);
      } else groups.push([end, 1, ms]);
    }
    return groups;
  };

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = kinds[(entry as unknown as { detail?: { kind?: number } }).detail?.kind ?? -1] ?? 'other';
      const row = (gc[kind] ??= { count: 0, totalMs: 0, maxMs: 0, over20Ms: 0 });
      row.count += 1;
      row.totalMs += entry.duration;
      row.maxMs = Math.max(row.maxMs, entry.duration);
      if (entry.duration > 20) row.over20Ms += 1;
      if (entry.duration > 2) gcAt.push([epoch(entry.startTime), Math.round(entry.duration * 10) / 10, kind]);
    }
  }).observe({ entryTypes: ['gc' as EntryType] });

  setInterval(() => {
    const now = performance.now();
    const sched = mainSched();
    if (now - last > STALL_MS) {
      stalls.push(Math.round(now - last));
      stallsAt.push([epoch(now), Math.round(now - last)]);
      stallsSched.push([epoch(now), Math.round(now - last), Math.round(sched[0] - lastSched[0]), Math.round(sched[1] - lastSched[1])]);
    }
    last = now;
    lastSched = sched;
  }, 5).unref();

  const report = () => {
    const cpu = process.cpuUsage(cpuStart);
    const wallMs = performance.now() - wallStart;
    const round = (value: number) => Math.round(value * 10) / 10;
    const threadsEnd = threads();
    const byThread: Record<string, { ranMs: number; waitedMs: number }> = {};
    for (const [tid, [name, ran, waited]] of threadsEnd) {
      const [, ranBefore, waitedBefore] = threadsStart.get(tid) ?? [name, 0, 0];
      const row = (byThread[name] ??= { ranMs: 0, waitedMs: 0 });
      row.ranMs = Math.round(row.ranMs + ran - ranBefore);
      row.waitedMs = Math.round(row.waitedMs + waited - waitedBefore);
    }
    const gateTotal = gateWaits.reduce((sum, [, ms]) => sum + ms, 0);
    const parkedTotal = gateParked.reduce((sum, [, ms]) => sum + ms, 0);
    const parkedHolds = holds();
    writeFileSync(
      file,
      JSON.stringify({
        wallMs: Math.round(wallMs),
        cpuMs: Math.round((cpu.user + cpu.system) / 1000),
        loopDelayMs: { p50: round(delay.percentile(50) / 1e6), p99: round(delay.percentile(99) / 1e6), max: round(delay.max / 1e6) },
        stalls: { over: STALL_MS, count: stalls.length, longest: [...stalls].sort((a, b) => b - a).slice(0, 10) },
        stallsAt,
        stallsSched,
        gcAt,
        threads: byThread,
        gateWaits: { count: gateWaits.length, totalMs: round(gateTotal), maxMs: round(Math.max(0, ...gateWaits.map(([, ms]) => ms))), at: gateWaits, awaited: gateAwaited },
        checkpointHolds: {
          count: checkpointHolds.length,
          totalMs: round(checkpointHolds.reduce((sum, [, ms]) => sum + ms, 0)),
          longest: checkpointHolds.map(([, ms]) => round(ms)).sort((a, b) => b - a).slice(0, 10),
          at: checkpointHolds,
        },
        gateParked: {
          count: gateParked.length,
          totalMs: round(parkedTotal),
          maxMs: round(Math.max(0, ...gateParked.map(([, ms]) => ms))),
          holds: parkedHolds.length,
          longestHolds: parkedHolds.map(([, , ms]) => round(ms)).sort((a, b) => b - a).slice(0, 10),
          holdsAt: parkedHolds,
          at: gateParked,
        },
        gc: Object.fromEntries(Object.entries(gc).map(([kind, row]) => [kind, { ...row, totalMs: round(row.totalMs), maxMs: round(row.maxMs) }])),
      }),
    );
  };
  // SIGUSR2, the first time: the measured run starts (what came before is forgotten); then: write the report
  let started = false;
  process.on('SIGUSR2', () => {
    if (started) return report();
    started = true;
    delay.reset();
    gc = {};
    stalls = [];
    stallsAt = [];
    stallsSched = [];
    gateWaits = [];
    gateAwaited = 0;
    gateParked = [];
    checkpointHolds = [];
    gcAt = [];
    threadsStart = threads();
    lastSched = mainSched();
    last = performance.now();
    cpuStart = process.cpuUsage();
    wallStart = performance.now();
  });
  process.on('exit', () => {
    report();
    if (mainFd >= 0) closeSync(mainFd);
  });
  delay.enable();
}
