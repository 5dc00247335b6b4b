/**
 * The billing fields of the card form: country and postal code, or the full billing address (name,
 * country, address lines, city, state or region where the country has one, postal code), and the
 * email and phone the merchant's processor asks for. A lazily loaded chunk of its own: the form asks
 * for it only when its `billing`, `email` and `phone` attributes can ask for anything (not all
 * `never`), so a form that collects no billing details carries none of this, nor its texts
 * (src/i18n/billing-en.ts). Like card-extras.ts it takes the element's `html` tag and adopts its own
 * constructed stylesheet.
 *
 * What to collect, in order: the `billing` attribute (`postal-code`, `full`, `never`; `auto`, the
 * default: what the payment-method list's `required_fields` ask), then `email` / `phone`
 * (`required`, `never`; `auto`: when `required_fields` asks). The fields follow the country's rule
 * (billing-countries.ts), are prefilled from the payment's `billing` (which the merchant's server
 * set) and carry the browser's `autocomplete` tokens so saved addresses fill them. Their values leave
 * this module only in the confirm request (`value()`); `tender-change` hears whether each is
 * complete, never what it holds.
 */
import type { html as litHtml, ReactiveController, ReactiveControllerHost, TemplateResult } from 'lit';
import type { BillingInput } from '../../api/billing.js';
import type { AddressResponse, PaymentResponse } from '../../api/schemas.js';
import { COUNTRY_CODES } from '../../api/countries.js';
import { EMAIL_PATTERN } from '../../api/email.js';
import { billingEn, billingTexts, type BillingKey, type BillingMessages } from '../../i18n/billing-en.js';
import { methodList, type MethodListHost } from './method-list.js';
import { collatorFor, countryNameIn, countryRule, fillCountrySelect, regionOf, requiredByList, type BillingLevel, type CountryRule } from './billing-countries.js';
import { CSS } from './billing-fields.styles.js';
import { phoneValid, prefillPhone, splitPhone } from './billing-phone.js';
import { adoptStyles } from './adopt-styles.js';

export type { BillingLevel } from './billing-countries.js';
/** The fields, in the order they show. */
export const BILLING_FIELDS = ['name', 'country', 'line1', 'line2', 'city', 'state', 'postal', 'email', 'phone'] as const;
export type BillingField = (typeof BILLING_FIELDS)[number];

export interface BillingHost extends ReactiveControllerHost, MethodListHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** `auto`, `postal-code`, `full`, `never`. */
  billing: string;
  /** `auto`, `required`, `never`. */
  email: string;
  phone: string;
  disabled: boolean;
  /** A preview state is shown: no network. */
  preview: string;
  /** The merchant's overrides of the catalogue (billing keys included). */
  messages: Partial<Record<string, string>>;
  /** A text of the form's catalogue (`optional`). */
  text(key: 'optional'): string;
}

export interface BillingContext {
  /** The form's language (`fr`, `fr-CA`). */
  lang: string;
  /**
   * Its locale module's texts as they came (undefined for English or until loaded): as built, a list
   * whose last texts are the billing fields' (src/i18n/billing-en.ts). The form hands them over, so
   * this chunk carries no catalogue or loader of its own.
   */
  texts: unknown;
  /** The payment as the API answered (its `billing`, its decline). */
  payment: PaymentResponse | null;
  /** A confirm is in flight: the fields are read-only. */
  submitting: boolean;
}

/** What the form asks of the chunk besides rendering. */
export interface BillingOptions {
  announce(text: string): void;
  /** The fields' completeness changed: the form sends `tender-change` again. */
  changed(): void;
  context(): BillingContext;
  /** The form's `formatMessage` (placeholders as bidi isolates). */
  format(template: string, params?: Record<string, string>): string;
}

/** How long the form's render waits for the payment-method list before it shows without the fields the list asks for. */
const SETTLE_MS = 2_000;

/** Sample details of the preview states (a public example address). */
const PREVIEW_VALUES: Partial<Record<BillingField, string>> = { name: 'Jane Doe', country: 'US', line1: '1 Market St', city: 'San Francisco', state: 'CA', postal: '94107' };

/**
 * The billing fields of one form. `hostUpdate` settles what to show (and asks for the list when
 * `auto` needs it), prefills from each new payment and reads a decline of the address verification.
 */
export class BillingFields implements ReactiveController {
  /** The shown errors, by field: `empty`, `invalid`, `avs`. */
  errors: Partial<Record<BillingField, string>> = {};
  private values: Record<BillingField, string> = { name: '', country: '', line1: '', line2: '', city: '', state: '', postal: '', email: '', phone: '' };
  private touched = new Set<BillingField>();
  private submitted = false;
  private texts: BillingMessages = { ...billingEn };
  private textsTag = '';
  /** The locale module's texts the billing texts were read from. */
  private textsFrom: unknown;
  /** What `required_fields` ask (null until known or when not asked). */
  private required: ReturnType<typeof requiredByList> | null = null;
  private askedFor = '';
  /**
   * Settles once what `auto` asks is known (the list answered or cannot be had), or after SETTLE_MS:
   * the form's render waits for it, so the fields are there when the form first shows and it does
   * not grow afterwards.
   */
  settled: Promise<void> = Promise.resolve();
  /** The payment prefilled from, and the decline attempt read. */
  private prefilledFor = '';
  private declineRead = '';
  private lastPreview = '';
  /** The country shown is the locale's region, not one the customer or the payment chose: a payment's billing country replaces it. */
  private countryByDefault = false;

  /** `html`: the element's template tag. */
  constructor(
    private readonly host: BillingHost,
    private readonly html: typeof litHtml,
    private readonly options: BillingOptions,
  ) {
    host.addController(this);
    host.requestUpdate();
  }

  hostConnected(): void {
    adoptStyles(this.host.renderRoot, CSS);
  }

  hostUpdate(): void {
    const { host } = this;
    const { lang, payment, texts } = this.options.context();
    this.textsTag = lang;
    if (texts !== this.textsFrom) {
      // English until the form's locale module is in (the form's own text waits for it too)
      this.textsFrom = texts;
      this.texts = texts && typeof texts === 'object' ? billingTexts(texts as readonly string[]) : { ...billingEn };
    }
    if (host.preview) {
      if (host.preview !== this.lastPreview) {
        this.lastPreview = host.preview;
        this.reset();
        if (host.preview.startsWith('billing')) {
          Object.assign(this.values, PREVIEW_VALUES, host.preview === 'billing-avs' ? { postal: '99999' } : {});
          if (host.preview === 'billing-avs') this.errors = { postal: 'avs' };
          if (host.preview === 'billing-errors') {
            Object.assign(this.values, { line1: '', postal: '9410' });
            this.errors = { line1: 'empty', postal: 'invalid' };
          }
        }
      }
      return;
    }
    if (this.lastPreview) {
      this.lastPreview = '';
      this.reset();
    }
    if (host.billing === 'auto' || host.email === 'auto' || host.phone === 'auto') this.ask();
    if (payment && payment.payment_id !== this.prefilledFor && (host.billing !== 'auto' || this.required || this.askedFor === '')) this.prefill(payment);
    if (!this.values.country) {
      // the form's tag's region (`en-GB`); else the browser's, when it speaks the same language (`de` in a `de-AT`
      // browser); else where the language is most spoken (`de` → DE, `ar` → EG: Intl's likely subtags)
      const browser = navigator.language || '';
      const sameLanguage = browser.split('-')[0]!.toLowerCase() === lang.split('-')[0]!.toLowerCase();
      this.values.country = regionOf(!lang.includes('-') && sameLanguage ? browser : lang) || regionOf(lang) || 'US';
      this.countryByDefault = true;
    }
    if (payment?.status === 'failed' && payment.error_code === 'address_verification_failed') {
      const attempt = `${payment.payment_id}/${payment.attempt_count}`;
      if (attempt !== this.declineRead) {
        this.declineRead = attempt;
        this.errors = { ...this.errors, postal: 'avs' };
      }
    }
  }

  /** After each render: the country select's options, and the country chosen (billing-countries.ts fillCountrySelect). */
  hostUpdated(): void {
    const select = this.host.renderRoot.querySelector<HTMLSelectElement>('select#billing-country');
    if (select) fillCountrySelect(select, this.textsTag, this.values.country);
  }

  /** Empties the fields (a new payment, the end of a preview). */
  reset(): void {
    for (const field of BILLING_FIELDS) this.values[field] = '';
    this.touched.clear();
    this.submitted = false;
    this.errors = {};
  }

  /** Which address fields: the attribute, else (auto) the list's answer; a preview shows its own. */
  get level(): BillingLevel {
    const { billing, preview } = this.host;
    if (preview) return preview === 'billing-full' || preview === 'billing-errors' ? 'full' : preview.startsWith('billing') ? 'postal-code' : billing === 'full' || billing === 'postal-code' ? billing : 'none';
    if (billing === 'full' || billing === 'postal-code' || billing === 'never') return billing === 'never' ? 'none' : billing;
    return this.required?.level ?? 'none';
  }

  /** The country's rule (billing-countries.ts), its divisions named in the form's language where the dataset has them. */
  get rule(): CountryRule {
    return countryRule(this.values.country, this.textsTag);
  }

  /** The fields shown now, in order. */
  get fields(): BillingField[] {
    const { level, rule, host } = this;
    const shown = (asked: string, listed: boolean | undefined) => asked === 'required' || (asked === 'auto' && !host.preview && !!listed);
    return BILLING_FIELDS.filter((field) => {
      switch (field) {
        case 'country':
          return level !== 'none';
        case 'postal':
          return level !== 'none' && rule.postal !== null;
        case 'state':
          return level === 'full' && rule.state !== null;
        case 'email':
          return shown(host.email, this.required?.email);
        case 'phone':
          return shown(host.phone, this.required?.phone);
        default:
          return level === 'full';
      }
    });
  }

  private optional(field: BillingField): boolean {
    return field === 'line2' || (field === 'state' && !this.rule.stateRequired);
  }

  /**
   * Asks for the payment-method list once per payment (its `required_fields`; the list is shared with
   * the accepted networks, ./method-list.ts), and makes `settled` wait for its answer.
   */
  private ask(): void {
    const { publishableKey, clientSecret, apiBase } = this.host;
    const asked = `${publishableKey}|${clientSecret}|${apiBase}`;
    if (asked === this.askedFor) return;
    const list = methodList(this.host);
    if (!list) return;
    this.askedFor = asked;
    this.required = null;
    let done: () => void = () => undefined;
    this.settled = new Promise<void>((resolve) => {
      done = resolve;
      // a slow list does not hold the form longer: its fields show when it comes
      setTimeout(resolve, SETTLE_MS);
    });
    list.then(
      (answer) => {
        if (this.askedFor === asked) {
          // a list that cannot be had asks for nothing: the merchant's server has the payment's billing, or sets `billing`
          this.required = answer.ok ? requiredByList(answer.paymentMethods) : { level: 'none', email: false, phone: false, values: {} };
          this.prefilledFor = '';
          this.host.requestUpdate();
        }
        done();
      },
      () => {
        if (this.askedFor === asked) this.askedFor = ''; // the client's chunk did not load: the next update asks again
        done();
      },
    );
  }

  /** Fills the empty fields from the payment's `billing` and email, and the list's `value`s. */
  private prefill(payment: PaymentResponse): void {
    this.prefilledFor = payment.payment_id;
    const billing: AddressResponse = payment.billing ?? {};
    const address = billing.address ?? {};
    const listed = this.required?.values ?? {};
    const from = (key: string, own: string | null | undefined) => own ?? listed[`billing.${key}`] ?? '';
    const name = [from('address.first_name', address.first_name), from('address.last_name', address.last_name)].filter(Boolean).join(' ');
    const found: Record<BillingField, string> = {
      name,
      country: from('address.country', address.country).toUpperCase(),
      line1: from('address.line1', address.line1),
      line2: from('address.line2', address.line2),
      city: from('address.city', address.city),
      state: from('address.state', address.state),
      postal: from('address.zip', address.zip),
      email: billing.email ?? listed['billing.email'] ?? listed.email ?? payment.email ?? '',
      // `+44 2079460958`: what the confirm splits again into the same two members
      phone: prefillPhone(from('phone.country_code', billing.phone?.country_code), from('phone.number', billing.phone?.number)),
    };
    if (this.countryByDefault && found.country) {
      this.values.country = found.country;
      this.countryByDefault = false;
    }
    for (const field of BILLING_FIELDS) if (!this.values[field] && found[field]) this.values[field] = found[field];
  }

  /** A field's error code now (not whether it shows). */
  private check(field: BillingField): string | undefined {
    const value = this.values[field].trim();
    const { rule } = this;
    if (!value) return this.optional(field) ? undefined : 'empty';
    if (field === 'country') return (COUNTRY_CODES as readonly string[]).includes(value) ? undefined : 'invalid';
    if (field === 'postal') return rule.pattern.test(value) ? undefined : 'invalid';
    if (field === 'state') return !rule.states || Object.hasOwn(rule.states, value) ? undefined : 'invalid';
    if (field === 'email') return EMAIL_PATTERN.test(value) ? undefined : 'invalid';
    if (field === 'phone') return phoneValid(value, this.values.country) ? undefined : 'invalid';
    return undefined;
  }

  /** Whether each shown field is complete (what `tender-change` carries), null when none shows. */
  completeness(): Partial<Record<BillingField, boolean>> | null {
    const fields = this.fields;
    if (!fields.length) return null;
    return Object.fromEntries(fields.map((field) => [field, !this.check(field) && this.errors[field] !== 'avs']));
  }

  /** A text of the billing catalogue, with the merchant's overrides. */
  text(key: BillingKey, params?: Record<string, string>): string {
    const override = this.host.messages?.[key];
    return this.options.format(typeof override === 'string' ? override : this.texts[key], params);
  }

  /** The status line of a decline of the address verification (else null: the form's own text). */
  declineText(payment: PaymentResponse | null): string | null {
    return payment?.error_code === 'address_verification_failed' ? this.text('billing.avs') : null;
  }

  private countryName(code: string): string {
    return countryNameIn(this.textsTag, code);
  }

  private errorText(field: BillingField, error: string): string {
    if (error === 'avs') return this.text('billing.avs');
    if (error === 'empty') return this.text('billing.error.empty');
    if (field === 'postal') return this.text('billing.error.postal', { country: this.countryName(this.values.country) });
    if (field === 'email') return this.text('billing.error.email');
    if (field === 'phone') return this.text('billing.error.phone');
    return this.text('billing.error.empty');
  }

  /** Shows the errors of the fields left (or all after a submit); tells the form when completeness changed. */
  private refresh(): void {
    const errors: Partial<Record<BillingField, string>> = {};
    for (const field of this.fields) {
      const error = this.errors[field] === 'avs' ? 'avs' : this.check(field);
      if (error && (this.submitted || this.touched.has(field) || error === 'avs')) errors[field] = error;
    }
    this.errors = errors;
    this.host.requestUpdate();
    this.options.changed();
  }

  private readonly handleInput = (event: Event): void => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    const field = target.id.slice('billing-'.length) as BillingField;
    if (field === 'country') return this.switchCountry(target.value);
    this.values[field] = target.value;
    if (this.errors[field] === 'avs') delete this.errors[field];
    // a valid beginning being typed is no error until the field is left again
    if (!this.submitted && this.check(field)) this.touched.delete(field);
    this.refresh();
  };

  private readonly handleBlur = (event: Event): void => {
    const field = (event.target as HTMLElement).id.slice('billing-'.length) as BillingField;
    if (!this.values[field] && !this.submitted) return; // leaving an empty field is not an error yet
    const before = this.errors[field];
    this.touched.add(field);
    this.refresh();
    const error = this.errors[field];
    if (error && error !== before) this.options.announce(this.errorText(field, error));
  };

  /** Another country: the fields follow its rule; what still applies stays (a postal code of its pattern, a state it has). */
  private switchCountry(country: string): void {
    const before = this.rule;
    this.values.country = country;
    this.countryByDefault = false;
    const { rule, values } = this;
    if (values.postal && (!rule.postal || !rule.pattern.test(values.postal.trim()))) values.postal = '';
    // a state of the list stays only in a country with that code; a region typed stays in a country of typed regions
    const stateApplies = rule.state !== null && (rule.states ? Object.hasOwn(rule.states, values.state) : !before.states);
    if (values.state && !stateApplies) values.state = '';
    delete this.errors.postal;
    delete this.errors.state;
    this.touched.delete('postal');
    this.touched.delete('state');
    this.refresh();
  }

  /**
   * A submit: every error shows. Returns whether the fields are complete; when not and `focus`, focus
   * moves to the first invalid field and the form says so through its live region.
   */
  submit(focus: boolean): boolean {
    this.submitted = true;
    this.refresh();
    const first = this.fields.find((field) => this.errors[field]);
    if (!first) return true;
    if (focus) {
      this.host.renderRoot.querySelector<HTMLElement>(`#billing-${first}`)?.focus();
      this.options.announce(this.text('billing.invalid'));
    }
    return false;
  }

  /** The details for the confirm (`BillingInput`), null when no field shows. */
  value(): BillingInput | null {
    const fields = this.fields;
    if (!fields.length) return null;
    const value = (field: BillingField) => (fields.includes(field) ? this.values[field].trim() : '');
    // as the real service's web SDK splits a full name: the first word, then the rest
    const [first = '', ...rest] = value('name').split(/\s+/);
    const postal = value('postal');
    return {
      address: {
        first_name: first,
        last_name: rest.join(' '),
        line1: value('line1'),
        line2: value('line2'),
        city: value('city'),
        state: value('state'),
        zip: this.values.country === 'CA' || this.values.country === 'GB' ? postal.toUpperCase() : postal,
        country: value('country'),
      },
      // the calling code split off what is typed, else the billing country's (shown or not: the payment's, the locale's region)
      phone: value('phone') ? splitPhone(value('phone'), this.values.country) : {},
      email: value('email'),
    };
  }

  private label(field: BillingField): string {
    const { rule } = this;
    const key: BillingKey =
      field === 'postal' ? `billing.${rule.postal ?? 'postal'}` : field === 'state' ? `billing.${rule.state ?? 'region'}` : `billing.${field}` as BillingKey;
    const text = this.text(key);
    if (!this.optional(field)) return text;
    const optional = this.host.text('optional');
    return `${text}${optional[0] === '（' ? '' : ' '}${optional}`;
  }

  private static readonly AUTOCOMPLETE: Record<BillingField, string> = {
    name: 'billing name',
    country: 'billing country',
    line1: 'billing address-line1',
    line2: 'billing address-line2',
    city: 'billing address-level2',
    state: 'billing address-level1',
    postal: 'billing postal-code',
    // in the billing section too: Chromium fills one section at a time, and a saved address holds the email and phone
    email: 'billing email',
    phone: 'billing tel',
  };

  private renderField(field: BillingField, labels: 'hidden' | string, submitting: boolean): TemplateResult {
    const { html, host } = this;
    const error = this.errors[field];
    const id = `billing-${field}`;
    const label = this.label(field);
    const invalid = error ? 'true' : 'false';
    const common = { id, autocomplete: BillingFields.AUTOCOMPLETE[field] };
    let control: TemplateResult;
    if (field === 'country' || (field === 'state' && this.rule.states)) {
      // states sorted in the shown language's order (Intl.Collator: "Île-du-Prince-Édouard" among the I's in French);
      // the countries (about 250) are put in after the render (hostUpdated)
      const collator = collatorFor(this.textsTag);
      const options = field === 'state' ? Object.entries(this.rule.states!).sort((a, b) => collator.compare(a[1], b[1])) : [];
      control = html`<select id=${common.id} part=${error ? 'input input-invalid' : 'input'} name=${field} autocomplete=${common.autocomplete}
        ?disabled=${host.disabled || submitting} ?required=${!this.optional(field)} aria-invalid=${invalid} aria-describedby="${id}-error"
        @change=${this.handleInput} @blur=${this.handleBlur}>
        ${field === 'state' ? html`<option value="" ?selected=${!this.values.state}>${this.text('billing.choose')}</option>` : ''}
        ${options.map(([code, name]) => html`<option value=${code} ?selected=${this.values[field] === code}>${name}</option>`)}
      </select>`;
    } else {
      const type = field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text';
      // digits only (a pattern with no letters): the numeric keyboard
      const numeric = field === 'postal' && !/[A-Z]/.test(this.rule.pattern.source.replace(/\\d/g, ''));
      control = html`<input id=${common.id} part=${error ? 'input input-invalid' : 'input'} name=${field} autocomplete=${common.autocomplete} type=${type}
        inputmode=${numeric ? 'numeric' : field === 'phone' ? 'tel' : field === 'email' ? 'email' : 'text'}
        dir=${field === 'email' || field === 'phone' || field === 'postal' ? 'ltr' : 'auto'}
        spellcheck="false" .value=${this.values[field]} placeholder=${labels === 'hidden' ? label : ' '}
        ?disabled=${host.disabled} ?readonly=${submitting} ?required=${!this.optional(field)} aria-invalid=${invalid} aria-describedby="${id}-error"
        @input=${this.handleInput} @blur=${this.handleBlur} />`;
    }
    return html`<div class="field billing-${field}" part="field billing-field">
      <label part="label" for=${id}>${label}</label>
      ${control}
      <p class="error" part="error" id="${id}-error" ?hidden=${!error}>${error ? this.errorText(field, error) : ''}</p>
    </div>`;
  }

  /** The fields (nothing when none shows). `labels`: the appearance's label style. */
  render(labels: string): TemplateResult | string {
    const fields = this.fields;
    if (!fields.length) return '';
    const { html } = this;
    const { submitting } = this.options.context();
    const field = (name: BillingField) => (fields.includes(name) ? this.renderField(name, labels, submitting) : '');
    const address = fields.filter((name) => name !== 'email' && name !== 'phone');
    return html`${address.length
      ? html`<fieldset class="billing" part="billing">
          <legend>${this.text('billing.address')}</legend>
          ${field('name')}${field('country')}${field('line1')}${field('line2')}
          ${this.level === 'full' ? html`<div class="row">${field('city')}${field('state')}</div>${field('postal')}` : field('postal')}
        </fieldset>`
      : ''}${fields.includes('email') || fields.includes('phone') ? html`<div class="billing row" part="billing-contact">${field('email')}${field('phone')}</div>` : ''}`;
  }
}
