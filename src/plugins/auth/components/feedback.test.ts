import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../engine/http/errors.ts';
import { loginFailure, verificationFailure } from './feedback.ts';

describe('auth failure messages', () => {
  it('login: 401 says the credentials are invalid, others say the login failed with details; both stay', () => {
    expect(loginFailure(new HttpError(401, 'x', { message: 'Login ou senha inválidos.' }))).toMatchObject({
      message: 'Login ou senha inválidos. Verifique as credenciais e tente novamente.', details: [], autoDismiss: false, type: 'error',
    });
    expect(loginFailure(new HttpError(429, 'x', { message: 'Muitas tentativas. Aguarde 15 minutos.' }))).toMatchObject({
      message: 'O login falhou.', details: ['Muitas tentativas. Aguarde 15 minutos.'], autoDismiss: false,
    });
  });

  it('verification: 401 says the code is invalid or expired, others say the verification failed', () => {
    expect(verificationFailure(new HttpError(401, 'x'))).toMatchObject({ message: 'O código é inválido ou expirou. Tente novamente...' });
    expect(verificationFailure(new HttpError(405, 'Método não permitido.'))).toMatchObject({ message: 'A verificação falhou.' });
  });
});
