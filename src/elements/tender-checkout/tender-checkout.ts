/**
 * `<tender-checkout>`: the public element. A small host (plain DOM, no Lit, no card logic, no API
 * client, no zod in its own file): its attributes and properties, and one of two modes, each a unit of
 * its own that the element drives through `show()`, `close()`, `confirm()` and `focus()`:
 *
 * - isolated (the default), `FrameHost` (../frame-host/frame-host.ts): one iframe whose page the
 *   payment API's host serves (`<api-base>/frame/card`, or `frame-src`), its configuration forwarded
 *   into it and its events re-fired on this element, over the protocol of src/frame/protocol.ts;
 * - `inline` (and always for `preview`), `InlineForm` (./inline-form.ts): the card form
 *   (`card-form.ts`, a chunk) in this element's shadow root, every property passed through.
 *
 * What goes wrong before either can say so (no API base, the frame or the form chunk not loading) is
 * the element's own `tender-error` and status line (./host-status.ts).
 */
import type { PreviewState } from '../../flow/preview.js';
import type { Messages } from '../../i18n/en.js';
import type { Appearance, PresetName } from '../../themes/index.js';
import type { ConfirmOutcome, TenderErrorCode } from '../../events.js';
import { defineElement, VERSION } from '../define-element.js';
import { FrameHost } from '../frame-host/frame-host.js';
import { localiseHostStatus, showHostStatus } from './host-status.js';
import { InlineForm, isInline } from './inline-form.js';
import { createPlaceholder, fitPlaceholder, PLACEHOLDER_CSS } from './placeholder.js';
import { BY_ATTRIBUTE, FORM_PROPS, PROPS, type PropName } from './props.js';

export type { CardErrors, ConfirmOutcome } from '../../events.js';
export type { PreviewState } from '../../flow/preview.js';

/** The host's own styles, then the placeholder's (./placeholder.ts). */
const CSS =
  ':host{display:block}:host([hidden]){display:none}::slotted(iframe){border:0}[part=frame-status]{margin:0;font:inherit;color:var(--tender-color-danger,#b00020)}' + PLACEHOLDER_CSS;

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
 * @event tender-change - The card state changed. `{ complete, empty, brand, errors: { number?, expiry?, cvc? }, savedCard? }`
 * @event tender-submit - The customer asked to pay; `preventDefault()` stops the confirm. `{ paymentId }`
 * @event tender-redirect - 3-D Secure needs a navigation; `preventDefault()` to handle it yourself. `{ paymentId, url }`
 * @event tender-result - An outcome is known. `{ paymentId, status, retryable, errorCode?, errorMessage?, payment }`
 * @event tender-error - Something other than an outcome went wrong: configuration, expired secret, network or server trouble, an unsafe redirect, a rejected appearance key. `{ code, message, recoverable, key? }`
 *
 * @slot frame - The iframe of the isolated mode, which the element puts there itself (or adopts, when the merchant's server wrote it: docs/integration.md § The fastest page): its own child, so that the browser's autofill reaches the form (docs/widget.md § Where the frame lives). Give the element no other children.
 *
 * @csspart frame-status - What the isolated mode shows when the frame cannot load (the parts from `base` on exist in `inline` mode only: style the frame's form with `appearance.rules`).
 * @csspart placeholder - What the element shows, at the form's expected height, until the frame or the inline form is shown (its bars are `i` elements).
 * @csspart challenge - The 3-D Secure challenge's `<dialog>` (`three-ds="modal"`), which the element opens over the page in both modes.
 * @csspart base - The wrapper of everything.
 * @csspart form - The card form.
 * @csspart field - Each field (label, input, error).
 * @csspart label - Each label.
 * @csspart input - Each input.
 * @csspart input-invalid - An input whose value is invalid (beside `input`): `::part(input-invalid)`.
 * @csspart brand - The detected card brand.
 * @csspart brands - The row of the card networks the merchant accepts (`show-brands`).
 * @csspart network - The choice of network of a co-badged card (a fieldset).
 * @csspart error - Each field's error.
 * @csspart button - The pay button.
 * @csspart status - The status area (what is shown; announcements go through one hidden live region).
 * @csspart saved-cards - The customer's saved cards: the radio group (a payment with a customer who has saved cards).
 * @csspart saved-card - Each saved card's row, and "Use a new card".
 * @csspart saved-card-selected - The chosen row (beside `saved-card`).
 * @csspart saved-cvc - The security-code field of a chosen saved card (beside `field`).
 * @csspart save-card - The "Save this card for future payments" box and its label.
 * @csspart save-consent - The consent text shown instead of the box for a payment set up for later charges (`setup_future_usage: "off_session"`).
 * @csspart billing - The billing address's fieldset (`billing`, `email`, `phone`: docs/widget.md "Billing details").
 * @csspart billing-field - Each billing field, beside `field`.
 * @csspart billing-contact - The row of the email and phone fields.
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
 * @cssproperty --tender-reserved-height - Height the element reserves until the form shows (default: the default look's, 372px; 292px with `hide-name`, 338px with `hide-button`, 258px with both; 38px more with `show-brands`).
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
  /**
   * Locks the form. Reflected, for the page's CSS (`tender-checkout[disabled]`).
   * @reflect
   */
  declare disabled: boolean;
  /** Shows one state with a sample payment and never calls the network (the theme previewer's gallery); always inline. */
  declare preview: PreviewState | '';
  /** Puts the form in this element's shadow root on the merchant's page instead of the isolated frame (the page is then in PCI DSS scope). */
  declare inline: boolean;
  /** URL of the frame page (default: `<api-base>/frame/card`). */
  declare frameSrc: string;
  /** Shows the card networks the merchant accepts (its payment-method list) as marks above the card number. */
  declare showBrands: boolean;
  /** The network a co-badged card goes on unless the customer picks the other, by its API name (`CartesBancaires`). */
  declare preferredNetwork: string;
  /** `auto` (default): a payment with a customer offers "Save this card for future payments"; `never`: it does not. */
  declare saveCard: string;
  /** Billing address fields: `auto` (what the payment-method list's `required_fields` ask), `postal-code`, `full`, `never`. */
  declare billing: string;
  /** The customer's email: `auto` (when `required_fields` asks), `required`, `never`. */
  declare email: string;
  /** The customer's phone number: `auto`, `required`, `never`. */
  declare phone: string;
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
  /** The isolated mode: the frame, its channel and what the host does for it. */
  private readonly frameHost: FrameHost;
  /** The `inline` and `preview` mode: the card form in this element's shadow root. */
  private readonly inlineForm: InlineForm;
  /** What the element shows, at the form's expected height, until the frame or the form is shown. */
  private readonly placeholder: HTMLElement;
  /** Carries `aria-busy` while the element loads (no attribute set on the merchant's element). */
  private readonly internals: ElementInternals;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    sheet ??= new CSSStyleSheet();
    if (!sheet.cssRules.length) sheet.replaceSync(CSS);
    this.root.adoptedStyleSheets = [sheet];
    this.internals = this.attachInternals();
    const placeholder = (this.placeholder = this.root.appendChild(createPlaceholder()));
    this.busy(true);
    const fail = (code: TenderErrorCode, message: string) => this.fail(code, message);
    const busy = (loading: boolean) => this.busy(loading);
    this.frameHost = new FrameHost({ element: this, root: this.root, locale: () => this.resolvedLocale(), fail, placeholder, busy });
    this.inlineForm = new InlineForm({ element: this, root: this.root, properties: FORM_PROPS, fail, placeholder, busy });
    // properties a framework set before this class was defined sit on the instance: pass them through the setters
    for (const name of [...Object.keys(PROPS), 'appearance', 'messages']) {
      if (!Object.prototype.hasOwnProperty.call(this, name)) continue;
      const value = (this as Record<string, unknown>)[name];
      delete (this as Record<string, unknown>)[name];
      (this as Record<string, unknown>)[name] = value;
    }
  }

  connectedCallback(): void {
    this.frameHost.connect();
    this.changed();
  }

  disconnectedCallback(): void {
    this.frameHost.disconnect();
  }

  attributeChangedCallback(attribute: string, _old: string | null, value: string | null): void {
    const name = BY_ATTRIBUTE.get(attribute)!;
    const [, kind, fallback] = PROPS[name];
    this.values[name] = kind === 'b' ? value !== null : value === null ? fallback : kind === 'n' ? Number(value) || 0 : value;
    this.changed();
  }

  /** Settles when the form shows what its properties ask for (inline: the form's own `updateComplete`). */
  get updateComplete(): Promise<boolean> {
    return Promise.resolve().then(() => (isInline(this) ? this.inlineForm.updateComplete() : true));
  }

  /**
   * Confirms the payment with the card in the form, as the pay button does. Resolves with the
   * outcome; a second call while one is under way resolves with the same outcome (one confirm).
   */
  async confirm(): Promise<ConfirmOutcome> {
    let outcome: Promise<ConfirmOutcome> | null;
    if (isInline(this)) {
      await this.updateComplete;
      outcome = this.inlineForm.confirm();
    } else outcome = this.frameHost.confirm();
    return outcome ?? { type: 'error', detail: { code: 'not_ready', message: 'The payment cannot be confirmed now', recoverable: true } };
  }

  /** Focuses the card number field. */
  override focus(options?: FocusOptions): void {
    if (!this.inlineForm.focus(options)) this.frameHost.focus(options);
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
    fitPlaceholder(this.placeholder, this);
    if (isInline(this)) {
      this.frameHost.close();
      return this.inlineForm.show();
    }
    this.inlineForm.close();
    this.frameHost.show();
  }

  /**
   * Loading (the placeholder shows): the element is a group that is `aria-busy`, through its internals (no
   * attribute is set on the merchant's element). Without a role Chromium leaves it out of the
   * accessibility tree, busy state and all.
   */
  private busy(loading: boolean): void {
    this.internals.role = 'group';
    this.internals.ariaBusy = loading ? 'true' : 'false';
  }

  /** The page's language when `locale` is `auto`: the closest `lang`, else the browser's. */
  private resolvedLocale(): string {
    return this.locale === 'auto' || !this.locale ? this.closest('[lang]')?.getAttribute('lang') || navigator.language || 'en' : this.locale;
  }

  /**
   * Shows and reports a problem of the host itself (no frame, no form): `tender-error` with the
   * developer's message at once; the customer's text in their language, from the form chunk's
   * catalogues (the host carries none), once loaded — English if that chunk cannot load either.
   */
  private fail(code: TenderErrorCode, message: string): void {
    this.placeholder.remove();
    this.busy(false);
    const status = showHostStatus(this.root, code);
    this.dispatchEvent(new CustomEvent('tender-error', { detail: { code, message, recoverable: code !== 'configuration' }, bubbles: true, composed: true }));
    localiseHostStatus(status, code, this.resolvedLocale(), this.messages);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tender-checkout': TenderCheckout;
  }
}
