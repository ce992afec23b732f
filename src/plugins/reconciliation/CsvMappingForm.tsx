import { Alert, Button, Col, Form, InputNumber, Radio, Row, Select, Space, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { detectDelimiter, guessMapping, sampleOf, type ColumnRef, type CsvDateFormat, type CsvDelimiter, type CsvMapping } from './csvSample.ts';

/**
 * The column mapping of a CSV statement (docs/reconciliation.md): the first lines of the file as a small table and,
 * per field, the file's columns (by header name; by number without a header). "Pré-visualizar" hands the mapping to
 * the import panel, which sends the file again with it; the import saves it for the account.
 */

const DELIMITER_OPTIONS: { value: CsvDelimiter; label: string }[] = [
  { value: ';', label: 'Ponto e vírgula (;)' },
  { value: ',', label: 'Vírgula (,)' },
  { value: '\t', label: 'Tabulação' },
  { value: '|', label: 'Barra vertical (|)' },
];
const DATE_OPTIONS: { value: CsvDateFormat; label: string }[] = [
  { value: 'DD/MM/AAAA', label: 'DD/MM/AAAA (05/03/2026)' },
  { value: 'AAAA-MM-DD', label: 'AAAA-MM-DD (2026-03-05)' },
  { value: 'DD-MM-AAAA', label: 'DD-MM-AAAA (05-03-2026)' },
];

type ColumnField = 'date' | 'memo' | 'amount' | 'credit' | 'debit' | 'document' | 'fitid';
const COLUMN_FIELDS: ColumnField[] = ['date', 'memo', 'amount', 'credit', 'debit', 'document', 'fitid'];

/** Field → message (`''`: the mapping as a whole). */
export type MappingErrors = Partial<Record<keyof CsvMapping | '', string>>;

export function CsvMappingForm({ text, initial, saved, errors, busy, onPreview, onCancel }: {
  text: string;
  initial: Partial<CsvMapping> | null;
  saved: boolean;
  errors: MappingErrors;
  busy: boolean;
  onPreview: (mapping: CsvMapping) => void;
  onCancel: () => void;
}) {
  const [m, setM] = useState<Partial<CsvMapping>>(() => {
    const delimiter = initial?.delimiter ?? detectDelimiter(text);
    const headerRows = initial?.headerRows ?? 1;
    return initial ? { ...initial, delimiter, headerRows, dateFormat: initial.dateFormat ?? 'DD/MM/AAAA' } : guessMapping(sampleOf(text, delimiter, headerRows), delimiter, headerRows);
  });
  const [mode, setMode] = useState<'amount' | 'creditDebit'>(() => (m.amount === undefined && (m.credit !== undefined || m.debit !== undefined) ? 'creditDebit' : 'amount'));
  const [local, setLocal] = useState<MappingErrors>({});
  // A server error goes away from its field once the person changes that field (until the next preview).
  const [dismissed, setDismissed] = useState<{ of: MappingErrors; fields: string[] }>({ of: errors, fields: [] });
  const dismiss = (...fields: string[]) => setDismissed((d) => ({ of: errors, fields: d.of === errors ? [...d.fields, ...fields] : fields }));
  const delimiter = m.delimiter ?? ';';
  const headerRows = m.headerRows ?? 1;
  const sample = useMemo(() => sampleOf(text, delimiter, headerRows), [text, delimiter, headerRows]);
  const options = sample.columns.map((c) => ({ value: c.value, label: c.label }));
  // A saved or earlier choice that the file does not have stays visible as such (the server will say so too).
  const optionsFor = (v: ColumnRef | undefined) => (v === undefined || options.some((o) => o.value === v) ? options : [...options, { value: v, label: `${typeof v === 'number' ? `Coluna ${v}` : v} (não está no arquivo)` }]);

  /** The delimiter or the lines before the data changed: columns no longer in the file are guessed again. */
  const reshape = (patch: Partial<CsvMapping>) => {
    const next = { ...m, ...patch };
    const s = sampleOf(text, next.delimiter ?? ';', next.headerRows ?? 1);
    const guess = guessMapping(s, next.delimiter ?? ';', next.headerRows ?? 1);
    for (const f of COLUMN_FIELDS) {
      if (next[f] !== undefined && !s.columns.some((c) => c.value === next[f])) next[f] = guess[f];
    }
    setM(next);
    dismiss(...COLUMN_FIELDS, 'delimiter', 'headerRows', '');
  };
  const set = (field: ColumnField, v: ColumnRef | undefined) => {
    setM((cur) => ({ ...cur, [field]: v }));
    setLocal((cur) => ({ ...cur, [field]: undefined }));
    dismiss(field);
  };

  const submit = () => {
    const miss: MappingErrors = {};
    if (m.date === undefined) miss.date = 'Escolha a coluna da data.';
    if (m.memo === undefined) miss.memo = 'Escolha a coluna do histórico.';
    if (mode === 'amount' && m.amount === undefined) miss.amount = 'Escolha a coluna do valor.';
    if (mode === 'creditDebit' && m.credit === undefined) miss.credit = 'Escolha a coluna dos créditos.';
    if (mode === 'creditDebit' && m.debit === undefined) miss.debit = 'Escolha a coluna dos débitos.';
    setLocal(miss);
    if (Object.keys(miss).length) return;
    const out: CsvMapping = { delimiter, headerRows, dateFormat: m.dateFormat ?? 'DD/MM/AAAA', date: m.date!, memo: m.memo! };
    if (mode === 'amount') out.amount = m.amount;
    else {
      out.credit = m.credit;
      out.debit = m.debit;
    }
    if (m.document !== undefined) out.document = m.document;
    if (m.fitid !== undefined) out.fitid = m.fitid;
    onPreview(out);
  };

  const errorOf = (f: keyof CsvMapping) => local[f] ?? (dismissed.of === errors && dismissed.fields.includes(f) ? undefined : errors[f]);
  const item = (f: keyof CsvMapping, label: string, control: (id: string, describedBy: string | undefined) => ReactNode, extra?: string) => {
    const id = `csv-map-${f}`;
    const error = errorOf(f);
    return (
      <Form.Item
        label={label}
        htmlFor={id}
        validateStatus={error ? 'error' : undefined}
        help={error ? <span id={`${id}-error`} data-testid={`csv-error-${f}`}>{error}</span> : undefined}
        extra={extra}
        style={{ marginBottom: 12 }}
      >
        {control(id, error ? `${id}-error` : undefined)}
      </Form.Item>
    );
  };
  const column = (f: ColumnField, label: string, optional = false) =>
    item(f, label, (id, describedBy) => (
      <Select<ColumnRef>
        id={id}
        aria-describedby={describedBy}
        aria-invalid={describedBy ? true : undefined}
        value={m[f]}
        onChange={(v) => set(f, v ?? undefined)}
        options={optionsFor(m[f])}
        allowClear={optional}
        placeholder={optional ? 'Nenhuma' : 'Escolha a coluna'}
        disabled={busy}
        showSearch={{ optionFilterProp: 'label' }}
      />
    ));

  const general = errors[''];
  return (
    <section aria-labelledby="csv-map-title" data-testid="csv-mapping" style={{ marginBottom: 16 }}>
      <Typography.Title level={5} id="csv-map-title" style={{ marginTop: 0 }}>{saved ? 'Mapeamento salvo desta conta' : 'Mapeamento das colunas do CSV'}</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {saved
          ? 'A prévia usa o mapeamento salvo. Altere uma coluna e clique em Pré-visualizar para ler o arquivo de novo; ao importar, o mapeamento alterado fica salvo.'
          : 'Esta conta ainda não tem mapeamento de CSV: diga em que coluna está cada campo. Ao importar, o mapeamento fica salvo para os próximos arquivos desta conta.'}
      </Typography.Paragraph>
      {general && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={general} />}
      <SampleTable header={sample.header} rows={sample.rows} width={sample.columns.length} />
      <Form layout="vertical" component="div" disabled={busy}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            {item('delimiter', 'Separador', (id, describedBy) => (
              <Select<CsvDelimiter> id={id} aria-describedby={describedBy} value={delimiter} options={DELIMITER_OPTIONS} onChange={(v) => reshape({ delimiter: v })} />
            ), 'Detectado nas primeiras linhas.')}
          </Col>
          <Col xs={24} md={8}>
            {item('headerRows', 'Linhas antes dos dados', (id, describedBy) => (
              <InputNumber id={id} aria-describedby={describedBy} min={0} max={20} precision={0} value={headerRows} onChange={(v) => reshape({ headerRows: typeof v === 'number' ? v : 0 })} style={{ width: '100%' }} />
            ), 'A última é o cabeçalho; 0 = sem cabeçalho (colunas pelo número).')}
          </Col>
          <Col xs={24} md={8}>
            {item('dateFormat', 'Formato da data', (id, describedBy) => (
              <Select<CsvDateFormat> id={id} aria-describedby={describedBy} aria-invalid={describedBy ? true : undefined} value={m.dateFormat ?? 'DD/MM/AAAA'} options={DATE_OPTIONS} onChange={(v) => { setM((cur) => ({ ...cur, dateFormat: v })); dismiss('dateFormat'); }} />
            ))}
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={8}>{column('date', 'Data')}</Col>
          <Col xs={24} md={16}>{column('memo', 'Histórico')}</Col>
        </Row>
        <Form.Item label="Valores" style={{ marginBottom: 8 }}>
          <Radio.Group
            aria-label="Valores"
            value={mode}
            onChange={(e) => setMode(e.target.value as 'amount' | 'creditDebit')}
            options={[
              { value: 'amount', label: 'Uma coluna de valor (débitos negativos)' },
              { value: 'creditDebit', label: 'Colunas de crédito e de débito' },
            ]}
          />
        </Form.Item>
        <Row gutter={16}>
          {mode === 'amount' ? (
            <Col xs={24} md={8}>{column('amount', 'Valor')}</Col>
          ) : (
            <>
              <Col xs={24} md={8}>{column('credit', 'Crédito')}</Col>
              <Col xs={24} md={8}>{column('debit', 'Débito')}</Col>
            </>
          )}
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={8}>{column('document', 'Documento (opcional)', true)}</Col>
          <Col xs={24} md={8}>{column('fitid', 'Identificador único (opcional)', true)}</Col>
        </Row>
        <Space>
          <Button type="primary" onClick={submit} loading={busy}>Pré-visualizar</Button>
          <Button onClick={onCancel} disabled={false}>Cancelar</Button>
        </Space>
      </Form>
    </section>
  );
}

function SampleTable({ header, rows, width }: { header: string[]; rows: string[][]; width: number }) {
  const cols = Array.from({ length: width }, (_, i) => i);
  const cell = { border: '1px solid #f0f0f0', padding: '4px 8px', whiteSpace: 'nowrap' as const, maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis' };
  return (
    <div style={{ overflowX: 'auto', marginBottom: 12 }} tabIndex={0} role="region" aria-label="Primeiras linhas do arquivo">
      <table data-testid="csv-sample" style={{ borderCollapse: 'collapse', fontSize: 12 }}>
        <caption style={{ textAlign: 'left', captionSide: 'top', padding: '0 0 4px', color: 'rgba(0,0,0,0.65)' }}>Primeiras linhas do arquivo</caption>
        <thead>
          <tr>
            {cols.map((i) => (
              <th key={i} scope="col" style={{ ...cell, background: '#fafafa', textAlign: 'left' }}>
                {header.length ? header[i] || `Coluna ${i + 1}` : `Coluna ${i + 1}`}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, ri) => (
            <tr key={ri}>
              {cols.map((i) => <td key={i} style={cell} title={r[i] ?? ''}>{r[i] ?? ''}</td>)}
            </tr>
          ))}
          {!rows.length && (
            <tr><td colSpan={Math.max(1, width)} style={cell}>Nenhuma linha de dados com este separador e estas linhas de cabeçalho.</td></tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
