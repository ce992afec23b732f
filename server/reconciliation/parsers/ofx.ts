import { digits, fail, findTaxId, isoDate, parseDecimalAmount } from './numbers.ts';
import type { FileAccount, ParsedLine, ParsedStatement } from './types.ts';

/**
 * OFX 1.x (SGML: leaf elements without closing tags, some banks closing some of them) and OFX 2.x (XML), one
 * tokenizer for both (decision D46). Aggregates (the OFX spec's known list) must be closed; any other element is
 * a leaf whose value runs to the next tag, and an optional `</TAG>` right after it is accepted. A leaf-looking
 * element without a value whose closing tag comes later (a bank's extension aggregate) is closed with it.
 */

interface Node {
  name: string;
  text: string;
  children: Node[];
  /** Known aggregate (must be closed) or an unknown empty element that may turn out to be one. */
  aggregate: 'known' | 'tentative' | null;
}

const AGGREGATES = new Set([
  'OFX', 'SIGNONMSGSRSV1', 'SONRS', 'STATUS', 'FI', 'BANKMSGSRSV1', 'STMTTRNRS', 'STMTRS', 'BANKACCTFROM', 'BANKACCTTO',
  'BANKTRANLIST', 'STMTTRN', 'LEDGERBAL', 'AVAILBAL', 'BALLIST', 'BAL', 'CREDITCARDMSGSRSV1', 'CCSTMTTRNRS', 'CCSTMTRS',
  'CCACCTFROM', 'CCACCTTO', 'PAYEE', 'CURRENCY', 'ORIGCURRENCY', 'SIGNUPMSGSRSV1', 'INVSTMTMSGSRSV1', 'MKTGINFO',
]);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const unescape = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ENTITIES[e.toLowerCase()] ?? all;
  });

export function parseOfxTree(text: string): Node {
  const start = text.search(/<OFX>/i);
  if (start < 0) fail('Arquivo OFX sem o elemento <OFX>.', { element: 'OFX' });
  const body = text.slice(start).replace(/<!--[\s\S]*?-->/g, '').replace(/<\?[\s\S]*?\?>/g, '');
  const root: Node = { name: '#root', text: '', children: [], aggregate: 'known' };
  const stack: Node[] = [root];
  let lastLeaf: Node | null = null;
  const tag = /<(\/?)([A-Za-z0-9._]+)\s*(\/?)>([^<]*)/g;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = tag.exec(body))) {
    if (body.slice(consumed, m.index).trim()) fail(`Texto fora de um elemento OFX perto de <${m[2].toUpperCase()}>.`, { element: m[2].toUpperCase() });
    consumed = tag.lastIndex;
    const [, closing, rawName, selfClosing, after] = m;
    const name = rawName.toUpperCase();
    const value = unescape(after).trim();
    if (closing) {
      if (lastLeaf && lastLeaf.name === name && lastLeaf.aggregate === null) {
        lastLeaf = null;
        if (value) fail(`Texto depois de </${name}>.`, { element: name });
        continue;
      }
      let i = stack.length - 1;
      while (i > 0 && stack[i].name !== name) i--;
      if (i === 0) fail(`O elemento </${name}> fecha algo que não foi aberto.`, { element: name });
      for (let j = stack.length - 1; j > i; j--) {
        if (stack[j].aggregate === 'known') fail(`O elemento <${stack[j].name}> não foi fechado antes de </${name}>.`, { element: stack[j].name });
      }
      stack.length = i;
      lastLeaf = null;
      if (value) fail(`Texto depois de </${name}>.`, { element: name });
      continue;
    }
    const parent = stack[stack.length - 1];
    const node: Node = { name, text: '', children: [], aggregate: null };
    parent.children.push(node);
    if (selfClosing) {
      lastLeaf = null;
      continue;
    }
    if (AGGREGATES.has(name)) {
      if (value) fail(`O elemento <${name}> não pode ter valor ("${value.slice(0, 20)}").`, { element: name });
      node.aggregate = 'known';
      stack.push(node);
      lastLeaf = null;
    } else if (value) {
      node.text = value;
      lastLeaf = node;
    } else {
      // Empty leaf (`<FITID>` then the next tag) or an unknown aggregate: children that follow are kept under it
      // only until a closing tag decides; tentative elements are closed silently by their parent's end.
      node.aggregate = 'tentative';
      stack.push(node);
      lastLeaf = node;
    }
  }
  if (body.slice(consumed).trim()) fail('Texto depois do fim do OFX.', { element: 'OFX' });
  for (let j = stack.length - 1; j > 0; j--) {
    if (stack[j].aggregate === 'known') fail(`O arquivo termina sem fechar o elemento <${stack[j].name}> (arquivo incompleto?).`, { element: stack[j].name });
  }
  return root;
}

/** Children of `node` by name, looking through tentative (empty, unclosed) elements that swallowed their siblings. */
function kids(node: Node): Node[] {
  const out: Node[] = [];
  for (const c of node.children) {
    out.push(c);
    if (c.aggregate === 'tentative') out.push(...kids(c));
  }
  return out;
}
const child = (node: Node, name: string) => kids(node).find((c) => c.name === name);
const all = (node: Node, name: string): Node[] => {
  const out: Node[] = [];
  const walk = (n: Node) => {
    for (const c of n.children) {
      if (c.name === name) out.push(c);
      walk(c);
    }
  };
  walk(node);
  return out;
};
const leaf = (node: Node, name: string) => child(node, name)?.text ?? '';

/** `YYYYMMDD[HHMMSS[.XXX]][±TZ:NAME]` → `AAAA-MM-DD` (the local date as written; no UTC shift). */
export function ofxDate(raw: string, element: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(raw.trim());
  const iso = m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
  if (!iso) fail(`<${element}> não é uma data OFX válida ("${raw.slice(0, 30)}").`, { element });
  return iso;
}

function amountOf(raw: string, element: string): number {
  const cents = parseDecimalAmount(raw);
  if (cents === null) fail(`<${element}> não é um valor ("${raw.slice(0, 30)}").`, { element });
  return cents;
}

export function parseOfx(text: string, charset: string): ParsedStatement {
  const head = text.slice(0, Math.max(0, text.search(/<OFX>/i)));
  const xml = /<\?OFX|<\?xml/i.test(head) || /OFXHEADER\s*=\s*"2/i.test(head);
  const tree = parseOfxTree(text);
  const ofx = child(tree, 'OFX')!;
  const statements = [...all(ofx, 'STMTRS'), ...all(ofx, 'CCSTMTRS')];
  if (!statements.length) fail('O OFX não tem extrato (<STMTRS> ou <CCSTMTRS>).', { element: 'STMTRS' });
  const warnings: string[] = [];
  let account: FileAccount | null = null;
  const lines: ParsedLine[] = [];
  let from = '';
  let to = '';
  let balance: ParsedStatement['balance'] = null;
  for (const st of statements) {
    const acct = child(st, 'BANKACCTFROM') ?? child(st, 'CCACCTFROM');
    const here: FileAccount | null = acct
      ? { bankCode: digits(leaf(acct, 'BANKID')) || null, agency: digits(leaf(acct, 'BRANCHID')) || null, account: leaf(acct, 'ACCTID').replace(/[^0-9Xx]/g, '').toUpperCase() || null }
      : null;
    if (account && here && (account.account !== here.account || account.bankCode !== here.bankCode)) {
      fail(`O OFX traz extratos de mais de uma conta (${account.account} e ${here.account}): importe um por vez.`, { element: 'BANKACCTFROM' });
    }
    account ??= here;
    const list = child(st, 'BANKTRANLIST');
    if (list) {
      const s = leaf(list, 'DTSTART');
      const e = leaf(list, 'DTEND');
      if (s) from = !from || ofxDate(s, 'DTSTART') < from ? ofxDate(s, 'DTSTART') : from;
      if (e) to = !to || ofxDate(e, 'DTEND') > to ? ofxDate(e, 'DTEND') : to;
      for (const trn of kids(list).filter((c) => c.name === 'STMTTRN')) {
        const n = lines.length + 1;
        const need = (name: string) => {
          const v = leaf(trn, name);
          if (!v) fail(`Lançamento ${n} do OFX (<STMTTRN>): falta <${name}>.`, { element: name });
          return v;
        };
        const memo = [leaf(trn, 'NAME'), leaf(trn, 'MEMO')].filter(Boolean);
        const memoText = memo.length === 2 && memo[1].startsWith(memo[0]) ? memo[1] : memo.join(' — ');
        lines.push({
          seq: n,
          date: ofxDate(need('DTPOSTED'), 'DTPOSTED'),
          amount: amountOf(need('TRNAMT'), 'TRNAMT'),
          memo: memoText,
          document: leaf(trn, 'CHECKNUM') || leaf(trn, 'REFNUM') || null,
          fitid: leaf(trn, 'FITID') || null,
          kind: leaf(trn, 'TRNTYPE') || null,
          counterpart: findTaxId(memoText),
        });
      }
    }
    const bal = child(st, 'LEDGERBAL');
    if (bal && leaf(bal, 'BALAMT')) {
      balance = { amount: amountOf(leaf(bal, 'BALAMT'), 'BALAMT'), date: ofxDate(leaf(bal, 'DTASOF') || leaf(list ?? st, 'DTEND'), 'DTASOF') };
    }
  }
  if (lines.some((l) => l.amount === 0)) warnings.push('Lançamentos de valor zero foram ignorados.');
  const kept = lines.filter((l) => l.amount !== 0);
  if (!from && kept.length) from = kept.reduce((a, l) => (l.date < a ? l.date : a), kept[0].date);
  if (!to && kept.length) to = kept.reduce((a, l) => (l.date > a ? l.date : a), kept[0].date);
  return {
    format: xml ? 'OFX2' : 'OFX1',
    account,
    period: from && to ? { from, to } : null,
    balance,
    lines: kept,
    settlements: [],
    warnings,
    charset,
  };
}
