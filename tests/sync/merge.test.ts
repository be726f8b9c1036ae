// Merging concurrent edits: one-sided changes survive, text merges character-wise, results are deterministic.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeDocuments, type MergeRules } from '../../workers/sync/merge.ts';
import { mergeText, textDelta } from '../../workers/sync/text-merge.ts';

const rules: MergeRules = {
  textFields: ['descricao', 'observacoes'],
  trueWinsFields: ['_deleted', 'lido'],
  serverFields: ['_modified', 'estoque'],
  editOrder: (doc) => (typeof doc.updated_hlc === 'string' ? doc.updated_hlc : ''),
};

describe('mergeText', () => {
  it('keeps both edits made in different places of the text', () => {
    const base = 'Cliente paga no dia 10. Mora na rua B.';
    const ours = 'Cliente paga no dia 15. Mora na rua B.';
    const theirs = 'Cliente paga no dia 10. Mora na rua C, casa 2.';
    expect(mergeText(base, ours, theirs)).toBe('Cliente paga no dia 15. Mora na rua C, casa 2.');
  });

  it('handles accents and emoji as whole characters', () => {
    expect(textDelta('pão 🍞 doce', 'pão 🥖 doce')).toEqual({ index: 4, deleteCount: 2, insert: '🥖' });
    expect(mergeText('açúcar', 'açúcar refinado', 'o açúcar')).toBe('o açúcar refinado');
  });

  it('does not depend on which side is passed first, and keeps every inserted character', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (base, ours, theirs) => {
        const merged = mergeText(base, ours, theirs);
        expect(mergeText(base, theirs, ours)).toBe(merged);
        if (ours === base) expect(merged).toBe(theirs);
        if (theirs === base) expect(merged).toBe(ours);
      }),
    );
  });

  it('applies a one-sided delta exactly', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (from, to) => {
        const delta = textDelta(from, to);
        expect(from.slice(0, delta.index) + delta.insert + from.slice(delta.index + delta.deleteCount)).toBe(to);
      }),
    );
  });
});

describe('mergeDocuments', () => {
  const base = {
    id: 'p1',
    nome: 'Arroz',
    preco: 10,
    descricao: 'Tipo 1',
    _deleted: false,
    updated_hlc: 'a',
    estoque: 5,
    _modified: 't1',
  };

  it('keeps a field changed on one side only, from that side', () => {
    const server = { ...base, preco: 12, updated_hlc: 'b', _modified: 't2' };
    const local = { ...base, nome: 'Arroz Branco', updated_hlc: 'c' };
    expect(mergeDocuments({ base, server, local }, rules)).toMatchObject({ nome: 'Arroz Branco', preco: 12, _modified: 't2' });
  });

  it('gives a field changed on both sides to the later edit', () => {
    const server = { ...base, preco: 12, updated_hlc: 'b' };
    const local = { ...base, preco: 11, updated_hlc: 'c' };
    expect(mergeDocuments({ base, server, local }, rules).preco).toBe(11);
    expect(mergeDocuments({ base, server: local, local: server }, rules).preco).toBe(11);
  });

  it('lets a deletion win over an edit, and lido=true win over false', () => {
    const server = { ...base, _deleted: true, updated_hlc: 'b' };
    const local = { ...base, preco: 99, updated_hlc: 'z' };
    expect(mergeDocuments({ base, server, local }, rules)._deleted).toBe(true);
    const note = { id: 'n1', lido: false, updated_hlc: 'a' };
    expect(
      mergeDocuments({ base: note, server: { ...note, lido: true }, local: { ...note, updated_hlc: 'b' } }, rules).lido,
    ).toBe(true);
  });

  it('never takes server-owned fields from the device', () => {
    const server = { ...base, estoque: 3 };
    const local = { ...base, estoque: 100, updated_hlc: 'z' };
    expect(mergeDocuments({ base, server, local }, rules).estoque).toBe(3);
  });

  it('merges free text character-wise when both sides changed it', () => {
    const server = { ...base, descricao: 'Tipo 1, pacote 5 kg', updated_hlc: 'b' };
    const local = { ...base, descricao: 'Arroz Tipo 1', updated_hlc: 'c' };
    expect(mergeDocuments({ base, server, local }, rules).descricao).toBe('Arroz Tipo 1, pacote 5 kg');
  });

  it('is symmetric: swapping device and server gives the same document', () => {
    const value = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('x', 'y', 'z'));
    const doc = fc.record({
      a: value,
      b: value,
      descricao: fc.constantFrom('abc', 'abXc', 'Yabc', ''),
      _deleted: fc.boolean(),
      updated_hlc: fc.constantFrom('1', '2', '3'),
    });
    fc.assert(
      fc.property(doc, doc, doc, (b, s, l) => {
        const one = mergeDocuments({ base: b, server: s, local: l }, { ...rules, serverFields: [] });
        const two = mergeDocuments({ base: b, server: l, local: s }, { ...rules, serverFields: [] });
        expect(one).toEqual(two);
      }),
    );
  });
});
