import { civilFromDays, isoToDays } from '../../../src/engine/formats/calendar.ts';

/** A small deterministic PRNG (mulberry32): the same seed gives the same demo data on every machine. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: `[[value, weight], …]`. */
  weighted<T>(options: readonly (readonly [T, number])[]): T {
    const total = options.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [v, w] of options) if ((r -= w) < 0) return v;
    return options[options.length - 1][0];
  }

  /** `n` distinct items (or all of them), in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, n);
  }

  /** Log-normal-ish amount in centavos between `min` and `max` reais, rounded to `step` centavos. */
  amount(min: number, max: number, step = 1): number {
    const [a, b] = [Math.log(min), Math.log(max)];
    const u = (this.next() + this.next() + this.next()) / 3; // centred, thin tails
    const cents = Math.round((Math.exp(a + (b - a) * u) * 100) / step) * step;
    return Math.max(step, cents);
  }

  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }

  /** A version-4-shaped uuid from the stream (reproducible ids). */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => this.int(0, 15).toString(16));
    hex[12] = '4';
    hex[16] = ['8', '9', 'a', 'b'][this.int(0, 3)];
    const h = hex.join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
}

/** `AAAA-MM-DD` plus `days` (negative goes back): civil-date arithmetic, never the machine's zone. */
export const addDays = (date: string, days: number): string => civilFromDays(isoToDays(date) + days);
