/**
 * `hubs/<key>.json`: an index page made of cards (docs/screens.md §9), e.g. `/configuracoes`.
 * Validated by `meta/hub.meta.json`; paths are checked against the screens and other hubs by `loadMetadata`.
 */
export interface HubFile {
  $schema?: string;
  $comment?: string;
  /** Route of the page: `/configuracoes`. */
  path: string;
  /** Page title (pt-BR): "Configurações". */
  title: string;
  /** One line under the title. */
  description?: string;
  sections: HubSection[];
}

export interface HubSection {
  /** "Cadastros". */
  title: string;
  description?: string;
  cards: HubCard[];
}

export interface HubCard {
  title: string;
  /** One line: what the person finds there. */
  description: string;
  /** Where the card goes: a screen's list (`/configuracoes/bancos`), another hub, or a plugin page. */
  path: string;
  /** @ant-design/icons name registered in src/renderers/antd/icons.tsx (`BankOutlined`). */
  icon?: string;
  /**
   * Permission resource(s): the card shows with `create` on it (on any of a list), as the menu does.
   * Default: the permission of the screen at `path`; a hub card shows when its hub has a visible card;
   * a plugin page without resource always shows.
   */
  resource?: string | string[];
  /** `path` is a page of a plugin (src/plugins), which the metadata loader cannot see. */
  pluginPage?: boolean;
}
