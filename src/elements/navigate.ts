/** Navigates the top window (the element may sit in a same-origin frame); falls back to this window. */
export function navigateTop(url: string): void {
  try {
    (window.top ?? window).location.assign(url);
  } catch {
    window.location.assign(url);
  }
}
