-- Razão geral em partidas dobradas (issue 12, docs/reports.md, decisões D36–D40).
-- Lançamentos contábeis imutáveis: uma correção é um novo lançamento (estorno), nunca uma edição.
-- Valores em centavos inteiros. As contas contábeis, categorias e contas financeiras são tabelas de recursos
-- (criadas depois das migrações, pelos schemas): por isso não há chave estrangeira para elas aqui.

-- Contas contábeis de cada papel das regras de contabilização (dado, não código): fornecedores, clientes,
-- juros, descontos, tarifas, rendimentos, contrapartida do saldo de abertura… A classe e a linha da DFC dos
-- movimentos de caixa sem categoria (tarifas, rendimentos) vêm daqui também.
CREATE TABLE ledger_posting_accounts (
  role text PRIMARY KEY,
  ledger_account_id uuid NOT NULL,
  dfc_class text,
  dfc_line text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE journal_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL,
  date date NOT NULL,
  -- Mês de competência = mês da data (um lançamento de apropriação é datado dentro da sua competência).
  competence date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('APROPRIACAO', 'AJUSTE', 'BAIXA', 'ESTORNO', 'MOVIMENTO', 'ABERTURA')),
  description text NOT NULL,
  -- Documento de origem (payables, receivables, bank-transactions, bank-accounts) e o movimento bancário.
  document_resource text NOT NULL,
  document_id uuid NOT NULL,
  bank_transaction_id uuid,
  reversal_of_id uuid REFERENCES journal_entries (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  CHECK (competence = date_trunc('month', date)::date)
);
CREATE INDEX journal_entries_document ON journal_entries (document_id, kind);
CREATE INDEX journal_entries_movement ON journal_entries (bank_transaction_id) WHERE bank_transaction_id IS NOT NULL;
CREATE INDEX journal_entries_org_date ON journal_entries (organization_id, date);

CREATE TABLE journal_lines (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id uuid NOT NULL REFERENCES journal_entries (id),
  line_no integer NOT NULL,
  organization_id uuid NOT NULL,
  date date NOT NULL,
  ledger_account_id uuid NOT NULL,
  debit bigint NOT NULL DEFAULT 0 CHECK (debit >= 0),
  credit bigint NOT NULL DEFAULT 0 CHECK (credit >= 0),
  cost_center_id uuid,
  department_id uuid,
  project_id uuid,
  bank_account_id uuid,
  party_id uuid,
  category_id uuid,
  dfc_class text,
  dfc_line text,
  document_resource text NOT NULL,
  document_id uuid NOT NULL,
  memo text,
  -- Exatamente um lado por linha, nunca zero.
  CHECK ((debit > 0) <> (credit > 0)),
  UNIQUE (entry_id, line_no)
);
CREATE INDEX journal_lines_org_date ON journal_lines (organization_id, date, id);
CREATE INDEX journal_lines_account_date ON journal_lines (ledger_account_id, date);
CREATE INDEX journal_lines_cash ON journal_lines (bank_account_id, date) WHERE bank_account_id IS NOT NULL;
CREATE INDEX journal_lines_document ON journal_lines (document_id);

-- Períodos fechados (fechamento): nenhum lançamento datado dentro deles.
CREATE TABLE ledger_closings (
  organization_id uuid NOT NULL,
  month date NOT NULL CHECK (month = date_trunc('month', month)::date),
  closed_at timestamptz NOT NULL DEFAULT now(),
  closed_by uuid,
  PRIMARY KEY (organization_id, month)
);

-- Resumo mensal por conta e dimensões, mantido na MESMA transação do lançamento (gatilho): os relatórios
-- leem daqui e nenhum número fica atrasado.
CREATE TABLE ledger_monthly (
  organization_id uuid NOT NULL,
  month date NOT NULL,
  ledger_account_id uuid NOT NULL,
  cost_center_id uuid,
  department_id uuid,
  project_id uuid,
  bank_account_id uuid,
  dfc_class text,
  dfc_line text,
  debit bigint NOT NULL DEFAULT 0,
  credit bigint NOT NULL DEFAULT 0,
  line_count bigint NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX ledger_monthly_key ON ledger_monthly
  (organization_id, month, ledger_account_id, cost_center_id, department_id, project_id, bank_account_id, dfc_class, dfc_line) NULLS NOT DISTINCT;

CREATE FUNCTION journal_entries_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'Lançamentos contábeis não são alterados nem excluídos: faça um estorno.' USING ERRCODE = 'P0001';
  END IF;
  IF EXISTS (SELECT 1 FROM ledger_closings c WHERE c.organization_id = NEW.organization_id AND c.month = date_trunc('month', NEW.date)::date) THEN
    RAISE EXCEPTION 'O período %/% está fechado: nenhum lançamento contábil pode ser datado nele.',
      lpad(extract(month FROM NEW.date)::text, 2, '0'), extract(year FROM NEW.date) USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER journal_entries_guard BEFORE INSERT OR UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION journal_entries_guard();

CREATE FUNCTION journal_lines_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Lançamentos contábeis não são alterados nem excluídos: faça um estorno.' USING ERRCODE = 'P0001';
END $$;
CREATE TRIGGER journal_lines_immutable BEFORE UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION journal_lines_immutable();

-- Depois de cada INSERT de linhas: todo lançamento tocado fecha (débitos = créditos) e o resumo mensal soma
-- as linhas novas. Um lançamento grava todas as suas linhas num só comando (server/ledger/post.ts).
CREATE FUNCTION journal_lines_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE bad uuid;
BEGIN
  SELECT l.entry_id INTO bad FROM journal_lines l
   WHERE l.entry_id IN (SELECT DISTINCT n.entry_id FROM new_lines n)
   GROUP BY l.entry_id HAVING sum(l.debit) <> sum(l.credit) OR sum(l.debit) = 0 LIMIT 1;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'Lançamento contábil % não fecha: a soma dos débitos difere da soma dos créditos.', bad USING ERRCODE = 'P0001';
  END IF;
  INSERT INTO ledger_monthly AS m (organization_id, month, ledger_account_id, cost_center_id, department_id, project_id,
                                   bank_account_id, dfc_class, dfc_line, debit, credit, line_count)
  SELECT n.organization_id, date_trunc('month', n.date)::date, n.ledger_account_id, n.cost_center_id, n.department_id, n.project_id,
         n.bank_account_id, n.dfc_class, n.dfc_line, sum(n.debit), sum(n.credit), count(*)
    FROM new_lines n
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ON CONFLICT (organization_id, month, ledger_account_id, cost_center_id, department_id, project_id, bank_account_id, dfc_class, dfc_line)
  DO UPDATE SET debit = m.debit + EXCLUDED.debit, credit = m.credit + EXCLUDED.credit, line_count = m.line_count + EXCLUDED.line_count;
  RETURN NULL;
END $$;
CREATE TRIGGER journal_lines_after_insert AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION journal_lines_after_insert();
