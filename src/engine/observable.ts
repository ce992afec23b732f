/**
 * The smallest external store: an immutable snapshot plus listeners, the shape React's
 * `useSyncExternalStore` consumes. Engine stores extend it so the React layer stays a thin binding.
 * @example const s = new Observable({ n: 0 }); s.subscribe(() => console.log(s.getSnapshot().n)); s.set({ n: 1 });
 */
export class Observable<T> {
  private listeners = new Set<() => void>();

  constructor(protected snapshot: T) {}

  getSnapshot = (): T => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  protected set(next: T): void {
    if (Object.is(next, this.snapshot)) return;
    this.snapshot = next;
    for (const l of Array.from(this.listeners)) l();
  }
}
