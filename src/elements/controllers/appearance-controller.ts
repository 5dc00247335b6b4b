import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type * as ThemesModule from '../../themes/index.js';
import type { Appearance, FieldLayout, LabelStyle } from '../../themes/index.js';
import { lazy } from '../lazy.js';
import type { Emit } from '../tender-element.js';

export interface AppearanceHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
  appearance: Appearance | null;
  theme: string;
}

/**
 * The appearance compiler (validation, presets) is its own chunk, fetched only when a page sets
 * `theme` or `appearance`; the default look is in the element's static styles.
 */
const loadThemesModule = lazy<typeof ThemesModule>(() => import('../../themes/index.js'));

/**
 * Appearance and fonts: compiles `appearance` (and the `theme` attribute) into a stylesheet adopted
 * after the element's own (no inline styles: a strict CSP works). Every rejected key is one
 * `tender-error` (`invalid_appearance`, naming the key); everything valid still applies.
 */
export class AppearanceController implements ReactiveController {
  look: { labels: LabelStyle; layout: FieldLayout } = { labels: 'above', layout: 'split' };
  /** Settles when the asked appearance is applied (or failed to load). */
  applied: Promise<void> = Promise.resolve();
  private sheet: CSSStyleSheet | null = null;

  constructor(
    private readonly host: AppearanceHost,
    private readonly emit: Emit,
  ) {
    host.addController(this);
  }

  /** Adds the appearance's stylesheet to the render root (it exists by now), after the element's styles. */
  hostConnected(): void {
    const root = this.host.renderRoot;
    if (this.sheet || !(root instanceof ShadowRoot) || !('adoptedStyleSheets' in root)) return;
    this.sheet = new CSSStyleSheet();
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, this.sheet];
  }

  /** Call from `willUpdate` when `appearance` or `theme` changed. */
  update(): void {
    const { appearance, theme } = this.host;
    if (!appearance && !theme) {
      this.sheet?.replaceSync('');
      this.look = { labels: 'above', layout: 'split' };
      this.applied = Promise.resolve();
      return;
    }
    const current = () => appearance === this.host.appearance && theme === this.host.theme;
    this.applied = loadThemesModule().then(
      (themes) => {
        if (current()) this.use(themes, themes.compileAppearance(appearance, theme || null));
      },
      () => {
        if (!current()) return;
        this.emit('tender-error', { code: 'network', message: 'The appearance module could not be loaded', recoverable: true, key: 'appearance' });
      },
    );
  }

  private use(themes: typeof ThemesModule, compiled: ThemesModule.CompiledAppearance): void {
    this.sheet?.replaceSync(`${themes.LAYOUT_CSS}\n${compiled.css}`);
    this.look = { labels: compiled.labels, layout: compiled.layout };
    this.host.requestUpdate();
    themes.settleAppearance(compiled, (detail) => this.emit('tender-error', detail));
  }
}
