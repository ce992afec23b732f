/**
 * `npm run bench`: runs the measurements of architecture §10 and writes docs/benchmarks.md.
 * Each section is a function returning markdown: the list API, the mixed load (with two API instances), the client
 * (initial JS, first rows of a list, scrolling), the 100-field form, the catalogue search, the finance reports over
 * 1,000,000 parcelas (ledger.ts), the bank reconciliation (10,000-line import, the screen with 5,000 lines), the quote
 * comparison map (50 lines × 5 suppliers, quote-map.ts) and the fuzz. MIXED_DURATION_MS shortens the mixed load.
 * Env: DATABASE_URL (a PostgreSQL server where a throwaway database may be created; default 127.0.0.1:5432/test).
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchApi, type ApiBenchResult } from './api.ts';
import { benchClient, clientSection } from './client.ts';
import { benchForm, formSection } from './form.ts';
import { benchCatalog, catalogSection } from './catalog.ts';
import { benchFuzz, fuzzSection } from './fuzz.ts';
import { benchLedger, ledgerSection } from './ledger.ts';
import { benchMixed, mixedSection } from './mixed.ts';
import { benchQuoteMap, quoteMapSection } from './quote-map.ts';
import { benchReconciliation, reconciliationSection } from './reconciliation.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ms = (v: number) => v.toFixed(1).replace('.', ',');

export function apiSection(r: ApiBenchResult): string {
  const [owner, , handCount, handFloor, , rawPage] = r.scenarios;
  const rows = r.scenarios.map(
    (s) => `| ${s.name} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${Math.round(s.rps)} | ${s.errors} |`,
  );
  const verdict = (ok: boolean) => (ok ? 'cumprido' : '**não cumprido**');
  return [
    '## API: lista genérica',
    '',
    `${r.rows.toLocaleString('pt-BR')} contas a pagar (\`tests/server/fixtures/schemas/test-payables\`), filtro + ordenação + página de 25 com ` +
      `\`X-Total-Count\`, ${r.connections} conexões simultâneas, ${r.durationMs / 1000} s por cenário após aquecimento, PostgreSQL. ` +
      'Páginas de 1 a 10 e situação entre ABERTO/APROVADO/PAGO (30 consultas distintas). As listas passam pela mesma ' +
      'autenticação (JWT, sessão, usuário e permissões — da memória da instância depois da primeira requisição, D26); ' +
      'as linhas "Só a autenticação" e "Só a consulta" separam o custo dela e o da consulta. As páginas e os totais da lista ficam na ' +
      'memória da instância até a tabela mudar (D86: o gatilho da tabela avisa cada instância no COMMIT), então nas 30 consultas ' +
      'repetidas a lista genérica quase não lê o banco; a última linha mede a mesma lista com a tabela escrita a cada 100 ms por outra ' +
      'conexão (cada escrita descarta as páginas e os totais do recurso). ' +
      `Carga média da máquina (1 min) antes/depois: ${r.load.map((l) => l.toFixed(1).replace('.', ',')).join(' / ')} — ` +
      'com outros processos na máquina (testes, navegador), todos os números sobem juntos; compare as linhas entre si.',
    '',
    '| Cenário | p50 (ms) | p95 (ms) | p99 (ms) | req/s | erros |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    `- Orçamento p95 ≤ 25 ms: ${ms(owner.p95)} ms — ${verdict(owner.p95 <= 25)}.`,
    `- Orçamento ≤ 1,5× o SQL à mão no mesmo teste: ${(owner.p95 / handCount.p95).toFixed(2).replace('.', ',')}× o SQL com count(*) exato, ` +
      `${(owner.p95 / handFloor.p95).toFixed(2).replace('.', ',')}× o piso sem count — ${verdict(owner.p95 <= 1.5 * handCount.p95)} ` +
      `(contra o piso: ${verdict(owner.p95 <= 1.5 * handFloor.p95)}).`,
    ...r.scenarios.filter((x) => x.writes !== undefined).map((x) => `- Com a tabela sendo escrita (${x.writes} escritas no cenário): p95 ${ms(x.p95)} ms, ${Math.round(x.rps).toLocaleString('pt-BR')} req/s.`),
    `- Em laço fechado, latência média ≈ conexões ÷ vazão: p95 ≤ 25 ms com ${r.connections} conexões pede ` +
      `≳ ${Math.round((r.connections / 25) * 1000).toLocaleString('pt-BR')} req/s; nesta execução a consulta da página sozinha, ` +
      `sem autenticação, fez ${Math.round(rawPage.rps).toLocaleString('pt-BR')} req/s.`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const started = new Date();
  const api = await benchApi();
  const header = [
    '# Benchmarks',
    '',
    `Gerado por \`npm run bench\` em ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC; ` +
      `${os.cpus().length} núcleos (${os.cpus()[0]?.model.trim()}), Node ${process.version}.`,
    '',
  ].join('\n');
  const mixed = await benchMixed();
  const client = await benchClient();
  const form = await benchForm();
  const catalog = await benchCatalog();
  const reconciliation = await benchReconciliation();
  const quoteMap = await benchQuoteMap();
  const fuzz = await benchFuzz();
  const ledger = await benchLedger();
  const doc = [header, apiSection(api), mixedSection(mixed), clientSection(client), formSection(form), catalogSection(catalog), reconciliationSection(reconciliation), quoteMapSection(quoteMap), ledgerSection(ledger), fuzzSection(fuzz)].join('\n');
  await writeFile(path.join(ROOT, 'docs/benchmarks.md'), doc);
  console.log(doc);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
