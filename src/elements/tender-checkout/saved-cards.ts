/**
 * A returning customer's saved cards, and the consent to save a new one: a lazily loaded chunk of the
 * card form, fetched only for a payment that has a customer (`customer_id`). It lists the customer's
 * saved cards (`GET /customers/payment_methods?client_secret=`, upstream's
 * `CustomerPaymentMethodsListResponse`) as a radio group before the card fields — default card first,
 * then the most recently used, an expired one shown but not selectable — with "Use a new card" last.
 * A chosen card asks only for its CVC, and only when the API says `requires_cvv`; the confirm is the
 * real service's web SDK's `savedCardBody` (`payment_token`, `customer_id`,
 * `payment_method_data.card_token.card_cvc`). For a new card it shows the unticked "Save this card for
 * future payments" box (`save-card="auto"`), or the consent text when the merchant created the payment
 * with `setup_future_usage: "off_session"`; the confirm then carries `customer_acceptance`.
 *
 * Like card-extras.ts it takes the element's `html` tag (no second Lit) and adopts its stylesheet (a
 * constructed sheet: a strict CSP allows it). The CVC typed here stays here and in the confirm body;
 * `tender-change` says only whether a saved card is chosen and whether the form is complete.
 */
import type { html as litHtml, ReactiveController, ReactiveControllerHost, TemplateResult } from 'lit';
import type { ConfirmOptions, SavedCardInput, TenderClient } from '../../api/client.js';
import { customerAcceptance } from '../../api/confirm-members.js';
import type { PaymentResponse, SavedCard } from '../../api/schemas.js';
import { CARD_BRANDS, type CardBrand } from '../../card/brands.js';
import { validateCvc } from '../../card/cvc.js';
import { networkName, networkOfApiName } from '../../card/networks.js';
import type { CardErrors } from '../../events.js';
import type { MessageKey } from '../../i18n/index.js';
import type { Emit } from '../tender-element.js';
import { adoptStyles } from './adopt-styles.js';

export interface SavedCardsHost extends ReactiveControllerHost, EventTarget {
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** `save-card`: `auto` offers the save box to a payment with a customer, `never` does not. */
  saveCard: string;
  disabled: boolean;
}

export interface SavedCardsOptions {
  emit: Emit;
  /** "Use a new card" was chosen: the form says its own card's state (`tender-change`, `savedCard: false`). */
  newCard: () => void;
  announce: (text: string) => void;
  t: (key: MessageKey, params?: Record<string, string>) => string;
}

/** A saved card as the form shows it. */
export interface ShownCard {
  token: string;
  brand: CardBrand | null;
  /** The network's display name ("Visa"), or the API's scheme as it is. */
  name: string;
  last4: string;
  /** `MM/YY`. */
  expiry: string;
  expired: boolean;
  requiresCvv: boolean;
  recurring: boolean;
}

const token = (name: string) => `var(--tender-${name},var(--_tender-${name}))`;

/** The option rows sit in the form, where the layouts' label rules (src/themes/layout-styles.ts) would reach them: an id-level `:not(#s)` keeps them. */
const CSS = `.saved{display:grid;gap:${token('label-gap')};min-width:0;margin:0;padding:0;border:0}
.saved legend{padding:0;margin-bottom:${token('label-gap')};color:${token('color-label')};font-size:${token('font-size-label')};font-weight:${token('font-weight-label')}}
.saved .options{display:grid;gap:8px}
.saved label.option:not(#s){position:relative;inset:auto;z-index:auto;display:flex;flex-wrap:wrap;align-items:center;gap:.25em .75em;width:auto;height:auto;min-height:max(24px,${token('input-min-height')});padding:.5em .75em;overflow:visible;clip-path:none;white-space:normal;pointer-events:auto;transform:none;transition:none;font-size:${token('font-size-base')};color:${token('color-input-text')};background:${token('color-input-background')};border:${token('border-width')} solid ${token('color-border')};border-radius:${token('border-radius')};cursor:pointer}
.saved label.option:has(:checked):not(#s){border-color:${token('color-primary')};box-shadow:inset 0 0 0 1px ${token('color-primary')}}
.saved label.option:has(:disabled):not(#s){cursor:not-allowed;color:${token('color-text-secondary')};background:${token('color-disabled')}}
.saved input[type=radio]:not(#s){all:revert;margin:0;width:1.15em;height:1.15em;accent-color:${token('color-primary')}}
.saved input[type=radio]:focus-visible:not(#s),.save-card input:focus-visible{outline:max(2px,${token('focus-ring-width')}) solid ${token('color-focus')};outline-offset:2px}
.saved .number{direction:ltr;unicode-bidi:isolate}
.saved .expiry{margin-inline-start:auto;color:${token('color-text-secondary')};font-size:${token('font-size-label')}}
.saved .saved-cvc{margin-inline-start:calc(1.15em + .75em + .75em)}
.save-card{display:flex;align-items:flex-start;gap:.5em;color:${token('color-text')};font-size:${token('font-size-label')}}
.save-card input{margin:.15em 0 0;width:1.15em;height:1.15em;flex:none;accent-color:${token('color-primary')}}
.consent{margin:0;color:${token('color-text-secondary')};font-size:${token('font-size-small')}}
@media (forced-colors:active){.saved label.option:has(:checked):not(#s){border:3px solid Highlight}}`;


/** Whether a card expiring at the end of `month`/`year` has expired at `now`. */
export function cardExpired(month: number, year: number, now: Date = new Date()): boolean {
  if (!month || !year) return false;
  return year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
}

/** The saved cards of the API's list as the form shows them: the default card first, then the most recently used. */
export function shownCards(list: readonly SavedCard[], now: Date = new Date()): ShownCard[] {
  const used = (card: SavedCard) => Date.parse(card.last_used_at ?? card.created ?? '') || 0;
  return list
    .filter((card) => card.payment_method === 'card')
    .map((card, index) => ({ card, index }))
    .sort((a, b) => Number(Boolean(b.card.default_payment_method_set)) - Number(Boolean(a.card.default_payment_method_set)) || used(b.card) - used(a.card) || a.index - b.index)
    .map(({ card }) => {
      const details = card.card ?? {};
      const network = networkOfApiName(details.card_network ?? '') ?? networkOfApiName(details.scheme ?? '');
      const month = Number(details.expiry_month) || 0;
      const year = Number(details.expiry_year) || 0;
      const fullYear = year && year < 100 ? 2000 + year : year;
      return {
        token: card.payment_token,
        brand: network && network in CARD_BRANDS ? (network as CardBrand) : null,
        name: network ? networkName(network) : (details.scheme ?? details.card_network ?? ''),
        last4: details.last4_digits ?? '',
        expiry: month && year ? `${String(month).padStart(2, '0')}/${String(fullYear % 100).padStart(2, '0')}` : '',
        expired: cardExpired(month, fullYear, now),
        requiresCvv: card.requires_cvv !== false,
        recurring: card.recurring_enabled === true,
      };
    });
}

/** The list, the chosen card, its CVC, and the consent to save a new card. */
export class SavedCards implements ReactiveController {
  /** The customer's cards (none: the form shows the card fields only). */
  cards: ShownCard[] = [];
  /** The chosen card's token, or `''` for a new card. */
  selected = '';
  /** The save box is ticked. */
  save = false;
  private customerId = '';
  /** The merchant created the payment with `setup_future_usage: "off_session"`: consent text, no box. */
  private offSession = false;
  private cvc = '';
  private cvcTouched = false;
  private submitted = false;
  private lastChange = '';
  /** The payment the list was asked for (a newer payment drops an older answer). */
  private asked = '';
  /** Asks for the list again (fresh tokens), for the payment it was last asked for. */
  private reload: (() => Promise<void>) | null = null;

  /** `html`: the element's template tag. */
  constructor(
    private readonly host: SavedCardsHost,
    private readonly html: typeof litHtml,
    private readonly options: SavedCardsOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    adoptStyles(this.host.renderRoot, CSS);
    this.host.addEventListener('tender-error', this.handleRefused);
  }

  hostDisconnected(): void {
    this.host.removeEventListener('tender-error', this.handleRefused);
  }

  /**
   * A confirm with a saved card was refused (`request_refused`: the token lapsed, or the card was
   * forgotten meanwhile): the list is asked for again, so the next try has fresh tokens and a forgotten
   * card is gone.
   */
  private readonly handleRefused = (event: Event): void => {
    if (this.chosen && (event as CustomEvent<{ code?: string }>).detail?.code === 'request_refused') void this.reload?.();
  };

  /** The payment has a customer: saving may be offered. */
  get customer(): boolean {
    return Boolean(this.customerId);
  }

  /** The saved card chosen (null: a new card). */
  get chosen(): ShownCard | null {
    return this.cards.find((card) => card.token === this.selected) ?? null;
  }

  /** Fetches the payment's customer's saved cards (before the payment is shown); a failed list shows none. */
  async load(payment: PaymentResponse, client: TenderClient, clientSecret: string): Promise<void> {
    const asked = payment.payment_id;
    this.asked = asked;
    this.reload = () => this.load(payment, client, clientSecret);
    this.customerId = payment.customer_id ?? '';
    this.offSession = payment.setup_future_usage === 'off_session';
    const answer = this.customerId ? await client.listSavedCards(clientSecret) : null;
    if (this.asked !== asked) return;
    this.show(answer?.ok ? shownCards(answer.savedCards.customer_payment_methods) : []);
  }

  /** Shows these cards (a list, or a preview's samples), the first selectable one chosen. */
  show(cards: ShownCard[], customerId = this.customerId, offSession = this.offSession): void {
    this.customerId = customerId;
    this.offSession = offSession;
    this.cards = cards;
    this.selected = cards.find((card) => !card.expired)?.token ?? '';
    this.cvc = '';
    this.cvcTouched = false;
    this.submitted = false;
    this.save = false;
    this.lastChange = '';
    this.host.requestUpdate();
  }

  /** No customer (a new payment, a preview without saved cards). */
  clear(): void {
    this.asked = '';
    this.reload = null;
    this.show([], '', false);
  }

  /** The chosen card's CVC check: null when none is needed or it is valid. */
  private cvcError(): CardErrors['cvc'] | null {
    const card = this.chosen;
    if (!card?.requiresCvv) return null;
    const check = validateCvc(this.cvc, card.brand);
    return check.valid ? null : (check.error ?? 'incomplete');
  }

  /** A submit with a saved card: the CVC error shows, is said, and takes focus. */
  submit(): CardErrors | null {
    this.submitted = true;
    const error = this.cvcError();
    this.host.requestUpdate();
    this.change();
    if (!error) return null;
    this.host.renderRoot.querySelector<HTMLInputElement>('#saved-cvc')?.focus();
    this.options.announce(this.options.t('announce.invalid'));
    return { cvc: error };
  }

  /** The saved card for the confirm. */
  input(): SavedCardInput {
    const card = this.chosen!;
    return { paymentToken: card.token, customerId: this.customerId, cvc: card.requiresCvv ? this.cvc : null };
  }

  /**
   * The consent members of the confirm, as the web SDK sends them: `customer_acceptance` with a saved
   * card saved on-session (its `isCustomerAcceptanceRequired`: not `recurring_enabled`), with a new
   * card the customer chose to save (plus `setup_future_usage: "on_session"`) and with any new card of
   * an off-session payment (the consent text was shown).
   */
  saving(): Pick<ConfirmOptions, 'customerAcceptance' | 'setupFutureUsage'> {
    const card = this.chosen;
    if (card) return card.recurring ? {} : { customerAcceptance: customerAcceptance() };
    if (!this.customer) return {};
    if (this.offSession) return { customerAcceptance: customerAcceptance() };
    return this.save && this.host.saveCard !== 'never' ? { customerAcceptance: customerAcceptance(), setupFutureUsage: 'on_session' } : {};
  }

  /**
   * `tender-change` while a saved card is chosen: complete when its CVC is (or none is needed), the
   * card's brand, the CVC's error once shown; `savedCard: true`. Never the CVC, the last four or the token.
   */
  private change(): void {
    const card = this.chosen;
    if (!card) return;
    const error = this.cvcError();
    const errors: CardErrors = error && (this.submitted || this.cvcTouched) ? { cvc: error } : {};
    const detail = { complete: !error, empty: false, brand: card.brand, errors, savedCard: true };
    const key = JSON.stringify(detail);
    if (key === this.lastChange) return;
    this.lastChange = key;
    this.options.emit('tender-change', detail);
  }

  private readonly handleSelect = (event: Event): void => {
    this.selected = (event.target as HTMLInputElement).value;
    this.cvc = '';
    this.cvcTouched = false;
    this.submitted = false;
    this.lastChange = '';
    this.host.requestUpdate();
    // a new card: the form's own state (its next tender-change, with savedCard: false) is asked for by the form
    if (this.chosen) this.change();
    else this.options.newCard();
  };

  private readonly handleCvcInput = (event: Event): void => {
    const input = event.target as HTMLInputElement;
    const length = this.chosen?.brand ? CARD_BRANDS[this.chosen.brand].cvcLength : 4;
    const digits = input.value.replace(/\D/g, '').slice(0, length);
    if (digits !== input.value) input.value = digits;
    this.cvc = digits;
    if (this.cvcError() === 'incomplete' && !this.submitted) this.cvcTouched = false;
    this.host.requestUpdate();
    this.change();
  };

  private readonly handleCvcBlur = (): void => {
    if (!this.cvc && !this.submitted) return;
    this.cvcTouched = true;
    this.host.requestUpdate();
    this.change();
  };

  private readonly handleSave = (event: Event): void => {
    this.save = (event.target as HTMLInputElement).checked;
  };

  /** "Visa ending in 4242, expires 12/30" (an expired card's "Expired" is its description: the expiry shown beside it). */
  private label(card: ShownCard): string {
    return this.options.t('saved.card', { brand: card.name, last4: card.last4, expiry: card.expiry });
  }

  /** The chosen card's CVC field (only for a card that needs one). */
  private cvcField(card: ShownCard, readonly: boolean): TemplateResult | string {
    if (!card.requiresCvv) return '';
    const { html } = this;
    const { t } = this.options;
    const error = this.cvcError();
    const shown = error && (this.submitted || this.cvcTouched) ? error : null;
    const length = card.brand ? CARD_BRANDS[card.brand].cvcLength : 4;
    return html`<div class="field saved-cvc" part="field saved-cvc">
      <label part="label" for="saved-cvc">${t('cvc')}</label>
      <input id="saved-cvc" part=${shown ? 'input input-invalid' : 'input'} dir="ltr" name="cvc" autocomplete="cc-csc" inputmode="numeric" type="text"
        spellcheck="false" maxlength=${length} placeholder=${t('cvcPlaceholder')} ?disabled=${this.host.disabled} ?readonly=${readonly}
        required aria-invalid=${shown ? 'true' : 'false'} aria-describedby="saved-cvc-error" .value=${this.cvc}
        @input=${this.handleCvcInput} @blur=${this.handleCvcBlur} />
      <p class="error" part="error" id="saved-cvc-error" ?hidden=${!shown}>${shown ? t(`error.cvc.${shown}` as MessageKey) : ''}</p>
    </div>`;
  }

  /**
   * The radio group of the saved cards and "Use a new card" (nothing without saved cards). `readonly`: a
   * confirm is in flight; `why`: what else describes the chosen card (` status-line` after its decline).
   */
  list(readonly: boolean, why = ''): TemplateResult | string {
    if (!this.cards.length) return '';
    const { html } = this;
    const { t } = this.options;
    const disabled = this.host.disabled || readonly;
    return html`<fieldset class="saved" part="saved-cards"><legend>${t('saved.legend')}</legend><div class="options">${this.cards.map(
      (card, index) =>
        html`<label class="option" part=${card.token === this.selected ? 'saved-card saved-card-selected' : 'saved-card'}>
          <input type="radio" name="saved" .value=${card.token} .checked=${card.token === this.selected} ?disabled=${card.expired || disabled}
            aria-label=${this.label(card)} aria-describedby=${card.expired ? `saved-expiry-${index}` : card.token === this.selected ? why.trim() : ''} @change=${this.handleSelect} />
          <span class="name">${card.name} <span class="number">•••• ${card.last4}</span></span>
          <span class="expiry" id=${`saved-expiry-${index}`}>${card.expired ? `${t('saved.expired')} ${card.expiry}` : card.expiry}</span>
        </label>${card.token === this.selected ? this.cvcField(card, readonly) : ''}`,
    )}<label class="option" part=${this.selected ? 'saved-card' : 'saved-card saved-card-selected'}>
          <input type="radio" name="saved" value="" .checked=${!this.selected} ?disabled=${disabled} @change=${this.handleSelect} />
          <span class="name">${t('saved.new')}</span>
        </label></div></fieldset>`;
  }

  /** Under a new card: the save box, or the consent text of an off-session payment (nothing without a customer). */
  consent(): TemplateResult | string {
    if (!this.customer || this.chosen) return '';
    const { html } = this;
    const { t } = this.options;
    if (this.offSession) return html`<p class="consent" part="save-consent">${t('saved.consent')}</p>`;
    if (this.host.saveCard === 'never') return '';
    return html`<label class="save-card" part="save-card"><input id="save-card" type="checkbox" .checked=${this.save} ?disabled=${this.host.disabled}
      @change=${this.handleSave} /><span>${t('saved.save')}</span></label>`;
  }
}
