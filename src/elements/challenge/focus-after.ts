/**
 * Where focus goes once a 3-D Secure dialog has closed (the inline dialog and the isolated frame
 * alike): the pay button when the form shows (a retry after a decline), else *Continue
 * authentication*. After a completed challenge the payment is retrieved first, so this waits (at most
 * about 10 s) for a render that shows one of them; a final result shows neither.
 */
export async function focusAfterChallenge(root: ParentNode | null | undefined, updated: () => Promise<unknown>): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    await updated();
    const target = root?.querySelector<HTMLElement>('form:not([hidden]) button[type=submit]:not([disabled]), button.secondary');
    if (target) return target.focus();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
