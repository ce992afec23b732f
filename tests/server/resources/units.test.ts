import { describe, expect, it } from 'vitest';
import { CountCache } from '../../../server/resources/count-cache.ts';
import { centsText, csvField, csvText } from '../../../server/resources/export-format.ts';
import { snakeCase } from '../../../server/resources/fields.ts';
import { linkHeader } from '../../../server/resources/link.ts';
import { asList } from '../../../server/resources/list-query.ts';
import { indexName } from '../../../server/resources/registry.ts';
import { parseLinkHeader } from '../../../src/engine/http/link-header.ts';

describe('linkHeader', () => {
  it('changes only page, keeping the other parameters as written', () => {
    const links = parseLinkHeader(linkHeader('/api/x?q=a%20b&page=3&pageSize=10&filter[s][in]=A&filter[s][in]=B', 3, 10, 95));
    expect(links).toEqual({
      first: { url: '/api/x?page=1&q=a%20b&pageSize=10&filter[s][in]=A&filter[s][in]=B', page: 1 },
      prev: { url: '/api/x?page=2&q=a%20b&pageSize=10&filter[s][in]=A&filter[s][in]=B', page: 2 },
      next: { url: '/api/x?page=4&q=a%20b&pageSize=10&filter[s][in]=A&filter[s][in]=B', page: 4 },
      last: { url: '/api/x?page=10&q=a%20b&pageSize=10&filter[s][in]=A&filter[s][in]=B', page: 10 },
    });
  });

  it('has first and last (page 1) for an empty list, and prev points at the last page from past the end', () => {
    expect(parseLinkHeader(linkHeader('/api/x', 1, 25, 0))).toEqual({ first: { url: '/api/x?page=1', page: 1 }, last: { url: '/api/x?page=1', page: 1 } });
    expect(parseLinkHeader(linkHeader('/api/x?page=9', 9, 25, 30)).prev?.page).toBe(2);
  });
});

describe('CountCache', () => {
  it('counts once per key until a write to the resource, sharing concurrent misses', async () => {
    const cache = new CountCache();
    let calls = 0;
    const count = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      return 7;
    };
    expect(await Promise.all([cache.get('a', 'w', [1], count), cache.get('a', 'w', [1], count)])).toEqual([7, 7]);
    expect(calls).toBe(1);
    await cache.get('a', 'w', [2], count);
    expect(calls).toBe(2);
    cache.invalidate('b');
    await cache.get('a', 'w', [1], count);
    expect(calls).toBe(2);
    cache.invalidate('a');
    await cache.get('a', 'w', [1], count);
    expect(calls).toBe(3);
  });

  it('expires entries after the TTL and forgets failures', async () => {
    const cache = new CountCache(0);
    let calls = 0;
    await cache.get('a', 'w', [], async () => ++calls);
    await cache.get('a', 'w', [], async () => ++calls);
    expect(calls).toBe(2);
    const fresh = new CountCache();
    await expect(fresh.get('a', 'w', [], () => Promise.reject(new Error('db')))).rejects.toThrow('db');
    expect(await fresh.get('a', 'w', [], async () => 3)).toBe(3);
  });

  it('stays bounded', async () => {
    const cache = new CountCache(60_000, 10);
    let calls = 0;
    for (let i = 0; i < 50; i++) await cache.get('a', 'w', [i], async () => ++calls);
    await cache.get('a', 'w', [0], async () => ++calls);
    expect(calls).toBe(51);
  });
});

describe('export cells', () => {
  it('writes centavos exactly with a decimal comma, and quotes what Excel would split or run', () => {
    expect(centsText(123456)).toBe('1234,56');
    expect(centsText(-5)).toBe('-0,05');
    expect(centsText(900719925474099)).toBe('9007199254740,99');
    expect(csvText({ t: 'number', v: 2.5 })).toBe('2,5');
    expect(csvText({ t: 'date', v: '2026-03-01' })).toBe('01/03/2026');
    expect(csvText({ t: 'datetime', v: new Date('2026-03-01T15:04:05Z') })).toBe('01/03/2026 12:04:05');
    expect(csvText({ t: 'text', v: '+55 11' })).toBe("'+55 11");
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('diz "oi"')).toBe('"diz ""oi"""');
  });
});

describe('naming and query parsing', () => {
  it('maps names to SQL identifiers and keeps index names within 63 bytes', () => {
    expect(snakeCase('dueDate')).toBe('due_date');
    expect(snakeCase('cost-centers')).toBe('cost_centers');
    const long = indexName('a'.repeat(40), ['b'.repeat(30)], 'idx');
    expect(long.length).toBeLessThanOrEqual(63);
    expect(long).not.toBe(indexName('a'.repeat(40), ['b'.repeat(29) + 'c'], 'idx'));
  });

  it('reads repeated parameters as lists, also past the parser array limit', () => {
    expect(asList('a')).toEqual(['a']);
    expect(asList(['a', 'b'])).toEqual(['a', 'b']);
    expect(asList({ 1: 'b', 0: 'a', 10: 'k', 2: 'c' })).toEqual(['a', 'b', 'c', 'k']);
  });
});
