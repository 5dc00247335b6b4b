import { LitElement } from 'lit';

/** The `detail` type of a Tender event. */
export type EventDetail<K extends keyof HTMLElementEventMap> = HTMLElementEventMap[K] extends CustomEvent<infer D> ? D : never;
/** The element's event helper as controllers get it: dispatches on the host, returns false when cancelled. */
export type Emit = <K extends keyof HTMLElementEventMap>(name: K, detail: EventDetail<K>, options?: { cancelable?: boolean }) => boolean;

/**
 * The base of every Tender element: a typed event helper and a guarded `define` that warns instead
 * of throwing when a second copy of the library registers the same tag.
 */
export class TenderElement extends LitElement {
  static version = '0.1.0';

  /** Registers the element once; a second registration of the tag is a warning, not an error. */
  static define(tag: string): void {
    const existing = customElements.get(tag) as (CustomElementConstructor & { version?: string }) | undefined;
    if (!existing) {
      customElements.define(tag, this);
      return;
    }
    if (existing !== this) {
      // eslint-disable-next-line no-console -- a deliberate developer warning, as Shoelace's define()
      console.warn(`<${tag}> is already defined (version ${existing.version ?? 'unknown'}); this copy (${this.version}) is not used.`);
    }
  }

  /** Dispatches a typed `CustomEvent` that bubbles and crosses shadow roots. Returns false when cancelled. */
  protected emit<K extends keyof HTMLElementEventMap>(
    name: K,
    detail: EventDetail<K>,
    options: { cancelable?: boolean } = {},
  ): boolean {
    // built outside dispatchEvent(): the manifest lists each element's events from its JSDoc instead
    const event = new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false });
    return this.dispatchEvent(event);
  }
}
