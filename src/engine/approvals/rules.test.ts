import { describe, expect, it } from 'vitest';
import {
  authorizeDecision, chooseQueue, eligibleApprovers, pendingApprovers, stageHasDecider, stageOutcome, stageProgress, triggerMatches,
  type CandidateTrigger, type RecordFacts, type StageDecision, type StageState,
} from './rules.ts';

const trigger = (over: Partial<CandidateTrigger> = {}): CandidateTrigger => ({
  triggerId: 't1',
  triggerName: 'Gatilho',
  approvalId: 'q1',
  approvalName: 'Fila',
  priority: 100,
  minAmount: null,
  maxAmount: null,
  costCenterId: null,
  departmentId: null,
  categoryId: null,
  ...over,
});
const facts = (over: Partial<RecordFacts> = {}): RecordFacts => ({ amount: 500_000, costCenterId: 'cc1', departmentId: 'd1', categoryIds: ['k-child', 'k-parent'], ...over });

describe('trigger matching', () => {
  it('treats both amount bounds as inclusive and empty bounds as open', () => {
    const t = trigger({ minAmount: 500_000, maxAmount: 1_000_000 });
    expect(triggerMatches(t, facts({ amount: 499_999 }))).toBe(false);
    expect(triggerMatches(t, facts({ amount: 500_000 }))).toBe(true);
    expect(triggerMatches(t, facts({ amount: 1_000_000 }))).toBe(true);
    expect(triggerMatches(t, facts({ amount: 1_000_001 }))).toBe(false);
    expect(triggerMatches(trigger({ minAmount: 1 }), facts({ amount: 99_999_999_999 }))).toBe(true);
    expect(triggerMatches(trigger({ maxAmount: 100 }), facts({ amount: 0 }))).toBe(true);
  });

  it('needs an amount only when the trigger has a bound', () => {
    expect(triggerMatches(trigger({ minAmount: 0 }), facts({ amount: null }))).toBe(false);
    expect(triggerMatches(trigger(), facts({ amount: null }))).toBe(true);
  });

  it('matches cost center and department by equality, category also by an ancestor', () => {
    expect(triggerMatches(trigger({ costCenterId: 'cc1' }), facts())).toBe(true);
    expect(triggerMatches(trigger({ costCenterId: 'cc2' }), facts())).toBe(false);
    expect(triggerMatches(trigger({ costCenterId: 'cc1' }), facts({ costCenterId: null }))).toBe(false);
    expect(triggerMatches(trigger({ departmentId: 'd2' }), facts())).toBe(false);
    expect(triggerMatches(trigger({ categoryId: 'k-parent' }), facts())).toBe(true);
    expect(triggerMatches(trigger({ categoryId: 'k-other' }), facts())).toBe(false);
  });

  it('picks the lowest priority, then the queue name, then the id — whatever the row order', () => {
    const a = trigger({ approvalId: 'qa', approvalName: 'Bravo', priority: 20, triggerId: 'ta' });
    const b = trigger({ approvalId: 'qb', approvalName: 'Alfa', priority: 20, triggerId: 'tb' });
    const c = trigger({ approvalId: 'qc', approvalName: 'Zulu', priority: 10, triggerId: 'tc', minAmount: 900_000 });
    expect(chooseQueue([a, b, c], facts())?.approvalId).toBe('qb');
    expect(chooseQueue([c, b, a], facts({ amount: 900_000 }))?.approvalId).toBe('qc');
    const twin = trigger({ approvalId: 'qa2', approvalName: 'Bravo', priority: 20, triggerId: 'tz' });
    expect(chooseQueue([twin, a], facts())?.approvalId).toBe('qa');
    expect(chooseQueue([a, b], facts({ amount: null, costCenterId: 'x' }))?.approvalId).toBe('qb');
    expect(chooseQueue([c], facts())).toBeUndefined();
  });
});

const stage = (over: Partial<StageState> = {}): StageState => ({ rule: 'ANY', approverIds: ['ana', 'bia'], substitute: null, ...over });
const d = (approverId: string, decision: StageDecision['decision'] = 'APROVAR', actingForId: string | null = null): StageDecision => ({ approverId, decision, actingForId });
const base = { decisions: [] as StageDecision[], requesterIds: ['req'], allowSelfApproval: false, today: '2026-07-10' };

describe('who may decide', () => {
  it('lets an approver of the stage decide for themself', () => {
    expect(authorizeDecision({ ...base, stage: stage(), userId: 'ana' })).toEqual({ ok: true, actingForId: null });
  });

  it('refuses someone who is not an approver', () => {
    expect(authorizeDecision({ ...base, stage: stage(), userId: 'zeca' })).toMatchObject({ ok: false, status: 403, code: 'NOT_APPROVER' });
  });

  it('refuses the requester even when they are an approver, unless the queue allows self-approval', () => {
    const s = stage({ approverIds: ['req', 'ana'] });
    expect(authorizeDecision({ ...base, stage: s, userId: 'req' })).toMatchObject({ ok: false, status: 403, code: 'SELF_APPROVAL' });
    expect(authorizeDecision({ ...base, stage: s, userId: 'req', allowSelfApproval: true })).toEqual({ ok: true, actingForId: null });
    expect(eligibleApprovers(s, ['req'], false)).toEqual(['ana']);
    // Whoever registered the record on the requester's behalf is out too.
    expect(authorizeDecision({ ...base, stage: s, userId: 'ana', requesterIds: ['req', 'ana'] })).toMatchObject({ code: 'SELF_APPROVAL' });
    expect(eligibleApprovers(s, ['req', 'ana'], false)).toEqual([]);
  });

  it('refuses a second decision by the same person, and an approver a substitute already stood in for', () => {
    expect(authorizeDecision({ ...base, stage: stage({ rule: 'ALL' }), userId: 'ana', decisions: [d('ana')] })).toMatchObject({ status: 409, code: 'ALREADY_DECIDED' });
    const s = stage({ rule: 'ALL', substitute: { userId: 'sub', from: '2026-07-01', until: '2026-07-31' } });
    expect(authorizeDecision({ ...base, stage: s, userId: 'ana', decisions: [d('sub', 'APROVAR', 'ana')] })).toMatchObject({ status: 409, message: 'O substituto já decidiu por você nesta etapa.' });
    expect(authorizeDecision({ ...base, stage: s, userId: 'sub', decisions: [d('sub', 'APROVAR', 'ana')] })).toMatchObject({ status: 409 });
  });

  it('lets the substitute decide only inside the period (both ends inclusive), for the first approver still to decide', () => {
    const s = stage({ rule: 'ALL', substitute: { userId: 'sub', from: '2026-07-01', until: '2026-07-15' } });
    expect(authorizeDecision({ ...base, stage: s, userId: 'sub', today: '2026-07-01' })).toEqual({ ok: true, actingForId: 'ana' });
    expect(authorizeDecision({ ...base, stage: s, userId: 'sub', today: '2026-07-15', decisions: [d('ana')] })).toEqual({ ok: true, actingForId: 'bia' });
    expect(authorizeDecision({ ...base, stage: s, userId: 'sub', today: '2026-07-16' })).toEqual({
      ok: false,
      status: 403,
      code: 'SUBSTITUTE_OUT_OF_PERIOD',
      message: 'A sua substituição nesta etapa vale de 01/07/2026 a 15/07/2026.',
    });
    expect(authorizeDecision({ ...base, stage: s, userId: 'sub', today: '2026-06-30' })).toMatchObject({ ok: false, code: 'SUBSTITUTE_OUT_OF_PERIOD' });
  });

  it('lets the substitute name whom they stand in for, among those still to decide', () => {
    const s = stage({ rule: 'ALL', substitute: { userId: 'sub', from: '2026-07-01', until: '2026-07-15' } });
    expect(authorizeDecision({ ...base, stage: s, userId: 'sub', actingForId: 'bia' })).toEqual({ ok: true, actingForId: 'bia' });
    expect(authorizeDecision({ ...base, stage: s, userId: 'sub', actingForId: 'bia', decisions: [d('bia')] })).toMatchObject({ status: 400, field: 'actingForId' });
    expect(authorizeDecision({ ...base, stage: s, userId: 'sub', actingForId: 'zeca' })).toMatchObject({ status: 400 });
  });

  it('never lets a substitute who is the requester decide', () => {
    const s = stage({ substitute: { userId: 'req', from: '2026-07-01', until: '2026-07-15' } });
    expect(authorizeDecision({ ...base, stage: s, userId: 'req' })).toMatchObject({ code: 'SELF_APPROVAL' });
  });
});

describe('stage outcome', () => {
  it('ANY completes on the first approval; any rejection rejects', () => {
    expect(stageOutcome('ANY', ['ana', 'bia'], [])).toBe('PENDENTE');
    expect(stageOutcome('ANY', ['ana', 'bia'], [d('bia')])).toBe('APROVADA');
    expect(stageOutcome('ALL', ['ana', 'bia'], [d('ana'), d('bia', 'REJEITAR')])).toBe('REJEITADA');
  });

  it('ALL needs every eligible approver, counting a substitute for the one they stood in for', () => {
    expect(stageOutcome('ALL', ['ana', 'bia'], [d('ana')])).toBe('PENDENTE');
    expect(stageOutcome('ALL', ['ana', 'bia'], [d('ana'), d('sub', 'APROVAR', 'bia')])).toBe('APROVADA');
    // An approval by someone who left the groups no longer counts toward the others.
    expect(stageOutcome('ALL', ['bia'], [d('ana')])).toBe('PENDENTE');
    expect(stageProgress(['ana', 'bia', 'caio'], [d('ana'), d('sub', 'APROVAR', 'caio')])).toEqual({ approved: 2, required: 3 });
  });

  it('with no eligible approver left, the substitute’s approval completes an ALL stage', () => {
    expect(stageOutcome('ALL', [], [d('sub')])).toBe('APROVADA');
    expect(stageProgress([], [])).toEqual({ approved: 0, required: 1 });
  });

  it('flags a stage nobody can decide (the only approver is the requester, no substitute in the period)', () => {
    const s = stage({ approverIds: ['req'], substitute: { userId: 'sub', from: '2026-07-01', until: '2026-07-05' } });
    expect(stageHasDecider(s, [], ['req'], false, '2026-07-10')).toBe(false);
    expect(stageHasDecider(s, [], ['req'], false, '2026-07-03')).toBe(true);
    expect(stageHasDecider(s, [], ['req'], true, '2026-07-10')).toBe(true);
    expect(pendingApprovers(['ana', 'bia'], [d('sub', 'APROVAR', 'bia')])).toEqual(['ana']);
  });
});
