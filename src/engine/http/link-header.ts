/**
 * Parses the `Link` header of list responses (spec §3): `<…?page=1>; rel="first", <…?page=3>; rel="next"`.
 * @example parseLinkHeader('</api/x?page=2&pageSize=25>; rel="next"').next // { url: '/api/x?page=2&pageSize=25', page: 2 }
 */
export type LinkRel = 'first' | 'prev' | 'next' | 'last';

export interface PageLink {
  url: string;
  /** The `page` query parameter of the URL, when present. */
  page?: number;
}

export type PageLinks = Partial<Record<LinkRel, PageLink>>;

const RELS: ReadonlySet<string> = new Set(['first', 'prev', 'next', 'last']);

export class LinkHeaderError extends Error {
  override readonly name = 'LinkHeaderError';
}

function pageOf(url: string): number | undefined {
  const query = url.split('?')[1]?.split('#')[0];
  const raw = query ? new URLSearchParams(query).get('page') : null;
  const n = raw == null ? NaN : Number(raw);
  return Number.isInteger(n) ? n : undefined;
}

/** Splits the header on the commas between sections (commas inside `<…>` belong to the URL). */
function sections(header: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < header.length; i++) {
    const c = header[i];
    if (c === '<') depth++;
    else if (c === '>') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      out.push(header.slice(start, i));
      start = i + 1;
    }
  }
  out.push(header.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

/** Returns the first/prev/next/last links; throws LinkHeaderError when a section cannot be split into URL and rel. */
export function parseLinkHeader(header: string | null | undefined): PageLinks {
  const links: PageLinks = {};
  if (!header) return links;
  for (const section of sections(header)) {
    const match = /^<([^>]*)>\s*;(.*)$/.exec(section);
    if (!match) throw new LinkHeaderError(`Não foi possível interpretar a seção do cabeçalho Link: ${section}`);
    const rel = /(?:^|;)\s*rel\s*=\s*"?([^";]+)"?/i.exec(match[2]);
    if (!rel) throw new LinkHeaderError(`Seção do cabeçalho Link sem rel: ${section}`);
    for (const name of rel[1].trim().split(/\s+/)) {
      if (RELS.has(name)) links[name as LinkRel] = { url: match[1], page: pageOf(match[1]) };
    }
  }
  return links;
}
