import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../lib/errors.ts';
import { fold, localidades, type IbgeCity, type IbgeState } from './localidades.ts';
import type { Upstream } from './upstream.ts';

const MAX_MATCHES = 50;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Upstream `/estados` items → our states (unknown entries dropped; the snapshot knows every UF). */
function statesFrom(body: unknown): IbgeState[] | undefined {
  if (!Array.isArray(body) || body.length < 27) return undefined;
  const list = body.filter(isRecord).map((s) => localidades().state(Number(s.id))).filter((s): s is IbgeState => !!s);
  return list.length === 27 ? list : undefined;
}

/** Upstream municipalities of one UF → our shape; names come from IBGE, the UF from our table. */
function citiesFrom(body: unknown, uf: IbgeState): IbgeCity[] | undefined {
  if (!Array.isArray(body) || !body.length) return undefined;
  const list = body.filter(isRecord).filter((c) => Number.isInteger(c.id) && typeof c.nome === 'string');
  return list.map((c) => ({ id: c.id as number, nome: c.nome as string, UF: uf }));
}

/** Best matches first: names starting with the text, then names containing it. */
function search(cities: IbgeCity[], q: string): IbgeCity[] {
  const needle = fold(q);
  const starts: IbgeCity[] = [];
  const contains: IbgeCity[] = [];
  for (const c of cities) {
    const name = fold(c.nome);
    if (name.startsWith(needle)) starts.push(c);
    else if (name.includes(needle)) contains.push(c);
  }
  return [...starts, ...contains].slice(0, MAX_MATCHES);
}

/**
 * `GET states` (27 UFs, IBGE shape) and `GET cities?uf=SP&q=camp` / `GET cities/:id`: from IBGE_API_URL when
 * it answers, else from the bundled snapshot of every municipality (server/seed/data/ibge-localidades.json).
 */
export function registerIbgeRoutes(app: FastifyInstance, ibge: Upstream): void {
  const auth = { onRequest: app.authenticate };

  app.get('/states', auth, async () => {
    const res = await ibge.get('/estados?orderBy=nome');
    return (res.ok && res.status === 200 && statesFrom(res.body)) || localidades().states;
  });

  app.get('/cities', auth, async (req) => {
    const { uf, q } = req.query as { uf?: unknown; q?: unknown };
    const text = typeof q === 'string' ? q.trim() : '';
    if (uf === undefined || uf === '') {
      if (text.length < 2) throw badRequest({ uf: ['Informe a UF ou pelo menos 2 letras do nome da cidade.'] });
      return search(localidades().all, text);
    }
    const state = typeof uf === 'string' ? localidades().state(uf) : undefined;
    if (!state || !/^[A-Za-z]{2}$/.test(String(uf))) throw badRequest({ uf: ['UF inválida.'] });
    const res = await ibge.get(`/estados/${state.sigla}/municipios?orderBy=nome`);
    const cities = (res.ok && res.status === 200 && citiesFrom(res.body, state)) || localidades().citiesOf(state.sigla);
    return text ? search(cities, text) : cities;
  });

  app.get('/cities/:id', auth, async (req) => {
    const id = (req.params as { id: string }).id;
    const city = /^\d{7}$/.test(id) ? localidades().city(Number(id)) : undefined;
    if (!city) throw notFound('Município não encontrado.');
    return city;
  });
}
