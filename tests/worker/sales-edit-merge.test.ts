// Two devices editing the same sale: the conflict handler of the device database merges a sale's lines with
// its total and its type with its client and payment, so the merged sale is always one the schema accepts.
import { describe, expect, it } from 'vitest';
import { collectionMergeRules } from '../../workers/db/merge-rules.ts';
import { mergeDocuments } from '../../workers/sync/merge.ts';

const ARROZ = '00000000-0000-4000-8000-000000000001';
const FEIJAO = '00000000-0000-4000-8000-000000000002';
const MARIA = '00000000-0000-4000-8000-00000000000a';

const line = (produto_id: string, quantidade: number, preco: number) => ({
  produto_id,
  quantidade,
  preco_unitario: preco,
  preco_total: Math.round(quantidade * preco * 100) / 100,
  nome_produto: produto_id === ARROZ ? 'Arroz' : 'Feijão',
  marca_produto: null,
  unidade_produto: 'un',
});

interface SaleDoc {
  readonly [field: string]: unknown;
  readonly itens: readonly ReturnType<typeof line>[];
  readonly total: number;
  readonly _deleted: boolean;
}

const base: SaleDoc = {
  id: '00000000-0000-4000-8000-0000000000ff',
  user_id: '00000000-0000-4000-8000-0000000000ee',
  data: '2026-03-15',
  tipo: 'avista',
  cliente_id: MARIA,
  forma_pagamento: 'dinheiro',
  forma_pagamento_descricao: null,
  hlc: '00000000001:00000:balcao',
  itens: [line(ARROZ, 2, 5), line(FEIJAO, 1, 8)],
  total: 18,
  created_at: '2026-03-15T12:00:00.000Z',
  updated_at: '2026-03-15T12:00:00.000Z',
  _deleted: false,
};

const merge = (server: SaleDoc, local: SaleDoc) => ({
  forward: mergeDocuments({ base, server, local }, collectionMergeRules),
  backward: mergeDocuments({ base, server: local, local: server }, collectionMergeRules),
});

describe('merging two edits of one sale', () => {
  it('lines edited on one device and the date on the other: both kept, the total is the lines’ total', () => {
    const phone = { ...base, itens: [line(ARROZ, 5, 5)], total: 25, updated_at: '2026-03-15T12:05:00.000Z' };
    const tablet = { ...base, data: '2026-03-14', updated_at: '2026-03-15T12:06:00.000Z' };
    const { forward, backward } = merge(phone, tablet);
    expect(forward).toEqual(backward);
    expect(forward).toMatchObject({ data: '2026-03-14', itens: [line(ARROZ, 5, 5)], total: 25 });
  });

  it('lines edited on both: the later edit’s lines with its own total, even when the other total did not change', () => {
    // The phone swaps quantities (same total, 18); the tablet edits later to a different total.
    const phone = { ...base, itens: [line(ARROZ, 2, 5), line(FEIJAO, 1, 8)].reverse(), updated_at: '2026-03-15T12:05:00.000Z' };
    const tablet = { ...base, itens: [line(ARROZ, 1, 5)], total: 5, updated_at: '2026-03-15T12:04:00.000Z' };
    const { forward, backward } = merge(phone, tablet);
    expect(forward).toEqual(backward);
    expect(forward.itens).toEqual(phone.itens);
    expect(forward.total).toBe(18);
  });

  it('the type and the client travel together: never a fiado sale without its client', () => {
    // The phone makes it fiado for Maria; the tablet, later, only removes the client of the cash sale.
    const phone = { ...base, tipo: 'fiado', forma_pagamento: null, updated_at: '2026-03-15T12:05:00.000Z' };
    const tablet = { ...base, cliente_id: null, updated_at: '2026-03-15T12:06:00.000Z' };
    const { forward, backward } = merge(phone, tablet);
    expect(forward).toEqual(backward);
    expect(forward).toMatchObject({ tipo: 'avista', cliente_id: null, forma_pagamento: 'dinheiro' });
    const earlier = merge({ ...phone, updated_at: '2026-03-15T12:07:00.000Z' }, tablet).forward;
    expect(earlier).toMatchObject({ tipo: 'fiado', cliente_id: MARIA, forma_pagamento: null });
  });

  it('a split payment follows the lines when the merged parts would not add up to the merged total', () => {
    const parts = (dinheiro: number, fiado: number) => [
      { forma: 'dinheiro', valor: dinheiro },
      { forma: 'fiado', valor: fiado },
    ];
    const split: SaleDoc = { ...base, tipo: 'fiado', pagamentos: parts(10, 8) };
    // The phone sells more and splits the new total; the tablet, later, moves the old total between the parts.
    const phone = { ...split, itens: [line(ARROZ, 4, 5), line(FEIJAO, 1, 8)], total: 28, pagamentos: parts(20, 8) };
    const tablet = { ...split, pagamentos: parts(5, 13), updated_at: '2026-03-15T12:06:00.000Z' };
    const { forward, backward } = merge({ ...phone, updated_at: '2026-03-15T12:05:00.000Z' }, tablet);
    expect(forward).toEqual(backward);
    expect(forward).toMatchObject({ total: 28, pagamentos: parts(20, 8) });

    // Parts that still add up with the merged lines merge as any payment does: the later edit's.
    const samePhone = { ...split, itens: [line(FEIJAO, 1, 8), line(ARROZ, 2, 5)], updated_at: '2026-03-15T12:05:00.000Z' };
    const kept = mergeDocuments({ base: split, server: samePhone, local: tablet }, collectionMergeRules);
    expect(kept).toMatchObject({ itens: samePhone.itens, total: 18, pagamentos: parts(5, 13) });

    // Back to one method on the tablet while the phone changed the lines: nothing to bind, both kept.
    const single = { ...split, tipo: 'avista', cliente_id: null, pagamentos: null, updated_at: '2026-03-15T12:06:00.000Z' };
    const phoneEarlier = { ...phone, updated_at: '2026-03-15T12:05:00.000Z' };
    const undone = mergeDocuments({ base: split, server: phoneEarlier, local: single }, collectionMergeRules);
    expect(undone).toMatchObject({ total: 28, tipo: 'avista', pagamentos: null });
  });

  it('a deletion on one device wins over an edit on the other', () => {
    const phone = { ...base, _deleted: true, updated_at: '2026-03-15T12:05:00.000Z' };
    const tablet = { ...base, itens: [line(ARROZ, 9, 5)], total: 45, updated_at: '2026-03-15T12:06:00.000Z' };
    expect(merge(phone, tablet).forward._deleted).toBe(true);
  });
});
