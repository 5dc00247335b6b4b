// The element reserves the form's height from its first render (issue 25, item 7): at 300 ms a round
// trip, on the strict-CSP merchant page, a visible placeholder holds the space until the frame (or the
// inline form) shows, and nothing on the page moves while it loads, measured by the browser's own
// layout-shift entries (PerformanceObserver) and by the element's height in every animation frame.
import { createPayment, expect, forEachMode, test } from './support.js';

/** Half a round trip each way: every request of the page and of the card frame waits this long before it is sent. */
const RTT_MS = 300;

interface Sample {
  time: number;
  /** The element's height on the page (0 before its script defined it: the page's CSS reserves the space). */
  height: number;
  placeholder: number;
  /** The iframe's height (isolated) or the shown form's (inline): 0 until it shows. */
  content: number;
}

interface Shift {
  value: number;
  time: number;
  sources: string[];
}

forEachMode((mode) => {
  test(`at ${RTT_MS} ms a round trip a placeholder holds the form's height until it shows, and nothing on the page moves`, async ({ merchant, page }) => {
    await page.context().route('**/*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, RTT_MS));
      await route.continue();
    });
    await page.addInitScript(() => {
      if (window !== window.top) return; // the merchant page, not the card frame
      const shifts: Shift[] = [];
      const samples: Sample[] = [];
      Object.assign(window, { loading: { shifts, samples } });
      const describe = (node: Node | null) => (node instanceof Element ? `${node.localName}${node.id ? `#${node.id}` : ''}${node.getAttribute('part') ? `[part=${node.getAttribute('part')}]` : ''}` : String(node?.nodeName));
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
          shifts.push({ value: entry.value, time: Math.round(entry.startTime), sources: entry.sources.map((source) => `${describe(source.node)} ${JSON.stringify(source.previousRect)} → ${JSON.stringify(source.currentRect)}`) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
      const sample = () => {
        const element = document.querySelector('tender-checkout');
        const root = element?.shadowRoot;
        // isolated: the iframe, the element's light-DOM child; inline: the form in its shadow root
        const shown = element?.querySelector(':scope > iframe') ?? root?.querySelector('tender-card-form:not([hidden])');
        samples.push({
          time: Math.round(performance.now()),
          height: element?.getBoundingClientRect().height ?? 0,
          placeholder: root?.querySelector('[part=placeholder]')?.getBoundingClientRect().height ?? 0,
          content: shown?.getBoundingClientRect().height ?? 0,
        });
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });

    const payment = await createPayment({ amount: 1099, currency: 'EUR' });
    await merchant.open(payment.client_secret);
    await merchant.onlyEvent('tender-ready', 20_000);
    // two more frames of the page: the render that follows tender-ready is sampled and observed
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const { shifts, samples } = await page.evaluate(() => (window as unknown as { loading: { shifts: Shift[]; samples: Sample[] } }).loading);
    const final = samples.at(-1)!;
    const waiting = samples.filter((entry) => entry.content === 0 && entry.placeholder > 0);
    console.log(
      `${mode}: final height ${final.height}; placeholder shown ${waiting[0]?.time ?? '-'}–${waiting.at(-1)?.time ?? '-'} ms at ${waiting[0]?.placeholder ?? 0} px;`,
      `layout shift ${shifts.reduce((sum, shift) => sum + shift.value, 0).toFixed(4)} in ${shifts.length} entries ${JSON.stringify(shifts)}`,
    );

    expect(waiting.length, 'frames of the page with the placeholder shown and the form not yet').toBeGreaterThan(0);
    expect(waiting[0]!.placeholder, "the placeholder's height before the form shows").toBeGreaterThan(0);
    expect(final.placeholder, 'the placeholder once the form shows').toBe(0);
    expect(final.content).toBeGreaterThan(0);
    // the page kept the space until the element was defined; from there the element's height never changed
    const moved = samples.filter((item) => item.height > 0 && Math.abs(item.height - final.height) >= 1);
    expect(moved, "frames in which the element was not at its final height").toEqual([]);
    expect(shifts, 'layout shifts on the merchant page').toEqual([]);
  });
});

forEachMode((mode) => {
  test('the element is busy in the accessibility tree while the placeholder shows, and not once the form shows', async ({ merchant, page }) => {
    // what the element waits for: the frame's page, or the inline form's chunk
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => (mode === 'isolated' ? url.pathname === '/frame/card' : /\/chunks\/form-[^/]+\.js$/.test(url.pathname)),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    /** Chromium's accessibility tree for the element: whether it is busy. */
    const busy = async () => {
      const cdp = await page.context().newCDPSession(page);
      try {
        const { result } = (await cdp.send('Runtime.evaluate', { expression: "document.querySelector('tender-checkout')" })) as { result: { objectId?: string } };
        const { nodes } = (await cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId!, fetchRelatives: false })) as {
          nodes: { properties?: { name: string; value: { value: unknown } }[] }[];
        };
        // (Chromium gives the state as 1 or 0)
        return Boolean(nodes[0]?.properties?.find((property) => property.name === 'busy')?.value.value);
      } finally {
        await cdp.detach();
      }
    };
    const payment = await createPayment({ amount: 1099, currency: 'EUR' });
    await page.goto(merchant.address({ 'client-secret': payment.client_secret }), { waitUntil: 'domcontentloaded' });
    const placeholder = merchant.checkout.locator('[part="placeholder"]');
    await expect(placeholder).toBeVisible();
    expect(await placeholder.evaluate((element) => element.getBoundingClientRect().height)).toBe(372);
    expect(await busy(), 'busy while loading').toBe(true);

    release();
    await merchant.onlyEvent('tender-ready');
    await expect(placeholder).toHaveCount(0);
    expect(await busy(), 'busy once the form shows').toBe(false);
  });
});
