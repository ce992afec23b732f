import { can } from '../../src/engine/access.ts';
import type { Queryable } from '../db/index.ts';
import type { Principal } from '../lib/principal.ts';
import { Params } from '../resources/sql.ts';

/**
 * The home page's work inbox (issue 17): cards of what waits for the person — approvals, requester checks,
 * payments to authorize, deliveries to receive — each with a count that opens the filtered list. Modules register
 * their cards here (finance, approvals, procurement…); the endpoint answers only the cards the person may see, and
 * computes every count in ONE query (each card gives a scalar subquery).
 */
export interface InboxCard {
  /** Stable key (`finance.toAuthorize`). */
  key: string;
  /** pt-BR, short: "Parcelas para autorizar". */
  title: string;
  /** One line: what it is and what to do. */
  description: string;
  /** Where the count opens: the list filtered to exactly these records (or the queue that shows them). */
  to: string;
  /** Icon name of the module icons (`CheckCircleOutlined`). */
  icon?: string;
  /** Order on the page (lower first). */
  order: number;
  /** Any of these (permission, scope) pairs shows the card. */
  access: { permission: string; scope: string }[];
  /**
   * The count as a scalar SQL subquery (`(SELECT count(*) FROM … WHERE …)`), parameters added to `p`, with the
   * person's record scope applied — the same rule as the list it opens.
   */
  countSql(principal: Principal, p: Params): string;
}

export interface InboxItem {
  key: string;
  title: string;
  description: string;
  to: string;
  icon?: string;
  count: number;
}

export class InboxRegistry {
  private readonly cards = new Map<string, InboxCard>();

  /** Adds or replaces a card (by key). */
  register(card: InboxCard): void {
    this.cards.set(card.key, card);
  }

  /** The cards `principal` may see, in order. */
  visible(principal: Principal): InboxCard[] {
    return [...this.cards.values()]
      .filter((c) => c.access.some((a) => can(principal, principal.permissions, a.permission, a.scope)))
      .sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
  }

  /** Every visible card with its count, in one query. */
  async counts(q: Queryable, principal: Principal): Promise<InboxItem[]> {
    const cards = this.visible(principal);
    if (!cards.length) return [];
    const p = new Params();
    const select = cards.map((c, i) => `${c.countSql(principal, p)}::int AS c${i}`).join(', ');
    const { rows } = await q.query<Record<string, number>>(`SELECT ${select}`, p.values);
    return cards.map((c, i) => ({ key: c.key, title: c.title, description: c.description, to: c.to, ...(c.icon ? { icon: c.icon } : {}), count: Number(rows[0][`c${i}`] ?? 0) }));
  }
}
