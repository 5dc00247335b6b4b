// The isolated mode (the default) on the strict-CSP merchant page, against the real sandbox: what the
// merchant's page can see of a card typed into the frame (nothing), what a hostile sibling frame can
// do to the frame's channel (nothing), the frame page's own headers and who may frame it, keyboard
// order across the frame's edges, the frame's height following its content, and its language and
// direction. The `merchant` fixture checks, after each test, for CSP violations (the frame's too),
// card data in events, addresses and storage, and requests of the page itself to the API.
import { createHash } from 'node:crypto';
import type { Frame, Page } from '@playwright/test';
import { en } from '../../src/i18n/en.js';
import ar from '../../src/i18n/locales/ar.js';
import de from '../../src/i18n/locales/de.js';
import { card, createMerchant, createPayment, expect, retrievePayment, sandbox, test, type MerchantPage } from './support.js';

const VISA_SUCCESS = '4242424242424242';
/** An Amex test card: its four-digit CVC cannot be mistaken for a time's milliseconds or a size in px. */
const AMEX_SUCCESS = '378282246310005';
const LUHN_INVALID = '4242424242424241';

const frameElement = (page: Page) => page.locator('tender-checkout iframe[part="frame"]');

/** Opens a fresh payment on the merchant page and waits for the frame's `tender-ready`. */
async function openPayment(merchant: MerchantPage, params: Record<string, string> = {}): Promise<string> {
  const payment = await createPayment({ amount: 1099, currency: 'EUR' });
  await merchant.open(payment.client_secret, params);
  await merchant.onlyEvent('tender-ready');
  return payment.payment_id;
}

test.describe('what the merchant page sees of the card', () => {
  test('a keylogger on the page records nothing of the card typed in the frame, and the page holds no trace of it', async ({ merchant, page }) => {
    // what a hostile script on the merchant page does first: key and input listeners in the capture
    // phase, a MutationObserver on the document and every shadow root, and a copy of every event's detail
    await page.addInitScript(() => {
      if (window !== window.top) return; // the merchant page only, not the card frame
      const keys: string[] = [];
      const mutations: string[] = [];
      const details: string[] = [];
      Object.assign(window, { keylogger: { keys, mutations, details } });
      const record = (event: Event) => {
        const target = event.composedPath()[0];
        const value = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target.value : '';
        keys.push(`${event.type} ${(event as KeyboardEvent).key ?? ''} ${(event as InputEvent).data ?? ''} ${value}`);
      };
      for (const type of ['keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'change', 'paste']) {
        window.addEventListener(type, record, true);
        document.addEventListener(type, record, true);
      }
      const observe = (root: Node) =>
        new MutationObserver((records) => {
          for (const change of records) {
            // the page's own event log is checked by the fixture, value by value
            if (change.target instanceof Element && change.target.closest('#events')) continue;
            if (change.target.parentElement?.closest('#events')) continue;
            const attribute = change.attributeName && change.target instanceof Element ? change.target.getAttribute(change.attributeName) : '';
            const added = [...change.addedNodes].map((node) => (node instanceof Element ? node.outerHTML : node.textContent));
            mutations.push(`${change.type} ${change.attributeName ?? ''}=${attribute ?? ''} ${change.type === 'characterData' ? change.target.textContent : ''} ${added.join(' ')}`);
          }
        }).observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
      observe(document);
      const attachShadow = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
        const root = attachShadow.call(this, init);
        observe(root);
        return root;
      };
      const dispatchEvent = EventTarget.prototype.dispatchEvent;
      EventTarget.prototype.dispatchEvent = function (this: EventTarget, event: Event) {
        if (event instanceof CustomEvent) details.push(`${event.type} ${JSON.stringify(event.detail)}`);
        return dispatchEvent.call(this, event);
      };
    });

    const paymentId = await openPayment(merchant);
    const typed = card(AMEX_SUCCESS, '8517');
    await merchant.typeCard(typed);
    await merchant.payButton.click();
    expect(await merchant.onlyEvent('tender-result')).toMatchObject({ paymentId, status: 'succeeded' });
    expect((await retrievePayment(paymentId)).status).toBe('succeeded');

    const logged = await page.evaluate(() => (window as unknown as { keylogger: { keys: string[]; mutations: string[]; details: string[] } }).keylogger);
    expect(logged.keys, 'key and input events the page heard').toEqual([]);
    expect(logged.details.length, 'the host re-fired the frame events on the page').toBeGreaterThan(0);
    // what the page can read: its DOM (light and shadow), the host element's own properties, every event's detail
    const visible = await page.evaluate(() => {
      const host = document.querySelector('tender-checkout')!;
      const strings: string[] = [];
      const seen = new Set<unknown>();
      const walk = (value: unknown, depth: number): void => {
        if (typeof value === 'string' || typeof value === 'number') strings.push(String(value));
        if (!value || typeof value !== 'object' || depth > 6 || seen.has(value) || value instanceof Node || value instanceof Window) return;
        seen.add(value);
        const entries = value instanceof Map ? [...value.values()] : Object.values(value);
        for (const entry of entries) walk(entry, depth + 1);
      };
      for (const name of Object.getOwnPropertyNames(host)) walk((host as unknown as Record<string, unknown>)[name], 0);
      for (let proto = Object.getPrototypeOf(host) as object; proto !== HTMLElement.prototype; proto = Object.getPrototypeOf(proto) as object) {
        for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(proto))) {
          if (descriptor.get) walk((host as unknown as Record<string, unknown>)[name], 0);
        }
      }
      return {
        inputs: document.querySelectorAll('input, textarea').length,
        shadowInputs: host.shadowRoot?.querySelectorAll('input, textarea').length ?? -1,
        shadowChildren: [...(host.shadowRoot?.children ?? [])].map((child) => child.localName),
        children: [...host.children].map((child) => child.localName),
        html: `${document.documentElement.outerHTML}\n${host.shadowRoot?.innerHTML ?? ''}`,
        strings,
      };
    });
    expect(visible.inputs, 'inputs in the page').toBe(0);
    expect(visible.shadowInputs, "inputs in the host's shadow root").toBe(0);
    // the iframe is the host's child (where autofill reaches it), shown through the shadow root's slot
    expect(visible.shadowChildren).toEqual(['slot']);
    expect(visible.children).toEqual(['iframe']);
    expect(visible.strings.length, 'the walk read the host (its key, its secret)').toBeGreaterThan(2);

    const everything = [visible.html, ...visible.strings, ...logged.mutations, ...logged.details].join('\n');
    // the number however it is spaced (Amex: 4-6-5), and the CVC as a number of its own (not digits
    // inside a random key or id, such as a publishable key's "a737b")
    expect(everything.replace(/\s/g, '')).not.toContain(typed.number);
    expect(everything.match(/(?<![A-Za-z0-9])\d+(?![A-Za-z0-9])/g) ?? []).not.toContain(typed.cvc);
    // the whole payment went through without the page itself calling the API (the fixture checks this too)
    expect(merchant.apiRequestsFromPage).toEqual([]);
  });

  test("the after-test checks see the card frame's CSP violations", async ({ merchant }) => {
    await openPayment(merchant);
    // a request the frame page's own policy (connect-src 'self') refuses
    await merchant.form.evaluate(() => fetch('https://example.invalid/steal').catch(() => undefined));
    await expect.poll(() => merchant.consoleViolations.filter((text) => text.includes('example.invalid')).length).toBeGreaterThan(0);
    merchant.consoleViolations.length = 0; // seen: the fixture's own check would fail on it
  });
});

test.describe('sibling frames replaying the protocol', () => {
  /** What the siblings send: a whole configuration that would show if the frame took it. */
  const FORGED = {
    publishableKey: 'pk_snd_00000000000000000000000000000000',
    clientSecret: 'pay_forged_secret_forged',
    returnUrl: 'https://attacker.example/',
    pageUrl: 'https://attacker.example/?payment_intent_client_secret=x',
    locale: 'ar',
    threeDs: 'redirect',
    theme: 'night',
    appearance: null,
    messages: { payNoAmount: 'Forged' },
    hideButton: true,
    hideName: true,
    disabled: true,
    requestTimeout: 1,
    variables: { '--tender-color-primary': 'red' },
  };

  interface Spam {
    /** Everything that came back on any port the sibling handed out. */
    heard: unknown[];
    /** `connect` messages posted to the card frame's window. */
    toCardFrame: number;
    /** What `parent.frames` lists (the card frame among them: it is the host's light-DOM child). */
    listed: number;
    stop(): void;
  }

  /**
   * Runs in a sibling: a tight loop posting `connect` with a fresh port to every window it can reach
   * (the card frame through the parent's DOM when it is of the merchant's origin, every frame
   * `parent.frames` lists, the parent), a forged `hello` to the parent, and `configure`, `confirm`
   * and `focus` on the ports it handed out; it records whatever comes back.
   */
  const spam = (forged: typeof FORGED): void => {
    const envelope = { protocol: 'tender-frame', v: 1 };
    const ports: MessagePort[] = [];
    const state: Spam = { heard: [], toCardFrame: 0, listed: 0, stop: () => undefined };
    Object.assign(window, { spam: state });
    const cardFrame = (): Window | null => {
      try {
        return parent.document.querySelector<HTMLIFrameElement>('tender-checkout > iframe')?.contentWindow ?? null;
      } catch {
        return null; // another origin than the parent's: its DOM is out of reach
      }
    };
    // a loop of its own tasks (no timer clamping) that still lets every other task of the page run between turns
    const loop = new MessageChannel();
    let running = true;
    state.stop = () => (running = false);
    loop.port1.onmessage = () => {
      state.listed = parent.frames.length;
      const card = cardFrame();
      const targets = new Set<Window>([parent, ...(card ? [card] : [])]);
      for (let index = 0; index < parent.frames.length; index += 1) targets.add(parent.frames[index]!);
      targets.delete(window);
      for (const target of targets) {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => state.heard.push(event.data);
        ports.push(channel.port1);
        target.postMessage({ ...envelope, type: 'connect' }, '*', [channel.port2]);
        if (target === card) state.toCardFrame += 1;
      }
      parent.postMessage({ ...envelope, type: 'hello' }, '*');
      for (const port of ports.slice(-3)) {
        port.postMessage({ ...envelope, type: 'configure', config: forged });
        port.postMessage({ ...envelope, type: 'confirm', id: ports.length });
        port.postMessage({ ...envelope, type: 'focus' });
      }
      if (running) loop.port2.postMessage(null);
    };
    loop.port2.postMessage(null);
  };

  test("frames of the merchant's and the API's origins spamming connect, configure and confirm from before the frame loads change nothing and hear nothing", async ({ merchant, page }) => {
    const api = sandbox().url;
    // the card frame's page waits until the siblings are already spamming
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/frame/card',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    // the siblings: an about:blank frame of the merchant's origin, and a document of the API's origin
    await page.addInitScript((apiSrc: string) => {
      if (window !== window.top) return;
      document.addEventListener('DOMContentLoaded', () => {
        for (const [name, src] of [['merchant-sibling', ''], ['api-sibling', apiSrc]]) {
          const sibling = document.createElement('iframe');
          sibling.name = name!;
          sibling.title = name!;
          if (src) sibling.src = src;
          document.body.prepend(sibling);
        }
      });
    }, `${api}/health`);
    // in the card frame, before its own script: who posted `connect`, and in which order
    await page.addInitScript(() => {
      if (location.pathname !== '/frame/card') return;
      const seen = { fromOthers: 0, fromParent: 0, othersBeforeParent: 0 };
      Object.assign(window, { connects: seen });
      addEventListener('message', (event) => {
        if ((event.data as { type?: string } | null)?.type !== 'connect') return;
        if (event.source === parent) {
          seen.fromParent += 1;
          if (seen.fromParent === 1) seen.othersBeforeParent = seen.fromOthers;
        } else seen.fromOthers += 1;
      });
    });

    const payment = await createPayment({ amount: 1099, currency: 'EUR' });
    // (the page's load event would wait for the held frame)
    await page.goto(merchant.address({ 'client-secret': payment.client_secret }), { waitUntil: 'domcontentloaded' });
    const siblings: Frame[] = [];
    for (const name of ['merchant-sibling', 'api-sibling']) {
      await expect.poll(() => page.frame({ name })?.url() ?? '').toMatch(name === 'api-sibling' ? /\/health$/ : /^about:blank$/);
      const sibling = page.frame({ name })!;
      await sibling.evaluate(spam, FORGED);
      siblings.push(sibling);
    }
    const [fromMerchant, fromApi] = siblings as [Frame, Frame];
    const state = (sibling: Frame) => sibling.evaluate(() => (window as unknown as { spam: Omit<Spam, 'stop'> }).spam);
    await expect.poll(async () => (await state(fromMerchant)).toCardFrame).toBeGreaterThan(20);
    release();

    expect(await merchant.onlyEvent('tender-ready')).toMatchObject({ paymentId: payment.payment_id });
    const connects = await merchant.form.evaluate(() => (window as unknown as { connects: { fromOthers: number; fromParent: number; othersBeforeParent: number } }).connects);
    expect(connects.othersBeforeParent, 'forged connects reached the frame page before the real one').toBeGreaterThan(0);
    expect(connects.fromParent).toBe(1);
    // the frame shows the host's configuration, not the forged one
    await expect(merchant.form.locator('[part="base"]')).toHaveAttribute('dir', 'ltr');
    await expect(merchant.payButton).toHaveText(en.pay.replace('{amount}', '\u2068€10.99\u2069'));
    await expect(merchant.input('name')).toBeVisible();

    await merchant.typeCard(card(VISA_SUCCESS));
    await merchant.payButton.click();
    expect(await merchant.onlyEvent('tender-result')).toMatchObject({ paymentId: payment.payment_id, status: 'succeeded' });
    await expect(merchant.status).toHaveText(en['status.succeeded']);
    expect((await retrievePayment(payment.payment_id)).attempt_count).toBe(1);

    for (const sibling of siblings) await sibling.evaluate(() => (window as unknown as { spam: Spam }).spam.stop());
    const [merchantSpam, apiSpam] = [await state(fromMerchant), await state(fromApi)];
    // a frame of another origin reaches the card frame only through `parent.frames`, which lists it
    // (the iframe is the host's light-DOM child, for autofill): its connects there were ignored too
    expect([apiSpam.toCardFrame, apiSpam.listed]).toEqual([0, 3]);
    expect(merchantSpam.heard, 'what the frame or the host answered the sibling of the merchant').toEqual([]);
    expect(apiSpam.heard, "what the frame or the host answered the sibling of the API's origin").toEqual([]);
    const types = (await merchant.events()).map((event) => event.type).filter((type) => type !== 'tender-change');
    expect(types, 'one of each, from the real frame only').toEqual(['tender-ready', 'tender-submit', 'tender-result']);
  });
});

test.describe("the frame page's headers", () => {
  /** A CSP header as directive → value. */
  const directives = (csp: string | null) => new Map((csp ?? '').split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...value]) => [name, value.join(' ')]));

  test("its own strict policy, framed only by the merchant's allowed origins, no sniffing, no referrer, immutable assets", async ({ merchant, page }) => {
    const api = sandbox().url;
    const allowed = merchant.baseUrl; // http://localhost:<port>
    const other = allowed.replace('localhost', '127.0.0.1'); // the same page on another origin
    const shop = await createMerchant({ allowed_origins: [allowed] });

    const response = await fetch(`${api}/frame/card?key=${shop.publishableKey}`);
    expect(response.status).toBe(200);
    const policy = directives(response.headers.get('content-security-policy'));
    const body = await response.text();
    // its scripts are in the page (ADR 0093, 0100: the critical one, then the late file and the billing fields), each
    // allowed by its hash: no unsafe-inline, no nonce
    const inline = [...body.matchAll(/<script type="module"(?: async)?>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline.map((code) => code.length > 5_000)).toEqual([true, true, true]);
    expect(policy.get('script-src')).toBe(`'self' ${inline.map((code) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`).join(' ')}`);
    expect(response.headers.get('content-security-policy')).not.toMatch(/unsafe-inline|unsafe-eval|nonce-/);
    expect(policy.get('default-src')).toBe("'none'");
    expect(policy.get('connect-src')).toBe("'self'");
    expect(policy.get('frame-ancestors')).toBe(allowed);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    // a merchant that lists no origin may be framed anywhere (the demo merchant)
    const open = await fetch(`${api}/frame/card?key=${sandbox().publishableKey}`);
    expect(directives(open.headers.get('content-security-policy')).get('frame-ancestors')).toBe('*');

    // every file the page names is hashed, immutable and not sniffed: a language's when the URL names one (the late
    // file and the billing fields come inside the page, ADR 0100; their files stay, for the loader's fallback)
    const withLocale = await (await fetch(`${api}/frame/card?key=${sandbox().publishableKey}&locale=de`)).text();
    const carried = JSON.parse(/<script type="application\/json" id="tender-carried">([^<]*)<\/script>/.exec(body)?.[1] ?? '[]') as string[];
    expect(carried.map((url) => url.replace(/-[A-Z0-9]{8}\.js$/, ''))).toEqual(['./assets/late', './assets/billing-fields']);
    const assets = [...`${body}${withLocale}`.matchAll(/(?:src|href)="(\/frame\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(assets.filter((asset) => /\/de-[\w-]+\.js$/.test(asset)).length, assets.join()).toBe(1);
    assets.push(...carried.map((url) => url.replace('./', '/frame/')));
    for (const asset of assets) {
      const file = await fetch(`${api}${asset}`);
      expect([asset, file.status, file.headers.get('cache-control'), file.headers.get('x-content-type-options')]).toEqual([asset, 200, 'public, max-age=31536000, immutable', 'nosniff']);
      expect(file.headers.get('content-type')).toMatch(/^text\/javascript/);
    }

    // on the allowed origin the frame loads and the payment is ready
    const payment = await createPayment({ amount: 700, currency: 'EUR' }, shop.secretKey);
    await merchant.open(payment.client_secret, { 'publishable-key': shop.publishableKey });
    expect(await merchant.onlyEvent('tender-ready')).toMatchObject({ paymentId: payment.payment_id });

    // on another origin the browser refuses the frame: its page never runs, so no tender-ready
    const refused = page.waitForEvent('console', (message) => message.text().includes('frame-ancestors'));
    const blocked = page.waitForEvent('framenavigated', (frame) => frame !== page.mainFrame() && frame.url().startsWith('chrome-error:'));
    await page.goto(merchant.address({ 'client-secret': payment.client_secret, 'publishable-key': shop.publishableKey }).replace(allowed, other));
    expect((await refused).text()).toContain(`"frame-ancestors ${allowed}"`);
    await blocked;
    // (the host's own timeout is 20 s: a few seconds show the frame's page never said hello)
    await page.waitForTimeout(3_000);
    expect(await merchant.events()).toEqual([]);
    await expect(merchant.cardFrame.locator('tender-card-form')).toHaveCount(0);
    // the refusal is the browser enforcing the frame's policy, as it should: not a violation of the merchant page's
    const expected = merchant.consoleViolations.filter((text) => text.includes('frame-ancestors'));
    expect(expected.length).toBeGreaterThan(0);
    merchant.consoleViolations.splice(0, merchant.consoleViolations.length, ...merchant.consoleViolations.filter((text) => !text.includes('frame-ancestors')));
  });
});

test.describe('keyboard', () => {
  test('Tab goes from a button before the checkout through the fields in the frame to a button after it, and Shift+Tab back', async ({ merchant, page }) => {
    await openPayment(merchant);
    await page.evaluate(() => {
      const around = (id: string) => Object.assign(document.createElement('button'), { id, type: 'button', textContent: id });
      const checkout = document.getElementById('checkout')!;
      checkout.before(around('before'));
      checkout.after(around('after'));
    });
    const inFrame = [merchant.input('number'), merchant.input('expiry'), merchant.input('cvc'), merchant.input('name'), merchant.payButton];
    await page.locator('#before').focus();
    for (const target of inFrame) {
      await page.keyboard.press('Tab');
      await expect(target).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await expect(page.locator('#after')).toBeFocused();
    await expect(merchant.form.locator(':focus')).toHaveCount(0);

    for (const target of [...inFrame].reverse()) {
      await page.keyboard.press('Shift+Tab');
      await expect(target).toBeFocused();
    }
    await page.keyboard.press('Shift+Tab');
    await expect(page.locator('#before')).toBeFocused();
  });
});

test.describe('auto-height', () => {
  test('the frame is as tall as the form, with no inner scrolling, after an error line appears and at 320 px', async ({ merchant, page }) => {
    await openPayment(merchant);
    const sizes = async () => ({
      frame: await frameElement(page).evaluate((frame) => frame.getBoundingClientRect().height),
      ...(await merchant.form.evaluate((form) => ({
        form: Math.ceil(form.getBoundingClientRect().height),
        overflowY: document.documentElement.scrollHeight - window.innerHeight,
        overflowX: document.documentElement.scrollWidth - window.innerWidth,
      }))),
    });
    /** Waits until the frame's height is the form's, then checks the frame does not scroll. */
    const fitted = async () => {
      await expect
        .poll(async () => {
          const { frame, form } = await sizes();
          return frame > 0 && frame === form;
        })
        .toBe(true);
      const size = await sizes();
      expect(size.overflowY, 'vertical scrolling inside the frame').toBeLessThanOrEqual(0);
      expect(size.overflowX, 'horizontal scrolling inside the frame').toBeLessThanOrEqual(0);
      return size.frame;
    };
    const first = await fitted();

    await merchant.input('number').pressSequentially(LUHN_INVALID);
    await merchant.input('expiry').focus(); // leaving the field shows its error
    await expect(merchant.form.locator('#number-error')).not.toBeEmpty();
    const withError = await fitted();
    expect(withError).toBeGreaterThan(first);

    await page.setViewportSize({ width: 320, height: 640 });
    expect(await frameElement(page).evaluate((frame) => frame.getBoundingClientRect().width)).toBeLessThanOrEqual(320);
    const narrow = await fitted();
    expect(narrow).toBeGreaterThanOrEqual(withError);
  });
});

test.describe('language and direction', () => {
  test("the frame's title is in the checkout's language", async ({ merchant }) => {
    await openPayment(merchant, { locale: 'de' });
    await expect(frameElement(merchant.page)).toHaveAttribute('title', de.frameTitle);
    await expect(frameElement(merchant.page)).toHaveAttribute('lang', 'de');
    expect(de.frameTitle).not.toBe(en.frameTitle);
    await expect(merchant.form.locator('[part="base"]')).toHaveAttribute('lang', 'de');
  });

  test('right to left: the frame lays the form out rtl and takes a payment', async ({ merchant }) => {
    const paymentId = await openPayment(merchant, { locale: 'ar' });
    await expect(frameElement(merchant.page)).toHaveAttribute('title', ar.frameTitle);
    await expect(frameElement(merchant.page)).toHaveAttribute('dir', 'rtl');
    await expect(merchant.form.locator('[part="base"]')).toHaveAttribute('dir', 'rtl');
    await expect(merchant.form.locator('[part="base"]')).toHaveCSS('direction', 'rtl');
    // the card number stays left to right inside the right-to-left form
    await expect(merchant.input('number')).toHaveCSS('direction', 'ltr');
    await merchant.typeCard(card(VISA_SUCCESS));
    await merchant.payButton.click();
    expect(await merchant.onlyEvent('tender-result')).toMatchObject({ paymentId, status: 'succeeded' });
    await expect(merchant.status).toHaveText(ar['status.succeeded']);
  });
});
