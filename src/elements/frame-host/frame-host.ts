/**
 * The host side of the isolated card frame, for `<tender-checkout>` (docs/architecture.md § The
 * isolated card frame): the one `<iframe slot="frame">`, a child of the element (its light DOM, where
 * the browser's autofill reaches it; made here, or adopted when the merchant's server wrote it) slotted
 * into the shadow root, kept there and its load timeout; the frame's `hello` on the window, answered with a `MessageChannel`; the configuration sent
 * over it, with the page's `--tender-*` values (watched); the frame's messages turned into the
 * element's events; the `confirm()` calls waiting for their answer; the 3-D Secure dialog opened over
 * the page for the frame; the return parameters taken off the page's URL.
 *
 * Plain DOM, part of the host's own file (dist/tender-checkout.js): the protocol's zod/mini schemas
 * (src/frame/protocol.ts) and the dialog are chunks, loaded when needed.
 */
import type * as ProtocolModule from '../../frame/protocol.js';
import type * as ChallengeModule from '../challenge/challenge-dialog.js';
import type { ChallengeHost } from '../challenge/challenge-dialog.js';
import type { FrameConfig, FrameMessage } from '../../frame/protocol.js';
import type { ConfirmOutcome, TenderErrorCode } from '../../events.js';
import type { Messages } from '../../i18n/en.js';
import type { Appearance, PresetName } from '../../themes/index.js';
import { isHello, message } from '../../frame/envelope.js';
import { lazy } from '../lazy.js';
import { navigateTop } from '../navigate.js';
import { hostVariables, watchPageStyles } from './page-styles.js';
import { dropReturnParams, pageUrl } from './page-url.js';

const loadProtocol = lazy<typeof ProtocolModule>(() => import('../../frame/protocol.js'));
const loadChallenge = lazy<typeof ChallengeModule>(() => import('../challenge/challenge-dialog.js'));

/** What the browser holds the frame to (its scripts, its own origin for the API, its form): no top-level navigation, no popups. */
const SANDBOX = 'allow-scripts allow-same-origin allow-forms';
const SANDBOX_SORTED = 'allow-forms allow-same-origin allow-scripts';
const BILLING_PROPS = ['billing', 'email', 'phone'] as const;
const FRAME_STYLE = 'display:block;width:100%;height:0;color-scheme:normal';

/** How long the frame may take to say hello before the element reports it could not load. */
const FRAME_TIMEOUT_MS = 20_000;

/** The element, as far as the frame needs it: the properties it forwards (read each time), and a host for the dialog. */
export interface FrameHostElement extends ChallengeHost {
  readonly publishableKey: string;
  readonly clientSecret: string;
  readonly apiBase: string;
  readonly returnUrl: string;
  readonly frameSrc: string;
  readonly threeDs: string;
  readonly theme: PresetName | '';
  readonly requestTimeout: number;
  readonly hideButton: boolean;
  readonly hideName: boolean;
  readonly disabled: boolean;
  readonly showBrands: boolean;
  readonly preferredNetwork: string;
  readonly saveCard: string;
  readonly billing: string;
  readonly email: string;
  readonly phone: string;
  readonly appearance: Appearance | null;
  readonly messages: Partial<Messages>;
}

export interface FrameHostOptions {
  /** Fires the frame's events and holds the iframe (its child); its shadow root holds the slot and the dialog. */
  element: FrameHostElement;
  root: ShadowRoot;
  /** The language the frame shows (the element's `locale`, `auto` resolved). */
  locale(): string;
  /** Shows and reports a problem of the host itself: the frame does not load, or cannot be configured. */
  fail(code: TenderErrorCode, message: string): void;
  /** The element's placeholder: shown beside a new frame (which stays 0 px high) until the frame says hello at its height. */
  placeholder: HTMLElement;
  /** Whether the element is loading (a new frame) or shows the frame. */
  busy(loading: boolean): void;
}

export class FrameHost {
  private readonly element: FrameHostElement;
  private frame: HTMLIFrameElement | null = null;
  private frameOrigin = '';
  /** The frame's URL without what it paints with first (a new one is a new frame). */
  private frameBase = '';
  private port: MessagePort | null = null;
  /** The mark of the document the channel is open with (its second hello gets no second channel). */
  private helloDoc: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** `--tender-*` values last sent (a change sends the configuration again). */
  private sentVariables = '';
  private nextId = 1;
  private readonly confirms = new Map<number, (outcome: ConfirmOutcome) => void>();
  /** The protocol's schemas, once loaded (the configuration is checked with them before it is sent). */
  private protocol: typeof ProtocolModule | null = null;
  private readonly challenges = new Map<number, AbortController>();
  /** Stops watching the page for what may change a `--tender-*` value. */
  private stopWatchingStyles: (() => void) | null = null;
  /** Where the shadow root shows the frame, which is the element's child. */
  private readonly slot = Object.assign(document.createElement('slot'), { name: 'frame' });
  /** A frame taken out of the element while it is in the page (a framework re-rendering its children) is put back, as a new frame. */
  private readonly children = new MutationObserver(() => {
    if (this.frame && this.frame.parentNode !== this.element) this.show();
  });

  constructor(private readonly options: FrameHostOptions) {
    this.element = options.element;
    this.onWindowMessage = this.onWindowMessage.bind(this);
  }

  /** The element is in the page: listen for the frame's `hello`. */
  connect(): void {
    addEventListener('message', this.onWindowMessage);
    this.children.observe(this.element, { childList: true });
  }

  disconnect(): void {
    removeEventListener('message', this.onWindowMessage);
    this.children.disconnect();
    this.stopWatchingStyles?.();
    this.stopWatchingStyles = null;
    clearTimeout(this.timer);
    // a frame taken out of the page loses its document (the browser reloads it when it comes back): a confirm under way has no answer
    this.cancelConfirms();
    this.port?.close();
    this.port = null;
    for (const controller of this.challenges.values()) controller.abort();
    this.challenges.clear();
  }

  /** Shows the frame the element's properties name (a new one when its URL changed), or configures the one shown. */
  show(): void {
    const url = this.frameUrl();
    if (!url) {
      this.close();
      this.options.fail('configuration', 'Set api-base (or frame-src) to the payment API’s URL');
      return;
    }
    if (url.origin === location.origin) {
      // a frame of this page's own origin is no isolation: the page could read it (use `inline` to mean that)
      this.close();
      this.options.fail('configuration', 'The card frame must come from the payment API’s origin, not this page’s: check api-base and frame-src, or set inline');
      return;
    }
    if (this.frame?.parentNode === this.element && this.frameBase === url.href) {
      // back in the page after a move: its document was reloaded and will say hello again
      if (!this.port) this.armTimeout();
      this.configure();
      return;
    }
    // an iframe the merchant's server rendered in the element (docs/integration.md § The fastest page): adopted when it is this element's frame
    const adopted = this.frame ? null : this.element.querySelector<HTMLIFrameElement>(':scope > iframe[slot=frame]');
    void loadProtocol().catch(() => undefined); // checked messages: the schemas load while the frame does
    if (adopted) return this.adopt(adopted, url);
    this.close();
    this.frameBase = url.href;
    url.searchParams.set('locale', this.options.locale());
    if (this.element.theme) url.searchParams.set('theme', this.element.theme);
    const hidden = [this.element.hideName && 'name', this.element.hideButton && 'button'].filter(Boolean).join(',');
    if (hidden) url.searchParams.set('hide', hidden);
    // the row of accepted networks is in the frame's first paint, so its height does not change when the row fills
    if (this.element.showBrands) url.searchParams.set('show', 'brands');
    // and the billing fields it asks for (`auto`, the default, is said by saying nothing)
    for (const name of BILLING_PROPS) if (this.element[name] !== 'auto') url.searchParams.set(name, this.element[name]);
    const frame = document.createElement('iframe');
    frame.setAttribute('part', 'frame');
    frame.slot = 'frame';
    // the element's child, so the page's rules reach it: its size in its own style (the CSSOM, which a strict CSP allows);
    // no border but one the page gives it (the shadow root's `::slotted` rule)
    frame.style.cssText = FRAME_STYLE;
    frame.title = 'Card payment form';
    // the browser holds the frame to what it needs (its scripts, its own origin for the API, its form):
    // no top-level navigation, no popups, whatever its code tried
    frame.setAttribute('sandbox', SANDBOX);
    // the payment, for the API to answer inside the frame's page (docs/decisions/0098): a URL only the API's host is sent,
    // which the page's no-referrer policy keeps out of every Referer and the frame takes off its own URL
    if (this.element.clientSecret) url.searchParams.set('client_secret', this.element.clientSecret);
    frame.src = url.href;
    this.frame = frame;
    this.frameOrigin = url.origin;
    // in the light DOM (Chromium's autofill skips frames inside a shadow root), shown through the slot; the placeholder
    // after it holds the frame's expected height until hello, so nothing moves when the frame shows
    this.element.append(frame);
    this.options.root.replaceChildren(this.slot, this.options.placeholder);
    this.options.busy(true);
    this.armTimeout();
  }

  /**
   * Takes a server-rendered `<iframe slot="frame">` as this element's frame when it loads this
   * element's frame page (origin, path and publishable key) under the sandbox the host gives its own
   * (else it is removed and the element reports a `configuration` error), and asks it to say hello
   * again: it may have said it before this element was defined.
   */
  private adopt(frame: HTMLIFrameElement, url: URL): void {
    const src = new URL(frame.src || 'about:blank');
    const tokens = [...frame.sandbox].sort().join(' ');
    if (src.origin !== url.origin || src.pathname !== url.pathname || src.searchParams.get('key') !== url.searchParams.get('key') || tokens !== SANDBOX_SORTED || frame.hasAttribute('srcdoc')) {
      frame.remove();
      this.options.fail('configuration', `The iframe in the element is not its card frame: give it src="${url.href}" and sandbox="${SANDBOX}", or leave it out`);
      return;
    }
    this.frame = frame;
    this.frameBase = url.href;
    this.frameOrigin = url.origin;
    frame.setAttribute('part', 'frame');
    frame.title ||= 'Card payment form';
    // as a frame of its own: 0 px high beside the placeholder until its hello gives the form's height
    frame.style.cssText = FRAME_STYLE;
    this.options.root.replaceChildren(this.slot, this.options.placeholder);
    this.options.busy(true);
    this.armTimeout();
    // only to a document of another origin (its page): the initial about:blank, still this page's, says hello itself once its page loads
    if (!frame.contentDocument) frame.contentWindow?.postMessage(message({ type: 'announce' }), url.origin);
  }

  /** Removes the frame (the element shows the inline form, or has nothing to show). */
  close(): void {
    clearTimeout(this.timer);
    this.port?.close();
    this.port = null;
    this.frame?.remove();
    this.frame = null;
    this.frameBase = '';
    this.sentVariables = '';
    this.cancelConfirms();
  }

  /** Asks the frame to confirm, as its pay button does; null when no frame is connected. */
  confirm(): Promise<ConfirmOutcome> | null {
    if (!this.port) return null;
    const id = this.nextId++;
    const outcome = new Promise<ConfirmOutcome>((resolve) => this.confirms.set(id, resolve));
    this.post({ type: 'confirm', id });
    return outcome;
  }

  /** Focuses the frame and, inside it, the card number field. */
  focus(options?: FocusOptions): void {
    if (!this.frame) return;
    this.frame.focus(options);
    this.post({ type: 'focus' });
  }

  /**
   * The frame page's URL: with the publishable key (the page's `frame-ancestors` are the merchant's
   * allowed origins) it names one frame; the language, theme and hidden fields it paints with first
   * are added when it is created (later changes go over the channel, without a reload).
   */
  private frameUrl(): URL | null {
    const { apiBase, frameSrc, publishableKey } = this.element;
    const base = frameSrc || (apiBase ? `${apiBase.replace(/\/+$/, '')}/frame/card` : '');
    if (!base) return null;
    try {
      const url = new URL(base, location.href);
      if (publishableKey) url.searchParams.set('key', publishableKey);
      return /^https?:$/.test(url.protocol) ? url : null;
    } catch {
      return null;
    }
  }

  /** The frame has this long to say hello before the element reports it could not load. */
  private armTimeout(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.options.fail('network', 'The payment form could not be loaded'), FRAME_TIMEOUT_MS);
  }

  /** Every `confirm()` waiting on the frame resolves `cancelled` (the frame or its document is gone). */
  private cancelConfirms(): void {
    for (const resolve of this.confirms.values()) resolve({ type: 'cancelled' });
    this.confirms.clear();
  }

  /**
   * The frame's `hello`: from this element's frame, at its origin, in the protocol's shape (checked by
   * hand, envelope.ts: the frame shows without waiting for the schemas' chunk). Answered with a new
   * channel, unless the channel is open with that document already; its messages and the configuration
   * wait for the schemas.
   */
  private onWindowMessage(event: MessageEvent): void {
    const frame = this.frame;
    const hello: unknown = event.data;
    if (!frame?.contentWindow || event.source !== frame.contentWindow || event.origin !== this.frameOrigin || !isHello(hello)) return;
    if (this.port && hello.doc && hello.doc === this.helloDoc) return;
    this.helloDoc = hello.doc;
    clearTimeout(this.timer);
    // in the same task: the frame takes the placeholder's place in one frame of the page
    frame.style.height = `${Math.ceil(hello.height)}px`;
    this.options.placeholder.remove();
    this.options.busy(false);
    this.options.root.querySelector('[part=frame-status]')?.remove();
    // a second hello is a new document (the frame was reloaded): what the old one was asked is void
    this.cancelConfirms();
    this.port?.close();
    const channel = new MessageChannel();
    const port = (this.port = channel.port1);
    const protocol = loadProtocol();
    port.onmessage = (received) => void protocol.then((schemas) => this.port === port && this.onFrameMessage(schemas, received.data), () => undefined);
    frame.contentWindow.postMessage(message({ type: 'connect' }), this.frameOrigin, [channel.port2]);
    this.sentVariables = '';
    protocol.then(
      (schemas) => {
        if (this.port !== port) return;
        this.protocol = schemas;
        this.configure();
      },
      // the frame is there but its messages cannot be checked (the chunk failed, or failed its integrity check): say so now, not at the timeout
      () => this.port === port && this.options.fail('network', 'The payment form could not be loaded'),
    );
  }

  private post(body: Record<string, unknown> & { type: string }): void {
    this.port?.postMessage(message(body));
  }

  /**
   * Sends the whole configuration (the frame applies what changed), checked first against the
   * protocol's schema: what the frame would refuse is reported here, naming the member, instead of a
   * frame left loading.
   */
  private configure(): void {
    if (!this.port) return;
    // the configuration goes again when a `--tender-*` value changed
    this.stopWatchingStyles ??= watchPageStyles(() => {
      if (this.port && JSON.stringify(hostVariables(this.element)) !== this.sentVariables) this.configure();
    });
    const element = this.element;
    const hostValues = hostVariables(element);
    this.sentVariables = JSON.stringify(hostValues);
    let plainAppearance: Record<string, unknown> | null;
    try {
      // plain data (a framework's reactive proxy cannot cross to the frame as it is)
      plainAppearance = element.appearance ? (JSON.parse(JSON.stringify(element.appearance)) as Record<string, unknown>) : null;
    } catch {
      this.options.fail('configuration', 'appearance must be plain, serialisable data');
      return;
    }
    const textMessages = Object.fromEntries(Object.entries(element.messages ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    // no shorthand members: the manifest's analyzer (cem) would list them as variables of this module
    const config: FrameConfig = {
      publishableKey: element.publishableKey,
      clientSecret: element.clientSecret,
      returnUrl: element.returnUrl,
      pageUrl: pageUrl(),
      locale: this.options.locale(),
      threeDs: element.threeDs === 'redirect' ? 'redirect' : 'modal',
      theme: element.theme,
      appearance: plainAppearance,
      messages: textMessages,
      hideButton: element.hideButton,
      hideName: element.hideName,
      disabled: element.disabled,
      showBrands: element.showBrands,
      preferredNetwork: element.preferredNetwork,
      saveCard: element.saveCard === 'never' ? 'never' : 'auto',
      billing: element.billing,
      email: element.email,
      phone: element.phone,
      requestTimeout: Number.isFinite(element.requestTimeout) && element.requestTimeout > 0 ? element.requestTimeout : 0,
      variables: hostValues,
    };
    const checked = this.protocol?.FrameConfig.safeParse(config);
    if (checked && !checked.success) {
      const member = checked.error.issues[0]?.path.join('.') ?? '';
      this.options.fail('configuration', `The element's ${member || 'configuration'} cannot be used (too long or malformed)`);
      return;
    }
    this.post({ type: 'configure', config });
  }

  private onFrameMessage(protocol: typeof ProtocolModule, data: unknown): void {
    const parsed = protocol.FrameMessage.safeParse(data);
    if (!parsed.success) return;
    const message: FrameMessage = parsed.data;
    switch (message.type) {
      case 'size':
        this.frame!.style.height = `${Math.ceil(message.height)}px`;
        return;
      case 'meta':
        this.frame!.title = message.title;
        this.frame!.lang = message.lang;
        this.frame!.dir = message.dir;
        return;
      case 'event':
        this.dispatch(message.name, message.detail);
        return;
      case 'submit':
        this.post({ type: 'answer', id: message.id, proceed: this.dispatch('tender-submit', { paymentId: message.paymentId }, true) });
        return;
      case 'redirect': {
        const proceed = this.dispatch('tender-redirect', { paymentId: message.paymentId, url: message.url }, true);
        this.post({ type: 'answer', id: message.id, proceed });
        if (proceed) navigateTop(message.url);
        return;
      }
      case 'returned':
        dropReturnParams(message.params);
        return;
      case 'confirmed':
        this.confirms.get(message.id)?.(message.outcome as ConfirmOutcome);
        this.confirms.delete(message.id);
        return;
      case 'challenge':
        void this.openChallenge(message);
        return;
      case 'challenge-abort':
        this.challenges.get(message.id)?.abort();
        return;
    }
  }

  /** A 3-D Secure challenge in a dialog over the page; the frame hears how it ended. */
  private async openChallenge(message: Extract<FrameMessage, { type: 'challenge' }>): Promise<void> {
    const controller = new AbortController();
    this.challenges.set(message.id, controller);
    const text = { 'status.continueAuthentication': message.title, close: message.close } as Record<string, string>;
    const ended = await loadChallenge().then(
      (module) => module.openChallenge(this.element, message.url, message.paymentId, this.frameOrigin, ({ key }) => text[key] ?? '', controller.signal),
      () => false,
    );
    this.challenges.delete(message.id);
    if (ended !== null) this.post({ type: 'challenge-done', id: message.id, ended });
  }

  private dispatch(name: string, detail: unknown, cancelable = false): boolean {
    return this.element.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable }));
  }
}
