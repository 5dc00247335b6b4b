import { html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import type { FlowStatus } from '../../flow/describe.js';
import type * as PreviewModule from '../../flow/preview.js';
import type { PreviewState } from '../../flow/preview.js';
import { formatMessage, isolate, loadCatalogue, resolveLocale, shippedTexts, textDirection, type MessageKey, type Messages } from '../../i18n/index.js';
import { formatAmount } from '../../money/index.js';
import type { Appearance, PresetName } from '../../themes/index.js';
import { AnnouncerController } from '../controllers/announcer-controller.js';
import { AppearanceController } from '../controllers/appearance-controller.js';
import { CardFormController, type Field } from '../controllers/card-form-controller.js';
import { ConfirmationController } from '../controllers/confirmation-controller.js';
import { LocaleController } from '../controllers/locale-controller.js';
import { PaymentFlowController, type FrameHooks } from '../controllers/payment-flow-controller.js';
import { lazy } from '../lazy.js';
import { TenderElement, type Emit } from '../tender-element.js';
import type { CardErrors, ConfirmOutcome } from '../../events.js';
import type * as ExtrasModule from './card-extras.js';
import type * as SavedModule from './saved-cards.js';
import type * as BillingModule from './billing-fields.js';
import { methodList } from './method-list.js';
import { FORM_PROPS, PROPS, type PropName } from './props.js';
import { styles } from './tender-checkout.styles.js';

export type { CardErrors, ConfirmOutcome } from '../../events.js';
export type { PreviewState } from '../../flow/preview.js';

/** The preview's sample states are a chunk of their own, fetched only when `preview` is set. */
const loadPreviewModule = lazy<typeof PreviewModule>(() => import('../../flow/preview.js'));
/** The brand marks, the CVC illustration and the network choice of a co-badged card: a chunk of their own, asked for at the first render. */
const loadExtrasModule = lazy<typeof ExtrasModule>(() => import('./card-extras.js'));
/** The customer's saved cards and the save box (saved-cards.ts): a chunk of its own, fetched for a payment with a customer. */
const loadSavedModule = lazy<typeof SavedModule>(() => import('./saved-cards.js'));
/** The billing fields and their texts: a chunk of their own, asked for unless `billing`, `email` and `phone` are all `never`. */
const loadBillingModule = lazy<typeof BillingModule>(() => import('./billing-fields.js'));

/**
 * The card form itself, with the payment flow: what `<tender-checkout inline>` shows in its shadow
 * root and what the isolated frame page runs (src/frame/frame.ts). Not a public element: the host
 * element (`tender-checkout.ts`) forwards its attributes and properties here, and the form's events
 * cross the host's shadow root (they are composed) or the frame's channel as they are.
 */
export class TenderCardForm extends TenderElement {
  static override styles = styles;
  /**
   * What the host element passes through (props.ts: one table of the attributes for both; `appearance`
   * and `messages` are properties only) and, in the frame, `hooks`. `disabled` reflects.
   */
  static override properties: PropertyDeclarations = Object.fromEntries(
    [...FORM_PROPS, 'hooks'].map((name) => {
      const [attribute = false, kind] = PROPS[name as PropName] ?? [];
      return [name, { attribute, type: kind === 'b' ? Boolean : kind === 'n' ? Number : String, reflect: name === 'disabled' }];
    }),
  );

  /** The host's answer to `tender-submit` being awaited (isolated frame only). */
  private asking: Promise<ConfirmOutcome> | null = null;
  /** Settles when the asked preview state is shown. */
  private previewShown: Promise<void> = Promise.resolve();
  /** Marks, CVC illustration, network choice (card-extras.ts), once loaded; and its loading. */
  private extras?: ExtrasModule.CardExtras;
  private extrasLoaded?: Promise<unknown>;
  /** The saved cards and the save box (saved-cards.ts), once a payment with a customer loaded it. */
  private saved?: SavedModule.SavedCards;
  /** The billing fields (billing-fields.ts), once loaded; and its loading. */
  private billingFields?: BillingModule.BillingFields;
  private billingLoaded?: Promise<unknown>;
  private readonly emitter: Emit = (name, detail, options) => this.emit(name, detail, options);
  private readonly localization = new LocaleController(this);
  private readonly look = new AppearanceController(this, this.emitter);
  private readonly announcer = new AnnouncerController(
    this,
    () => this.renderRoot.querySelector<HTMLElement>('#announcer'),
    () => this.statusText(),
  );
  private readonly form = new CardFormController(this, {
    // with a customer, `tender-change` also says that no saved card is chosen
    emit: (name, detail, options) => this.emit(name, this.saved?.customer && name === 'tender-change' ? { ...(detail as object), savedCard: false } as typeof detail : detail, options),
    announce: (text) => this.announcer.announce(text),
    t: (key, params) => this.t(key, params),
    billing: () => this.billingFields?.completeness() ?? null,
  });
  private readonly flow = new PaymentFlowController(this, {
    emit: this.emitter,
    card: () => (this.saved?.chosen ? this.saved.input() : { ...this.form.cardInput(!this.hideName), network: this.extras?.chosen, billing: this.billingFields?.value() }),
    saving: () => this.saved?.saving() ?? {},
    // and the billing fields the list asks for: `tender-ready` comes with the form that shows them
    loaded: (payment, client) => Promise.all([this.loadSaved(Boolean(payment.customer_id), (saved) => saved.load(payment, client, this.clientSecret)), this.updateComplete]),
    prepared: () => Promise.all([this.localization.loaded, this.look.applied]),
    text: (status) => this.textOf(status),
    confirmAgain: () => void this.confirm(),
  });
  private readonly confirmation = new ConfirmationController(this, () => this.flow.state);

  /** The merchant's publishable key (`pk_snd_…`, `pk_prd_…`). */
  publishableKey = '';
  /** The payment's client secret (`pay_…_secret_…`). */
  clientSecret = '';
  /** Base URL of the payment API. */
  apiBase = '';
  /** Where the customer comes back after a redirect (default: the current page). */
  returnUrl = '';
  /** BCP 47 tag or `auto` (the page's language). */
  locale = 'auto';
  /** 3-D Secure: `modal` (the challenge in a dialog over the page) or `redirect` (the page navigates to it and back). */
  threeDs = 'modal';
  /** Appearance preset name (`''`: none). */
  theme: PresetName | '' = '';
  /** Time limit of one request to the API, in ms (0: the client's defaults, 10 s for reads and 15 s for the confirm). */
  requestTimeout = 0;
  /** Serialisable appearance: `{ theme?, variables?, rules?, labels?, layout?, colorScheme?, fonts? }` (docs/theming.md). */
  appearance: Appearance | null = null;
  /** Per-message overrides of the text catalogue. */
  messages: Partial<Messages> = {};
  /** Hides the pay button (the host confirms with `confirm()`). */
  hideButton = false;
  /** Hides the cardholder-name field. */
  hideName = false;
  /** Locks the form. */
  disabled = false;
  /** `auto`: a payment with a customer offers "Save this card for future payments"; `never`: it does not. */
  saveCard = 'auto';
  /** Shows one state with a sample payment and never calls the network (the theme previewer's gallery). */
  preview: PreviewState | '' = '';
  /** Shows the merchant's accepted card networks (from the payment-method list) above the card number. */
  showBrands = false;
  /** The network a co-badged card goes on unless the customer picks the other, by its API name (`CartesBancaires`). */
  preferredNetwork = '';
  /** Billing address: `auto` (what the payment-method list's `required_fields` ask), `postal-code`, `full`, `never`. */
  billing = 'auto';
  /** The customer's email: `auto` (when `required_fields` asks), `required`, `never`. */
  email = 'auto';
  /** The customer's phone: `auto`, `required`, `never`. */
  phone = 'auto';
  /** Set by the isolated frame only: what crosses to the host element (its events' questions, navigation, the challenge). */
  hooks: FrameHooks | null = null;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!this.extras) {
      this.extrasLoaded = loadExtrasModule().then(
        (module) => (this.extras ??= new module.CardExtras(this, html)),
        () => undefined, // the badge names the brand and the CVC hint is text alone; the next update asks again
      );
    }
    const billed = `${this.billing}${this.email}${this.phone}` !== 'nevernevernever';
    if (!this.billingFields && billed) {
      this.billingLoaded = loadBillingModule().then(
        (module) =>
          (this.billingFields ??= new module.BillingFields(this, html, {
            announce: (text) => this.announcer.announce(text),
            changed: () => this.form.changed(),
            format: formatMessage,
            context: () => ({
              lang: this.localization.tag,
              texts: shippedTexts(this.localization.tag),
              payment: this.flow.state.payment,
              submitting: this.flow.state.phase === 'submitting',
            }),
          })),
        () => undefined, // no billing fields: the next update asks again
      );
    }
    if (changed.has('appearance') || changed.has('theme')) this.look.update();
    if (this.preview) {
      if (changed.has('preview')) this.showPreview(this.preview);
    } else if (changed.has('clientSecret') || changed.has('publishableKey') || changed.has('apiBase') || changed.get('preview')) {
      // a new payment, or the end of a preview: the form starts empty
      // (not for the first secret: in the frame the customer may have typed before it arrived)
      if (changed.get('clientSecret') || changed.get('preview')) this.form.reset();
      this.flow.start();
      // the list the billing fields and the accepted networks read (method-list.ts), asked for beside the
      // payment rather than once their chunks are in: inline shows one round trip earlier
      if (billed || this.showBrands) void methodList(this);
    }
  }

  /** Also waits for the locale, the appearance, the billing fields and the success confirmation being loaded, and the render they cause. */
  protected override async getUpdateComplete(): Promise<boolean> {
    await super.getUpdateComplete();
    await Promise.all([this.localization.loaded, this.look.applied, this.previewShown, this.extrasLoaded, this.billingLoaded]);
    await super.getUpdateComplete();
    // and for the billing fields the payment-method list asks for (bounded): they are there when the form first shows
    await Promise.all([this.billingFields?.settled, this.confirmation.loaded]);
    return super.getUpdateComplete();
  }

  /** Loads the sample states and shows one (unless `preview` changed meanwhile). */
  private showPreview(state: PreviewState): void {
    this.previewShown = loadPreviewModule().then(
      (samples) => {
        if (this.preview !== state) return;
        this.form.preview(samples.previewCard(state));
        this.flow.preview(samples.previewState(state, Date.now()));
        const cards = samples.previewSavedCards(state);
        return this.loadSaved(Boolean(cards), (saved, module) => saved.show(module.shownCards(cards ?? []), cards ? 'cus_preview' : ''));
      },
      () => {
        this.emit('tender-error', { code: 'network', message: 'The preview module could not be loaded', recoverable: true });
      },
    );
  }

  /**
   * Loads the saved-cards chunk when `needed` (a payment with a customer, a preview's sample cards) or
   * already loaded, then `show`s the customer's cards; never rejects (without it the card fields show).
   */
  private async loadSaved(needed: boolean, show: (saved: SavedModule.SavedCards, module: typeof SavedModule) => unknown): Promise<void> {
    if (!needed && !this.saved) return;
    try {
      const module = await loadSavedModule();
      this.saved ??= new module.SavedCards(this, html, {
        emit: this.emitter,
        announce: (text) => this.announcer.announce(text),
        t: (key, params) => this.t(key, params),
        newCard: () => this.form.changed(true),
      });
      await show(this.saved, module);
    } catch {
      this.saved?.clear(); // the chunk did not load: the card fields, without the save box
    }
  }

  /** A text of the catalogue in the form's language, with the merchant's `messages` (the frame asks for its title and the dialog's). */
  text(key: MessageKey): string {
    return this.t(key);
  }

  private t(key: MessageKey, params?: Record<string, string>): string {
    return this.localization.t(key, params);
  }

  private textOf(status: Pick<FlowStatus, 'key' | 'text'>): string {
    // the API's own words are English: a form in another language says its own generic decline instead
    return status.key ? this.t(status.key) : (this.billingFields?.declineText(this.flow.state.payment) ?? (/^en\b/.test(this.localization.tag) ? status.text : null) ?? this.t('decline.generic'));
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
    if (this.asking) return this.asking;
    // a saved card is paid with its token (and CVC): the billing fields belong to a new card
    const errors = this.saved?.chosen ? this.saved.submit() : this.form.submit();
    const billingComplete = this.saved?.chosen ? true : (this.billingFields?.submit(!errors) ?? true);
    if (!billingComplete || errors) return Promise.resolve({ type: 'invalid', errors: errors ?? {} });
    const paymentId = payment.payment_id;
    const { hooks } = this;
    if (!hooks) return this.emit('tender-submit', { paymentId }, { cancelable: true }) ? flow.pay() : Promise.resolve({ type: 'cancelled' });
    // in the frame the host element fires `tender-submit`: its answer comes back over the channel
    this.asking = hooks.submit(paymentId).then((proceed) => (proceed && flow.state.payment?.payment_id === paymentId ? flow.pay() : { type: 'cancelled' as const }));
    return this.asking.finally(() => (this.asking = null));
  }

  /** Focuses the first field, as `element.focus()` does on the host: the card number, or the chosen row of the saved cards. */
  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector<HTMLElement>(this.saved?.cards.length ? '[name=saved]:checked' : '#number')?.focus(options);
  }

  private renderField(field: Field, label: string, control: unknown, hint?: unknown) {
    const error = this.form.errors[field as keyof CardErrors];
    return html`<div class="field ${field}" part="field">
      <label part="label" for=${field}>${label}</label>
      ${control}
      ${hint ? html`<p class="hint" id="${field}-hint">${hint}</p>` : nothing}
      <p class="error" part="error" id="${field}-error" ?hidden=${!error}>${error ? this.form.errorText(field as keyof CardErrors, error) : ''}</p>
    </div>`;
  }

  override render() {
    const { phase, payment, status, problem } = this.flow.state;
    const { brand, errors, cvcLength } = this.form;
    const { form, extras, saved } = this;
    // the fields take input from the first paint and stay focusable (read-only) while a confirm is in flight;
    // only the pay button waits for the payment
    const submitting = phase === 'submitting';
    const amount = payment ? formatAmount(payment.amount, payment.currency, this.localization.intl) : '';
    // (a confirm that did not go through leaves the flow \`ready\`, with *Try again*: the form stays)
    const showForm = phase === 'loading' || phase === 'ready' || submitting;
    // the detected network's mark (the chosen one of a co-badged card), once card-extras.ts is loaded
    const badge = brand && extras?.badge(brand);
    // an American Express code's error already says "4 digits, on the front": the hint is not read after it again
    const front = brand === 'amex';
    const invalid = (field: keyof CardErrors) => (errors[field] ? 'true' : 'false');
    const inputPart = (field: keyof CardErrors) => (errors[field] ? 'input input-invalid' : 'input');
    const { labels, layout } = this.look.look;
    const tag = this.localization.tag;
    // with hidden labels the placeholder says what a field is (the label is still there for assistive technology)
    const hiddenLabels = labels === 'hidden';
    // a full-width parenthesis (Chinese, Japanese) brings its own space
    const optional = this.t('optional');
    const nameLabel = `${this.t('holderName')}${optional[0] === '（' ? '' : ' '}${optional}`;
    // after a decline (or a confirm that did not go through) focus goes to the number or the saved card chosen: its description says why
    const why = phase === 'ready' && status ? ' status-line' : '';
    const numberDescription = `number-error${why}${badge ? ' number-brand' : ''}`;
    return html`<div class="base layout-${layout} labels-${labels}${this.hideButton ? ' no-button' : ''}" part="base" lang=${tag} dir=${textDirection(tag)}>
      <form part="form" novalidate @submit=${this.handleSubmit} ?hidden=${!showForm} aria-busy=${submitting}>
        ${saved?.list(submitting, why)}
        <div class="new-card" ?hidden=${Boolean(saved?.chosen)}>
        ${this.showBrands ? html`<div class="brands" part="brands">${extras?.acceptedList()}</div>` : nothing}
        ${this.renderField(
          'number',
          this.t('cardNumber'),
          html`<div class="control" dir="ltr">
            <input id="number" part=${inputPart('number')} class="with-brand" name="cardnumber" autocomplete="cc-number" inputmode="numeric"
              type="text" spellcheck="false" maxlength="23" placeholder=${hiddenLabels ? this.t('cardNumber') : this.t('numberPlaceholder')} ?disabled=${this.disabled} ?readonly=${submitting}
              required aria-invalid=${invalid('number')} aria-describedby=${numberDescription}
              @input=${form.onNumberInput} @blur=${form.onBlur} />
            <span class="brand" part="brand" id="number-brand" role="img"
              aria-label=${badge ? this.t('brand', { brand: badge.name }) : nothing}
              ?hidden=${!badge}>${badge?.mark}</span>
          </div>${extras?.networkChoice()}`,
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
              required aria-invalid=${invalid('cvc')} aria-describedby=${front && errors.cvc ? 'cvc-error' : 'cvc-error cvc-hint'}
              @input=${form.onCvcInput} @blur=${form.onBlur} />`,
            html`<span class="art">${extras?.cvcArt(front)}</span>${this.t(front ? 'cvcFront' : 'cvcBack')}`,
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
        ${this.billingFields?.render(labels)}
        </div>
        ${saved?.consent()}
        ${this.hideButton
          ? nothing
          : html`<button part="button" type="submit" ?disabled=${phase === 'loading' || this.disabled} aria-disabled=${submitting}>
              ${submitting ? this.t('processing') : phase === 'loading' ? html`<span>${this.t('loading')}</span>` : amount ? this.t('pay', { amount }) : this.t('payNoAmount')}
            </button>`}
      </form>
      <div part="status" tabindex="-1">
        ${phase === 'loading' && this.hideButton ? html`<p class="status">${this.t('loading')}</p>` : nothing}
        ${status && (!submitting || this.hideButton) ? this.confirmation.render(html`<p class="status ${status.tone}" id="status-line">${this.statusText()}</p>`, isolate(amount), this.t('reference', { id: payment?.payment_id ?? '' })) : nothing}
      </div>
      <div id="announcer" class="visually-hidden" role="status" aria-live="polite" aria-atomic="true"></div>
      ${problem?.retry ? html`<button class="secondary" type="button" @click=${this.handleRetry}>${this.t('retry')}</button>` : nothing}
      ${phase === 'action' ? html`<button class="secondary" type="button" @click=${this.handleContinue}>${this.t('status.continueAuthentication')}</button>` : nothing}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tender-card-form': TenderCardForm;
  }
}

/**
 * A text of the catalogue in a locale (with the merchant's overrides), with the `lang` and `dir` it is
 * written in: what the host element shows itself when there is no frame to show it (it carries no
 * catalogue of its own).
 */
export async function catalogueText(locale: string, key: MessageKey, overrides: Partial<Messages> = {}): Promise<{ text: string; lang: string; dir: 'ltr' | 'rtl' }> {
  const lang = resolveLocale(locale);
  const messages = await loadCatalogue(lang);
  return { text: overrides[key] ?? messages[key], lang, dir: textDirection(lang) };
}

/** Registers `<tender-card-form>` (the host element calls this once it has loaded this module). */
export function defineCardForm(): void {
  // an internal tag: a second copy of the library brings its own host too, and either form serves it
  if (!customElements.get('tender-card-form')) customElements.define('tender-card-form', TenderCardForm);
}
