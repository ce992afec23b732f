import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { redactUrl, serializeRequest } from '../../../server/lib/log.ts';

describe('request log serializer', () => {
  it('masks recovery tokens and codes in the query string, nothing else', () => {
    expect(redactUrl('/auth/recuperar-senha?token=abc123_-x&redirectTo=%2F')).toBe('/auth/recuperar-senha?token=[oculto]&redirectTo=%2F');
    expect(redactUrl('/x?a=1&code=123456#f')).toBe('/x?a=1&code=[oculto]#f');
    expect(redactUrl('/api/identity/v1/users/me')).toBe('/api/identity/v1/users/me');
    expect(redactUrl('/x?mytoken=1')).toBe('/x?mytoken=1');
  });
  it('keeps the fields of Fastify default serializer', () => {
    const req = { method: 'GET', url: '/a?token=s', host: 'h', ip: '1.2.3.4', socket: { remotePort: 5 } } as unknown as FastifyRequest;
    expect(serializeRequest(req)).toEqual({ method: 'GET', url: '/a?token=[oculto]', host: 'h', remoteAddress: '1.2.3.4', remotePort: 5 });
  });
});
