/**
 * The inline path of `<tender-checkout>` (`inline`, and always for `preview`): loads the card form
 * (./card-form.ts, a chunk: Lit, the flow, the card rules, English) and shows `<tender-card-form>` in
 * the element's shadow root, passing the element's properties through. The form's events are
 * composed: they reach the page from the element as they are.
 */
import type * as FormModule from './card-form.js';
import type { ConfirmOutcome, TenderErrorCode } from '../../events.js';
import { lazy } from '../lazy.js';

/** The card form's chunk (also the host's way to its catalogues: src/elements/tender-checkout/host-status.ts). */
export const loadForm = lazy<typeof FormModule>(() => import('./card-form.js'));
/** Inline: the API client the form imports once it runs, fetched beside the form instead (one round trip less). */
const prefetchClient = lazy(() => import('../../api/client.js'));

/** The form's parts, exported through the element's shadow root. */
const PARTS = 'base,form,field,label,input,input-invalid,brand,error,button,status,saved-cards,saved-card,saved-card-selected,saved-cvc,save-card,save-consent';

/** The element, as far as the inline path needs it. */
export interface InlineFormElement extends HTMLElement {
  readonly inline: boolean;
  readonly preview: string;
}

/** Whether the element shows the form in its own shadow root (`inline`, or a `preview` state) rather than in the frame. */
export function isInline(element: Pick<InlineFormElement, 'inline' | 'preview'>): boolean {
  return Boolean(element.inline || element.preview);
}

export interface InlineFormOptions {
  element: InlineFormElement;
  root: ShadowRoot;
  /** The element's properties the form takes as they are, in the order they are set. */
  properties: readonly string[];
  /** Shows and reports a problem of the host itself (the form's chunk does not load). */
  fail(code: TenderErrorCode, message: string): void;
  /** The element's placeholder: shown instead of a new form until it is rendered in its language and look. */
  placeholder: HTMLElement;
  /** Whether the element is loading (a new form, hidden) or shows the form. */
  busy(loading: boolean): void;
}

export class InlineForm {
  private form: FormModule.TenderCardForm | null = null;

  constructor(private readonly options: InlineFormOptions) {}

  /** Shows the form once its chunk is loaded (if the element still wants it) and gives it the element's properties. */
  async show(): Promise<void> {
    const { element, placeholder } = this.options;
    if (!this.form && !placeholder.isConnected) {
      this.options.root.append(placeholder);
      this.options.busy(true);
    }
    if (!element.preview) void prefetchClient().catch(() => undefined);
    let module: typeof FormModule;
    try {
      module = await loadForm();
    } catch {
      this.options.fail('network', 'The payment form could not be loaded');
      return;
    }
    if (!isInline(element) || !element.isConnected) return;
    const created = !this.form;
    if (!this.form) {
      module.defineCardForm();
      this.form = document.createElement('tender-card-form');
      this.form.setAttribute('exportparts', PARTS);
      // hidden beside the placeholder until its first render in its language and look (which may load a chunk)
      this.form.hidden = true;
      this.options.root.replaceChildren(this.form, this.options.placeholder);
      this.options.busy(true);
    }
    const shown = this.form;
    const form = shown as unknown as Record<string, unknown>;
    const values = element as unknown as Record<string, unknown>;
    for (const name of this.options.properties) if (form[name] !== values[name]) form[name] = values[name];
    if (!created) return;
    await shown.updateComplete;
    if (shown !== this.form) return;
    // in the task of the render: the form takes the placeholder's place in one frame of the page
    shown.hidden = false;
    this.options.placeholder.remove();
    this.options.busy(false);
  }

  /** Removes the form (the element shows the frame). */
  close(): void {
    this.form?.remove();
    this.form = null;
  }

  /** Settles when the form shows what its properties ask for (the form's own `updateComplete`). */
  async updateComplete(): Promise<boolean> {
    await loadForm().catch(() => undefined);
    await Promise.resolve();
    return this.form ? this.form.updateComplete : true;
  }

  /** The form's `confirm()`; null when there is no form. */
  confirm(): Promise<ConfirmOutcome> | null {
    return this.form ? this.form.confirm() : null;
  }

  /** Focuses the card number field; false when there is no form. */
  focus(options?: FocusOptions): boolean {
    if (!this.form) return false;
    this.form.focus(options);
    return true;
  }
}
