import { ConfigProvider } from 'antd';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../../engine/create-engine.ts';
import { HttpError } from '../../../engine/http/errors.ts';
import { SessionStore } from '../../../engine/session/store.ts';
import { SnackbarStore } from '../../../engine/snackbar/store.ts';
import { EngineProvider } from '../../../react/EngineProvider.tsx';
import { SnackbarHost } from './SnackbarHost.tsx';

function setup(snackbars = new SnackbarStore({ setTimer: () => 0, clearTimer: () => undefined })) {
  const reload = vi.fn<() => void>();
  const login = vi.fn<() => void>();
  const engine = createEngine({
    config: { version: '1', projectId: 'demo', services: { identity: '/id' }, appParams: {} },
    session: new SessionStore({ local: localStorage, session: sessionStorage }),
    snackbars,
    sessionActions: () => ({ reload, login }),
  });
  // No motion: happy-dom never ends CSS transitions, so closing notices would linger.
  render(<ConfigProvider theme={{ token: { motion: false } }}><EngineProvider engine={engine}><SnackbarHost /></EngineProvider></ConfigProvider>);
  return { engine, snackbars, reload, login };
}

describe('SnackbarHost', () => {
  it('starts the countdown once the notice is on screen, and again when it is replaced in place', async () => {
    const timers: { fn: () => void; ms: number }[] = [];
    const store = new SnackbarStore({ countFromShown: true, setTimer: (fn, ms) => timers.push({ fn, ms }), clearTimer: () => undefined });
    setup(store);
    act(() => void store.push({ id: 'salvo', type: 'success', message: 'Banco criado com sucesso.' }));
    expect(timers).toHaveLength(0); // pushed, not yet painted: nothing counts
    expect(await screen.findByText('Banco criado com sucesso.')).toBeTruthy();
    await vi.waitFor(() => expect(timers).toHaveLength(1));
    expect(timers[0].ms).toBe(3000);
    act(() => void store.push({ id: 'salvo', type: 'success', message: 'Banco atualizado.' }));
    expect(await screen.findByText('Banco atualizado.')).toBeTruthy();
    await vi.waitFor(() => expect(timers).toHaveLength(2));
    act(() => timers[1].fn());
    await vi.waitFor(() => expect(screen.queryByText('Banco atualizado.')).toBeNull());
  });

  it('shows overline, message and details, and closes what leaves the store', async () => {
    const { engine, snackbars } = setup();
    act(() => {
      engine.notifyError(new HttpError(400, 'x', { errors: { nome: ['Informe o nome.'] } }));
    });
    expect(await screen.findByText('ERRO 400')).toBeTruthy();
    expect(screen.getByText('Ocorreu um erro ao processar a requisição.')).toBeTruthy();
    expect(screen.getByText('Informe o nome.')).toBeTruthy();
    act(() => snackbars.clear());
    await vi.waitFor(() => expect(screen.queryByText('ERRO 400')).toBeNull());
  });

  it('offers Atualizar and Fazer login on 401, and removes the snackbar after the action', async () => {
    const { engine, snackbars, reload, login } = setup();
    act(() => {
      engine.notifyError(new HttpError(401, 'x'));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Fazer login' }));
    expect(login).toHaveBeenCalled();
    expect(snackbars.getSnapshot()).toEqual([]);
    act(() => {
      engine.notifyError(new HttpError(401, 'x'));
    });
    await vi.waitFor(() => expect(screen.getAllByRole('button', { name: 'Atualizar' }).length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByRole('button', { name: 'Atualizar' }).at(-1)!);
    expect(reload).toHaveBeenCalled();
  });

  it('gives a 403 the Entendi button', async () => {
    const { engine } = setup();
    act(() => {
      engine.notifyError(new HttpError(403, 'x'));
    });
    expect(await screen.findByRole('button', { name: 'Entendi' })).toBeTruthy();
  });
});
