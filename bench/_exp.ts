import { openBenchPage, cleanUp, summarize } from './browser.js';
const p = await openBenchPage();
try {
  console.log(await p.page.evaluate(() => window.tenderBench.timerInfo()));
  const r = await p.page.evaluate(() => window.tenderBench.timeToReady({ iterations: 60, warmup: 5 }));
  console.log('interval', r.frameInterval);
  for (const k of ['ready','rendered','laidOut','painted','frameWork','phase'] as const) console.log(k, JSON.stringify(summarize(r.samples.map(s => s[k]))));
  console.log('warmup', r.warmup.map(s => s.painted.toFixed(2)).join(' '));
  console.log(r.samples.map(s => `${s.phase.toFixed(1)}:${s.laidOut.toFixed(1)}:${s.painted.toFixed(1)}`).join(' '));
  console.log(p.outsideRequests, p.pageErrors, await p.page.evaluate(() => window.tenderBench.stats()));
} finally { await cleanUp(); }
