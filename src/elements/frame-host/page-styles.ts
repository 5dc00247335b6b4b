/**
 * The merchant page's `--tender-*` values, which the isolated frame cannot inherit: read off the
 * element's computed style, and watched for what may change them.
 */

/** The element's computed `--tender-*` custom properties (host CSS: on it or inherited). */
export function hostVariables(element: Element): Record<string, string> {
  const variables: Record<string, string> = {};
  const computed = getComputedStyle(element);
  for (let index = 0; index < computed.length; index += 1) {
    const name = computed[index]!;
    // what the protocol carries (a name such as `--tender-colorPrimary` is a typo no rule reads); the name
    // first: reading each of the ~400 values took 10–20 ms of the task that shows the frame
    if (!/^--tender-[a-z0-9-]+$/.test(name)) continue;
    const value = computed.getPropertyValue(name).trim();
    if (value.length <= 200) variables[name] = value;
  }
  return variables;
}

/**
 * Calls `check` after any change of the page that may change a `--tender-*` value (a class, a style, a
 * stylesheet, the colour scheme, the width), at most once an animation frame. Returns what stops it.
 */
export function watchPageStyles(check: () => void): () => void {
  let pending = false;
  // at most once a frame: a page that animates styles costs one read of the computed style per frame
  const schedule = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      check();
    });
  };
  const observer = new MutationObserver(schedule);
  observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class', 'style', 'media', 'disabled'] });
  const scheme = matchMedia('(prefers-color-scheme: dark)');
  scheme.addEventListener('change', schedule);
  // `@media (max-width: …)` rules may set a value: the width changing is a change too
  addEventListener('resize', schedule);
  return () => {
    observer.disconnect();
    scheme.removeEventListener('change', schedule);
    removeEventListener('resize', schedule);
  };
}
