import { describe, expect, it } from 'vitest';
import { SnackbarStore, normalizeSnackbar } from './store.ts';

function fakeTimers() {
  const timers = new Map<number, { fn: () => void; ms: number }>();
  let n = 0;
  return {
    timers,
    setTimer: (fn: () => void, ms: number) => (timers.set(++n, { fn, ms }), n),
    clearTimer: (h: unknown) => void timers.delete(h as number),
    fire: (h: number) => timers.get(h)?.fn(),
  };
}

describe('snackbar defaults', () => {
  it('gives a type-only snackbar its default status: success 200, neutral/info 304, error 400', () => {
    expect(normalizeSnackbar({ type: 'success' }, 'a')).toMatchObject({ status: 200, overline: 'SUCESSO 200', message: 'Requisição processada com sucesso.' });
    expect(normalizeSnackbar({ type: 'neutral' }, 'a')).toMatchObject({ status: 304, overline: 'AVISO 304', message: 'Nada foi alterado.' });
    expect(normalizeSnackbar({ type: 'info' }, 'a')).toMatchObject({ status: 304, overline: 'AVISO 304', type: 'info' });
    expect(normalizeSnackbar({ type: 'error' }, 'a')).toMatchObject({ status: 400, overline: 'ERRO 400', message: 'Ocorreu um erro ao processar a requisição.' });
  });

  it('uses ERRO/SUCESSO/AVISO + code as overline when a status is known', () => {
    expect(normalizeSnackbar({ status: 404 }, 'a')).toMatchObject({ type: 'error', overline: 'ERRO 404', message: 'Conteúdo indisponível.' });
    expect(normalizeSnackbar({ status: 201, message: 'Pedido criado.' }, 'a')).toMatchObject({ type: 'success', overline: 'SUCESSO 201', message: 'Pedido criado.' });
    expect(normalizeSnackbar({ status: 'UNK' }, 'a')).toMatchObject({ overline: 'ERRO UNK', message: 'A requisição foi interrompida.' });
  });

  it('falls back to ERRO, SUCESSO, ATENÇÃO, INFORMAÇÃO, AVISO without a status', () => {
    const overline = (type: 'error' | 'success' | 'warning' | 'info' | 'neutral') => normalizeSnackbar({ type, message: 'm' }, 'a').overline;
    expect([overline('error'), overline('success'), overline('warning'), overline('info'), overline('neutral')]).toEqual([
      'ERRO', 'SUCESSO', 'ATENÇÃO', 'INFORMAÇÃO', 'AVISO',
    ]);
  });

  it('gives errors a dismiss button and everything 3000 ms auto-dismiss', () => {
    expect(normalizeSnackbar({ type: 'error' }, 'a')).toMatchObject({ dismissButton: true, autoDismiss: 3000 });
    expect(normalizeSnackbar({ type: 'success' }, 'a')).toMatchObject({ dismissButton: false, autoDismiss: 3000 });
    expect(normalizeSnackbar({ message: 'x' }, 'a').message).toBe('x');
    expect(normalizeSnackbar({}, 'a').message).toBe('Ocorreu um erro desconhecido.');
  });
});

describe('SnackbarStore', () => {
  it('keeps at most 3, dropping the oldest', () => {
    const t = fakeTimers();
    const store = new SnackbarStore(t);
    for (const m of ['1', '2', '3', '4']) store.push({ message: m });
    expect(store.getSnapshot().map((s) => s.message)).toEqual(['2', '3', '4']);
    expect(t.timers.size).toBe(3);
  });

  it('replaces a snackbar with the same id in place', () => {
    const store = new SnackbarStore(fakeTimers());
    store.push({ id: 'a', message: 'primeiro' });
    store.push({ id: 'b', message: 'segundo' });
    store.push({ id: 'a', message: 'trocado' });
    expect(store.getSnapshot().map((s) => `${s.id}:${s.message}`)).toEqual(['a:trocado', 'b:segundo']);
  });

  it('auto-dismisses after 3000 ms, and never when autoDismiss is false', () => {
    const t = fakeTimers();
    const store = new SnackbarStore(t);
    store.push({ id: 'x', message: 'some' });
    store.push({ id: 'y', message: 'fica', autoDismiss: false });
    expect([...t.timers.values()].map((v) => v.ms)).toEqual([3000]);
    t.fire(1);
    expect(store.getSnapshot().map((s) => s.id)).toEqual(['y']);
  });

  it('dismisses and clears', () => {
    const t = fakeTimers();
    const store = new SnackbarStore(t);
    const id = store.push({ message: 'a' });
    store.dismiss(id);
    expect(store.getSnapshot()).toEqual([]);
    expect(t.timers.size).toBe(0);
    store.push({ message: 'b' });
    store.clear();
    expect(store.getSnapshot()).toEqual([]);
  });

  it('starts the 3000 ms again when the host first shows it (a slow page never eats the message)', () => {
    const t = fakeTimers();
    const store = new SnackbarStore(t);
    store.push({ id: 'x', message: 'criado' });
    store.push({ id: 'y', message: 'fica', autoDismiss: false });
    store.shown('x');
    store.shown('y');
    expect([...t.timers.entries()].map(([h, v]) => [h, v.ms])).toEqual([[2, 3000]]);
    t.fire(1);
    expect(store.getSnapshot().map((s) => s.id)).toEqual(['x', 'y']);
    t.fire(2);
    expect(store.getSnapshot().map((s) => s.id)).toEqual(['y']);
    store.shown('x');
    expect(t.timers.size).toBe(0);
  });

  it('with countFromShown, waits for the host before counting down (a busy page never eats the message)', () => {
    const t = fakeTimers();
    const store = new SnackbarStore({ ...t, countFromShown: true });
    store.push({ id: 'x', message: 'criado' });
    expect(t.timers.size).toBe(0);
    store.shown('x');
    expect([...t.timers.values()].map((v) => v.ms)).toEqual([3000]);
    t.fire(1);
    expect(store.getSnapshot()).toEqual([]);
  });
});
