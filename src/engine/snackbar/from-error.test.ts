import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { createErrorNotifier, errorDetails, errorSnackbar } from './from-error.ts';
import { SnackbarStore } from './store.ts';
import { formatValidationErrors } from './validation-errors.ts';

describe('formatValidationErrors', () => {
  it('lists the messages only, without field names', () => {
    expect(formatValidationErrors({ nome: ['Obrigatório.'], cnpj: ['Inválido.', 'Já cadastrado.'] })).toEqual(['Obrigatório.', 'Inválido.', 'Já cadastrado.']);
  });

  it('shows nothing when any value is not a non-empty list', () => {
    expect(formatValidationErrors({ nome: ['ok'], cnpj: [] })).toBeNull();
    expect(formatValidationErrors({ nome: ['ok'], cnpj: 'inválido' })).toBeNull();
    expect(formatValidationErrors({ nome: [1] })).toBeNull();
    expect(formatValidationErrors({})).toBeNull();
    expect(formatValidationErrors(['a'])).toBeNull();
    expect(formatValidationErrors(null)).toBeNull();
  });
});

describe('errorSnackbar', () => {
  const validation = new HttpError(400, 'Os dados enviados são inválidos.', {
    statusCode: 400, message: 'Os dados enviados são inválidos.', errors: { nome: ['Informe o nome.'] },
  });

  it('appends details from errors and shows a dismiss button', () => {
    expect(errorSnackbar(validation)).toMatchObject({
      type: 'error', status: 400, message: 'Ocorreu um erro ao processar a requisição.', details: ['Informe o nome.'], dismissButton: true,
    });
    expect(errorDetails(new HttpError(409, 'x', { errors: ['Duplicado.', { message: 'Outro.' }] }))).toEqual(['Duplicado.', 'Outro.']);
  });

  it('falls back to the body as details', () => {
    expect(errorDetails(new HttpError(500, 'x', 'Gateway caiu'))).toEqual(['Gateway caiu']);
    expect(errorSnackbar(new HttpError(404, 'x', { message: 'Pedido não encontrado.' })).details).toEqual(['Pedido não encontrado.']);
    expect(errorSnackbar(new HttpError(404, 'x', { message: 'Conteúdo indisponível.' })).details).toEqual([]);
  });

  it('keeps a 401 on screen with Atualizar and Fazer login', () => {
    const reload = vi.fn<() => void>();
    const login = vi.fn<() => void>();
    const s = errorSnackbar(new HttpError(401, 'x'), { sessionActions: { reload, login } });
    expect(s).toMatchObject({ autoDismiss: false, actionButton: { label: 'Atualizar' }, dismissButton: { label: 'Fazer login' } });
    s.actionButton!.onClick!();
    (s.dismissButton as { onClick: () => void }).onClick();
    expect(reload).toHaveBeenCalled();
    expect(login).toHaveBeenCalled();
  });

  it('keeps a 403 on screen with Entendi', () => {
    expect(errorSnackbar(new HttpError(403, 'x'))).toMatchObject({ autoDismiss: false, dismissButton: { label: 'Entendi' } });
  });

  it('shows a refusal with its reason as details; it leaves after the spec\'s time unless the caller says otherwise', () => {
    const refusal = errorSnackbar(new HttpError(409, 'x', { code: 'MISSING_CATEGORY', message: 'Informe a categoria.' }), { message: 'A ação não foi realizada.' });
    expect(refusal).toMatchObject({ type: 'error', message: 'A ação não foi realizada.', details: ['Informe a categoria.'] });
    expect(refusal.autoDismiss).toBeUndefined();
    expect(errorSnackbar(new HttpError(409, 'x'), { autoDismiss: 8000 })).toMatchObject({ autoDismiss: 8000 });
    expect(errorSnackbar(new HttpError(500, 'x')).autoDismiss).toBeUndefined();
  });

  it('uses the unknown-error text for anything that is not a response', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(errorSnackbar(new TypeError('x is undefined'))).toMatchObject({ message: 'Ocorreu um erro desconhecido.', details: [] });
  });

  it('pushes through a notifier bound to the store', () => {
    const store = new SnackbarStore({ setTimer: () => 0, clearTimer: () => undefined });
    const notify = createErrorNotifier(store, { reload: vi.fn<() => void>(), login: vi.fn<() => void>() });
    notify(validation, { message: 'O login falhou.' });
    expect(store.getSnapshot()[0]).toMatchObject({ overline: 'ERRO 400', message: 'O login falhou.', details: ['Informe o nome.'] });
  });
});
