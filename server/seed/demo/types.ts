import type { Queryable } from '../../db/index.ts';

/** What every demo-data area receives. */
export interface DemoContext {
  /** Inside the seeding transaction. */
  q: Queryable;
  /** The demo organization (Demo Comércio e Serviços Ltda). */
  orgId: string;
  /** The SystemOwner demo user, for created_by/updated_by. */
  adminId: string;
  /** Fixed "today" for the data set (ISO date): reproducible months of history up to it. */
  today: string;
}

/**
 * One area of demo data (`server/seed/demo/<NN>-<area>.ts`, default export). Files run in name order
 * (`10-…` before `50-…`), each at most once per `key`: bump the key (`catalogs@2`) to seed a new version.
 */
export interface DemoArea {
  key: string;
  run(ctx: DemoContext): Promise<void>;
}
