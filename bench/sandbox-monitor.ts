/**
 * Loaded into the sandbox process by bench/sandbox-load.ts (`--import`), to say where the latency tail
 * comes from: how long the event loop stalled (a stall holds every request in flight), the garbage
 * collector's pauses by kind, and the process's CPU time beside the wall time (a process that got less
 * CPU than it asked for was descheduled: another process had the cores). Written as JSON to
 * `SANDBOX_MONITOR_FILE`: the first SIGUSR2 starts the measured span, the next writes it (and so does exit).
 */
import { writeFileSync } from 'node:fs';
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
    if (now - last > STALL_MS) {
      stalls.push(Math.round(now - last));
      stallsAt.push([epoch(now), Math.round(now - last)]);
    }
    last = now;
  }, 5).unref();

  const report = () => {
    const cpu = process.cpuUsage(cpuStart);
    const wallMs = performance.now() - wallStart;
    const round = (value: number) => Math.round(value * 10) / 10;
    writeFileSync(
      file,
      JSON.stringify({
        wallMs: Math.round(wallMs),
        cpuMs: Math.round((cpu.user + cpu.system) / 1000),
        loopDelayMs: { p50: round(delay.percentile(50) / 1e6), p99: round(delay.percentile(99) / 1e6), max: round(delay.max / 1e6) },
        stalls: { over: STALL_MS, count: stalls.length, longest: [...stalls].sort((a, b) => b - a).slice(0, 10) },
        stallsAt,
        gcAt,
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
    gcAt = [];
    last = performance.now();
    cpuStart = process.cpuUsage();
    wallStart = performance.now();
  });
  process.on('exit', report);
  delay.enable();
}
