import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Descriptions, Modal, Progress, Space, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { HttpError, isRecord } from '../../engine/http/errors.ts';
import { formatBRL, formatDate } from '../../i18n/format.ts';
import { useEngine } from '../../react/context.ts';
import { savedCsvMapping, uploadStatement, type ImportPreview, type ImportResult, type RuleHit } from './api.ts';
import { CsvMappingForm, type MappingErrors } from './CsvMappingForm.tsx';
import { decodeHead, type CsvMapping } from './csvSample.ts';
import { ScrollTable } from '../../renderers/antd/ScrollTable.tsx';

type Phase =
  | { step: 'idle' }
  | { step: 'reading' | 'importing'; file: File; allow: boolean }
  | { step: 'mapping'; file: File; allow: boolean }
  | { step: 'preview'; file: File; allow: boolean; preview: ImportPreview; mapping?: CsvMapping }
  | { step: 'error'; message: string };

/** A CSV being mapped: the head of the file, the account's saved mapping (if any) and the server's field errors. */
interface CsvState {
  key: number;
  file: File;
  text: string;
  initial: Partial<CsvMapping> | null;
  saved: boolean;
  errors: MappingErrors;
}

const isCsvName = (file: File) => /\.csv$/i.test(file.name) || file.type === 'text/csv';
const HEAD_BYTES = 64 * 1024;

/** The mapping field errors of a 400 (`csvMapping.date` → `date`; `csvMapping` → the mapping as a whole). */
function mappingErrors(err: unknown): MappingErrors | null {
  if (!(err instanceof HttpError) || err.status !== 400 || !isRecord(err.body) || !isRecord(err.body.errors)) return null;
  const out: MappingErrors = {};
  for (const [k, v] of Object.entries(err.body.errors)) {
    if (k !== 'csvMapping' && !k.startsWith('csvMapping.')) continue;
    const msg = Array.isArray(v) ? v.map(String).join(' ') : String(v);
    out[(k === 'csvMapping' ? '' : k.slice('csvMapping.'.length)) as keyof MappingErrors] = msg;
  }
  return Object.keys(out).length ? out : null;
}

const FORMAT: Record<string, string> = { OFX1: 'OFX 1.x (SGML)', OFX2: 'OFX 2.x (XML)', CNAB240: 'CNAB 240', CNAB400: 'CNAB 400', CSV: 'CSV' };

/**
 * Drag a bank file (OFX, CNAB 240/400 retorno, CSV) → the server reads it without writing (preview) → the person
 * sees what goes in (new lines, duplicates, boletos to settle, unmatched titles, warnings) and imports it whole.
 * A file of another account asks first ("Importar assim mesmo?"). The new lines a rule catches are named in the
 * preview (rule, category, amount) and, with "Aplicar regras às linhas novas" ticked, become their movements in the
 * import's transaction (D81). A CSV opens the column mapping (CsvMappingForm): the account's saved mapping
 * pre-filled (and the preview read with it), or, without one, a first guess from the header; "Pré-visualizar" sends
 * the file again with `csvMapping`, and the import saves it for the account.
 */
export function ImportPanel({ bankAccountId, onImported }: { bankAccountId: string; onImported: (r: ImportResult) => void }) {
  const engine = useEngine();
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [csv, setCsv] = useState<CsvState | null>(null);

  /** Opens the mapping form for a CSV (the first lines read here; the saved mapping asked to the server). */
  const openCsv = async (file: File, allow: boolean, errors: MappingErrors = {}): Promise<CsvState> => {
    const text = decodeHead(new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()));
    const saved = await savedCsvMapping(engine, bankAccountId).catch(() => null);
    const state: CsvState = { key: Date.now(), file, text, initial: saved?.mapping ?? null, saved: !!saved?.mapping, errors };
    setCsv(state);
    if (!saved?.mapping) setPhase({ step: 'mapping', file, allow });
    return state;
  };

  const read = async (file: File, allow: boolean, mapping?: CsvMapping) => {
    setPhase({ step: 'reading', file, allow });
    try {
      let current = csv && csv.file === file ? csv : null;
      if (!current && !mapping && isCsvName(file)) {
        current = await openCsv(file, allow);
        if (!current.saved) return;
      }
      const preview = (await uploadStatement(engine, bankAccountId, file, { preview: true, allowAccountMismatch: allow, csvMapping: mapping })) as ImportPreview;
      if (current) setCsv({ ...current, errors: {} });
      // A CSV under another name read with the saved mapping: show that mapping too, editable.
      else if (preview.format === 'CSV') await openCsv(file, allow);
      setPhase({ step: 'preview', file, allow, preview, mapping });
    } catch (err) {
      if (err instanceof HttpError && err.status === 409 && isRecord(err.body) && err.body.code === 'ACCOUNT_MISMATCH') {
        Modal.confirm({
          title: 'O arquivo é de outra conta',
          content: err.message,
          okText: 'Importar assim mesmo',
          cancelText: 'Cancelar',
          onOk: () => void read(file, true, mapping),
          onCancel: () => setPhase({ step: 'idle' }),
        });
        return;
      }
      // A CSV the mapping does not read (or an account without one): the errors go on the mapping's fields.
      const fieldErrors = mappingErrors(err);
      if (fieldErrors) {
        const current = csv && csv.file === file ? csv : null;
        if (current) setCsv({ ...current, errors: fieldErrors });
        else {
          // Without a mapping sent, `csvMapping` means "no mapping saved": the form's own text says it.
          const { ['']: _missing, ...fields } = fieldErrors;
          await openCsv(file, allow, mapping ? fieldErrors : fields);
        }
        setPhase({ step: 'mapping', file, allow });
        return;
      }
      setCsv(null);
      setPhase({ step: 'error', message: err instanceof Error ? err.message : 'Não foi possível ler o arquivo.' });
    }
  };

  const cancel = () => {
    setCsv(null);
    setPhase({ step: 'idle' });
  };

  const commit = async (applyRules: boolean) => {
    if (phase.step !== 'preview') return;
    setPhase({ step: 'importing', file: phase.file, allow: phase.allow });
    try {
      const result = (await uploadStatement(engine, bankAccountId, phase.file, { preview: false, allowAccountMismatch: phase.allow, applyRules, csvMapping: phase.mapping })) as ImportResult;
      engine.snackbars.push({ type: 'success', message: `Extrato importado: ${result.lines} lançamento(s) novo(s)${result.duplicates ? `, ${result.duplicates} já importado(s)` : ''}${result.settled ? `, ${result.settled} boleto(s) baixado(s)` : ''}${result.ruled ? `, ${result.ruled} conciliado(s) pelas regras` : ''}.` });
      setCsv(null);
      setPhase({ step: 'idle' });
      onImported(result);
    } catch (err) {
      setCsv(null);
      setPhase({ step: 'error', message: err instanceof Error ? err.message : 'A importação falhou; nada foi gravado.' });
    }
  };

  const busy = phase.step === 'reading' || phase.step === 'importing';
  const mappingShown = csv !== null && phase.step !== 'idle' && phase.step !== 'error';
  return (
    <Card title="Importar extrato do banco" size="small" style={{ marginBottom: 16 }}>
      {mappingShown && (
        <CsvMappingForm
          key={csv.key}
          text={csv.text}
          initial={csv.initial}
          saved={csv.saved}
          errors={csv.errors}
          busy={busy}
          onPreview={(mapping) => void read(csv.file, phase.allow, mapping)}
          onCancel={cancel}
        />
      )}
      {phase.step !== 'preview' && !mappingShown && (
        <Upload.Dragger
          accept=".ofx,.ret,.txt,.csv,.rem,.cnab,.xml"
          multiple={false}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            void read(file, false);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon"><InboxOutlined /></p>
          <p className="ant-upload-text">Arraste o arquivo do banco para cá ou clique para escolher</p>
          <p className="ant-upload-hint">OFX (1.x ou 2.x), CNAB 240 ou 400 de retorno, ou CSV (você diz qual coluna é cada campo; o mapeamento fica salvo na conta). Nada é gravado antes da sua confirmação.</p>
        </Upload.Dragger>
      )}
      {busy && (
        <div role="status" aria-live="polite" style={{ marginTop: 12 }}>
          <Typography.Text>{phase.step === 'reading' ? `Lendo ${phase.file.name}…` : `Importando ${phase.file.name}…`}</Typography.Text>
          <Progress percent={phase.step === 'reading' ? 50 : 90} status="active" aria-label="Progresso da importação" />
        </div>
      )}
      {phase.step === 'error' && (
        <Alert type="error" showIcon style={{ marginTop: 12 }} title="O arquivo não foi importado" description={phase.message} action={<Button size="small" onClick={() => setPhase({ step: 'idle' })}>Escolher outro</Button>} />
      )}
      {phase.step === 'preview' && <PreviewView preview={phase.preview} name={phase.file.name} onCommit={(applyRules) => void commit(applyRules)} onCancel={cancel} />}
    </Card>
  );
}

function PreviewView({ preview: p, name, onCommit, onCancel }: { preview: ImportPreview; name: string; onCommit: (applyRules: boolean) => void; onCancel: () => void }) {
  const nothing = p.lines === 0 && p.settled === 0;
  const hits = p.ruleHits?.count ?? 0;
  const [applyRules, setApplyRules] = useState(true);
  return (
    <div data-testid="import-preview">
      <Descriptions size="small" column={{ xs: 1, md: 3 }} title={`Prévia de ${name}`}>
        <Descriptions.Item label="Formato">{FORMAT[p.format] ?? p.format} ({p.charset})</Descriptions.Item>
        <Descriptions.Item label="Conta no arquivo">{p.fileAccount}{p.accountMismatch && <Tag color="orange" style={{ marginLeft: 8 }}>outra conta</Tag>}</Descriptions.Item>
        <Descriptions.Item label="Período">{p.period ? `${formatDate(p.period.from)} a ${formatDate(p.period.to)}` : '—'}</Descriptions.Item>
        <Descriptions.Item label="Lançamentos novos">{p.lines}</Descriptions.Item>
        <Descriptions.Item label="Já importados">{p.duplicates}</Descriptions.Item>
        <Descriptions.Item label="Saldo do banco">{p.balance ? `${formatBRL(p.balance.amount)} em ${formatDate(p.balance.date)}` : '—'}</Descriptions.Item>
        {(p.settled > 0 || p.alreadySettled > 0 || p.unmatched.length > 0) && <Descriptions.Item label="Boletos a baixar">{p.settled}{p.alreadySettled ? ` (${p.alreadySettled} já baixados)` : ''}</Descriptions.Item>}
      </Descriptions>
      {p.warnings.length > 0 && <Alert type="info" showIcon style={{ margin: '8px 0' }} title="Avisos da leitura" description={<ul style={{ margin: 0, paddingLeft: 18 }}>{p.warnings.map((w) => <li key={w}>{w}</li>)}</ul>} />}
      {p.unmatched.length > 0 && <Alert type="warning" showIcon style={{ margin: '8px 0' }} title="Títulos sem parcela (não serão baixados)" description={<ul style={{ margin: 0, paddingLeft: 18 }}>{p.unmatched.map((w) => <li key={w}>{w}</li>)}</ul>} />}
      {p.items.length > 0 && (
        <ScrollTable
          label="Prévia do arquivo"
          size="small"
          rowKey="seq"
          pagination={false}
          scroll={{ y: 240 }}
          dataSource={p.items}
          columns={[
            { title: 'Data', dataIndex: 'date', width: 110, render: (d: string) => formatDate(d) },
            { title: 'Histórico', dataIndex: 'memo', ellipsis: true },
            { title: 'Documento', dataIndex: 'document', width: 140, render: (d: string | null) => d ?? '—' },
            { title: 'Valor', dataIndex: 'amount', width: 140, align: 'right', render: (v: number) => formatBRL(v) },
            { title: 'Situação', dataIndex: 'duplicate', width: 130, render: (d: boolean) => (d ? <Tag>já importado</Tag> : <Tag color="blue">novo</Tag>) },
            ...(hits ? [{ title: 'Regra', dataIndex: 'rule', width: 260, render: (r: RuleHit | null | undefined) => (r ? <span><Tag color="purple">{r.rule}</Tag>{r.category ?? ''}</span> : '—') }] : []),
          ]}
        />
      )}
      {hits > 0 && (
        <div data-testid="import-rules" style={{ marginTop: 12 }}>
          <Checkbox checked={applyRules} onChange={(e) => setApplyRules(e.target.checked)}>Aplicar regras às linhas novas</Checkbox>
          <Typography.Text type="secondary">
            {hits} lançamento(s) novo(s), {formatBRL(p.ruleHits!.total)}, vira(m) movimentação lançada no razão e fica(m) conciliado(s).
          </Typography.Text>
        </div>
      )}
      <Space style={{ marginTop: 12 }}>
        <Button type="primary" onClick={() => onCommit(hits > 0 && applyRules)} disabled={nothing}>
          {nothing ? 'Nada de novo neste arquivo' : `Importar ${p.lines} lançamento(s)${p.settled ? ` e baixar ${p.settled} boleto(s)` : ''}`}
        </Button>
        <Button onClick={onCancel}>Cancelar</Button>
      </Space>
    </div>
  );
}
