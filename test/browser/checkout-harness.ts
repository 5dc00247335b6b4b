/**
 * Helpers for the `<tender-checkout>` browser tests: mounting an element against the real sandbox
 * with every event recorded from the start, reading its shadow DOM the way a customer sees it, and
 * acting as the merchant's server, the bank's 3-D Secure page and the customer's phone.
 */
import { fixture } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import type { TenderCheckout } from '../../src/elements/tender-checkout/tender-checkout.js';
import { createPayment, merchantCall, sandboxConfig, type SandboxEndpoint } from './sandbox-config.js';

import { TENDER_EVENTS as EVENTS, type TenderEventName } from '../../src/events.js';

export type { TenderEventName };
export const TENDER_EVENTS = Object.keys(EVENTS) as TenderEventName[];

/** Records every tender event a target hears, so no test races an event that came early. */
export class EventLog {
  readonly events: CustomEvent[] = [];
  private readonly waiters = new Set<() => void>();

  constructor(target: EventTarget) {
    for (const name of TENDER_EVENTS) {
      target.addEventListener(name, (event) => {
        this.events.push(event as CustomEvent);
        for (const wake of [...this.waiters]) wake();
      });
    }
  }

  of<K extends TenderEventName>(name: K): HTMLElementEventMap[K][] {
    return this.events.filter((event) => event.type === name) as HTMLElementEventMap[K][];
  }

  last<K extends TenderEventName>(name: K): HTMLElementEventMap[K] | undefined {
    return this.of(name).at(-1);
  }

  /** The `count`-th event of a kind (1-based), already heard or yet to come. */
  wait<K extends TenderEventName>(name: K, count = 1, timeoutMs = 8000): Promise<HTMLElementEventMap[K]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const event = this.of(name)[count - 1];
        if (!event) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve(event);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        const heard = this.events.map((event) => event.type).join(', ') || 'nothing';
        reject(new Error(`no ${name} #${count} within ${timeoutMs} ms (heard: ${heard})`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }
}

export type PaymentBody = Record<string, unknown>;
export interface CreatedPayment {
  payment_id: string;
  client_secret: string;
  [member: string]: unknown;
}

export interface MountOptions {
  /** The payment to create (default: USD 10.99), or an existing one. */
  create?: PaymentBody;
  payment?: CreatedPayment;
  /**
   * Attributes on top of the defaults (keys, client secret, api base, return URL, locale en-US,
   * `inline` (the isolated frame's tests are in test/browser/isolated*.test.ts) and
   * `three-ds="redirect"`: the tests written for the redirect flow; the modal's tests ask for `modal`).
   */
  attributes?: Record<string, string>;
  /** Called before the element is connected (properties, listeners). */
  configure?: (element: TenderCheckout) => void;
  /** `inline` (default here: most tests read the form) or `isolated` (the card frame; test/browser/isolated.test.ts). */
  mode?: 'inline' | 'isolated';
  /** Another sandbox than the default (`challengeTimeout` of the config): the payment and `api-base` are its. */
  sandbox?: SandboxEndpoint;
}

/** Mounts a `<tender-checkout>` for a new sandbox payment, with an event log attached before it connects. */
export async function mountCheckout(options: MountOptions = {}) {
  const config = options.sandbox ?? (await sandboxConfig());
  const payment = options.payment ?? (await createPayment(options.create ?? { amount: 1099, currency: 'USD' }, config));
  const element = document.createElement('tender-checkout');
  const attributes: Record<string, string> = {
    'publishable-key': config.publishableKey,
    'client-secret': payment.client_secret,
    'api-base': config.url,
    'return-url': 'https://merchant.example/return',
    locale: 'en-US',
    'three-ds': 'redirect',
    // the flows' tests pay with a card alone (a USD payment's `auto` would ask for the postal code), and the form
    // then loads no billing chunk and asks for no payment-method list; the billing tests ask
    billing: 'never',
    email: 'never',
    phone: 'never',
    ...(options.mode === 'isolated' ? {} : { inline: '' }),
    ...options.attributes,
  };
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  options.configure?.(element);
  const log = new EventLog(element);
  await fixture<TenderCheckout>(element);
  return { element, payment, log, config };
}

// ---- the shadow DOM as the customer sees it -----------------------------------------------------

/** The inline form's shadow root (`<tender-checkout inline>` shows `<tender-card-form>` in its own). */
export const root = (element: TenderCheckout): ShadowRoot =>
  element.shadowRoot!.querySelector('tender-card-form')?.shadowRoot ?? (document.createDocumentFragment() as unknown as ShadowRoot); // (not loaded yet: finds nothing)
const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

export const inputOf = (element: TenderCheckout, id: 'number' | 'expiry' | 'cvc' | 'name') =>
  root(element).querySelector<HTMLInputElement>(`#${id}`)!;

export const payButton = (element: TenderCheckout) => root(element).querySelector<HTMLButtonElement>('button[part=button]')!;

export const formOf = (element: TenderCheckout) => root(element).querySelector<HTMLFormElement>('form')!;

export const brandOf = (element: TenderCheckout) => root(element).querySelector<HTMLElement>('[part=brand]')!;

/** The text of the status line (the confirmation around it after a success left out; announcements go through the live region). */
export const statusText = (element: TenderCheckout) => clean([...root(element).querySelectorAll('[part=status] .status')].at(-1)?.textContent);

/** The error shown under a field, or '' when none is visible. */
export function errorText(element: TenderCheckout, field: 'number' | 'expiry' | 'cvc'): string {
  const error = root(element).querySelector<HTMLElement>(`#${field}-error`);
  return error && !error.hidden ? clean(error.textContent) : '';
}

/** A button in the shadow root by its visible text. */
export const buttonNamed = (element: TenderCheckout, name: string) =>
  [...root(element).querySelectorAll<HTMLButtonElement>('button')].find((button) => clean(button.textContent) === name) ?? null;

/** The id of the focused element inside the checkout ('' when focus is elsewhere). */
export const focusedId = (element: TenderCheckout) => (root(element).activeElement as HTMLElement | null)?.id ?? '';

export const formShown = (element: TenderCheckout) => !formOf(element).hidden;

/** The 3-D Secure dialog (`three-ds="modal"`), or null while none is open. */
export const challengeDialog = (element: TenderCheckout) => root(element).querySelector<HTMLDialogElement>('dialog[part=challenge]');

/** The frame of the open 3-D Secure dialog, or null. */
export const challengeFrame = (element: TenderCheckout) => challengeDialog(element)?.querySelector('iframe') ?? null;

/** The status area (what is shown: the status line, or the confirmation after a success). */
export const statusArea = (element: TenderCheckout) => root(element).querySelector<HTMLElement>('[part=status]')!;

/** A field's persistent hint (the expiry's format), or null. */
export const hintOf = (element: TenderCheckout, id: 'number' | 'expiry' | 'cvc' | 'name') => root(element).querySelector<HTMLElement>(`#${id}-hint`);

/** The text of a field's hint ('' when it has none). */
export const hintText = (element: TenderCheckout, id: 'number' | 'expiry' | 'cvc' | 'name') => clean(hintOf(element, id)?.textContent);

/** The text of the label of a field, as shown. */
export const labelText = (element: TenderCheckout, id: 'number' | 'expiry' | 'cvc' | 'name') => clean(root(element).querySelector(`label[for=${id}]`)?.textContent);

/** What Chromium's accessibility tree says of a field (web-test-runner's `ax-node` command). */
export interface AccessibleField {
  role: string;
  name: string;
  description: string;
  required: boolean;
}

/** A field as assistive technology gets it: the browser's computed name, description and required state. */
export async function accessibilityOf(element: TenderCheckout, id: 'number' | 'expiry' | 'cvc' | 'name'): Promise<AccessibleField> {
  const probe = window as unknown as { __tenderAxProbe?: Element };
  probe.__tenderAxProbe = inputOf(element, id);
  try {
    return (await executeServerCommand('ax-node')) as AccessibleField;
  } finally {
    delete probe.__tenderAxProbe;
  }
}

/** Every text the live region says from now on, in order (one entry per announcement). */
export function announcements(element: TenderCheckout): string[] {
  const said: string[] = [];
  const region = root(element).querySelector<HTMLElement>('#announcer')!;
  new MutationObserver(() => {
    const text = clean(region.textContent);
    if (text) said.push(text);
  }).observe(region, { childList: true, characterData: true, subtree: true });
  return said;
}

// ---- typing -------------------------------------------------------------------------------------

/** Focuses a field (as a click at its end would) and types into it with real key presses. */
export async function typeInto(element: TenderCheckout, id: 'number' | 'expiry' | 'cvc' | 'name', text: string): Promise<void> {
  inputOf(element, id).focus();
  await sendKeys({ press: 'End' });
  await sendKeys({ type: text });
}

/** Selects a field's content and deletes it with the keyboard. */
export async function clearField(element: TenderCheckout, id: 'number' | 'expiry' | 'cvc' | 'name'): Promise<void> {
  inputOf(element, id).focus();
  inputOf(element, id).select();
  await sendKeys({ press: 'Backspace' });
}

/** A future expiry as typed (`MMYY`), three years ahead. */
/** The sandbox's test cards the browser tests pay with (README "Test cards"). */
export const SUCCESS_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';
export const CHALLENGE_CARD = '4000003800000446';
export const PROCESSING_CARD = '4000000000004012';

/** Text with Intl's no-break spaces (U+00A0, U+202F) as plain spaces, for comparing formatted amounts. */
export const nbsp = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

export const FUTURE_EXPIRY = `12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/** Types a card field by field (focus moves on by itself when a field is complete; typing follows it). */
export async function fillCard(element: TenderCheckout, card: { number: string; expiry?: string; cvc?: string; name?: string }): Promise<void> {
  await typeInto(element, 'number', card.number);
  await typeInto(element, 'expiry', card.expiry ?? FUTURE_EXPIRY);
  await typeInto(element, 'cvc', card.cvc ?? '123');
  if (card.name) await typeInto(element, 'name', card.name);
}

// ---- the other parties: merchant server, bank page, phone ---------------------------------------

/** The payment as the merchant's server sees it (secret key), on the sandbox or on `on`. */
export async function retrieveAsMerchant(paymentId: string, on?: SandboxEndpoint): Promise<{ status: string; attempt_count: number; [member: string]: unknown }> {
  const response = await merchantCall<{ status: string; attempt_count: number }>('GET', `/payments/${paymentId}`, undefined, on);
  if (response.status !== 200) throw new Error(`retrieve payment: ${response.status}`);
  return response.body;
}

/** A payment created and confirmed by the merchant's server with a card, already final. */
export const createConfirmedPayment = (body: PaymentBody, cardNumber = SUCCESS_CARD) =>
  createPayment({
    amount: 1099,
    currency: 'USD',
    confirm: true,
    payment_method: 'card',
    payment_method_data: { card: { card_number: cardNumber, card_exp_month: '12', card_exp_year: String(new Date().getFullYear() + 3), card_cvc: '123' } },
    ...body,
  });

/** A mobile-money payment waiting on the customer's phone (`0000` approves after about 2 s; others wait for the simulator). */
export const createMobileMoneyPayment = (phoneNumber: string) =>
  createPayment({
    amount: 50000,
    currency: 'KES',
    confirm: true,
    payment_method: 'wallet',
    payment_method_type: 'pay_bill',
    payment_method_data: { wallet: { mobile_money: { phone_number: phoneNumber } } },
  });

/** The customer approves or declines on the phone (the sandbox's simulator). */
export async function answerMobileMoney(payment: { payment_id: string; merchant_id?: unknown }, answer: 'approve' | 'decline'): Promise<void> {
  // the simulator's JSON answer is for scripts and tests, not for other sites: the test runner calls it
  const response = await merchantCall('POST', `/sandbox/mobile_money/${String(payment.merchant_id)}/${payment.payment_id}/${answer}`);
  if (response.status !== 200) throw new Error(`mobile money ${answer}: ${response.status}`);
}

/** A return URL the browser can follow with CORS: a sandbox route that answers anything with 200. */
export async function corsReturnUrl(): Promise<string> {
  return `${(await sandboxConfig()).url}/health?shop=checkout`;
}

/**
 * Answers the 3-D Secure test page as the customer would: the test runner opens the page and posts
 * its form with the page's token (/__tender/answer-challenge; the page sends no CORS header, so this
 * page cannot read it). The sandbox answers 302; the URL it sends the customer to is returned.
 */
export async function answerChallenge(challengeUrl: string, answer: 'complete' | 'reject'): Promise<URL> {
  const response = await fetch(`/__tender/answer-challenge?${new URLSearchParams({ url: challengeUrl, answer }).toString()}`);
  const { status, location } = (await response.json()) as { status: number; location: string | null };
  if (status !== 302 || !location) throw new Error(`3-D Secure answer: ${status}, no redirect`);
  return new URL(location);
}

/**
 * Puts the return parameters of `landedOn` into this page's address bar (as if the bank had sent
 * the customer back here). Returns a function that restores the original address.
 */
export function arriveWithReturnParameters(landedOn: URL): () => void {
  const original = location.href;
  const here = new URL(location.href);
  for (const [name, value] of landedOn.searchParams) if (name !== 'shop') here.searchParams.append(name, value);
  history.replaceState(history.state, '', here);
  return () => history.replaceState(history.state, '', original);
}

/** Everything in a JSON text that is card data typed by the customer or card fields of the API. */
export function cardDataIn(text: string, card: { number: string; cvc: string; expiry: string }): string[] {
  const digits = card.number.replace(/\D/g, '');
  const expiryDigits = card.expiry.replace(/\D/g, '');
  const found: string[] = [];
  const patterns: [string, RegExp][] = [
    ['card number', new RegExp(digits.split('').join('[\\s-]?'))],
    ['cvc', new RegExp(`"${card.cvc}"`)],
    ['expiry', new RegExp(`${expiryDigits.slice(0, 2)}\\s*/\\s*${expiryDigits.slice(2)}`)],
    ['card field', /card_number|card_cvc|card_exp_month|card_exp_year/],
  ];
  for (const [what, pattern] of patterns) if (pattern.test(text)) found.push(what);
  return found;
}
