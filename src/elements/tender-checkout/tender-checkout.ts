import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type * as ClientModule from '../../api/client.js';
import type { CardInput, TenderClient } from '../../api/client.js';
import type { ClientError } from '../../api/errors.js';
import type { PaymentResponse } from '../../api/schemas.js';
import {
  CARD_BRANDS,
  detectBrand,
  formatCardNumberInput,
  formatExpiryInput,
  parseExpiry,
  validateCardNumber,
  validateCvc,
  validateExpiry,
  type CardBrand,
} from '../../card/index.js';
import { en, formatMessage, loadCatalogue, loadedCatalogue, resolveLocale, textDirection, withOverrides, type MessageKey, type Messages } from '../../i18n/index.js';
import { formatAmount } from '../../money/index.js';
import type * as ThemesModule from '../../themes/index.js';
import type { Appearance, FieldLayout, FontSpec, LabelStyle, PresetName } from '../../themes/index.js';
import { TenderElement } from '../tender-element.js';
import type { CardErrors, ConfirmOutcome, TenderErrorDetail, TenderResultDetail } from './events.js';
import { styles } from './tender-checkout.styles.js';

export type { CardErrors, ConfirmOutcome } from './events.js';

type Phase = 'idle' | 'loading' | 'ready' | 'submitting' | 'redirecting' | 'action' | 'waiting' | 'done' | 'error';
type Field = 'number' | 'expiry' | 'cvc' | 'name';
/** The states `preview` can show. */
export type PreviewState = 'empty' | 'filled' | 'errors' | 'processing' | 'redirecting' | 'succeeded' | 'declined' | 'wait-screen';
/** What the status area says: a catalogue message (re-rendered when the locale changes) or the API's own text. */
interface Status {
  key: MessageKey | null;
  text?: string;
  tone: 'info' | 'success' | 'danger';
}
interface CardCheck {
  errors: CardErrors;
  complete: boolean;
  empty: boolean;
  /** The number is valid and as long as the brand's numbers go: focus may move on. */
  numberComplete: boolean;
}

/** Query parameters the API adds to `return_url`; removed from the address bar once read. */
const RETURN_PARAMS = ['payment_intent_client_secret', 'payment_id', 'status', 'amount', 'manual_retry_allowed', 'signature', 'signature_algorithm'];
/** How long a `processing` payment is polled before the element reports it as processing. */
const PROCESSING_POLL_MS = 2 * 60 * 1000;
const SHORT_BRAND: Partial<Record<CardBrand, string>> = { mastercard: 'MC', amex: 'AMEX', unionpay: 'UPI', diners: 'DINERS' };

/** Web fonts of `appearance.fonts`, added to the document once each (the FontFace API: no stylesheet needed). */
const fontLoads = new Map<string, Promise<void>>();
function loadFont(font: FontSpec): Promise<void> {
  const src = new URL(font.src, document.baseURI).href;
  const key = `${font.family}|${src}|${font.weight ?? ''}|${font.style ?? ''}`;
  let loading = fontLoads.get(key);
  if (!loading) {
    const descriptors: FontFaceDescriptors = {};
    if (font.weight) descriptors.weight = font.weight;
    if (font.style) descriptors.style = font.style;
    if (font.display) descriptors.display = font.display as FontDisplay;
    const face = new FontFace(font.family, `url("${src}")`, descriptors);
    document.fonts.add(face);
    loading = face.load().then(() => undefined);
    loading.catch(() => fontLoads.delete(key));
    fontLoads.set(key, loading);
  }
  return loading;
}

let themesModule: Promise<typeof ThemesModule> | undefined;
/**
 * The appearance compiler (validation, presets) is its own chunk too, fetched only when a page sets
 * `theme` or `appearance`; the default look is in the element's static styles.
 */
function loadThemesModule(): Promise<typeof ThemesModule> {
  themesModule ??= import('../../themes/index.js').catch((error: unknown) => {
    themesModule = undefined;
    throw error;
  });
  return themesModule;
}

let clientModule: Promise<typeof ClientModule> | undefined;
/**
 * The API client and its zod schemas come in their own chunk, fetched when the first payment is
 * loaded: the form paints without them (docs/decisions/0003). A failed fetch is tried again next time.
 */
function loadClientModule(): Promise<typeof ClientModule> {
  clientModule ??= import('../../api/client.js').catch((error: unknown) => {
    clientModule = undefined;
    throw error;
  });
  return clientModule;
}

/**
 * @tagname tender-checkout
 * @summary The drop-in card checkout: card number, expiry, CVC and name, a pay button with the
 * amount, and a status area. Confirms the payment from the browser with the publishable key and the
 * payment's client secret, follows 3-D Secure redirects and wait screens, and reports the outcome.
 *
 * @event tender-ready - The form is shown and the payment can be paid. `{ paymentId, amount, currency, status }`
 * @event tender-change - The card state changed. `{ complete, empty, brand, errors }`
 * @event tender-submit - The customer asked to pay; cancelable. `{ paymentId }`
 * @event tender-redirect - A customer action needs a navigation; cancelable. `{ paymentId, url }`
 * @event tender-result - An outcome is known. `{ paymentId, status, retryable, errorCode?, errorMessage?, payment }`
 * @event tender-error - Something other than an outcome went wrong (also each rejected appearance key). `{ code, message, recoverable, key? }`
 *
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
export class TenderCheckout extends TenderElement {
  static override styles = styles;

  private client: TenderClient | null = null;
  private clientConfig = '';
  /** Bumped whenever the payment being shown changes: late answers for an old one are dropped. */
  private generation = 0;
  private connection = 0;
  private readyConnection = -1;
  private confirming: Promise<ConfirmOutcome> | null = null;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private pollDeadline = 0;
  private pollDelay = 1000;
  /** The card as typed. It lives here and in the confirm request only. */
  private card: Record<Field, string> = { number: '', expiry: '', cvc: '', name: '' };
  private touched: Record<Field, boolean> = { number: false, expiry: false, cvc: false, name: false };
  private submitted = false;
  private lastChange = '';
  /** Sample card shown by `preview` (public test numbers), written into the inputs after a render. */
  private previewCard: string[] | null = null;
  /** The appearance's own stylesheet, adopted after the element's styles (no inline styles: strict CSP works). */
  private appearanceSheet: CSSStyleSheet | null = null;
  /** The catalogue of the active locale, before the host's `messages` overrides. */
  private localeText: Messages = en;
  private localeLoaded: Promise<void> = Promise.resolve();
  private appearanceApplied: Promise<void> = Promise.resolve();
  /** When a wait screen's display window ends (ms since the epoch), shown with `Intl` in the active locale. */
  private waitUntil = 0;
  private lastAnnouncedStatus = '';

  @query('#number') private numberInput!: HTMLInputElement;
  @query('#expiry') private expiryInput!: HTMLInputElement;
  @query('#cvc') private cvcInput!: HTMLInputElement;
  @query('#name') private nameInput!: HTMLInputElement | null;
  @query('#announcer') private announcer!: HTMLElement | null;

  @state() private phase: Phase = 'idle';
  @state() private payment: PaymentResponse | null = null;
  @state() private shownErrors: CardErrors = {};
  @state() private brand: CardBrand | null = null;
  @state() private status: Status | null = null;
  @state() private localeTag = 'en';
  @state() private look: { labels: LabelStyle; layout: FieldLayout } = { labels: 'above', layout: 'split' };
  @state() private problem: (TenderErrorDetail & { retry: 'load' | 'confirm' | null }) | null = null;

  /** The merchant's publishable key (`pk_snd_…`, `pk_prd_…`). */
  @property({ attribute: 'publishable-key' }) publishableKey = '';
  /** The payment's client secret (`pay_…_secret_…`). */
  @property({ attribute: 'client-secret' }) clientSecret = '';
  /** Base URL of the payment API. */
  @property({ attribute: 'api-base' }) apiBase = '';
  /** Where the customer comes back after a redirect (default: the current page). */
  @property({ attribute: 'return-url' }) returnUrl = '';
  /** BCP 47 tag or `auto` (the page's language). */
  @property() locale = 'auto';
  /** Appearance preset name (`''`: none). */
  @property() theme: PresetName | '' = '';
  /** Time limit of one request to the API, in ms (0: the client's defaults, 10 s for reads and 15 s for the confirm). */
  @property({ type: Number, attribute: 'request-timeout' }) requestTimeout = 0;
  /** Serialisable appearance: `{ theme?, variables?, rules?, labels?, layout?, colorScheme?, fonts? }` (docs/theming.md). */
  @property({ attribute: false }) appearance: Appearance | null = null;
  /** Per-message overrides of the text catalogue. */
  @property({ attribute: false }) messages: Partial<Messages> = {};
  @property({ type: Boolean, attribute: 'hide-button' }) hideButton = false;
  @property({ type: Boolean, attribute: 'hide-name' }) hideName = false;
  @property({ type: Boolean, reflect: true }) disabled = false;
  /** Shows one state with a sample payment and never calls the network (the theme previewer's gallery). */
  @property() preview: PreviewState | '' = '';

  override connectedCallback(): void {
    super.connectedCallback();
    this.connection += 1;
    if (!this.hasUpdated || this.preview) return; // the first update starts loading
    if (this.phase === 'ready') this.announceReady();
    if (this.phase === 'waiting' && this.payment) this.schedulePoll(0);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.pollTimer);
  }

  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const root = super.createRenderRoot();
    if (root instanceof ShadowRoot && 'adoptedStyleSheets' in root) {
      this.appearanceSheet = new CSSStyleSheet();
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, this.appearanceSheet];
    }
    return root;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!this.hasUpdated || changed.has('locale')) this.applyLocale();
    else if (changed.has('messages')) this.text = withOverrides(this.localeText, this.messages);
    if (changed.has('appearance') || changed.has('theme')) this.applyAppearance();
    if (this.preview) {
      if (changed.has('preview')) this.showPreview(this.preview);
    } else if (changed.has('clientSecret') || changed.has('publishableKey') || changed.has('apiBase') || changed.get('preview')) {
      // a new payment, or the end of a preview: the form starts empty
      this.reset((changed.has('clientSecret') && changed.get('clientSecret') !== undefined) || Boolean(changed.get('preview')));
      void this.load();
    }
  }

  protected override updated(changed: PropertyValues): void {
    if (changed.has('status') || changed.has('localeTag')) {
      const text = this.statusText();
      if (text && text !== this.lastAnnouncedStatus) this.announce(text);
      this.lastAnnouncedStatus = text;
    }
    const card = this.previewCard;
    if (!card) return;
    this.previewCard = null;
    [this.numberInput, this.expiryInput, this.cvcInput].forEach((input, index) => input && (input.value = card[index] ?? ''));
  }

  /** Also waits for the locale and the appearance being loaded, and the render they cause. */
  protected override async getUpdateComplete(): Promise<boolean> {
    await super.getUpdateComplete();
    await Promise.all([this.localeLoaded, this.appearanceApplied]);
    return super.getUpdateComplete();
  }

  /** The catalogue with the host's overrides, rebuilt only when the locale or `messages` changes (it is read on every render). */
  private text: Messages = en;

  private t(key: MessageKey, params?: Record<string, string>): string {
    return formatMessage(this.text[key], params);
  }

  /** The tag `Intl` formats with: the one asked for (`fr-CH` keeps Swiss number formats while the text is `fr`). */
  private get intlLocale(): string {
    if (!this.locale || this.locale === 'auto') return this.localeTag;
    try {
      return Intl.getCanonicalLocales(this.locale)[0] ?? this.localeTag;
    } catch {
      return this.localeTag; // not a BCP 47 tag: the matched locale formats
    }
  }

  // ---- locale and appearance -------------------------------------------------------------------

  /** Resolves `locale` along its fallback chain and loads that catalogue (once per page); English shows meanwhile. */
  private applyLocale(): void {
    const tag = resolveLocale(this.locale);
    this.localeTag = tag;
    const ready = loadedCatalogue(tag);
    const use = (messages: Messages) => {
      this.localeText = messages;
      this.text = withOverrides(messages, this.messages);
    };
    if (ready) {
      use(ready);
      this.localeLoaded = Promise.resolve();
      return;
    }
    this.localeLoaded = loadCatalogue(tag).then((messages) => {
      if (this.localeTag !== tag) return;
      use(messages);
      this.requestUpdate();
    });
  }

  /**
   * Compiles `appearance` (and the `theme` attribute) into the appearance stylesheet. Every rejected key is
   * one `tender-error` (`invalid_appearance`, naming the key); everything valid still applies.
   */
  private applyAppearance(): void {
    const { appearance, theme } = this;
    if (!appearance && !theme) {
      this.appearanceSheet?.replaceSync('');
      this.look = { labels: 'above', layout: 'split' };
      this.appearanceApplied = Promise.resolve();
      return;
    }
    this.appearanceApplied = loadThemesModule().then(
      (themes) => {
        if (appearance === this.appearance && theme === this.theme) this.useAppearance(themes.compileAppearance(appearance, theme || null));
      },
      () => {
        if (appearance !== this.appearance || theme !== this.theme) return;
        this.emit('tender-error', { code: 'network', message: 'The appearance module could not be loaded; the default look is shown', recoverable: true, key: 'appearance' });
      },
    );
  }

  private useAppearance(compiled: ThemesModule.CompiledAppearance): void {
    this.appearanceSheet?.replaceSync(compiled.css);
    this.look = { labels: compiled.labels, layout: compiled.layout };
    for (const issue of compiled.issues) {
      this.emit('tender-error', { code: 'invalid_appearance', message: `${issue.key}: ${issue.message}`, recoverable: false, key: issue.key });
    }
    if (typeof document === 'undefined' || !document.fonts) return;
    compiled.fonts.forEach((font, index) => {
      loadFont(font).catch(() => {
        const key = `appearance.fonts[${index}]`;
        this.emit('tender-error', { code: 'font_load_failed', message: `${key}: the font ${font.family} could not be loaded from ${font.src}`, recoverable: true, key });
      });
    });
  }

  /** Says something once through the live region (the same text twice in a row is cleared first, so it is heard again). */
  private announce(text: string): void {
    const region = this.announcer;
    if (!region) return;
    if (region.textContent === text) {
      region.textContent = '';
      setTimeout(() => (region.textContent = text), 150);
    } else {
      region.textContent = text;
    }
  }

  private statusText(): string {
    const status = this.status;
    if (!status) return '';
    const text = status.key ? this.t(status.key) : (status.text ?? '');
    if (status.key === 'status.waitScreen' && this.waitUntil > 0) {
      const time = new Intl.DateTimeFormat(this.intlLocale, { hour: 'numeric', minute: '2-digit' }).format(this.waitUntil);
      return `${text} ${this.t('status.waitScreenUntil', { time })}`;
    }
    return text;
  }

  // ---- loading and outcomes --------------------------------------------------------------------

  private reset(newPayment: boolean): void {
    this.generation += 1;
    clearTimeout(this.pollTimer);
    this.readyConnection = -1; // the payment shown next is announced, even on this connection
    this.confirming = null; // a confirm still in flight belongs to the old payment: its answer is dropped
    this.payment = null;
    this.status = null;
    this.problem = null;
    this.phase = 'idle';
    this.waitUntil = 0;
    if (newPayment) {
      this.card = { number: '', expiry: '', cvc: '', name: '' };
      this.touched = { number: false, expiry: false, cvc: false, name: false };
      this.submitted = false;
      this.shownErrors = {};
      this.brand = null;
      this.lastChange = '';
      for (const input of [this.numberInput, this.expiryInput, this.cvcInput, this.nameInput]) if (input) input.value = '';
    }
  }

  private async ensureClient(): Promise<TenderClient> {
    const config = `${this.publishableKey}|${this.apiBase}|${this.requestTimeout}`;
    const { createClient } = await loadClientModule();
    if (!this.client || this.clientConfig !== config) {
      const timeoutMs = this.requestTimeout > 0 ? this.requestTimeout : undefined;
      this.client = createClient({ publishableKey: this.publishableKey, baseUrl: this.apiBase, ...(timeoutMs ? { timeoutMs } : {}) });
      this.clientConfig = config;
    }
    return this.client;
  }

  private async load(): Promise<void> {
    const generation = this.generation;
    if (this.preview) return;
    if (!this.publishableKey || !this.clientSecret || !this.apiBase) {
      if (this.publishableKey || this.clientSecret || this.apiBase) {
        this.raise({ code: 'configuration', message: 'publishable-key, client-secret and api-base are all required', recoverable: false }, null);
      }
      return;
    }
    this.phase = 'loading';
    let client: TenderClient;
    try {
      // the form shows in the customer's language and look from the start: both load beside the client
      [client] = await Promise.all([this.ensureClient(), this.localeLoaded, this.appearanceApplied]);
    } catch {
      if (generation === this.generation) this.raise({ code: 'network', message: 'The payment form could not load its API client', recoverable: true }, 'load');
      return;
    }
    if (generation !== this.generation) return;
    const url = new URL(location.href);
    const returning = url.searchParams.get('payment_intent_client_secret') === this.clientSecret;
    const result = returning ? await client.paymentFromReturnUrl(url) : await client.retrievePayment(this.clientSecret);
    if (generation !== this.generation) return;
    if (returning) this.cleanReturnUrl(url);
    if (!result || !result.ok) {
      this.raiseClientError(result ? result.error : null, 'load');
      return;
    }
    this.handlePayment(result.payment, returning ? 'return' : 'load');
  }

  private cleanReturnUrl(url: URL): void {
    for (const name of RETURN_PARAMS) url.searchParams.delete(name);
    history.replaceState(history.state, '', url.toString());
  }

  /** Shows a payment and tells the host what it means. `origin`: where it came from. */
  private handlePayment(payment: PaymentResponse, origin: 'load' | 'return' | 'confirm' | 'poll'): TenderResultDetail | { redirect: string } | null {
    this.payment = payment;
    this.problem = null;
    const status = payment.status;
    if (status === 'requires_confirmation' || status === 'requires_payment_method') {
      this.phase = 'ready';
      this.status = null;
      this.announceReady();
      return null;
    }
    if (status === 'failed' && payment.manual_retry_allowed) {
      this.phase = 'ready';
      if (origin === 'load') {
        this.status = null;
        this.announceReady();
        return null;
      }
      this.status = { ...this.declineStatus(payment), tone: 'danger' };
      this.announceReady();
      return this.result(payment, true);
    }
    if (status === 'processing') {
      this.startPolling(payment, PROCESSING_POLL_MS, 1000);
      this.status = { key: 'status.processing', tone: 'info' };
      return null;
    }
    if (status === 'requires_customer_action') {
      const action = payment.next_action;
      if (action?.type === 'redirect_to_url' && 'redirect_to_url' in action) {
        const url = String(action.redirect_to_url);
        if (origin === 'confirm') return this.redirect(payment, url);
        this.phase = 'action';
        this.status = { key: 'status.awaitingAuthentication', tone: 'info' };
        return null;
      }
      if (action?.type === 'wait_screen_information' && 'display_from_timestamp' in action) {
        const until = typeof action.display_to_timestamp === 'number' ? action.display_to_timestamp / 1e6 : Date.now() + 5 * 60_000;
        this.waitUntil = typeof action.display_to_timestamp === 'number' ? until : 0;
        const pollConfig = action.poll_config as { delay_in_secs?: number } | null | undefined;
        const every = (pollConfig?.delay_in_secs ?? 2) * 1000;
        this.startPolling(payment, Math.max(until - Date.now(), 0) + 5000, every, every);
        this.status = { key: 'status.waitScreen', tone: 'info' };
        return null;
      }
      this.raise({ code: 'unsupported_action', message: `This payment needs a customer action the element cannot handle (${action?.type ?? 'none'})`, recoverable: false }, null);
      return null;
    }
    // a final state: succeeded, requires_capture, partially captured, cancelled, failed without retry
    this.phase = 'done';
    const tone = status === 'failed' || status === 'cancelled' ? 'danger' : 'success';
    const key = `status.${status}`;
    this.status = status === 'failed' ? { ...this.declineStatus(payment), tone } : { key: key in en ? (key as MessageKey) : 'status.succeeded', tone };
    return this.result(payment, false);
  }

  private result(payment: PaymentResponse, retryable: boolean): TenderResultDetail {
    const detail: TenderResultDetail = { paymentId: payment.payment_id, status: payment.status, retryable, payment: withoutCardData(payment) };
    if (payment.error_code) {
      detail.errorCode = payment.error_code;
      const decline = this.declineStatus(payment);
      detail.errorMessage = decline.key ? this.t(decline.key) : (decline.text ?? '');
    }
    this.emit('tender-result', detail);
    return detail;
  }

  /** The decline message by `error_code` from the catalogue; else the API's `unified_message`; else a generic one. */
  private declineStatus(payment: PaymentResponse): Pick<Status, 'key' | 'text'> {
    const key = `decline.${payment.error_code ?? ''}`;
    if (key in en) return { key: key as MessageKey };
    return payment.unified_message ? { key: null, text: payment.unified_message } : { key: 'decline.generic' };
  }

  private redirect(payment: PaymentResponse, url: string): { redirect: string } {
    this.phase = 'redirecting';
    this.status = { key: 'status.redirecting', tone: 'info' };
    if (this.emit('tender-redirect', { paymentId: payment.payment_id, url }, { cancelable: true })) {
      navigateTop(url);
    } else {
      this.phase = 'action';
      this.status = { key: 'status.awaitingAuthentication', tone: 'info' };
    }
    return { redirect: url };
  }

  private announceReady(): void {
    if (!this.payment || !this.isConnected || this.readyConnection === this.connection || this.preview) return;
    this.readyConnection = this.connection;
    const { payment_id: paymentId, amount, currency, status } = this.payment;
    this.emit('tender-ready', { paymentId, amount, currency, status });
  }

  private startPolling(payment: PaymentResponse, forMs: number, firstDelayMs: number, everyMs?: number): void {
    this.phase = 'waiting';
    this.payment = payment;
    this.pollDeadline = Date.now() + forMs;
    this.pollDelay = everyMs ?? firstDelayMs;
    this.schedulePoll(firstDelayMs, everyMs === undefined);
  }

  private schedulePoll(delayMs: number, backOff = true): void {
    clearTimeout(this.pollTimer);
    if (!this.isConnected) return;
    const generation = this.generation;
    this.pollTimer = setTimeout(async () => {
      const client = this.client;
      if (!client || generation !== this.generation || !this.isConnected) return;
      const result = await client.retrievePayment(this.clientSecret);
      if (generation !== this.generation || this.phase !== 'waiting') return;
      const payment = result.ok ? result.payment : this.payment;
      const stillWaiting = payment && (payment.status === 'processing' || (payment.status === 'requires_customer_action' && payment.next_action?.type === 'wait_screen_information'));
      if (result.ok && !stillWaiting) {
        this.handlePayment(result.payment, 'poll');
        return;
      }
      if (Date.now() >= this.pollDeadline) {
        // stop polling but never guess: report what the payment is now
        this.phase = 'done';
        if (payment) this.result(payment, false);
        return;
      }
      if (backOff) this.pollDelay = Math.min(this.pollDelay * 1.5, 5000);
      this.schedulePoll(this.pollDelay, backOff);
    }, delayMs);
  }

  private raiseClientError(error: ClientError | null, retry: 'load' | 'confirm'): void {
    const detail = describeClientError(error);
    this.raise(detail, detail.recoverable ? retry : null);
  }

  private raise(detail: TenderErrorDetail, retry: 'load' | 'confirm' | null): void {
    this.problem = { ...detail, retry };
    if (retry !== 'confirm') this.phase = 'error';
    this.status = { key: errorMessageKey(detail.code), tone: 'danger' };
    this.emit('tender-error', detail);
  }

  /** A state for the previewer: a sample payment, no network, no events. */
  private showPreview(state: PreviewState): void {
    this.reset(true);
    this.payment = { payment_id: 'pay_preview', merchant_id: 'preview', status: 'requires_payment_method', amount: 2500, currency: 'EUR', net_amount: 2500, amount_capturable: 2500, attempt_count: 0 };
    const filled = state !== 'empty' && state !== 'errors';
    this.previewCard = state === 'errors' ? ['4242 4242 4242 4241', '01 / 20', '12'] : filled ? ['4242 4242 4242 4242', '12 / 34', '123'] : null;
    this.brand = filled ? 'visa' : null;
    if (state === 'errors') this.shownErrors = { number: 'invalid', expiry: 'expired', cvc: 'incomplete' };
    const shown: Partial<Record<PreviewState, [Phase, MessageKey, 'info' | 'success' | 'danger']>> = {
      processing: ['submitting', 'processing', 'info'],
      redirecting: ['redirecting', 'status.redirecting', 'info'],
      succeeded: ['done', 'status.succeeded', 'success'],
      declined: ['ready', 'decline.card_declined', 'danger'],
      'wait-screen': ['waiting', 'status.waitScreen', 'info'],
    };
    if (state === 'wait-screen') this.waitUntil = Date.now() + 5 * 60_000;
    const [phase, key, tone] = shown[state] ?? ['ready', null, 'info'];
    this.phase = phase;
    this.status = key ? { key, tone } : null;
  }

  // ---- card entry --------------------------------------------------------------------------------

  /** The card's state, computed once per edit and shared by the error display, tender-change and focus advance. */
  private validation(): CardCheck {
    const number = validateCardNumber(this.card.number);
    const expiry = validateExpiry(this.card.expiry);
    const cvc = validateCvc(this.card.cvc, number.brand);
    const errors: CardErrors = {};
    if (!number.valid) errors.number = number.error ?? 'invalid';
    if (!expiry.valid) errors.expiry = expiry.error ?? 'incomplete';
    if (!cvc.valid) errors.cvc = cvc.error ?? 'incomplete';
    const empty = !this.card.number && !this.card.expiry && !this.card.cvc && !this.card.name;
    // focus moves on only at the length most numbers of the brand have (16 when allowed, else the longest):
    // a 13-digit prefix of a 16-digit Visa can pass Luhn and must not send the last digits to the expiry
    const lengths = number.brand ? CARD_BRANDS[number.brand].lengths : [];
    const fullLength = lengths.includes(16) ? 16 : (lengths.at(-1) ?? 16);
    const numberComplete = number.valid && number.complete && this.card.number.replace(/\D/g, '').length >= fullLength;
    return { errors, complete: Object.keys(errors).length === 0, empty, numberComplete };
  }

  /** Errors of fields the customer has left (or all of them after a submit); never of a valid prefix being typed. */
  private refreshErrors({ errors }: CardCheck): void {
    const shown: CardErrors = {};
    for (const field of ['number', 'expiry', 'cvc'] as const) {
      const error = errors[field];
      if (error && (this.submitted || this.touched[field])) (shown as Record<string, string>)[field] = error;
    }
    this.shownErrors = shown;
  }

  private notifyChange({ complete, empty }: CardCheck): void {
    const detail = { complete, empty, brand: this.brand, errors: { ...this.shownErrors } };
    const key = JSON.stringify(detail);
    if (key === this.lastChange) return;
    this.lastChange = key;
    this.emit('tender-change', detail);
  }

  private handleNumberInput(event: InputEvent): void {
    const input = event.target as HTMLInputElement;
    const formatted = formatCardNumberInput(input.value, input.selectionStart ?? input.value.length);
    input.value = formatted.value;
    input.setSelectionRange(formatted.caret, formatted.caret);
    this.card.number = formatted.value;
    this.brand = detectBrand(formatted.value);
    const check = this.afterEdit('number');
    if (check.numberComplete && formatted.caret === formatted.value.length) this.expiryInput?.focus();
  }

  private handleExpiryInput(event: InputEvent): void {
    const input = event.target as HTMLInputElement;
    const formatted = formatExpiryInput(input.value, input.selectionStart ?? input.value.length, this.card.expiry);
    input.value = formatted.value;
    input.setSelectionRange(formatted.caret, formatted.caret);
    this.card.expiry = formatted.value;
    const check = this.afterEdit('expiry');
    if (!check.errors.expiry && formatted.caret === formatted.value.length && /\d{2}\s*\/\s*\d{2}$/.test(formatted.value)) {
      this.cvcInput?.focus();
    }
  }

  private handleCvcInput(event: InputEvent): void {
    const input = event.target as HTMLInputElement;
    const digits = input.value.replace(/\D/g, '').slice(0, this.cvcLength);
    if (digits !== input.value) input.value = digits;
    this.card.cvc = digits;
    this.afterEdit('cvc');
  }

  private handleNameInput(event: InputEvent): void {
    this.card.name = (event.target as HTMLInputElement).value;
    this.afterEdit('name');
  }

  private afterEdit(field: Field): CardCheck {
    // a valid prefix being typed (or an emptied field) is no error until the field is left again,
    // even in a field left before; after a submit, errors follow every keystroke
    const check = this.validation();
    const error = check.errors[field as keyof CardErrors];
    if ((error === 'incomplete' || error === 'empty') && !this.submitted) this.touched[field] = false;
    this.refreshErrors(check);
    this.notifyChange(check);
    return check;
  }

  private handleBlur(field: Field): void {
    const value = this.card[field];
    if (!value && !this.submitted) return; // leaving an empty field is not an error yet
    this.touched[field] = true;
    const before = this.shownErrors[field as keyof CardErrors];
    const check = this.validation();
    this.refreshErrors(check);
    this.notifyChange(check);
    // the error appears beside a field the customer has just left: say it once
    const after = this.shownErrors[field as keyof CardErrors];
    if (after && after !== before) this.announce(this.t(`error.${field}.${after}` as MessageKey));
  }

  private get cvcLength(): number {
    return this.brand ? CARD_BRANDS[this.brand].cvcLength : 4;
  }

  private handleSubmit(event: Event): void {
    event.preventDefault();
    void this.confirm();
  }

  private handleRetry(): void {
    const retry = this.problem?.retry;
    this.problem = null;
    this.status = null;
    if (retry === 'confirm') {
      this.phase = 'ready';
      void this.confirm();
    } else {
      void this.load();
    }
  }

  private handleContinue(): void {
    const action = this.payment?.next_action;
    if (this.payment && action?.type === 'redirect_to_url' && 'redirect_to_url' in action) this.redirect(this.payment, String(action.redirect_to_url));
  }

  // ---- public API --------------------------------------------------------------------------------

  /**
   * Confirms the payment with the card in the form, as the pay button does. Resolves with the
   * outcome; a second call while one is under way resolves with the same outcome (one confirm).
   */
  confirm(): Promise<ConfirmOutcome> {
    if (this.confirming) return this.confirming;
    if (this.preview) return Promise.resolve({ type: 'error', detail: { code: 'preview', message: 'A preview never confirms', recoverable: false } });
    const payment = this.payment;
    if (!payment || this.phase !== 'ready' || this.disabled) {
      const detail: TenderErrorDetail = { code: 'not_ready', message: 'The payment cannot be confirmed now', recoverable: true };
      return Promise.resolve({ type: 'error', detail });
    }
    this.submitted = true;
    const check = this.validation();
    this.refreshErrors(check);
    this.notifyChange(check);
    const { errors } = check;
    if (Object.keys(errors).length > 0) {
      this.focusFirstInvalid(errors);
      this.announce(this.t('announce.invalid'));
      return Promise.resolve({ type: 'invalid', errors });
    }
    if (!this.emit('tender-submit', { paymentId: payment.payment_id }, { cancelable: true })) {
      return Promise.resolve({ type: 'cancelled' });
    }
    const confirming = this.runConfirm().finally(() => {
      if (this.confirming === confirming) this.confirming = null;
    });
    this.confirming = confirming;
    return confirming;
  }

  private async runConfirm(): Promise<ConfirmOutcome> {
    const client = this.client;
    const generation = this.generation;
    if (!client) return { type: 'error', detail: { code: 'configuration', message: 'The element is not configured', recoverable: false } };
    this.phase = 'submitting';
    this.status = { key: 'processing', tone: 'info' };
    const expiry = parseExpiry(this.card.expiry);
    const card: CardInput = {
      number: this.card.number,
      expiryMonth: expiry?.month ?? 0,
      expiryYear: expiry?.year ?? 0,
      cvc: this.card.cvc,
      holderName: this.hideName ? null : this.card.name.trim() || null,
    };
    const returnUrl = this.returnUrl || location.href.split('#')[0] || location.href;
    const result = await client.confirmCardPayment(this.clientSecret, card, { returnUrl });
    if (generation !== this.generation) return { type: 'cancelled' };
    if (result.ok) return this.outcome(this.handlePayment(result.payment, 'confirm'));
    const { error } = result;
    if (error.outcomeUnknown) {
      // the confirm may have gone through: never report a failure, keep checking instead
      this.emit('tender-error', { code: 'outcome_unknown', message: error.message, recoverable: true });
      this.status = { key: 'error.outcomeUnknown', tone: 'danger' };
      if (this.payment) this.startPolling(this.payment, PROCESSING_POLL_MS, 2000);
      return { type: 'error', detail: { code: 'outcome_unknown', message: error.message, recoverable: true } };
    }
    if (error.type === 'api' && error.code === 'IR_16') {
      // the payment may have moved on (another tab, an earlier attempt): show what it is now. IR_16
      // also answers card data the API refuses, in which case the payment is still confirmable.
      const now = await client.retrievePayment(this.clientSecret);
      const confirmable = now.ok && ['requires_confirmation', 'requires_payment_method'].includes(now.payment.status);
      if (now.ok && !confirmable && generation === this.generation) return this.outcome(this.handlePayment(now.payment, 'poll'));
    }
    this.phase = 'ready';
    this.raiseClientError(error, 'confirm');
    const detail = describeClientError(error);
    return { type: 'error', detail };
  }

  private outcome(handled: TenderResultDetail | { redirect: string } | null): ConfirmOutcome {
    if (handled && 'redirect' in handled) return { type: 'redirect', url: handled.redirect };
    if (handled) return { type: 'result', detail: handled };
    const payment = this.payment;
    return payment
      ? { type: 'result', detail: { paymentId: payment.payment_id, status: payment.status, retryable: false, payment: withoutCardData(payment) } }
      : { type: 'cancelled' };
  }

  private focusFirstInvalid(errors: CardErrors): void {
    const order: [keyof CardErrors, HTMLInputElement | null][] = [
      ['number', this.numberInput],
      ['expiry', this.expiryInput],
      ['cvc', this.cvcInput],
    ];
    order.find(([field]) => errors[field])?.[1]?.focus();
  }

  // ---- rendering ---------------------------------------------------------------------------------

  private renderField(field: Field, label: string, control: unknown) {
    const error = this.shownErrors[field as keyof CardErrors];
    return html`<div class="field ${field}" part="field">
      <label part="label" for=${field}>${label}</label>
      ${control}
      <p class="error" part="error" id="${field}-error" ?hidden=${!error}>${error ? this.t(`error.${field}.${error}` as MessageKey) : ''}</p>
    </div>`;
  }

  override render() {
    const locked = this.phase !== 'ready' || this.disabled;
    const payment = this.payment;
    const amount = payment ? formatAmount(payment.amount, payment.currency, this.intlLocale) : '';
    const showForm = this.phase === 'ready' || this.phase === 'submitting' || (this.phase === 'error' && this.problem?.retry === 'confirm');
    const brandName = this.brand ? CARD_BRANDS[this.brand].displayName : null;
    const invalid = (field: keyof CardErrors) => (this.shownErrors[field] ? 'true' : 'false');
    const inputPart = (field: keyof CardErrors) => (this.shownErrors[field] ? 'input input-invalid' : 'input');
    const { labels, layout } = this.look;
    // with hidden labels the placeholder says what a field is (the label is still there for assistive technology)
    const hiddenLabels = labels === 'hidden';
    return html`<div class="base layout-${layout} labels-${labels}" part="base" lang=${this.localeTag} dir=${textDirection(this.localeTag)}>
      <form part="form" novalidate @submit=${this.handleSubmit} ?hidden=${!showForm} aria-busy=${this.phase === 'submitting' ? 'true' : 'false'}>
        ${this.renderField(
          'number',
          this.t('cardNumber'),
          html`<div class="control" dir="ltr">
            <input id="number" part=${inputPart('number')} class="with-brand" name="cardnumber" autocomplete="cc-number" inputmode="numeric"
              type="text" spellcheck="false" maxlength="23" placeholder=${hiddenLabels ? this.t('cardNumber') : this.t('numberPlaceholder')} ?disabled=${locked}
              aria-invalid=${invalid('number')} aria-describedby="number-error number-brand"
              @input=${this.handleNumberInput} @blur=${() => this.handleBlur('number')} />
            <span class="brand" part="brand" id="number-brand" role="img"
              aria-label=${brandName ? this.t('brand', { brand: brandName }) : this.t('brandUnknown')}
              ?hidden=${!this.brand}>${this.brand ? (SHORT_BRAND[this.brand] ?? brandName?.toUpperCase()) : ''}</span>
          </div>`,
        )}
        <div class="row">
          ${this.renderField(
            'expiry',
            this.t('expiry'),
            html`<input id="expiry" part=${inputPart('expiry')} dir="ltr" name="exp-date" autocomplete="cc-exp" inputmode="numeric" type="text"
              spellcheck="false" maxlength="7" placeholder=${this.t('expiryPlaceholder')} ?disabled=${locked}
              aria-invalid=${invalid('expiry')} aria-describedby="expiry-error"
              @input=${this.handleExpiryInput} @blur=${() => this.handleBlur('expiry')} />`,
          )}
          ${this.renderField(
            'cvc',
            this.t('cvc'),
            html`<input id="cvc" part=${inputPart('cvc')} dir="ltr" name="cvc" autocomplete="cc-csc" inputmode="numeric" type="text"
              spellcheck="false" maxlength=${this.cvcLength} placeholder=${this.t('cvcPlaceholder')} ?disabled=${locked}
              aria-invalid=${invalid('cvc')} aria-describedby="cvc-error"
              @input=${this.handleCvcInput} @blur=${() => this.handleBlur('cvc')} />`,
          )}
        </div>
        ${this.hideName
          ? nothing
          : this.renderField(
              'name',
              this.t('holderName'),
              html`<input id="name" part="input" name="ccname" autocomplete="cc-name" type="text" ?disabled=${locked}
                placeholder=${hiddenLabels ? this.t('holderName') : ' '}
                @input=${this.handleNameInput} @blur=${() => this.handleBlur('name')} />`,
            )}
        ${this.hideButton
          ? nothing
          : html`<button part="button" type="submit" ?disabled=${locked}>
              ${this.phase === 'submitting' ? this.t('processing') : amount ? this.t('pay', { amount }) : this.t('payNoAmount')}
            </button>`}
      </form>
      <div part="status">
        ${this.phase === 'loading' ? html`<p class="status">${this.t('loading')}</p>` : nothing}
        ${this.status ? html`<p class="status ${this.status.tone}">${this.statusText()}</p>` : nothing}
      </div>
      <div id="announcer" class="visually-hidden" role="status" aria-live="polite" aria-atomic="true"></div>
      ${this.problem?.retry ? html`<button class="secondary" type="button" @click=${this.handleRetry}>${this.t('retry')}</button>` : nothing}
      ${this.phase === 'action' ? html`<button class="secondary" type="button" @click=${this.handleContinue}>${this.t('status.continueAuthentication')}</button>` : nothing}
    </div>`;
  }
}

/** Navigates the top window (the element may sit in a same-origin frame); falls back to this window. */
function navigateTop(url: string): void {
  try {
    (window.top ?? window).location.assign(url);
  } catch {
    window.location.assign(url);
  }
}

/** The payment as the host page hears it: the API response without the card's expiry (events carry no card data). */
function withoutCardData(payment: PaymentResponse): PaymentResponse {
  const card = payment.payment_method_data?.card;
  if (!card) return payment;
  const { card_exp_month: _month, card_exp_year: _year, ...masked } = card;
  return { ...payment, payment_method_data: { ...payment.payment_method_data, card: masked } };
}

/** A client error as the host page hears it: a stable code, a message, whether trying again may help. */
function describeClientError(error: ClientError | null): TenderErrorDetail {
  if (!error) return { code: 'configuration', message: 'The return URL does not carry this payment', recoverable: false };
  switch (error.type) {
    case 'network':
    case 'timeout':
      return { code: 'network', message: error.message, recoverable: true };
    case 'server':
    case 'invalid_response':
      return { code: 'server', message: error.message, recoverable: true };
    case 'configuration':
      return { code: 'configuration', message: error.message, recoverable: false };
    case 'api':
      if (error.code === 'IR_08') return { code: 'client_secret_expired', message: error.message, recoverable: false };
      if (error.code === 'IR_09') return { code: 'client_secret_mismatch', message: error.message, recoverable: false };
      if (error.code === 'IR_01') return { code: 'invalid_publishable_key', message: error.message, recoverable: false };
      if (error.code === 'HE_02') return { code: 'payment_not_found', message: error.message, recoverable: false };
      if ((error.status ?? 0) >= 500) return { code: 'server', message: error.message, recoverable: true };
      return { code: 'request_refused', message: error.message, recoverable: true };
  }
}

function errorMessageKey(code: string): MessageKey {
  switch (code) {
    case 'network':
      return 'error.network';
    case 'server':
      return 'error.server';
    case 'client_secret_expired':
      return 'error.expired';
    case 'outcome_unknown':
      return 'error.outcomeUnknown';
    case 'unsupported_action':
    case 'request_refused':
      return 'error.unavailable';
    default:
      return 'error.configuration';
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tender-checkout': TenderCheckout;
  }
}
