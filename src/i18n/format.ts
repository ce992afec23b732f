/**
 * pt-BR display formatters for screens (the engine's `formats/` parse and validate input; these only show).
 * @example formatBRL(123456) // 'R$ 1.234,56'; formatDate('2026-03-01') // '01/03/2026'; formatCompetence('2026-03') // '03/2026'
 */
const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Integer centavos → `R$ 1.234,56`. Centavos stay integers; the division is only for display. */
export function formatBRL(centavos: number | null | undefined): string {
  if (centavos == null || !Number.isFinite(centavos)) return '';
  return BRL.format(centavos / 100);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `AAAA-MM-DD` (as stored) or an ISO date-time / Date → `DD/MM/AAAA`. Plain dates are not shifted by
 * time zone; date-times are shown in the user's zone.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') {
    const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (plain) return `${plain[3]}/${plain[2]}/${plain[1]}`;
  }
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** `DD/MM/AAAA HH:mm` in the user's zone. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Competence `AAAA-MM` (or a date in it) → `MM/AAAA`. */
export function formatCompetence(value: string | null | undefined): string {
  const m = value ? /^(\d{4})-(\d{2})/.exec(value) : null;
  return m ? `${m[2]}/${m[1]}` : '';
}
