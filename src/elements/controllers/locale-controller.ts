import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { en, formatMessage, formattingLocale, loadCatalogue, loadedCatalogue, pageLanguage, resolveLocale, withOverrides, type MessageKey, type Messages } from '../../i18n/index.js';

export interface LocaleHost extends ReactiveControllerHost, Element {
  /** BCP 47 tag or `auto` (the page's language). */
  locale: string;
  /** Per-message overrides of the catalogue. */
  messages: Partial<Messages>;
}

/**
 * The element's text: resolves `locale` along its fallback chain, loads that catalogue (once per page;
 * English shows meanwhile), applies the host's `messages` and formats with `Intl` in the asked tag.
 */
export class LocaleController implements ReactiveController {
  /** The locale the text is in (`fr` for `fr-CH`). */
  tag = 'en';
  /** Settles when the catalogue of `tag` is in use. */
  loaded: Promise<void> = Promise.resolve();
  /** The catalogue of the active locale, before the host's overrides. */
  private catalogue: Messages = en;
  /** The catalogue with the overrides, rebuilt only when the locale or `messages` changes (it is read on every render). */
  private text: Messages = en;
  /** The `locale` and `messages` the text was built for. */
  private asked: string | null = null;
  private overrides: Partial<Messages> | null = null;

  constructor(private readonly host: LocaleHost) {
    host.addController(this);
  }

  /** `locale`, with `auto` (or nothing) read as the language of the page around the element (`auto` when it has none). */
  private get asking(): string {
    const { locale } = this.host;
    return locale && locale !== 'auto' ? locale : pageLanguage(this.host) || 'auto';
  }

  /** Before each render: a new `locale` loads its catalogue, new `messages` rebuild the text. */
  hostUpdate(): void {
    const { messages } = this.host;
    const locale = this.asking;
    if (locale === this.asked) {
      if (messages !== this.overrides) this.text = withOverrides(this.catalogue, messages);
      this.overrides = messages;
      return;
    }
    this.asked = locale;
    this.overrides = messages;
    const tag = resolveLocale(locale);
    this.tag = tag;
    const use = (messages: Messages) => {
      this.catalogue = messages;
      this.text = withOverrides(messages, this.host.messages);
    };
    const ready = loadedCatalogue(tag);
    if (ready) {
      use(ready);
      this.loaded = Promise.resolve();
      return;
    }
    this.loaded = loadCatalogue(tag).then((messages) => {
      if (this.tag !== tag) return;
      use(messages);
      this.host.requestUpdate();
    });
  }

  t(key: MessageKey, params?: Record<string, string>): string {
    return formatMessage(this.text[key], params);
  }

  /**
   * The tag `Intl` formats with: the one asked for (`fr-CH` keeps Swiss number formats while the text is
   * `fr`), or where this browser's `Intl` has no data for it the first tag along its chain that it has
   * (`nn` → `nb`, `is` → `en`).
   */
  get intl(): string {
    return formattingLocale(this.asking);
  }
}
