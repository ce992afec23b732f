/**
 * A format of our schema vocabulary (`"format": "cnpj"`): one definition serves ajv (validate), the
 * widgets (mask, normalize) and the messages. Conventions every definition keeps:
 * - `validate` accepts only the canonical stored form (CPF as 11 digits, money as integer centavos…).
 * - `mask` turns a canonical (or partially typed) value into its display form.
 * - `normalize` turns what a person typed or pasted into the canonical form; when it cannot, it returns
 *   the input unchanged so that `validate` reports it. For every valid `v`: `normalize(mask(v)) === v`.
 */
export interface StringFormat {
  readonly name: string;
  /** The JSON type ajv applies the format to. */
  readonly type: 'string';
  readonly message: string;
  validate(value: string): boolean;
  /** A more precise pt-BR message for an invalid value (which block of a boleto fails); `message` when undefined. */
  explain?(value: string): string | undefined;
  mask?(value: string): string;
  normalize?(input: string): string;
}

export interface NumberFormat {
  readonly name: string;
  readonly type: 'number';
  readonly message: string;
  validate(value: number): boolean;
  mask?(value: number): string;
  normalize?(input: string): number | string;
}

export type FormatDefinition = StringFormat | NumberFormat;
