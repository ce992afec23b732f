-- Relatórios sobre o razão em volume (issue 12, D61, benchmark de 1 milhão de parcelas):
-- a primeira página do analítico em ordem de data lida do índice, sem ordenar o período inteiro (com ou sem
-- filtro de organização — o índice por organização só serve quando ela é filtrada);
CREATE INDEX IF NOT EXISTS journal_lines_date_id ON journal_lines (date, id);
-- a DRE e o orçamento por centro de custos buscam o resumo mensal por conta e mês (a chave única começa pela
-- organização e pelo mês, e o planejador a percorria inteira para cada conta).
CREATE INDEX IF NOT EXISTS ledger_monthly_account_month ON ledger_monthly (ledger_account_id, month);
