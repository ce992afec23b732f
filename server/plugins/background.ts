import type { FastifyInstance, FastifyRequest } from 'fastify';

type Job = () => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Work that runs after the response is sent (e-mails whose timing must not show in the answer). */
    background: Background;
  }
}

export interface Background {
  /** Runs `job` once the response to `req` has been sent; a failure is logged under `what`, without its data. */
  afterResponse(req: FastifyRequest, what: string, job: Job): void;
  /** Resolves when every job started so far has ended (tests, shutdown). */
  drain(): Promise<void>;
}

/**
 * After-response jobs (ASVS V6.3.8: the password-recovery answer takes the same time whether the address
 * exists or not, because the lookup and the e-mail happen after it). Jobs run in this process; a crash loses
 * the e-mail, and the person asks again. The app waits for running jobs when it closes.
 */
export function registerBackground(app: FastifyInstance): void {
  const queued = new WeakMap<FastifyRequest, { what: string; job: Job }[]>();
  const running = new Set<Promise<void>>();
  const background: Background = {
    afterResponse(req, what, job) {
      const list = queued.get(req) ?? [];
      list.push({ what, job });
      queued.set(req, list);
    },
    async drain() {
      while (running.size) await Promise.allSettled(running);
    },
  };
  app.decorate('background', background);
  app.addHook('onResponse', async (req) => {
    for (const { what, job } of queued.get(req) ?? []) {
      const p = job()
        .catch((err: Error) => req.log.error({ err: err.message, job: what }, 'tarefa após a resposta falhou'))
        .finally(() => running.delete(p));
      running.add(p);
    }
    queued.delete(req);
  });
  app.addHook('onClose', async () => background.drain());
}
