import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../config.ts';
import { localidades } from './localidades.ts';
import type { Upstream } from './upstream.ts';

/** ViaCEP's answer (domain.md §4.1): every value a string. */
export interface ViaCepAddress {
  cep: string;
  logradouro: string;
  complemento: string;
  unidade: string;
  bairro: string;
  localidade: string;
  uf: string;
  estado: string;
  regiao: string;
  ibge: string;
  gia: string;
  ddd: string;
  siafi: string;
}

const KEYS: (keyof ViaCepAddress)[] = ['cep', 'logradouro', 'complemento', 'unidade', 'bairro', 'localidade', 'uf', 'estado', 'regiao', 'ibge', 'gia', 'ddd', 'siafi'];

/** Where an answer came from: the service, an address of the bundled list, or a CEP range (city/UF only). */
export type CepSource = 'viacep' | 'offline' | 'offline-range';
export type CepLookup =
  | { kind: 'found'; address: ViaCepAddress; source: CepSource }
  | { kind: 'not-found' }
  | { kind: 'invalid' }
  | { kind: 'unavailable' };

interface OfflineData {
  exact: Record<string, ViaCepAddress>;
  cities: [string, string, number][];
  ufs: [string, string, string][];
}

let offline: OfflineData | undefined;
const offlineData = () =>
  (offline ??= JSON.parse(readFileSync(path.join(ROOT_DIR, 'server/seed/data/cep-offline.json'), 'utf8')) as OfflineData);

/** Only the ViaCEP keys, as strings (an upstream that adds or drops keys does not change our contract). */
function pick(body: Record<string, unknown>): ViaCepAddress {
  const out = {} as ViaCepAddress;
  for (const k of KEYS) out[k] = typeof body[k] === 'string' ? (body[k] as string) : '';
  return out;
}

const masked = (cep: string) => `${cep.slice(0, 5)}-${cep.slice(5)}`;

/** Bundled list, then the city ranges (capitals, DF), then the UF ranges. */
export function offlineLookup(cep: string): { address: ViaCepAddress; source: CepSource } | undefined {
  const data = offlineData();
  if (data.exact[cep]) return { address: pick(data.exact[cep] as unknown as Record<string, unknown>), source: 'offline' };
  const inRange = ([from, to]: [string, string, unknown]) => cep >= from && cep <= to;
  const city = localidades().city(data.cities.find(inRange)?.[2] ?? 0);
  const state = city?.UF ?? localidades().state(data.ufs.find(inRange)?.[2] ?? '');
  if (!state) return undefined;
  const address = pick({ cep: masked(cep), uf: state.sigla, estado: state.nome, regiao: state.regiao.nome });
  if (city) [address.localidade, address.ibge] = [city.nome, String(city.id)];
  return { address, source: 'offline-range' };
}

/**
 * Looks a CEP up: ViaCEP (CEP_API_URL) when it answers, else the bundled data. `{"erro": true}` or
 * `{"erro": "true"}` (both exist in the wild) is "not found"; an upstream 400 is an invalid CEP.
 * @example await lookupCep(upstream, '01001-000') // { kind: 'found', address: { logradouro: 'Praça da Sé', … } }
 */
export async function lookupCep(upstream: Upstream, input: string): Promise<CepLookup> {
  const cep = input.replace(/[.\s-]/g, '');
  if (!/^\d{8}$/.test(cep) || cep === '00000000') return { kind: 'invalid' };
  const bundled = offlineData().exact[cep];
  if (bundled) return { kind: 'found', address: pick(bundled as unknown as Record<string, unknown>), source: 'offline' };
  const res = await upstream.get(`/${cep}/json/`);
  if (res.ok) {
    const body = res.body as Record<string, unknown> | null;
    if (res.status === 400) return { kind: 'invalid' };
    if (res.status === 200 && body && typeof body === 'object') {
      if (body.erro === true || body.erro === 'true') return { kind: 'not-found' };
      if (typeof body.cep === 'string') return { kind: 'found', address: pick(body), source: 'viacep' };
    }
    if (res.status === 404) return { kind: 'not-found' };
  }
  const fallback = offlineLookup(cep);
  return fallback ? { kind: 'found', ...fallback } : { kind: 'unavailable' };
}
