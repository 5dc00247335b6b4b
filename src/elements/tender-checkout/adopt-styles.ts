/** One sheet per stylesheet text, built the first time it is asked for. */
const sheets = new Map<string, CSSStyleSheet>();

/**
 * Adopts the stylesheet of `css` into `root` after the sheets it has, once (a constructed sheet: a
 * strict CSP allows it). A root that is not a shadow root is left alone. The lazily loaded parts of the
 * form (card extras, saved cards, billing fields, the confirmation) style themselves this way.
 */
export function adoptStyles(root: Node, css: string): void {
  if (!(root instanceof ShadowRoot)) return;
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
