/**
 * The demo merchant's checkout page: the order form asks the merchant back end (`/api/payments`,
 * secret key on the server) for a payment, mounts `<tender-checkout>` with its client secret, and
 * logs every `tender-*` event. A 3-D Secure challenge opens in the element's dialog, or, with the
 * redirect chosen, on the bank's page: coming back from it (`payment_intent_client_secret` in the
 * query), the page mounts the element with that client secret so the element reports the outcome.
 */
import '../src/define.js';
import { TENDER_EVENTS } from '../src/events.js';
import type { TenderCheckout } from '../src/elements/tender-checkout/tender-checkout.js';
import { LOCALES, textDirection } from '../src/i18n/index.js';
import { formatAmount } from '../src/money/index.js';
import { PRESET_NAMES, isPresetName, type PresetName } from '../src/themes/index.js';
import { toMajorInput, toMinorUnits } from './amounts.js';
import { TEST_CARDS } from './test-cards.js';

interface DemoConfig {
  apiBase: string;
  publishableKey: string;
}
interface LogEntry {
  time: string;
  name: string;
  detail: unknown;
}

/** A sensible order total per currency, in minor units. */
const DEFAULT_AMOUNTS: Record<string, number> = { USD: 2500, EUR: 2500, GBP: 2000, JPY: 3500, KWD: 7500, BHD: 9500, KES: 250000 };
/** The event log survives the 3-D Secure round trip (it holds no card data: events never carry any). */
const LOG_STORAGE_KEY = 'tender-demo-event-log';
/** So do the checkout language, theme and 3-D Secure choice made before leaving for the bank's page. */
const CHOICES_STORAGE_KEY = 'tender-demo-choices';

const $ = <T extends HTMLElement>(id: string): T => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The page has no #${id}`);
  return element as T;
};

const orderForm = $<HTMLFormElement>('order-form');
const amountInput = $<HTMLInputElement>('amount');
const amountHint = $('amount-hint');
const currencySelect = $<HTMLSelectElement>('currency');
const captureSelect = $<HTMLSelectElement>('capture-method');
const shopperSelect = $<HTMLSelectElement>('shopper');
const billingSelect = $<HTMLSelectElement>('billing-details');
const phoneRow = $('phone-row');
const phoneInput = $<HTMLInputElement>('phone');
const localeSelect = $<HTMLSelectElement>('locale');
const themeSelect = $<HTMLSelectElement>('theme');
const threeDsSelect = $<HTMLSelectElement>('three-ds');
const createButton = $<HTMLButtonElement>('create-payment');
const orderMessage = $('order-message');
const paymentInfo = $('payment-info');
const paymentIdText = $('payment-id');
const paymentStatusText = $('payment-status');
const checkoutSlot = $('checkout-slot');
const captureButton = $<HTMLButtonElement>('capture');
const simulatorLink = $<HTMLAnchorElement>('simulator-link');
const paymentMessage = $('payment-message');
const eventLog = $<HTMLOListElement>('event-log');

let config: DemoConfig | null = null;
let checkout: TenderCheckout | null = null;
let paymentId = '';
const logEntries: LogEntry[] = restoreLog();

// ---- order form -------------------------------------------------------------------------------

function paymentKind(): 'card' | 'mobile_money' {
  const checked = orderForm.querySelector<HTMLInputElement>('input[name="kind"]:checked');
  return checked?.value === 'mobile_money' ? 'mobile_money' : 'card';
}

function showOrder(): void {
  const currency = currencySelect.value;
  const amount = toMinorUnits(amountInput.value, currency);
  const total = amount === null ? '—' : formatAmount(amount, currency, 'en');
  $('order-line-amount').textContent = total;
  $('order-total').textContent = total;
  const decimals = toMajorInput(0, currency).split('.')[1]?.length ?? 0;
  amountHint.textContent =
    amount === null
      ? `Type an amount in ${currency} ${decimals === 0 ? 'with no decimals' : `with at most ${decimals} decimals`}.`
      : `Sent to the API as ${amount} (minor units; ${currency} has ${decimals} decimal${decimals === 1 ? '' : 's'}).`;
  amountInput.setAttribute('aria-invalid', String(amount === null));
}

function handleCurrencyChange(): void {
  amountInput.value = toMajorInput(DEFAULT_AMOUNTS[currencySelect.value] ?? 1000, currencySelect.value);
  showOrder();
}

function handleKindChange(): void {
  const mobileMoney = paymentKind() === 'mobile_money';
  phoneRow.hidden = !mobileMoney;
  if (mobileMoney && currencySelect.value !== 'KES') {
    currencySelect.value = 'KES';
    handleCurrencyChange();
  }
}

async function handleCreatePayment(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const currency = currencySelect.value;
  const amount = toMinorUnits(amountInput.value, currency);
  if (amount === null) {
    orderMessage.textContent = 'Enter a valid amount first.';
    amountInput.focus();
    return;
  }
  const kind = paymentKind();
  createButton.disabled = true;
  orderMessage.textContent = 'Creating the payment…';
  try {
    const response = await fetch('/api/payments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        amount,
        currency,
        capture_method: captureSelect.value,
        kind,
        ...(kind === 'mobile_money' ? { phone: phoneInput.value } : {}),
        ...(kind === 'card' && shopperSelect.value === 'returning' ? { account: demoAccount() } : {}),
      }),
    });
    const body = (await response.json()) as { client_secret?: string; payment_id?: string; merchant_id?: string; error?: { code: string; message: string } };
    if (!response.ok || !body.client_secret || !body.payment_id) {
      orderMessage.textContent = `The payment could not be created: ${body.error?.message ?? `HTTP ${response.status}`}`;
      return;
    }
    orderMessage.textContent = `Payment ${body.payment_id} created for ${formatAmount(amount, currency, 'en')}.`;
    note('payment created by the merchant back end', { payment_id: body.payment_id, amount, currency, capture_method: captureSelect.value, kind });
    mountCheckout(body.client_secret, body.payment_id, body.merchant_id ?? '', kind);
  } catch {
    orderMessage.textContent = 'The demo back end could not be reached.';
  } finally {
    createButton.disabled = false;
  }
}

/**
 * The returning shopper's account with the demo store: made up once per browser and kept in local
 * storage (an account id, nothing of a card), so their saved cards come back on the next visit.
 */
function demoAccount(): string {
  const key = 'tender-demo-account';
  try {
    const kept = localStorage.getItem(key);
    if (kept && /^[A-Za-z0-9_]{1,40}$/.test(kept)) return kept;
    const made = `shopper_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
    localStorage.setItem(key, made);
    return made;
  } catch {
    return 'shopper_demo'; // storage disabled: one shared demo account
  }
}

// ---- the checkout element ---------------------------------------------------------------------

/** The theme picker's preset (`''`: none). */
function selectedTheme(): PresetName | '' {
  return isPresetName(themeSelect.value) ? themeSelect.value : '';
}

/** How a 3-D Secure challenge shows: in the element's dialog (the default) or on the bank's page. */
function selectedThreeDs(): 'modal' | 'redirect' {
  return threeDsSelect.value === 'redirect' ? 'redirect' : 'modal';
}

function mountCheckout(clientSecret: string, id: string, merchantId: string, kind: 'card' | 'mobile_money'): void {
  if (!config) return;
  checkout?.remove();
  checkoutSlot.replaceChildren();
  const element = document.createElement('tender-checkout');
  element.publishableKey = config.publishableKey;
  element.apiBase = config.apiBase;
  element.returnUrl = `${location.origin}${location.pathname}`;
  element.threeDs = selectedThreeDs();
  element.locale = localeSelect.value;
  element.theme = selectedTheme();
  element.clientSecret = clientSecret;
  // the order form's choice: none, the postal code, the full address (with the email), or what the list asks
  element.billing = billingSelect.value;
  if (billingSelect.value === 'full') element.email = 'required';
  checkoutSlot.append(element);
  checkout = element;
  paymentId = id;
  paymentInfo.hidden = false;
  paymentIdText.textContent = id;
  paymentStatusText.textContent = 'loading…';
  paymentMessage.textContent = '';
  captureButton.hidden = true;
  simulatorLink.hidden = kind !== 'mobile_money';
  simulatorLink.href = `${config.apiBase}/sandbox/mobile_money/${encodeURIComponent(merchantId)}/${encodeURIComponent(id)}`;
}

function handleTenderEvent(event: Event): void {
  const { detail } = event as CustomEvent<Record<string, unknown>>;
  log(event.type, detail);
  if (event.type === 'tender-ready' && typeof detail.status === 'string') paymentStatusText.textContent = detail.status;
  if (event.type === 'tender-result' && typeof detail.status === 'string') {
    paymentStatusText.textContent = detail.status;
    captureButton.hidden = detail.status !== 'requires_capture';
    if (detail.status !== 'requires_customer_action') simulatorLink.hidden = true;
  }
  if (event.type === 'tender-redirect') saveBeforeLeaving(); // the page is about to leave for the bank's page
}

async function handleCapture(): Promise<void> {
  if (!paymentId) return;
  captureButton.disabled = true;
  paymentMessage.textContent = 'Capturing…';
  try {
    const response = await fetch(`/api/payments/${encodeURIComponent(paymentId)}/capture`, { method: 'POST' });
    const body = (await response.json()) as { status?: string; amount_received?: number; currency?: string; error?: { message: string } };
    if (!response.ok || !body.status) {
      paymentMessage.textContent = `Capture refused: ${body.error?.message ?? `HTTP ${response.status}`}`;
      return;
    }
    note('captured by the merchant back end', body);
    paymentStatusText.textContent = body.status;
    paymentMessage.textContent = `Captured ${formatAmount(body.amount_received ?? 0, body.currency ?? 'USD', 'en')}: ${body.status}.`;
    captureButton.hidden = true;
  } catch {
    paymentMessage.textContent = 'The demo back end could not be reached.';
  } finally {
    captureButton.disabled = false;
  }
}

// ---- event log --------------------------------------------------------------------------------

function log(name: string, detail: unknown): void {
  const entry = { time: new Date().toISOString().slice(11, 23), name, detail };
  logEntries.push(entry);
  eventLog.append(renderEntry(entry));
  eventLog.scrollTop = eventLog.scrollHeight; // the log scrolls, the page stays put
}

/** A line of the merchant's own doing (not an element event). */
function note(text: string, detail: unknown): void {
  log(`demo: ${text}`, detail);
}

function renderEntry(entry: LogEntry): HTMLLIElement {
  const item = document.createElement('li');
  item.className = entry.name.startsWith('tender-') ? 'event' : 'event note';
  item.dataset.event = entry.name;
  const heading = document.createElement('p');
  heading.className = 'event-name';
  const time = document.createElement('time');
  time.textContent = entry.time;
  const name = document.createElement('code');
  name.textContent = entry.name;
  heading.append(time, ' ', name);
  item.append(heading);
  const detail = entry.detail as Record<string, unknown> | null;
  const { payment, ...rest } = detail && typeof detail === 'object' ? detail : { payment: undefined };
  const pre = document.createElement('pre');
  pre.textContent = JSON.stringify(detail && typeof detail === 'object' ? rest : detail, null, 2);
  item.append(pre);
  if (payment !== undefined) {
    const more = document.createElement('details');
    const summary = document.createElement('summary');
    summary.textContent = 'payment';
    const paymentText = document.createElement('pre');
    paymentText.textContent = JSON.stringify(payment, null, 2);
    more.append(summary, paymentText);
    item.append(more);
  }
  return item;
}

function saveBeforeLeaving(): void {
  try {
    sessionStorage.setItem(LOG_STORAGE_KEY, JSON.stringify(logEntries));
    sessionStorage.setItem(CHOICES_STORAGE_KEY, JSON.stringify({ locale: localeSelect.value, theme: themeSelect.value, threeDs: threeDsSelect.value, shopper: shopperSelect.value }));
  } catch {
    // storage full or disabled: the log and the choices simply start afresh after the redirect
  }
}

/** The language, theme and 3-D Secure choice saved before a redirect, put back into their selects (unknown values are ignored). */
function restoreChoices(): void {
  let saved: { locale?: unknown; theme?: unknown; threeDs?: unknown; shopper?: unknown } = {};
  try {
    saved = JSON.parse(sessionStorage.getItem(CHOICES_STORAGE_KEY) ?? '{}') as typeof saved;
    sessionStorage.removeItem(CHOICES_STORAGE_KEY);
  } catch {
    return; // storage disabled or damaged: the defaults stay
  }
  for (const [select, value] of [[localeSelect, saved.locale], [themeSelect, saved.theme], [threeDsSelect, saved.threeDs], [shopperSelect, saved.shopper]] as const) {
    if (typeof value === 'string' && [...select.options].some((option) => option.value === value)) select.value = value;
  }
}

function restoreLog(): LogEntry[] {
  try {
    const saved = sessionStorage.getItem(LOG_STORAGE_KEY);
    sessionStorage.removeItem(LOG_STORAGE_KEY);
    return saved ? (JSON.parse(saved) as LogEntry[]) : [];
  } catch {
    return [];
  }
}

// ---- test cards -------------------------------------------------------------------------------

function renderTestCards(): void {
  const body = $('test-cards').querySelector('tbody');
  if (!body) return;
  for (const card of TEST_CARDS) {
    const row = document.createElement('tr');
    const number = document.createElement('td');
    const code = document.createElement('code');
    code.textContent = card.number;
    number.append(code);
    const outcome = document.createElement('td');
    outcome.textContent = card.outcome;
    const action = document.createElement('td');
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.className = 'copy';
    copy.textContent = 'Copy';
    copy.dataset.number = card.number.replace(/\s/g, '');
    copy.setAttribute('aria-label', `Copy ${card.number}`);
    action.append(copy);
    row.append(number, outcome, action);
    body.append(row);
  }
  body.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button.copy');
    if (button?.dataset.number) void copyNumber(button, button.dataset.number);
  });
}

async function copyNumber(button: HTMLButtonElement, number: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(number);
    button.textContent = 'Copied';
  } catch {
    button.textContent = 'Copy failed';
  }
  setTimeout(() => (button.textContent = 'Copy'), 1500);
}

// ---- start ------------------------------------------------------------------------------------

function fillThemes(): void {
  for (const name of PRESET_NAMES) themeSelect.append(new Option(name, name));
}

/** Every locale of the widget, each named in its own language ("Deutsch (de)"), right-to-left ones marked. */
function fillLocales(): void {
  for (const tag of LOCALES) {
    let name = tag;
    try {
      name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
    } catch {
      // no display names in this browser: the tag alone
    }
    localeSelect.append(new Option(`${name} (${tag})${textDirection(tag) === 'rtl' ? ', RTL' : ''}`, tag));
  }
}

async function start(): Promise<void> {
  fillThemes();
  fillLocales();
  restoreChoices();
  renderTestCards();
  for (const entry of logEntries) eventLog.append(renderEntry(entry));
  handleCurrencyChange();
  currencySelect.addEventListener('change', handleCurrencyChange);
  amountInput.addEventListener('input', showOrder);
  for (const radio of orderForm.querySelectorAll('input[name="kind"]')) radio.addEventListener('change', handleKindChange);
  orderForm.addEventListener('submit', (event) => void handleCreatePayment(event));
  captureButton.addEventListener('click', () => void handleCapture());
  localeSelect.addEventListener('change', () => checkout && (checkout.locale = localeSelect.value));
  themeSelect.addEventListener('change', () => checkout && (checkout.theme = selectedTheme()));
  threeDsSelect.addEventListener('change', () => checkout && (checkout.threeDs = selectedThreeDs()));
  $('clear-log').addEventListener('click', () => {
    logEntries.length = 0;
    eventLog.replaceChildren();
  });
  for (const name of Object.keys(TENDER_EVENTS) as (keyof typeof TENDER_EVENTS)[]) checkoutSlot.addEventListener(name, handleTenderEvent);

  try {
    const response = await fetch('/api/config');
    config = (await response.json()) as DemoConfig;
  } catch {
    orderMessage.textContent = 'The demo back end could not be reached: is `npm run demo` running?';
    createButton.disabled = true;
    return;
  }

  // back from 3-D Secure: the element with the same client secret retrieves the payment and reports it
  const query = new URLSearchParams(location.search);
  const returningSecret = query.get('payment_intent_client_secret');
  if (returningSecret) {
    const id = query.get('payment_id') ?? returningSecret.split('_secret_')[0] ?? '';
    note('back from 3-D Secure', { payment_id: id, status_in_query: query.get('status') });
    mountCheckout(returningSecret, id, '', 'card');
  }
}

void start();
