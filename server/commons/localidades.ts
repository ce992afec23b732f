import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../config.ts';

/** IBGE shapes (domain.md §4.2). */
export interface IbgeRegion {
  id: number;
  sigla: string;
  nome: string;
}
export interface IbgeState extends IbgeRegion {
  regiao: IbgeRegion;
}
/** A municipality: IBGE's id and nome, and its UF in IBGE's shape (the micro/immediate regions are not kept). */
export interface IbgeCity {
  id: number;
  nome: string;
  UF: IbgeState;
}

const REGIONS: Record<number, IbgeRegion> = {
  1: { id: 1, sigla: 'N', nome: 'Norte' },
  2: { id: 2, sigla: 'NE', nome: 'Nordeste' },
  3: { id: 3, sigla: 'SE', nome: 'Sudeste' },
  4: { id: 4, sigla: 'S', nome: 'Sul' },
  5: { id: 5, sigla: 'CO', nome: 'Centro-Oeste' },
};

/** IBGE UF code → sigla (the snapshot keeps only code and name). */
const SIGLAS: Record<number, string> = {
  11: 'RO', 12: 'AC', 13: 'AM', 14: 'RR', 15: 'PA', 16: 'AP', 17: 'TO',
  21: 'MA', 22: 'PI', 23: 'CE', 24: 'RN', 25: 'PB', 26: 'PE', 27: 'AL', 28: 'SE', 29: 'BA',
  31: 'MG', 32: 'ES', 33: 'RJ', 35: 'SP', 41: 'PR', 42: 'SC', 43: 'RS', 50: 'MS', 51: 'MT', 52: 'GO', 53: 'DF',
};

/** Accent- and case-insensitive form for searching names. */
export const fold = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

const byName = (a: { nome: string }, b: { nome: string }) => a.nome.localeCompare(b.nome, 'pt-BR', { sensitivity: 'base' });

export interface Localidades {
  /** The 27 UFs by name. */
  states: IbgeState[];
  state(siglaOrId: string | number): IbgeState | undefined;
  /** Municipalities of a UF by name. */
  citiesOf(sigla: string): IbgeCity[];
  city(id: number): IbgeCity | undefined;
  all: IbgeCity[];
}

let loaded: Localidades | undefined;

/** The bundled snapshot (server/seed/data/ibge-localidades.json), read once. */
export function localidades(): Localidades {
  if (loaded) return loaded;
  const file = path.join(ROOT_DIR, 'server/seed/data/ibge-localidades.json');
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { states: [number, string][]; cities: [number, string][] };
  const states = raw.states.map(([id, nome]) => ({ id, sigla: SIGLAS[id], nome, regiao: REGIONS[Math.floor(id / 10)] })).sort(byName);
  const stateById = new Map(states.map((s) => [s.id, s]));
  const all = raw.cities.map(([id, nome]) => ({ id, nome, UF: stateById.get(Math.floor(id / 100000))! })).sort(byName);
  const cityById = new Map(all.map((c) => [c.id, c]));
  const bySigla = new Map<string, IbgeCity[]>();
  for (const c of all) {
    const list = bySigla.get(c.UF.sigla);
    if (list) list.push(c);
    else bySigla.set(c.UF.sigla, [c]);
  }
  loaded = {
    states,
    state: (key) => (typeof key === 'number' || /^\d+$/.test(key) ? stateById.get(Number(key)) : states.find((s) => s.sigla === key.toUpperCase())),
    citiesOf: (sigla) => bySigla.get(sigla.toUpperCase()) ?? [],
    city: (id) => cityById.get(id),
    all,
  };
  return loaded;
}
