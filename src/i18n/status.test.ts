import { describe, expect, it } from 'vitest';
import { statusDescriptor, STATUS_MESSAGES } from './status.ts';

describe('status catalogue', () => {
  it('has a pt-BR message for every status the spec lists', () => {
    expect(Object.keys(STATUS_MESSAGES).sort()).toEqual(
      ['200', '201', '202', '204', '304', '400', '401', '403', '404', '405', '408', '409', '413', '415', '429', '500', '503', '520', 'UNK'].sort(),
    );
  });

  it('types success, neutral and error codes', () => {
    expect([200, 201, 202, 204].map((c) => statusDescriptor(c).type)).toEqual(['success', 'success', 'success', 'success']);
    expect(statusDescriptor(304)).toEqual({ code: 304, message: 'Nada foi alterado.', type: 'neutral' });
    expect(statusDescriptor(401)).toEqual({ code: 401, message: 'Você precisa se autenticar.', type: 'error' });
    expect(statusDescriptor('UNK')).toEqual({ code: 'UNK', message: 'A requisição foi interrompida.', type: 'error' });
  });

  it('gives other codes the unexpected-error text', () => {
    expect(statusDescriptor(418)).toEqual({ code: 418, message: 'Erro inesperado.', type: 'error' });
  });
});
