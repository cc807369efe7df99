import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/browser.ts';
import { startServer } from '../tests/e2e/server.ts';

const server = await startServer({ TRUST_PROXY_HOPS: '1' });
const browser = await chromium.launch(chromiumLaunchOptions());
for (let run = 0; run < 2; run++) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, baseURL: server.url, extraHTTPHeaders: { 'X-Forwarded-For': `2001:db8:99:${run}::1` } });
  await context.addInitScript({ content: 'globalThis.__name = (t) => t;' });
  await context.addInitScript(() => { localStorage.setItem('presell_accepted', 'true'); (window as any).__pd = 0; window.addEventListener('pointerdown', (e) => { (window as any).__pd ||= e.timeStamp; }, { capture: true }); });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200000, uploadThroughput: 93750 });
  await page.goto('/', { waitUntil: 'load' });
  const btn = page.locator('[data-placement="hero"]');
  await btn.scrollIntoViewIfNeeded();
  await page.locator('[data-island="buy-button"][data-hydrated="true"]').first().waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2000);
  const events: any[] = [];
  cdp.on('Tracing.dataCollected', (d: any) => events.push(...d.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing', transferMode: 'ReportEvents' });
  await page.evaluate(() => { (window as any).__form = 0; const step = () => { const l = [...document.querySelectorAll('[role="dialog"]:not([aria-busy="true"]) label')].find((x) => x.textContent?.trim() === 'Nome completo') as HTMLLabelElement | undefined; if (l?.control && (l.control as HTMLElement).getBoundingClientRect().width > 0) (window as any).__form = performance.now(); else requestAnimationFrame(step); }; requestAnimationFrame(step); });
  await btn.tap();
  await page.waitForFunction(() => (window as any).__form > 0);
  const { pd, form } = await page.evaluate(() => ({ pd: (window as any).__pd, form: (window as any).__form }));
  await cdp.send('Tracing.end');
  await done;
  console.log(`run ${run}: tap→form ${Math.round(form - pd)} ms`);
  // Main thread: the renderer's CrRendererMain
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const top = events.filter((e) => e.ph === 'X' && main && e.pid === main.pid && e.tid === main.tid && e.dur);
  const tasks = top.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const first = Math.min(...tasks.map((t) => t.ts));
  const byName = new Map<string, number>();
  for (const e of top) { if (['RunTask', 'ThreadControllerImpl::RunTask'].includes(e.name)) continue; byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur); }
  console.log('  long tasks (ms, relative):', tasks.filter((t) => t.dur > 16000).map((t) => `${Math.round((t.ts - first) / 1000)}+${Math.round(t.dur / 1000)}`).join(' '));
  console.log('  by event (self+children, ms):', [...byName].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([n, d]) => `${n}=${Math.round(d / 1000)}`).join(' '));
  // Per task in the window: its direct notable children
  const pdTs = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'pointerdown')?.ts ?? first;
  const inTasks = tasks.filter((t) => t.ts >= pdTs - 1000 && t.dur > 3000).sort((a, b) => a.ts - b.ts);
  for (const t of inTasks) {
    const kids = top.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && !['RunTask', 'ThreadControllerImpl::RunTask'].includes(e.name) && e.dur > 2000);
    const outer = kids.filter((k) => !kids.some((o) => o !== k && o.ts <= k.ts && o.ts + o.dur >= k.ts + k.dur && o.dur > k.dur));
    console.log(`   task @${Math.round((t.ts - pdTs) / 1000)} ${Math.round(t.dur / 1000)}ms: ` + outer.map((k) => `${k.name}${k.args?.data?.type ? '(' + k.args.data.type + ')' : ''}${k.args?.data?.url ? '[' + String(k.args.data.url).split('/').pop() + ']' : ''}${k.args?.data?.functionName ? '{' + k.args.data.functionName + '}' : ''}=${Math.round(k.dur / 1000)}`).join(' '));
  }
  const evals = top.filter((e) => e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule' || e.name === 'FunctionCall').sort((a, b) => b.dur - a.dur).slice(0, 10);
  console.log('  top scripts:', evals.map((e) => `${e.name}:${(e.args?.data?.url ?? e.args?.data?.functionName ?? '').split('/').pop()}:${e.args?.data?.functionName ?? ''}=${Math.round(e.dur / 1000)}`).join(' | '));
  await context.close();
}
await browser.close();
await server.stop();
