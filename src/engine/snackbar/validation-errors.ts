/**
 * Server validation errors (`{ campo: ['mensagem'] }`) as the list of messages the user reads — no field
 * names (spec §5). Returns null (show nothing) unless every field maps to a non-empty list of strings.
 * @example formatValidationErrors({ nome: ['Obrigatório.'], cnpj: ['Inválido.'] }) // ['Obrigatório.', 'Inválido.']
 */
export function formatValidationErrors(errors: unknown): string[] | null {
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return null;
  const values = Object.values(errors);
  if (!values.length) return null;
  const ok = values.every((v) => Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string' && m.trim() !== ''));
  return ok ? (values as string[][]).flat() : null;
}
