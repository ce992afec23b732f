/**
 * Text summaries of a Chromium CPU profile (CDP `Profiler`) and of a timeline trace, for scripts/bench/scroll.ts:
 * the functions with the most self and total time, and what the main thread's tasks spent their time on.
 */
export interface CpuProfile {
  startTime: number;
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  /** Thread (CPU) time of the event, µs: what the task cost without the time the OS gave to other processes. */
  tdur?: number;
  /** Thread names (`thread_name` metadata) and, for script events, the file and function that ran. */
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

const ms = (us: number) => (us / 1000).toFixed(1).padStart(8);

function top(map: Map<string, number>, n: number): string[] {
  return [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${ms(v)} ms  ${k}`);
}

function labeller(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
  const label = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    return `${functionName || '(anônima)'} ${url ? `${url.split('/').pop()}:${lineNumber + 1}` : ''}`.trim();
  };
  return { label, parent };
}

/** Each sample with its time (µs, the trace's clock) and how long it stands for. */
function timedSamples(profile: CpuProfile): { id: number; ts: number; dt: number }[] {
  let ts = profile.startTime;
  return profile.samples.map((id, i) => {
    ts += profile.timeDeltas[i];
    return { id, ts, dt: profile.timeDeltas[i + 1] ?? 0 };
  });
}

/** Top functions by self time and by total time (a function counted once per sample however deep it recurses). */
export function profileSummary(profile: CpuProfile, n = 30, within?: { ts: number; dur: number }[]): string {
  const { label, parent } = labeller(profile);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const inside = (ts: number) => !within || within.some((w) => ts >= w.ts && ts < w.ts + w.dur);
  timedSamples(profile).forEach(({ id, ts, dt }) => {
    if (!inside(ts)) return;
    const name = label(id);
    self.set(name, (self.get(name) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(label(at));
    for (const s of seen) total.set(s, (total.get(s) ?? 0) + dt);
  });
  return ['Tempo próprio (self):', ...top(self, n), '', 'Tempo total (com o que chama):', ...top(total, n)].join('\n');
}

/** The renderer main thread's tasks: `RunTask` events (with the detailed timeline category), else the scheduler's. */
function tasksOf(events: TraceEvent[]): TraceEvent[] {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const own = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const name = own.some((e) => e.name === 'RunTask') ? 'RunTask' : 'ThreadControllerImpl::RunTask';
  return own.filter((e) => e.name === name);
}

/** The renderer main thread's tasks longer than 50 ms. */
export const longTasksOf = (events: TraceEvent[]): { ts: number; dur: number }[] =>
  tasksOf(events).filter((e) => (e.dur ?? 0) > 50_000).map((e) => ({ ts: e.ts, dur: e.dur! }));

/**
 * The main thread's tasks by CPU time (`tdur`) rather than wall time: on a busy machine a task is also long when
 * the OS runs something else in the middle; CPU time is what the page itself asked for.
 */
export function cpuOfTasks(events: TraceEvent[]): { tasks: number; totalMs: number; maxMs: number; over50: number } {
  const cpu = tasksOf(events).map((e) => (e.tdur ?? 0) / 1000);
  return { tasks: cpu.length, totalMs: Math.round(cpu.reduce((a, b) => a + b, 0)), maxMs: Math.round(Math.max(0, ...cpu)), over50: cpu.filter((c) => c > 50).length };
}

/** What the renderer's main thread did: self time by event over the pass, and per task longer than 50 ms. */
export function traceSummary(events: TraceEvent[]): string {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return 'trace sem CrRendererMain';
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const overall = new Map<string, number>();
  const lines: string[] = [];
  let task: { ts: number; dur: number; self: Map<string, number> } | undefined;
  const flush = () => {
    if (task && task.dur > 50_000) lines.push(`tarefa de ${(task.dur / 1000).toFixed(0)} ms: ${top(task.self, 6).map((l) => l.trim()).join('; ')}`);
  };
  // Self time: each event's duration minus its children's (events nest by time on one thread).
  const stack: { e: TraceEvent; children: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= upTo) {
      const { e, children } = stack.pop()!;
      const selfTime = Math.max(0, e.dur! - children);
      overall.set(e.name, (overall.get(e.name) ?? 0) + selfTime);
      task?.self.set(e.name, (task.self.get(e.name) ?? 0) + selfTime);
      if (stack.length) stack.at(-1)!.children += e.dur!;
    }
  };
  for (const e of own) {
    close(e.ts);
    if (!stack.length && e.name === 'RunTask') {
      flush();
      task = { ts: e.ts, dur: e.dur!, self: new Map() };
    }
    stack.push({ e, children: 0 });
  }
  close(Infinity);
  flush();
  return ['Linha principal, tempo próprio por evento (a passada toda):', ...top(overall, 12), '', 'Tarefas longas:', ...(lines.length ? lines : ['nenhuma'])].join('\n');
}
