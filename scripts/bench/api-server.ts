/**
 * The API under test, in its own process (the load generator must not share its event loop), plus the
 * hand-written SQL endpoint it is compared with. Started by scripts/bench/api.ts; reports its port over IPC.
 * Env: DATABASE_URL, SCHEMAS_DIR.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openPostgres } from '../../server/db/postgres.ts';

const COLUMNS = `id, description, document_number AS "documentNumber", supplier_document AS "supplierDocument", amount,
  due_date AS "dueDate", competence, status, discount_rate::float8 AS "discountRate", paid, paid_at AS "paidAt",
  organization_id AS "organizationId", cost_center_id AS "costCenterId", tags, notes,
  created_at AS "createdAt", created_by AS "createdBy", updated_at AS "updatedAt", updated_by AS "updatedBy", version`;

/**
 * `GET /bench/hand?status=ABERTO&page=3`: what a developer would write by hand for the generic list's
 * `filter[status][eq]=…&sort=-dueDate&page=…` — same auth hook, same page query, and an exact count(*)
 * on every request (`count=0` leaves the count out: the floor).
 */
function handRoutes(app: FastifyInstance): void {
  app.get('/bench/hand', { onRequest: app.authenticate }, async (req: FastifyRequest<{ Querystring: Record<string, string> }>, reply) => {
    const status = String(req.query.status ?? 'ABERTO');
    const offset = (Math.max(1, Number(req.query.page ?? 1)) - 1) * 25;
    const page = app.db.query(
      `SELECT ${COLUMNS} FROM test_payables WHERE deleted_at IS NULL AND status = $1 ORDER BY due_date DESC, id DESC LIMIT 25 OFFSET $2`,
      [status, offset],
    );
    if (req.query.count === '0') return (await page).rows;
    const count = app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM test_payables WHERE deleted_at IS NULL AND status = $1', [status]);
    const [rows, total] = await Promise.all([page, count]);
    reply.header('x-total-count', String(total.rows[0].n));
    return rows.rows;
  });
  // Cost breakdown: authentication alone, and the page query without authentication.
  app.get('/bench/auth', { onRequest: app.authenticate }, async () => ({ ok: true }));
  app.get('/bench/raw', async (req: FastifyRequest<{ Querystring: Record<string, string> }>) => {
    const offset = (Math.max(1, Number(req.query.page ?? 1)) - 1) * 25;
    const { rows } = await app.db.query(
      `SELECT ${COLUMNS} FROM test_payables WHERE deleted_at IS NULL AND status = $1 ORDER BY due_date DESC, id DESC LIMIT 25 OFFSET $2`,
      [String(req.query.status ?? 'ABERTO'), offset],
    );
    return rows;
  });
}

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL não definido');
const config = { ...loadConfig(), serveClient: false, logLevel: 'silent', port: 0, host: '127.0.0.1' };
const db = await openPostgres(url, 20);
const app = await buildApp({ config, db, logger: false });
handRoutes(app);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('SIGINT', () => process.exit(0));
process.on('disconnect', () => {
  void app.close().then(() => db.close()).finally(() => process.exit(0));
});
