-- Bank reconciliation (issue 13, docs/reconciliation.md). The imports and the statement lines are resources
-- (schemas/statement-imports, schemas/reconcilables: tables made by the schema sync, with the unique
-- (dedup_key, bank_account_id) index that makes a re-import add nothing). Here: the CSV column mapping each bank
-- account keeps, so the next CSV of that bank is read the same way.
CREATE TABLE reconciliation_csv_mappings (
  bank_account_id uuid PRIMARY KEY,
  mapping jsonb NOT NULL,
  updated_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now()
);
