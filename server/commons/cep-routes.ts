import type { FastifyInstance } from 'fastify';
import { FORMAT_MESSAGES } from '../../src/i18n/validation.ts';
import { badRequest, HttpError, notFound } from '../lib/errors.ts';
import { lookupCep } from './cep.ts';
import type { Upstream } from './upstream.ts';

/**
 * `GET addresses/cep/{cep}` → the ViaCEP shape, with `X-Source: viacep | offline | offline-range` (a range
 * answer carries only city and UF: street and district stay for the user).
 */
export function registerCepRoutes(app: FastifyInstance, viaCep: Upstream): void {
  app.get('/addresses/cep/:cep', { onRequest: app.authenticate }, async (req, reply) => {
    const result = await lookupCep(viaCep, (req.params as { cep: string }).cep);
    switch (result.kind) {
      case 'invalid':
        throw badRequest({ cep: [FORMAT_MESSAGES.cep] }, FORMAT_MESSAGES.cep);
      case 'not-found':
        throw notFound('CEP não encontrado. Confira o número ou preencha o endereço manualmente.');
      case 'unavailable':
        throw new HttpError(503, 'CEP_UNAVAILABLE', 'A consulta de CEP está indisponível. Preencha o endereço manualmente.');
      case 'found':
        reply.header('x-source', result.source);
        return result.address;
    }
  });
}
