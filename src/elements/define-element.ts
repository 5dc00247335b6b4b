/** The elements' version, shown when two copies of the library register the same tag. */
export const VERSION = '0.1.0';

/** Registers an element once; a second registration of the tag is a warning, not an error; without a registry (Node), nothing. */
export function defineElement(tag: string, element: CustomElementConstructor & { version?: string }): void {
  if (typeof customElements === 'undefined') return; // server rendering: nothing to register
  const existing = customElements.get(tag) as (CustomElementConstructor & { version?: string }) | undefined;
  if (!existing) {
    customElements.define(tag, element);
    return;
  }
  if (existing !== element) {
    // eslint-disable-next-line no-console -- a deliberate developer warning, as Shoelace's define()
    console.warn(`<${tag}> is already defined (version ${existing.version ?? 'unknown'}); this copy (${element.version ?? VERSION}) is not used.`);
  }
}
