/**
 * `<tender-checkout>`: the public element. A small host (plain DOM, no Lit, no card logic, no API
 * client, no zod in its own file) that either
 *
 * - isolated (the default): renders one iframe whose page the payment API's host serves
 *   (`<api-base>/frame/card`, or `frame-src`), forwards its configuration into it and re-fires the
 *   frame's events on itself, over the protocol of src/frame/protocol.ts (checked with its zod/mini
 *   schemas, a chunk loaded beside the frame); or
 * - `inline` (and always for `preview`): loads the card form (`card-form.ts`, a chunk) and shows it
 *   in its shadow root, passing every property through. The form's events are composed: they reach
 *   the page from this element as they are.
 */
import type * as FormModule from './card-form.js';
import type * as ProtocolModule from '../../frame/protocol.js';
import type * as ChallengeModule from '../challenge/challenge-dialog.js';
import type { FrameConfig, FrameMessage } from '../../frame/protocol.js';
import type { PreviewState } from '../../flow/preview.js';
import type { Messages } from '../../i18n/en.js';
import type { Appearance, PresetName } from '../../themes/index.js';
import { defineElement, VERSION } from '../define-element.js';
import { message } from '../../frame/envelope.js';
import { lazy } from '../lazy.js';
import { navigateTop } from '../navigate.js';
import type { ConfirmOutcome, TenderErrorDetail } from '../../events.js';

export type { CardErrors, ConfirmOutcome } from '../../events.js';
export type { PreviewState } from '../../flow/preview.js';

const loadForm = lazy<typeof FormModule>(() => import('./card-form.js'));
const loadProtocol = lazy<typeof ProtocolModule>(() => import('../../frame/protocol.js'));
const loadChallenge = lazy<typeof ChallengeModule>(() => import('../challenge/challenge-dialog.js'));
/** Inline: the API client the form imports once it runs, fetched beside the form instead (one round trip less). */
const prefetchClient = lazy(() => import('../../api/client.js'));

/** The form's parts, exported through this element's shadow root in `inline` mode. */
const PARTS = 'base,form,field,label,input,input-invalid,brand,error,button,status';
/** The query parameters of a return from a redirect (the frame names them; only these are taken off the URL). */
const RETURN_PARAM = /^[a-z_]{1,40}$/;
/** What the host shows when neither the frame nor the catalogues load (src/i18n/en.ts says the same). */
export const FALLBACK_TEXT = {
  'error.configuration': 'This payment form is not set up correctly.',
  'error.network': 'We could not reach the payment service. Check your connection and try again.',
} as const;
/** How long the frame may take to say hello before the element reports it could not load. */
const FRAME_TIMEOUT_MS = 20_000;

const CSS = ':host{display:block}:host([hidden]){display:none}iframe{display:block;width:100%;height:0;border:0;color-scheme:normal;overflow:hidden}[part=frame-status]{margin:0;font:inherit;color:var(--tender-color-danger,#b00020)}';

/** Attribute-backed properties: name → [attribute, kind (s string, b boolean, n number), default]. */
const PROPS = {
  publishableKey: ['publishable-key', 's', ''],
  clientSecret: ['client-secret', 's', ''],
  apiBase: ['api-base', 's', ''],
  returnUrl: ['return-url', 's', ''],
  locale: ['locale', 's', 'auto'],
  threeDs: ['three-ds', 's', 'modal'],
  theme: ['theme', 's', ''],
  requestTimeout: ['request-timeout', 'n', 0],
  hideButton: ['hide-button', 'b', false],
  hideName: ['hide-name', 'b', false],
  disabled: ['disabled', 'b', false],
  preview: ['preview', 's', ''],
  inline: ['inline', 'b', false],
  frameSrc: ['frame-src', 's', ''],
} as const;
type PropName = keyof typeof PROPS;
const BY_ATTRIBUTE = new Map<string, PropName>(Object.entries(PROPS).map(([name, [attribute]]) => [attribute, name as PropName]));
/** What `inline` and `frame-src` are to the form: nothing. */
const FORM_PROPS = (Object.keys(PROPS) as PropName[]).filter((name) => name !== 'inline' && name !== 'frameSrc');

let sheet: CSSStyleSheet | undefined;

/** `HTMLElement`, or where there is none (server rendering in Node) a stand-in: importing this module never throws. */
const Base = (globalThis.HTMLElement ?? class {}) as typeof HTMLElement;

/**
 * @tagname tender-checkout
 * @summary The drop-in card checkout: card number, expiry, CVC and name, a pay button with the
 * amount, and a status area. Confirms the payment from the browser with the publishable key and the
 * payment's client secret, follows 3-D Secure challenges, redirects and wait screens, and reports the
 * outcome. By default the form runs in a cross-origin frame served by the payment API's host (card
 * data never reaches the merchant's page); `inline` puts it in this element's shadow root.
 *
 * @event tender-ready - The payment was fetched and can be paid (once per connection). `{ paymentId, amount, currency, status }`
 * @event tender-change - The card state changed. `{ complete, empty, brand, errors: { number?, expiry?, cvc? } }`
 * @event tender-submit - The customer asked to pay; `preventDefault()` stops the confirm. `{ paymentId }`
 * @event tender-redirect - 3-D Secure needs a navigation; `preventDefault()` to handle it yourself. `{ paymentId, url }`
 * @event tender-result - An outcome is known. `{ paymentId, status, retryable, errorCode?, errorMessage?, payment }`
 * @event tender-error - Something other than an outcome went wrong: configuration, expired secret, network or server trouble, an unsafe redirect, a rejected appearance key. `{ code, message, recoverable, key? }`
 *
 * @csspart frame - The iframe of the isolated mode (the parts below exist in `inline` mode only: style the frame's form with `appearance.rules`).
 * @csspart frame-status - What the isolated mode shows when the frame cannot load.
 * @csspart base - The wrapper of everything.
 * @csspart form - The card form.
 * @csspart field - Each field (label, input, error).
 * @csspart label - Each label.
 * @csspart input - Each input.
 * @csspart input-invalid - An input whose value is invalid (beside `input`): `::part(input-invalid)`.
 * @csspart brand - The detected card brand.
 * @csspart error - Each field's error.
 * @csspart button - The pay button.
 * @csspart status - The status area (what is shown; announcements go through one hidden live region).
 *
 * @cssproperty --tender-color-text - Body text.
 * @cssproperty --tender-color-text-secondary - Secondary text (hints, the brand badge).
 * @cssproperty --tender-color-background - Background of the form.
 * @cssproperty --tender-color-input-background - Background of an input.
 * @cssproperty --tender-color-input-text - Text typed into an input.
 * @cssproperty --tender-color-placeholder - Placeholder text.
 * @cssproperty --tender-color-label - Field labels.
 * @cssproperty --tender-color-primary - Pay button background.
 * @cssproperty --tender-color-primary-hover - Pay button background on hover.
 * @cssproperty --tender-color-on-primary - Text on the pay button.
 * @cssproperty --tender-color-danger - Errors and the border of an invalid input.
 * @cssproperty --tender-color-success - Success messages.
 * @cssproperty --tender-color-border - Input borders.
 * @cssproperty --tender-color-border-hover - Input borders on hover.
 * @cssproperty --tender-color-focus - Focus ring.
 * @cssproperty --tender-color-disabled - Background of a disabled input.
 * @cssproperty --tender-font-family - Font stack.
 * @cssproperty --tender-font-size-base - Base font size (inputs, button, text).
 * @cssproperty --tender-font-size-label - Label font size.
 * @cssproperty --tender-font-size-small - Error and hint font size.
 * @cssproperty --tender-font-weight-normal - Body text weight.
 * @cssproperty --tender-font-weight-label - Label weight.
 * @cssproperty --tender-font-weight-button - Button text weight.
 * @cssproperty --tender-line-height - Line height (unitless number or length).
 * @cssproperty --tender-spacing-unit - Gap between fields and rows.
 * @cssproperty --tender-label-gap - Gap between a label and its input.
 * @cssproperty --tender-column-gap - Gap between side-by-side fields.
 * @cssproperty --tender-container-padding - Space between the edge of the form and its content (1–4 lengths).
 * @cssproperty --tender-border-radius - Corner radius of inputs.
 * @cssproperty --tender-button-radius - Corner radius of the button.
 * @cssproperty --tender-border-width - Input border width.
 * @cssproperty --tender-focus-ring-width - Focus ring width.
 * @cssproperty --tender-input-padding - Input padding (1–4 lengths).
 * @cssproperty --tender-button-padding - Button padding (1–4 lengths).
 * @cssproperty --tender-input-min-height - Minimum height of inputs and the button.
 * @cssproperty --tender-shadow-input - Input shadow.
 * @cssproperty --tender-shadow-input-focus - Input shadow when focused.
 * @cssproperty --tender-shadow-button - Button shadow.
 */
export class TenderCheckout extends Base {
  static version = VERSION;
  static readonly observedAttributes = [...BY_ATTRIBUTE.keys()];

  /** Registers the element once; a second registration of the tag is a warning, not an error. */
  static define(tag: string): void {
    defineElement(tag, this);
  }

  static {
    for (const [name, [attribute, kind, fallback]] of Object.entries(PROPS) as [PropName, (typeof PROPS)[PropName]][]) {
      Object.defineProperty(this.prototype, name, {
        configurable: true,
        get(this: TenderCheckout) {
          return this.values[name] ?? fallback;
        },
        set(this: TenderCheckout, value: unknown) {
          // `disabled` reflects (a page's CSS may style `tender-checkout[disabled]`); the others stay properties
          if (name === 'disabled') this.toggleAttribute(attribute, Boolean(value));
          this.values[name] = kind === 'b' ? Boolean(value) : kind === 'n' ? Number(value) || 0 : String(value ?? '');
          this.changed();
        },
      });
    }
  }

  /** The merchant's publishable key (`pk_snd_…`, `pk_prd_…`). */
  declare publishableKey: string;
  /** The payment's client secret (`pay_…_secret_…`). */
  declare clientSecret: string;
  /** Base URL of the payment API (its host serves the card frame under `/frame/card`). */
  declare apiBase: string;
  /** Where the customer comes back after a redirect (default: the current page). */
  declare returnUrl: string;
  /** BCP 47 tag or `auto` (the page's language). */
  declare locale: string;
  /** 3-D Secure: `modal` (the challenge in a dialog over the page) or `redirect` (the page navigates to it and back). */
  declare threeDs: string;
  /** Appearance preset name (`''`: none). */
  declare theme: PresetName | '';
  /** Time limit of one request to the API, in ms (0: the client's defaults, 10 s for reads and 15 s for the confirm). */
  declare requestTimeout: number;
  /** Hides the pay button (the host confirms with `confirm()`). */
  declare hideButton: boolean;
  /** Hides the cardholder-name field. */
  declare hideName: boolean;
  /** Locks the form. */
  declare disabled: boolean;
  /** Shows one state with a sample payment and never calls the network (the theme previewer's gallery); always inline. */
  declare preview: PreviewState | '';
  /** Puts the form in this element's shadow root on the merchant's page instead of the isolated frame (the page is then in PCI DSS scope). */
  declare inline: boolean;
  /** URL of the frame page (default: `<api-base>/frame/card`). */
  declare frameSrc: string;
  private appearanceValue: Appearance | null = null;
  private messagesValue: Partial<Messages> = {};

  /** Serialisable appearance: `{ theme?, variables?, rules?, labels?, layout?, colorScheme?, fonts? }` (docs/theming.md). */
  get appearance(): Appearance | null {
    return this.appearanceValue;
  }
  set appearance(value: Appearance | null) {
    this.appearanceValue = value;
    this.changed();
  }

  /** Per-message overrides of the text catalogue. */
  get messages(): Partial<Messages> {
    return this.messagesValue;
  }
  set messages(value: Partial<Messages>) {
    this.messagesValue = value;
    this.changed();
  }

  private readonly values: Partial<Record<PropName, unknown>> = {};
  private readonly root: ShadowRoot;
  private scheduled = false;
  /** The inline form (`inline`, `preview`). */
  private form: FormModule.TenderCardForm | null = null;
  /** The isolated frame, its origin and its channel. */
  private frame: HTMLIFrameElement | null = null;
  private frameOrigin = '';
  /** The frame's URL without what it paints with first (a new one is a new frame). */
  private frameBase = '';
  private port: MessagePort | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** `--tender-*` values last sent (a change sends the configuration again). */
  private sentVariables = '';
  private nextId = 1;
  private readonly confirms = new Map<number, (outcome: ConfirmOutcome) => void>();
  /** The protocol's schemas, once loaded (the configuration is checked with them before it is sent). */
  private protocol: typeof ProtocolModule | null = null;
  private readonly challenges = new Map<number, AbortController>();
  /** Stops watching the page for what may change a `--tender-*` value (a class, a style, a stylesheet, the colour scheme, the width). */
  private stopWatchingStyles: (() => void) | null = null;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    sheet ??= new CSSStyleSheet();
    if (!sheet.cssRules.length) sheet.replaceSync(CSS);
    this.root.adoptedStyleSheets = [sheet];
    this.onWindowMessage = this.onWindowMessage.bind(this);
    // properties a framework set before this class was defined sit on the instance: pass them through the setters
    for (const name of [...Object.keys(PROPS), 'appearance', 'messages']) {
      if (!Object.prototype.hasOwnProperty.call(this, name)) continue;
      const value = (this as Record<string, unknown>)[name];
      delete (this as Record<string, unknown>)[name];
      (this as Record<string, unknown>)[name] = value;
    }
  }

  connectedCallback(): void {
    addEventListener('message', this.onWindowMessage);
    this.changed();
  }

  disconnectedCallback(): void {
    removeEventListener('message', this.onWindowMessage);
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

  attributeChangedCallback(attribute: string, _old: string | null, value: string | null): void {
    const name = BY_ATTRIBUTE.get(attribute)!;
    const [, kind, fallback] = PROPS[name];
    this.values[name] = kind === 'b' ? value !== null : value === null ? fallback : kind === 'n' ? Number(value) || 0 : value;
    this.changed();
  }

  /** Settles when the form shows what its properties ask for (inline: the form's own `updateComplete`). */
  get updateComplete(): Promise<boolean> {
    return Promise.resolve().then(async () => {
      if (!this.isInline()) return true;
      await loadForm().catch(() => undefined);
      await Promise.resolve();
      return this.form ? this.form.updateComplete : true;
    });
  }

  /**
   * Confirms the payment with the card in the form, as the pay button does. Resolves with the
   * outcome; a second call while one is under way resolves with the same outcome (one confirm).
   */
  async confirm(): Promise<ConfirmOutcome> {
    if (this.isInline()) {
      await this.updateComplete;
      if (this.form) return this.form.confirm();
    } else if (this.port) {
      const id = this.nextId++;
      const outcome = new Promise<ConfirmOutcome>((resolve) => this.confirms.set(id, resolve));
      this.post({ type: 'confirm', id });
      return outcome;
    }
    return { type: 'error', detail: { code: 'not_ready', message: 'The payment cannot be confirmed now', recoverable: true } };
  }

  /** Focuses the card number field. */
  override focus(options?: FocusOptions): void {
    if (this.form) return this.form.focus(options);
    if (!this.frame) return;
    this.frame.focus(options);
    this.post({ type: 'focus' });
  }

  private isInline(): boolean {
    return Boolean(this.values.inline || this.values.preview);
  }

  /** Something changed: the form or the frame hears of it once, after the current task's changes. */
  private changed(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      if (this.isConnected) void this.sync();
    });
  }

  private async sync(): Promise<void> {
    if (this.isInline()) {
      this.closeFrame();
      let module: typeof FormModule;
      if (!this.preview) void prefetchClient().catch(() => undefined);
      try {
        module = await loadForm();
      } catch {
        this.fail('network', 'The payment form could not be loaded');
        return;
      }
      if (!this.isInline() || !this.isConnected) return;
      if (!this.form) {
        module.defineCardForm();
        this.form = document.createElement('tender-card-form');
        this.form.setAttribute('exportparts', PARTS);
        this.root.replaceChildren(this.form);
      }
      const form = this.form as unknown as Record<string, unknown>;
      for (const name of FORM_PROPS) if (form[name] !== this[name]) form[name] = this[name];
      if (form.appearance !== this.appearance) form.appearance = this.appearance;
      if (form.messages !== this.messages) form.messages = this.messages;
      return;
    }
    this.form?.remove();
    this.form = null;
    this.showFrame();
  }

  // ---- the isolated frame -------------------------------------------------------------------------

  /**
   * The frame page's URL: with the publishable key (the page's `frame-ancestors` are the merchant's
   * allowed origins) it names one frame; the language, theme and hidden fields it paints with first
   * are added when it is created (later changes go over the channel, without a reload).
   */
  private frameUrl(): URL | null {
    const base = this.frameSrc || (this.apiBase ? `${this.apiBase.replace(/\/+$/, '')}/frame/card` : '');
    if (!base) return null;
    try {
      const url = new URL(base, location.href);
      if (this.publishableKey) url.searchParams.set('key', this.publishableKey);
      return /^https?:$/.test(url.protocol) ? url : null;
    } catch {
      return null;
    }
  }

  /** The page's language when `locale` is `auto`: the closest `lang`, else the browser's. */
  private resolvedLocale(): string {
    return this.locale === 'auto' || !this.locale ? this.closest('[lang]')?.getAttribute('lang') || navigator.language || 'en' : this.locale;
  }

  private showFrame(): void {
    const url = this.frameUrl();
    if (!url) {
      this.closeFrame();
      this.fail('configuration', 'Set api-base (or frame-src) to the payment API’s URL');
      return;
    }
    if (url.origin === location.origin) {
      // a frame of this page's own origin is no isolation: the page could read it (use `inline` to mean that)
      this.closeFrame();
      this.fail('configuration', 'The card frame must come from the payment API’s origin, not this page’s: check api-base and frame-src, or set inline');
      return;
    }
    if (this.frame && this.frameBase === url.href) {
      // back in the page after a move: its document was reloaded and will say hello again
      if (!this.port) this.armTimeout();
      this.configure();
      return;
    }
    this.closeFrame();
    this.frameBase = url.href;
    url.searchParams.set('locale', this.resolvedLocale());
    if (this.theme) url.searchParams.set('theme', this.theme);
    const hidden = [this.hideName && 'name', this.hideButton && 'button'].filter(Boolean).join(',');
    if (hidden) url.searchParams.set('hide', hidden);
    void loadProtocol().catch(() => undefined); // checked messages: the schemas load while the frame does
    const frame = document.createElement('iframe');
    frame.setAttribute('part', 'frame');
    frame.title = 'Card payment form';
    // the browser holds the frame to what it needs (its scripts, its own origin for the API, its form):
    // no top-level navigation, no popups, whatever its code tried
    frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
    frame.src = url.href;
    this.frame = frame;
    this.frameOrigin = url.origin;
    this.root.replaceChildren(frame);
    this.armTimeout();
  }

  /** The frame has this long to say hello before the element reports it could not load. */
  private armTimeout(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.fail('network', 'The payment form could not be loaded'), FRAME_TIMEOUT_MS);
  }

  /** Every `confirm()` waiting on the frame resolves `cancelled` (the frame or its document is gone). */
  private cancelConfirms(): void {
    for (const resolve of this.confirms.values()) resolve({ type: 'cancelled' });
    this.confirms.clear();
  }

  private closeFrame(): void {
    clearTimeout(this.timer);
    this.port?.close();
    this.port = null;
    this.frame?.remove();
    this.frame = null;
    this.frameBase = '';
    this.sentVariables = '';
    this.cancelConfirms();
  }

  /**
   * Shows and reports a problem of the host itself (no frame, no form): `tender-error` with the
   * developer's message at once; the customer's text in their language, from the form chunk's
   * catalogues (the host carries none), once loaded — English if that chunk cannot load either.
   */
  private fail(code: TenderErrorDetail['code'], message: string): void {
    const key = code === 'configuration' ? 'error.configuration' : 'error.network';
    const status = document.createElement('p');
    status.setAttribute('part', 'frame-status');
    status.setAttribute('role', 'alert');
    status.lang = 'en';
    status.textContent = FALLBACK_TEXT[key];
    this.root.querySelector('[part=frame-status]')?.remove();
    this.root.append(status);
    this.dispatch('tender-error', { code, message, recoverable: code !== 'configuration' });
    const locale = this.resolvedLocale();
    void loadForm()
      .then((module) => module.catalogueText(locale, key, this.messages))
      .then((text) => {
        status.textContent = text;
        status.lang = locale;
      })
      .catch(() => undefined); // the English text stays
  }

  /** The frame's `hello`: from this element's frame, at its origin, in the protocol's shape. Answered with a new channel. */
  private async onWindowMessage(event: MessageEvent): Promise<void> {
    const frame = this.frame;
    if (!frame || event.source !== frame.contentWindow || event.origin !== this.frameOrigin) return;
    const protocol = await loadProtocol().catch(() => null);
    if (frame !== this.frame) return;
    if (!protocol) {
      // the frame is there but its messages cannot be checked (the chunk failed, or failed its integrity check): say so now, not at the timeout
      clearTimeout(this.timer);
      this.fail('network', 'The payment form could not be loaded');
      return;
    }
    const hello = protocol.Hello.safeParse(event.data);
    if (!hello.success || !frame.contentWindow) return;
    clearTimeout(this.timer);
    this.protocol = protocol;
    frame.style.height = `${Math.ceil(hello.data.height)}px`;
    this.root.querySelector('[part=frame-status]')?.remove();
    // a second hello is a new document (the frame was reloaded): what the old one was asked is void
    this.cancelConfirms();
    this.port?.close();
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.port.onmessage = (message) => this.onFrameMessage(protocol, message.data);
    frame.contentWindow.postMessage(message({ type: 'connect' }), this.frameOrigin, [channel.port2]);
    this.sentVariables = '';
    this.configure();
  }

  private post(body: Record<string, unknown> & { type: string }): void {
    this.port?.postMessage(message(body));
  }

  /** This element's computed `--tender-*` custom properties (host CSS: on it or inherited). */
  private variables(): Record<string, string> {
    const variables: Record<string, string> = {};
    const computed = getComputedStyle(this);
    for (let index = 0; index < computed.length; index += 1) {
      const name = computed[index]!;
      const value = computed.getPropertyValue(name).trim();
      // what the protocol carries (a name such as `--tender-colorPrimary` is a typo no rule reads)
      if (/^--tender-[a-z0-9-]+$/.test(name) && value.length <= 200) variables[name] = value;
    }
    return variables;
  }

  /** Sends the configuration again when a `--tender-*` value changed (checked after any change of the page's styles). */
  private watchStyles(): void {
    if (this.stopWatchingStyles) return;
    let pending = false;
    // at most once a frame: a page that animates styles costs one read of the computed style per frame
    const check = () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        if (this.port && JSON.stringify(this.variables()) !== this.sentVariables) this.configure();
      });
    };
    const observer = new MutationObserver(check);
    observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class', 'style', 'media', 'disabled'] });
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', check);
    // `@media (max-width: …)` rules may set a value: the width changing is a change too
    addEventListener('resize', check);
    this.stopWatchingStyles = () => {
      observer.disconnect();
      scheme.removeEventListener('change', check);
      removeEventListener('resize', check);
    };
  }

  /**
   * Sends the whole configuration (the frame applies what changed), checked first against the
   * protocol's schema: what the frame would refuse is reported here, naming the member, instead of a
   * frame left loading.
   */
  private configure(): void {
    if (!this.port) return;
    this.watchStyles();
    const variables = this.variables();
    this.sentVariables = JSON.stringify(variables);
    let appearance: Record<string, unknown> | null;
    try {
      // plain data (a framework's reactive proxy cannot cross to the frame as it is)
      appearance = this.appearance ? (JSON.parse(JSON.stringify(this.appearance)) as Record<string, unknown>) : null;
    } catch {
      this.fail('configuration', 'appearance must be plain, serialisable data');
      return;
    }
    const messages = Object.fromEntries(Object.entries(this.messages ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    const config: FrameConfig = {
      publishableKey: this.publishableKey,
      clientSecret: this.clientSecret,
      returnUrl: this.returnUrl,
      pageUrl: pageUrl(),
      locale: this.resolvedLocale(),
      threeDs: this.threeDs === 'redirect' ? 'redirect' : 'modal',
      theme: this.theme,
      appearance,
      messages,
      hideButton: this.hideButton,
      hideName: this.hideName,
      disabled: this.disabled,
      requestTimeout: Number.isFinite(this.requestTimeout) && this.requestTimeout > 0 ? this.requestTimeout : 0,
      variables,
    };
    const checked = this.protocol?.FrameConfig.safeParse(config);
    if (checked && !checked.success) {
      const member = checked.error.issues[0]?.path.join('.') ?? '';
      this.fail('configuration', `The element's ${member || 'configuration'} cannot be used (too long or malformed)`);
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
      case 'returned': {
        const url = new URL(location.href);
        for (const name of message.params) if (RETURN_PARAM.test(name)) url.searchParams.delete(name);
        history.replaceState(history.state, '', url.href);
        return;
      }
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
      (module) => module.openChallenge(this, message.url, message.paymentId, this.frameOrigin, ({ key }) => text[key] ?? '', controller.signal),
      () => false,
    );
    this.challenges.delete(message.id);
    if (ended !== null) this.post({ type: 'challenge-done', id: message.id, ended });
  }

  private dispatch(name: string, detail: unknown, cancelable = false): boolean {
    return this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable }));
  }
}

/**
 * This page's URL as the frame gets it (to read a return from a redirect, and as the default return
 * URL, which the API gets anyway): without its fragment, which may hold the page's own tokens; when
 * very long, without the query parameters a return does not use.
 */
function pageUrl(): string {
  const href = location.href.split('#')[0] ?? '';
  if (href.length <= 8192) return href;
  const url = new URL(location.href);
  const kept = new URLSearchParams();
  for (const name of ['payment_intent_client_secret', 'payment_id', 'status']) {
    const value = url.searchParams.get(name);
    if (value !== null && value.length <= 1024) kept.set(name, value);
  }
  return `${url.origin}${url.pathname.slice(0, 4096)}?${kept}`;
}


declare global {
  interface HTMLElementTagNameMap {
    'tender-checkout': TenderCheckout;
  }
}
