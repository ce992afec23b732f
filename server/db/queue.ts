/**
 * A FIFO that runs one task at a time. PGlite has a single connection, so every call —
 * a query or a whole transaction — waits its turn here.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
