import { html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { CARD_BRANDS, type CardBrand } from '../../card/index.js';
import type { FlowStatus } from '../../flow/describe.js';
import type * as PreviewModule from '../../flow/preview.js';
import type { PreviewState } from '../../flow/preview.js';
import { isolate, textDirection, type MessageKey, type Messages } from '../../i18n/index.js';
import { formatAmount } from '../../money/index.js';
import type { Appearance, PresetName } from '../../themes/index.js';
import { AnnouncerController } from '../controllers/announcer-controller.js';
import { AppearanceController } from '../controllers/appearance-controller.js';
import { CardFormController, type Field } from '../controllers/card-form-controller.js';
import { ConfirmationController } from '../controllers/confirmation-controller.js';
import { LocaleController } from '../controllers/locale-controller.js';
import { PaymentFlowController } from '../controllers/payment-flow-controller.js';
import { lazy } from '../lazy.js';
import { TenderElement, type Emit } from '../tender-element.js';
import type { CardErrors, ConfirmOutcome } from './events.js';
import { styles } from './tender-checkout.styles.js';

export type { CardErrors, ConfirmOutcome } from './events.js';
export type { PreviewState } from '../../flow/preview.js';

/** The preview's sample states are a chunk of their own, fetched only when `preview` is set. */
const loadPreviewModule = lazy<typeof PreviewModule>(() => import('../../flow/preview.js'));

const SHORT_BRAND: Partial<Record<CardBrand, string>> = { mastercard: 'MC', amex: 'AMEX', unionpay: 'UPI', diners: 'DINERS' };

/**
 * @tagname tender-checkout
 * @summary The drop-in card checkout: card number, expiry, CVC and name, a pay button with the
 * amount, and a status area. Confirms the payment from the browser with the publishable key and the
 * payment's client secret, follows 3-D Secure redirects and wait screens, and reports the outcome.
 *
 * @event tender-ready - The payment was fetched and can be paid (once per connection). `{ paymentId, amount, currency, status }`
 * @event tender-change - The card state changed. `{ complete, empty, brand, errors: { number?, expiry?, cvc? } }`
 * @event tender-submit - The customer asked to pay; `preventDefault()` stops the confirm. `{ paymentId }`
 * @event tender-redirect - 3-D Secure needs a navigation; `preventDefault()` to handle it yourself. `{ paymentId, url }`
 * @event tender-result - An outcome is known. `{ paymentId, status, retryable, errorCode?, errorMessage?, payment }`
 * @event tender-error - Something other than an outcome went wrong: configuration, expired secret, network or server trouble, an unsafe redirect, a rejected appearance key. `{ code, message, recoverable, key? }`
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
export class TenderCheckout extends TenderElement {
  static override styles = styles;

  /** Settles when the asked preview state is shown. */
  private previewShown: Promise<void> = Promise.resolve();
  private readonly emitter: Emit = (name, detail, options) => this.emit(name, detail, options);
  private readonly localization = new LocaleController(this);
  private readonly look = new AppearanceController(this, this.emitter);
  private readonly announcer = new AnnouncerController(
    this,
    () => this.renderRoot.querySelector<HTMLElement>('#announcer'),
    () => this.statusText(),
  );
  private readonly form = new CardFormController(this, {
    emit: this.emitter,
    announce: (text) => this.announcer.announce(text),
    t: (key) => this.t(key),
  });
  private readonly flow = new PaymentFlowController(this, {
    emit: this.emitter,
    card: () => this.form.cardInput(!this.hideName),
    prepared: () => Promise.all([this.localization.loaded, this.look.applied]),
    text: (status) => this.textOf(status),
    confirmAgain: () => void this.confirm(),
  });
  private readonly confirmation = new ConfirmationController(this, () => this.flow.state);

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
  /** 3-D Secure: `modal` (the challenge in a dialog over the page) or `redirect` (the page navigates to it and back). */
  @property({ attribute: 'three-ds' }) threeDs = 'modal';
  /** Appearance preset name (`''`: none). */
  @property() theme: PresetName | '' = '';
  /** Time limit of one request to the API, in ms (0: the client's defaults, 10 s for reads and 15 s for the confirm). */
  @property({ type: Number, attribute: 'request-timeout' }) requestTimeout = 0;
  /** Serialisable appearance: `{ theme?, variables?, rules?, labels?, layout?, colorScheme?, fonts? }` (docs/theming.md). */
  @property({ attribute: false }) appearance: Appearance | null = null;
  /** Per-message overrides of the text catalogue. */
  @property({ attribute: false }) messages: Partial<Messages> = {};
  /** Hides the pay button (the host confirms with `confirm()`). */
  @property({ type: Boolean, attribute: 'hide-button' }) hideButton = false;
  /** Hides the cardholder-name field. */
  @property({ type: Boolean, attribute: 'hide-name' }) hideName = false;
  /** Locks the form. */
  @property({ type: Boolean, reflect: true }) disabled = false;
  /** Shows one state with a sample payment and never calls the network (the theme previewer's gallery). */
  @property() preview: PreviewState | '' = '';

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('appearance') || changed.has('theme')) this.look.update();
    if (this.preview) {
      if (changed.has('preview')) this.showPreview(this.preview);
    } else if (changed.has('clientSecret') || changed.has('publishableKey') || changed.has('apiBase') || changed.get('preview')) {
      // a new payment, or the end of a preview: the form starts empty
      if ((changed.has('clientSecret') && changed.get('clientSecret') !== undefined) || changed.get('preview')) this.form.reset();
      this.flow.start();
    }
  }

  /** Also waits for the locale, the appearance and the success confirmation being loaded, and the render they cause. */
  protected override async getUpdateComplete(): Promise<boolean> {
    await super.getUpdateComplete();
    await Promise.all([this.localization.loaded, this.look.applied, this.previewShown]);
    await super.getUpdateComplete();
    await this.confirmation.loaded;
    return super.getUpdateComplete();
  }

  /** Loads the sample states and shows one (unless `preview` changed meanwhile). */
  private showPreview(state: PreviewState): void {
    this.previewShown = loadPreviewModule().then(
      (samples) => {
        if (this.preview !== state) return;
        this.form.preview(samples.previewCard(state));
        this.flow.preview(samples.previewState(state, Date.now()));
      },
      () => {
        this.emit('tender-error', { code: 'network', message: 'The preview module could not be loaded', recoverable: true });
      },
    );
  }

  private t(key: MessageKey, params?: Record<string, string>): string {
    return this.localization.t(key, params);
  }

  private textOf(status: Pick<FlowStatus, 'key' | 'text'>): string {
    return status.key ? this.t(status.key) : (status.text ?? '');
  }

  private statusText(): string {
    const { status, waitUntil } = this.flow.state;
    if (!status) return '';
    const text = this.textOf(status);
    if (status.key === 'status.waitScreen' && waitUntil > 0) {
      const time = new Intl.DateTimeFormat(this.localization.intl, { hour: 'numeric', minute: '2-digit' }).format(waitUntil);
      return `${text} ${this.t('status.waitScreenUntil', { time })}`;
    }
    return text;
  }

  private handleSubmit(event: Event): void {
    event.preventDefault();
    void this.confirm();
  }

  private handleRetry(): void {
    void this.flow.send({ type: 'retry' });
  }

  private handleContinue(): void {
    void this.flow.send({ type: 'continue' });
  }

  /**
   * Confirms the payment with the card in the form, as the pay button does. Resolves with the
   * outcome; a second call while one is under way resolves with the same outcome (one confirm).
   */
  confirm(): Promise<ConfirmOutcome> {
    const { flow } = this;
    if (flow.confirming) return flow.confirming;
    if (this.preview) return Promise.resolve({ type: 'error', detail: { code: 'preview', message: 'A preview never confirms', recoverable: false } });
    const { payment, phase } = flow.state;
    if (!payment || phase !== 'ready' || this.disabled) {
      return Promise.resolve({ type: 'error', detail: { code: 'not_ready', message: 'The payment cannot be confirmed now', recoverable: true } });
    }
    const errors = this.form.submit();
    if (errors) return Promise.resolve({ type: 'invalid', errors });
    if (!this.emit('tender-submit', { paymentId: payment.payment_id }, { cancelable: true })) return Promise.resolve({ type: 'cancelled' });
    return flow.pay();
  }

  private renderField(field: Field, label: string, control: unknown, hint?: string) {
    const error = this.form.errors[field as keyof CardErrors];
    return html`<div class="field ${field}" part="field">
      <label part="label" for=${field}>${label}</label>
      ${control}
      ${hint ? html`<p class="hint" id="${field}-hint">${hint}</p>` : nothing}
      <p class="error" part="error" id="${field}-error" ?hidden=${!error}>${error ? this.t(`error.${field}.${error}` as MessageKey) : ''}</p>
    </div>`;
  }

  override render() {
    const { phase, payment, status, problem } = this.flow.state;
    const { brand, errors, cvcLength } = this.form;
    const form = this.form;
    // the fields take input from the first paint and stay focusable (read-only) while a confirm is in flight;
    // only the pay button waits for the payment
    const submitting = phase === 'submitting';
    const amount = payment ? formatAmount(payment.amount, payment.currency, this.localization.intl) : '';
    // (a confirm that did not go through leaves the flow \`ready\`, with *Try again*: the form stays)
    const showForm = phase === 'loading' || phase === 'ready' || submitting;
    const brandName = brand ? CARD_BRANDS[brand].displayName : null;
    const invalid = (field: keyof CardErrors) => (errors[field] ? 'true' : 'false');
    const inputPart = (field: keyof CardErrors) => (errors[field] ? 'input input-invalid' : 'input');
    const { labels, layout } = this.look.look;
    const tag = this.localization.tag;
    // with hidden labels the placeholder says what a field is (the label is still there for assistive technology)
    const hiddenLabels = labels === 'hidden';
    const nameLabel = `${this.t('holderName')} ${this.t('optional')}`;
    return html`<div class="base layout-${layout} labels-${labels}" part="base" lang=${tag} dir=${textDirection(tag)}>
      <form part="form" novalidate @submit=${this.handleSubmit} ?hidden=${!showForm} aria-busy=${submitting}>
        ${this.renderField(
          'number',
          this.t('cardNumber'),
          html`<div class="control" dir="ltr">
            <input id="number" part=${inputPart('number')} class="with-brand" name="cardnumber" autocomplete="cc-number" inputmode="numeric"
              type="text" spellcheck="false" maxlength="23" placeholder=${hiddenLabels ? this.t('cardNumber') : this.t('numberPlaceholder')} ?disabled=${this.disabled} ?readonly=${submitting}
              required aria-invalid=${invalid('number')} aria-describedby=${brand ? 'number-error number-brand' : 'number-error'}
              @input=${form.onNumberInput} @blur=${form.onBlur} />
            <span class="brand" part="brand" id="number-brand" role="img"
              aria-label=${brandName ? this.t('brand', { brand: brandName }) : nothing}
              ?hidden=${!brand}>${brand ? (SHORT_BRAND[brand] ?? brandName?.toUpperCase()) : ''}</span>
          </div>`,
        )}
        <div class="row">
          ${this.renderField(
            'expiry',
            this.t('expiry'),
            html`<input id="expiry" part=${inputPart('expiry')} dir="ltr" name="exp-date" autocomplete="cc-exp" inputmode="numeric" type="text"
              spellcheck="false" maxlength="7" placeholder=${this.t('expiryPlaceholder')} ?disabled=${this.disabled} ?readonly=${submitting}
              required aria-invalid=${invalid('expiry')} aria-describedby="expiry-error expiry-hint"
              @input=${form.onExpiryInput} @blur=${form.onBlur} />`,
            this.t('expiryHint', { format: this.t('expiryPlaceholder') }),
          )}
          ${this.renderField(
            'cvc',
            this.t('cvc'),
            html`<input id="cvc" part=${inputPart('cvc')} dir="ltr" name="cvc" autocomplete="cc-csc" inputmode="numeric" type="text"
              spellcheck="false" maxlength=${cvcLength} placeholder=${this.t('cvcPlaceholder')} ?disabled=${this.disabled} ?readonly=${submitting}
              required aria-invalid=${invalid('cvc')} aria-describedby="cvc-error"
              @input=${form.onCvcInput} @blur=${form.onBlur} />`,
          )}
        </div>
        ${this.hideName
          ? nothing
          : this.renderField(
              'name',
              nameLabel,
              html`<input id="name" part="input" name="ccname" autocomplete="cc-name" type="text" ?disabled=${this.disabled} ?readonly=${submitting}
                placeholder=${hiddenLabels ? nameLabel : ' '}
                @input=${form.onNameInput} @blur=${form.onBlur} />`,
            )}
        ${this.hideButton
          ? nothing
          : html`<button part="button" type="submit" ?disabled=${phase === 'loading' || this.disabled} aria-disabled=${submitting}>
              ${submitting ? this.t('processing') : amount ? this.t('pay', { amount }) : this.t('payNoAmount')}
            </button>`}
      </form>
      <div part="status" tabindex="-1">
        ${phase === 'loading' ? html`<p class="status">${this.t('loading')}</p>` : nothing}
        ${status && (!submitting || this.hideButton) ? this.confirmation.render(html`<p class="status ${status.tone}">${this.statusText()}</p>`, isolate(amount), this.t('reference', { id: payment?.payment_id ?? '' })) : nothing}
      </div>
      <div id="announcer" class="visually-hidden" role="status" aria-live="polite" aria-atomic="true"></div>
      ${problem?.retry ? html`<button class="secondary" type="button" @click=${this.handleRetry}>${this.t('retry')}</button>` : nothing}
      ${phase === 'action' ? html`<button class="secondary" type="button" @click=${this.handleContinue}>${this.t('status.continueAuthentication')}</button>` : nothing}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tender-checkout': TenderCheckout;
  }
}
