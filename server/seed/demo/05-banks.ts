import { readFileSync } from 'node:fs';
import type { DemoArea } from './types.ts';

interface BankRecord {
  compe: string | null;
  ispb: string;
  name: string;
  fullName: string;
  participatesCompe: boolean;
  active: boolean;
}

/** The Brazilian institutions with COMPE and ISPB codes (snapshot in server/seed/data/banks.json). */
export function bankRecords(): BankRecord[] {
  const file = new URL('../data/banks.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { records: BankRecord[] }).records;
}

const area: DemoArea = {
  key: 'banks@1',
  async run({ q, adminId }) {
    // One statement for the 500+ rows; an ISPB already registered (by hand) is left alone.
    await q.query(
      `INSERT INTO banks (compe, ispb, name, full_name, participates_compe, active, created_by, updated_by)
       SELECT r.compe, r.ispb, r.name, r."fullName", r."participatesCompe", r.active, $2, $2
         FROM jsonb_to_recordset($1::jsonb)
              AS r(compe text, ispb text, name text, "fullName" text, "participatesCompe" boolean, active boolean)
        WHERE NOT EXISTS (SELECT 1 FROM banks b WHERE b.ispb = r.ispb AND b.deleted_at IS NULL)`,
      [JSON.stringify(bankRecords()), adminId],
    );
  },
};
export default area;
