import http from 'node:http';

export interface LoadOptions {
  baseUrl: string;
  /** The path of request number `i` (vary pages, filters…). */
  path(i: number): string;
  headers?: Record<string, string>;
  connections: number;
  durationMs: number;
  /** Requests before this are not measured (JIT, caches, pool). */
  warmupMs?: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function get(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/**
 * A closed-loop load: `connections` keep-alive connections, each sending its next request as soon as the
 * previous answers (what autocannon does), for `durationMs` after a warm-up. Latency in milliseconds.
 */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const headers = opts.headers ?? {};
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const start = Date.now();
  const measureFrom = start + (opts.warmupMs ?? 0);
  const end = measureFrom + opts.durationMs;
  const worker = async () => {
    while (Date.now() < end) {
      const t0 = process.hrtime.bigint();
      const status = await get(agent, new URL(opts.path(i++), opts.baseUrl), headers).catch(() => 0);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (Date.now() < measureFrom) continue;
      if (status !== 200) errors++;
      latencies.push(ms);
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, worker));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / (opts.durationMs / 1000),
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
  };
}
