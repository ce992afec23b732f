import { describe, expect, it } from 'vitest';
import { csvMoney, csvText } from './csv.ts';

describe('reports CSV', () => {
  it('writes Excel-BR CSV: BOM, semicolons, decimal comma, quoted text when needed', () => {
    expect(csvText(['Conta', 'Valor'], [['4.2.02.001 Aluguel; sede', csvMoney(-123456)], ['"Receita"', csvMoney(5)]])).toBe(
      '\uFEFFConta;Valor\r\n"4.2.02.001 Aluguel; sede";-1234,56\r\n"""Receita""";0,05\r\n',
    );
  });
});
