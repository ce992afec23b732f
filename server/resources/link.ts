/**
 * `Link` of a list page (spec §3): first, prev, next, last, each the request's own URL with only `page`
 * changed, so filters, sort, q and pageSize survive paging exactly as the client wrote them.
 * @example linkHeader('/api/x?sort=name&page=2', 2, 25, 60)
 * // '</api/x?page=1&sort=name>; rel="first", </api/x?page=1&sort=name>; rel="prev", </api/x?page=3&sort=name>; rel="next", </api/x?page=3&sort=name>; rel="last"'
 */
export function linkHeader(url: string, page: number, pageSize: number, total: number): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const rest = q < 0 ? [] : url.slice(q + 1).split('&').filter((p) => p && p !== 'page' && !p.startsWith('page='));
  const last = Math.max(1, Math.ceil(total / pageSize));
  const at = (n: number) => `<${path}?${[`page=${n}`, ...rest].join('&')}>`;
  const links = [`${at(1)}; rel="first"`];
  if (page > 1) links.push(`${at(Math.min(page - 1, last))}; rel="prev"`);
  if (page < last) links.push(`${at(page + 1)}; rel="next"`);
  links.push(`${at(last)}; rel="last"`);
  return links.join(', ');
}
