import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CardInput } from '../../api/client.js';
import { CARD_BRANDS, detectBrand, formatCardNumberInput, formatExpiryInput, parseExpiry, validateCardNumber, validateCvc, validateExpiry, type CardBrand } from '../../card/index.js';
import type { PreviewCard } from '../../flow/preview.js';
import type { MessageKey } from '../../i18n/index.js';
import type { CardErrors } from '../../events.js';
import type { Emit } from '../tender-element.js';

export type Field = 'number' | 'expiry' | 'cvc' | 'name';

export interface CardFormHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export interface CardFormOptions {
  emit: Emit;
  announce: (text: string) => void;
  t: (key: MessageKey, params?: Record<string, string>) => string;
  /** Whether each billing field shown is complete (billing-fields.ts), null when none shows. */
  billing?: () => Record<string, boolean> | null;
}

interface CardCheck {
  errors: CardErrors;
  complete: boolean;
  empty: boolean;
  /** The number is valid and as long as the brand's numbers go: focus may move on. */
  numberComplete: boolean;
}

const FIELDS = ['number', 'expiry', 'cvc'] as const;
const blank = <T>(value: T): Record<Field, T> => ({ number: value, expiry: value, cvc: value, name: value });

/**
 * The card form: the card as typed (it lives here and in the confirm request only), caret-keeping
 * formatting, brand detection, validation, which errors show (a field left, or all after a submit),
 * `tender-change` and focus moving on. The element renders `brand` and `errors` and forwards the
 * inputs' events here.
 */
export class CardFormController implements ReactiveController {
  brand: CardBrand | null = null;
  /** The errors shown beside the fields. */
  errors: CardErrors = {};
  private card = blank('');
  private touched = blank(false);
  private submitted = false;
  private lastChange = '';
  /** The field focus moved to by itself: the next Tab from it stays there (WCAG 3.2.2: a habitual Tab skips no field). */
  private advanced: Field | null = null;
  /** Each field's error when it got focus (what assistive technology read with it). */
  private focusErrors: Partial<Record<Field, string>> = {};
  /** A pointer is pressed: from pointerdown until the click it makes was handled. */
  private pressed = false;
  /** The field left during the press: its error shows when the press ends, so nothing moves under the pointer. */
  private deferred: Field | null = null;
  private listeners?: AbortController;
  /** Sample card shown by `preview` (public test numbers), written into the inputs after a render. */
  private pendingValues: string[] | null = null;

  constructor(
    private readonly host: CardFormHost,
    private readonly options: CardFormOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    const { signal } = (this.listeners = new AbortController());
    const on = <E extends Event>(target: EventTarget, type: string, listener: (event: E) => void) =>
      target.addEventListener(type, listener as EventListener, { capture: true, signal });
    const root = this.host.renderRoot;
    on(root, 'keydown', (event: KeyboardEvent) => {
      if (event.key === 'Tab' && !event.shiftKey && (event.target as HTMLElement).id === this.advanced) event.preventDefault();
      this.advanced = null;
    });
    // a paste or a drop is formatted before anything cuts it ("12 / 2030" → "12 / 30", not "12 / 20"):
    // the field's maxlength, which only holds typing back, is lifted for that one edit
    on(root, 'beforeinput', (event: InputEvent) => {
      const input = event.target as HTMLInputElement;
      const max = input.getAttribute('maxlength');
      if (max === null || !event.inputType.startsWith('insertFrom')) return;
      input.removeAttribute('maxlength');
      // the edit and its input event happen in this task: the limit is back for the next keystroke
      setTimeout(() => input.setAttribute('maxlength', max));
    });
    on(root, 'focusin', (event) => {
      const field = (event.target as HTMLElement).id as keyof CardErrors;
      this.focusErrors[field] = this.errors[field];
    });
    on(window, 'pointerdown', () => (this.pressed = true));
    // a mouse's pointerup and click come in one task; a tap's focus change and click come after its pointerup
    // (a tap that scrolls or opens a context menu ends without a click)
    for (const type of ['pointerup', 'pointercancel', 'contextmenu', 'click']) {
      on(window, type, (event: PointerEvent) => {
        if (this.pressed && (type !== 'pointerup' || event.pointerType !== 'touch')) setTimeout(() => this.endPress());
      });
    }
  }

  hostDisconnected(): void {
    this.listeners?.abort();
  }

  hostUpdated(): void {
    const values = this.pendingValues;
    if (!values) return;
    this.pendingValues = null;
    FIELDS.forEach((field, index) => {
      const input = this.input(field);
      if (input) input.value = values[index] ?? '';
    });
  }

  get cvcLength(): number {
    return this.brand ? CARD_BRANDS[this.brand].cvcLength : 4;
  }

  /**
   * The text of a field's error. An American Express security code of the wrong length says where the
   * code is and how long (`error.cvc.front`: 4 digits, on the front). A code too long for the brand is
   * only ever a 4-digit one left after the number became a brand of 3 (the field takes digits only, at
   * most 4, and only American Express has 4), so `error.cvc.invalid` says 3 digits. `tender-change` keeps
   * the codes (`incomplete`, `invalid`).
   */
  errorText(field: keyof CardErrors, error: string): string {
    const { brand } = this;
    if (field === 'cvc' && brand === 'amex' && error !== 'empty') return this.options.t('error.cvc.front', { brand: CARD_BRANDS[brand].displayName });
    return this.options.t(`error.${field}.${error}` as MessageKey);
  }

  /** Empties the form (a new payment). */
  reset(): void {
    this.card = blank('');
    this.touched = blank(false);
    this.submitted = false;
    this.errors = {};
    this.brand = null;
    this.lastChange = '';
    for (const field of [...FIELDS, 'name'] as const) {
      const input = this.input(field);
      if (input) input.value = '';
    }
    this.host.requestUpdate();
  }

  /** Shows the sample card of a preview state. */
  preview(sample: PreviewCard): void {
    this.reset();
    this.pendingValues = sample.values;
    this.brand = sample.brand;
    this.errors = sample.errors;
  }

  /** A submit: every error shows; on errors focus moves to the first invalid field and they are announced. */
  submit(): CardErrors | null {
    this.submitted = true;
    this.deferred = null; // the submit shows (and says) every error itself
    const check = this.validation();
    this.refresh(check);
    if (check.complete) return null;
    FIELDS.map((field) => (check.errors[field] ? this.input(field) : null)).find(Boolean)?.focus();
    this.options.announce(this.options.t('announce.invalid'));
    return check.errors;
  }

  /**
   * Something beside the card changed (the billing fields): `tender-change` again if its detail did;
   * `again`: whatever it is, as when the customer comes back from a saved card to the card fields.
   */
  changed(again = false): void {
    if (again) this.lastChange = '';
    this.refresh(this.validation());
  }

  /** The card for the confirm request. */
  cardInput(withName: boolean): CardInput {
    const expiry = parseExpiry(this.card.expiry);
    return {
      number: this.card.number,
      expiryMonth: expiry?.month ?? 0,
      expiryYear: expiry?.year ?? 0,
      cvc: this.card.cvc,
      holderName: withName ? this.card.name.trim() || null : null,
    };
  }

  readonly onNumberInput = (event: Event): void => {
    const input = event.target as HTMLInputElement;
    const formatted = formatCardNumberInput(input.value, input.selectionStart ?? input.value.length);
    input.value = formatted.value;
    input.setSelectionRange(formatted.caret, formatted.caret);
    this.card.number = formatted.value;
    this.brand = detectBrand(formatted.value);
    const check = this.afterEdit('number');
    if (check.numberComplete && formatted.caret === formatted.value.length) this.advance('expiry');
  };

  readonly onExpiryInput = (event: Event): void => {
    const input = event.target as HTMLInputElement;
    const formatted = formatExpiryInput(input.value, input.selectionStart ?? input.value.length, this.card.expiry);
    input.value = formatted.value;
    input.setSelectionRange(formatted.caret, formatted.caret);
    this.card.expiry = formatted.value;
    const check = this.afterEdit('expiry');
    if (!check.errors.expiry && formatted.caret === formatted.value.length && /\d{2}\s*\/\s*\d{2}$/.test(formatted.value)) {
      this.advance('cvc');
    }
  };

  readonly onCvcInput = (event: Event): void => {
    const input = event.target as HTMLInputElement;
    const digits = input.value.replace(/\D/g, '').slice(0, this.cvcLength);
    if (digits !== input.value) input.value = digits;
    this.card.cvc = digits;
    this.afterEdit('cvc');
  };

  readonly onNameInput = (event: Event): void => {
    this.card.name = (event.target as HTMLInputElement).value;
    this.afterEdit('name');
  };

  readonly onBlur = (event: Event): void => {
    const field = (event.target as HTMLInputElement).id as Field;
    if (this.advanced === field) this.advanced = null;
    if (!this.card[field] && !this.submitted) return; // leaving an empty field is not an error yet
    // a press (on the pay button, say) moved focus: an error line now would move what is under the pointer
    // and the click would land elsewhere, so it waits for the release
    if (this.pressed) this.deferred = field;
    else this.left(field);
  };

  private endPress(): void {
    const field = this.deferred;
    this.pressed = false;
    this.deferred = null;
    if (field) this.left(field);
  }

  /** A field was left: its error shows, and is said unless it is the one that was there when the field got focus. */
  private left(field: Field): void {
    this.touched[field] = true;
    this.refresh(this.validation());
    const error = this.errors[field as keyof CardErrors];
    if (error && error !== this.focusErrors[field]) this.options.announce(this.errorText(field as keyof CardErrors, error));
  }

  /** Focus moves on by itself (a complete field). */
  private advance(field: Field): void {
    this.input(field)?.focus();
    this.advanced = field;
  }

  private input(field: Field): HTMLInputElement | null {
    return this.host.renderRoot.querySelector<HTMLInputElement>(`#${field}`);
  }

  private afterEdit(field: Field): CardCheck {
    // a valid prefix being typed (or an emptied field) is no error until the field is left again,
    // even in a field left before; after a submit, errors follow every keystroke
    const check = this.validation();
    const error = check.errors[field];
    if ((error === 'incomplete' || error === 'empty') && !this.submitted) this.touched[field] = false;
    this.refresh(check);
    return check;
  }

  /** The card's state, computed once per edit and shared by the error display, tender-change and focus advance. */
  private validation(): CardCheck {
    const { card } = this;
    const number = validateCardNumber(card.number);
    const expiry = validateExpiry(card.expiry);
    const cvc = validateCvc(card.cvc, number.brand);
    const errors: CardErrors = {};
    if (!number.valid) errors.number = number.error ?? 'invalid';
    if (!expiry.valid) errors.expiry = expiry.error ?? 'incomplete';
    if (!cvc.valid) errors.cvc = cvc.error ?? 'incomplete';
    const empty = !card.number && !card.expiry && !card.cvc && !card.name;
    // focus moves on only at the length most numbers of the brand have (16 when allowed, else the longest):
    // a 13-digit prefix of a 16-digit Visa can pass Luhn and must not send the last digits to the expiry
    const lengths = number.brand ? CARD_BRANDS[number.brand].lengths : [];
    const fullLength = lengths.includes(16) ? 16 : (lengths.at(-1) ?? 16);
    const numberComplete = number.valid && number.complete && card.number.replace(/\D/g, '').length >= fullLength;
    return { errors, complete: Object.keys(errors).length === 0, empty, numberComplete };
  }

  /** Shows the errors of fields the customer has left (or all after a submit) and tells the host when the card state changed. */
  private refresh({ errors, complete, empty }: CardCheck): void {
    const shown: CardErrors = {};
    for (const field of FIELDS) {
      const error = errors[field];
      if (error && (this.submitted || this.touched[field])) (shown as Record<string, string>)[field] = error;
    }
    this.errors = shown;
    this.host.requestUpdate();
    const billing = this.options.billing?.();
    const detail = { complete: complete && !Object.values(billing ?? {}).includes(false), empty, brand: this.brand, errors: { ...shown }, ...(billing ? { billing } : {}) };
    const key = JSON.stringify(detail);
    if (key === this.lastChange) return;
    this.lastChange = key;
    this.options.emit('tender-change', detail);
  }
}
