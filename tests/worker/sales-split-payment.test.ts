// A sale paid by several methods (docs/product.md §10), offline through the real API: the cart splits the payment
// and finishes one sale with its parts; the client's balance, the till by method, the reports, the dashboard and the
// statement count the fiado part, each method its part and the sale once; parts that do not stand are refused with
// their code on `pagamentos` and nothing is written; editing keeps, replaces or drops the parts, and refuses lines
// whose new total the parts no longer add up to.
import { afterEach, describe, expect, it } from 'vitest';
import { fieldMessages } from '../../src/i18n/errors.ts';
import { DataError } from '../../workers/contract/errors.ts';
import type { SalesReport, SalesReportView } from '../../workers/reports/handlers.ts';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

// A Wednesday at noon UTC: the same Wednesday in São Paulo and in any zone the tests may run in.
const NOW = Date.parse('2026-11-25T12:00:00Z');

let device: OfflineDevice | undefined;
afterEach(async () => {
  await device?.close();
  device = undefined;
});

async function openShop() {
  device = await openOfflineDevice('dividido', { now: () => NOW });
  const { remote } = device;
  const arroz = await remote.products.create({ nome: 'Arroz', preco: 17.75, estoque: 20 });
  const maria = await remote.clients.create({ nome: 'Maria', telefone: '11987654321' });
  return { device, remote, workspace: device.workspace, arroz, maria };
}

async function refusal(command: Promise<unknown>): Promise<DataError> {
  const error = await command.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(DataError);
  return error as DataError;
}

const figuresOf = (view: SalesReportView | null): SalesReport | null => (view?.kind === 'figures' ? view : null);

describe('a split payment', () => {
  it('R$ 35,50 = R$ 20 in cash + R$ 15,50 on fiado: one sale, the balance moves by 15,50, each sum counts its part', async () => {
    const { device, remote, workspace, arroz, maria } = await openShop();
    await remote.till.open({ troco_inicial: 10 });
    await remote.cart.add({ produto_id: arroz, quantidade: 2 });
    await remote.cart.setOptions({ pagamentos: [{ forma: 'dinheiro', valor: 20 }] });
    const typing = await device.watch('cart', undefined);
    expect((await typing.until((cart) => cart.opcoes.pagamentos !== null)).falta).toBe(15.5);
    await remote.cart.setOptions({
      pagamentos: [
        { forma: 'dinheiro', valor: 20 },
        { forma: 'fiado', valor: 15.5 },
      ],
      cliente_id: maria,
      cliente_nome: 'Maria',
      valor_recebido: 50,
    });
    const ready = await typing.until((cart) => cart.opcoes.pagamentos?.length === 2);
    expect(ready).toMatchObject({ total: 35.5, falta: 0 });
    await typing.stop();

    const sold = await remote.cart.checkout();
    expect(sold.total).toBe(35.5);
    const stored = (await workspace.database.vendas.findOne(sold.id).exec())?.toJSON();
    expect(stored).toMatchObject({
      total: 35.5,
      tipo: 'fiado',
      cliente_id: maria,
      forma_pagamento: 'dinheiro',
      forma_pagamento_descricao: null,
      valor_recebido: 50,
      pagamentos: [
        { forma: 'dinheiro', valor: 20 },
        { forma: 'fiado', valor: 15.5 },
      ],
    });

    expect(await remote.clients.balanceOf(maria)).toBe(15.5);
    const till = await device.watch('tillOpen', undefined);
    const open = await till.until((view) => view?.resumo.vendas === 1);
    expect(open?.resumo).toMatchObject({
      vendas: 1,
      total: 35.5,
      por_forma: { dinheiro: 20, cartao: 0, pix: 0, outro: 0, fiado: 15.5 },
    });
    // 10 of float + the cash part.
    expect(open?.esperado).toBe(30);
    await till.stop();

    const reports = await device.watch('salesReport', { period: 'semana' });
    const report = figuresOf(await reports.until((view) => figuresOf(view)?.revenue.count === 1));
    await reports.stop();
    expect(report?.revenue).toEqual({ total: 35.5, count: 1, averageTicket: 35.5 });
    expect(report?.byType).toEqual({ avista: { total: 20, count: 1 }, fiado: { total: 15.5, count: 1 } });
    expect(report?.byMethod.find((method) => method.method === 'dinheiro')).toEqual({ method: 'dinheiro', total: 20, count: 1 });
    expect(report?.receivables.total).toBe(15.5);

    const dashboard = await device.watch('dashboardFigures', { period: 'semana' });
    const figures = await dashboard.until((view) => view?.kpis.count === 1);
    await dashboard.stop();
    expect(figures?.kpis).toMatchObject({ total: 35.5, count: 1, fiado: 15.5 });

    const statement = await device.watch('clientStatement', { clientId: maria });
    const entries = await statement.until((list) => list.length === 1);
    await statement.stop();
    expect(entries.map((entry) => [entry.kind, entry.valor, entry.saldo])).toEqual([['venda', 15.5, 15.5]]);

    const list = await device.watch('salesList', { periodo: 'hoje', tipo: 'fiado' });
    const page = await list.until((value) => value.total === 1);
    await list.stop();
    expect(page.items[0]).toMatchObject({ id: sold.id, tipo: 'fiado', pagamentos: stored?.pagamentos });
    const details = await device.watch('saleDetails', { saleId: sold.id });
    const shown = await details.until((value) => value !== null);
    await details.stop();
    expect(shown).toMatchObject({ total: 35.5, valorRecebido: 50, pagamentos: stored?.pagamentos });
  });

  it('keeps a card part described after a cash part, and the cash received only when it covers the cash part', async () => {
    const { remote, workspace, arroz } = await openShop();
    await remote.cart.add({ produto_id: arroz, quantidade: 2 });
    // The payment step lists cash before card: the card's installments are kept all the same.
    await remote.cart.setOptions({
      forma_pagamento: 'pix',
      tipo_cartao: 'parcelado',
      parcelas: 3,
      pagamentos: [
        { forma: 'dinheiro', valor: 10 },
        { forma: 'cartao', valor: 25.5 },
      ],
      valor_recebido: 9.99,
    });
    const { id } = await remote.cart.checkout();
    const sale = (await workspace.database.vendas.findOne(id).exec())?.toJSON();
    expect(sale).toMatchObject({ tipo: 'avista', forma_pagamento: 'cartao', valor_recebido: null });
    expect(JSON.parse(sale?.forma_pagamento_descricao ?? 'null')).toEqual({ tipo_cartao: 'parcelado', parcelas: 3 });
    const error = await refusal(
      remote.sales.register({
        itens: [{ produto_id: arroz, quantidade: 2 }],
        forma_pagamento: 'pix',
        valor_recebido: 20,
        pagamentos: [
          { forma: 'pix', valor: 5.5 },
          { forma: 'dinheiro', valor: 30 },
        ],
      }),
    );
    expect(error.issueOf('valor_recebido')).toEqual({ field: 'valor_recebido', code: 'too_small', limit: 30 });
  });

  it('refuses parts that do not stand, on `pagamentos` with their code, and writes nothing', async () => {
    const { remote, workspace, arroz, maria } = await openShop();
    const itens = [{ produto_id: arroz, quantidade: 2 }];
    const codeOf = async (command: Promise<unknown>) => (await refusal(command)).issueOf('pagamentos')?.code;

    await remote.cart.add({ produto_id: arroz, quantidade: 2 });
    await remote.cart.setOptions({
      pagamentos: [
        { forma: 'dinheiro', valor: 20 },
        { forma: 'fiado', valor: 15 },
      ],
      cliente_id: maria,
    });
    const short = await refusal(remote.cart.checkout());
    expect(short.code).toBe('invalid_input');
    expect(short.issueOf('pagamentos')?.code).toBe('parts_do_not_add_up');
    expect(fieldMessages('sales', short.issues).pagamentos).toBe('As partes do pagamento não fecham com o total.');
    // A part left at zero is not a part: one method left is too few.
    await remote.cart.setOptions({
      pagamentos: [
        { forma: 'pix', valor: 35.5 },
        { forma: 'fiado', valor: 0 },
      ],
    });
    expect(await codeOf(remote.cart.checkout())).toBe('too_few_parts');
    expect((await remote.cart.setOptions({ pagamentos: [] }).catch((failure: unknown) => failure)) as DataError).toMatchObject({
      issues: [{ field: 'pagamentos', code: 'too_few_parts' }],
    });
    const repeated = await refusal(
      remote.cart.setOptions({
        pagamentos: [
          { forma: 'pix', valor: 1 },
          { forma: 'pix', valor: 2 },
        ],
      }),
    );
    expect(repeated.issueOf('pagamentos')?.code).toBe('repeated_method');
    expect((await refusal(remote.cart.setOptions({ pagamentos: [{ forma: 'pix', valor: -1 }] }))).issues[0]).toMatchObject({
      field: 'pagamentos.0.valor',
      code: 'too_small',
    });

    const split = (pagamentos: { forma: 'dinheiro' | 'cartao' | 'pix' | 'outro' | 'fiado'; valor: number }[]) => ({
      itens,
      tipo: pagamentos.some((part) => part.forma === 'fiado') ? ('fiado' as const) : ('avista' as const),
      cliente_id: maria,
      pagamentos,
    });
    expect(
      await codeOf(
        remote.sales.register(
          split([
            { forma: 'dinheiro', valor: 20 },
            { forma: 'dinheiro', valor: 15.5 },
          ]),
        ),
      ),
    ).toBe('repeated_method');
    expect(await codeOf(remote.sales.register(split([{ forma: 'pix', valor: 35.5 }])))).toBe('too_few_parts');
    expect(
      await codeOf(
        remote.sales.register(
          split([
            { forma: 'pix', valor: 35.5 },
            { forma: 'cartao', valor: 0 },
          ]),
        ),
      ),
    ).toBe('not_positive');
    expect(
      await codeOf(
        remote.sales.register({
          ...split([
            { forma: 'pix', valor: 20 },
            { forma: 'fiado', valor: 15.5 },
          ]),
          tipo: 'avista',
        }),
      ),
    ).toBe('fiado_part_type');
    expect(
      await codeOf(
        remote.sales.register({
          ...split([
            { forma: 'pix', valor: 20 },
            { forma: 'cartao', valor: 15.5 },
          ]),
          tipo: 'fiado',
        }),
      ),
    ).toBe('fiado_part_type');
    expect(
      await codeOf(
        remote.sales.register(
          split([
            { forma: 'pix', valor: 20 },
            { forma: 'fiado', valor: 15.49 },
          ]),
        ),
      ),
    ).toBe('parts_do_not_add_up');

    expect(await workspace.database.vendas.count().exec()).toBe(0);
    expect(await remote.products.stockOf(arroz)).toBe(20);
    expect(await remote.clients.balanceOf(maria)).toBe(0);
    // The cart is kept for the owner to fix; paying by one method again finishes it.
    await remote.cart.setOptions({ pagamentos: null, forma_pagamento: 'pix' });
    const { id } = await remote.cart.checkout();
    expect((await workspace.database.vendas.findOne(id).exec())?.toJSON()).not.toHaveProperty('pagamentos');
  });
});

describe('editing a split sale', () => {
  async function splitSale() {
    const shop = await openShop();
    const id = await shop.remote.sales.register({
      itens: [{ produto_id: shop.arroz, quantidade: 2 }],
      tipo: 'fiado',
      cliente_id: shop.maria,
      forma_pagamento: 'dinheiro',
      pagamentos: [
        { forma: 'dinheiro', valor: 20 },
        { forma: 'fiado', valor: 15.5 },
      ],
    });
    const stored = await shop.workspace.database.vendas.findOne(id).exec();
    const edit = {
      id,
      data: stored?.data ?? '',
      tipo: 'fiado' as const,
      cliente_id: shop.maria,
      forma_pagamento: 'dinheiro',
      forma_pagamento_descricao: null,
    };
    const saleOf = async () => (await shop.workspace.database.vendas.findOne(id).exec())?.toJSON();
    return { ...shop, id, edit, saleOf };
  }

  it('keeps the parts while they add up, refuses lines whose new total they no longer reach, and writes nothing', async () => {
    const { remote, arroz, maria, edit, saleOf } = await splitSale();
    await remote.sales.update({ ...edit, data: '2026-11-24', itens: [{ produto_id: arroz, quantidade: 2 }] });
    expect(await saleOf()).toMatchObject({ data: '2026-11-24', pagamentos: [{ forma: 'dinheiro' }, { forma: 'fiado' }] });

    const error = await refusal(remote.sales.update({ ...edit, itens: [{ produto_id: arroz, quantidade: 3 }] }));
    expect(error.issueOf('pagamentos')?.code).toBe('parts_do_not_add_up');
    expect(fieldMessages('saleEdit', error.issues).pagamentos).toBe('As partes do pagamento não fecham com o total.');
    expect(await saleOf()).toMatchObject({ data: '2026-11-24', total: 35.5 });
    expect(await remote.products.stockOf(arroz)).toBe(18);
    expect(await remote.clients.balanceOf(maria)).toBe(15.5);
  });

  it('takes new parts with new lines, and goes back to one method', async () => {
    const { remote, arroz, maria, edit, saleOf } = await splitSale();
    await remote.sales.update({
      ...edit,
      itens: [{ produto_id: arroz, quantidade: 4 }],
      forma_pagamento: 'pix',
      pagamentos: [
        { forma: 'pix', valor: 50 },
        { forma: 'fiado', valor: 21 },
      ],
    });
    expect(await saleOf()).toMatchObject({ total: 71, forma_pagamento: 'pix', pagamentos: [{ valor: 50 }, { valor: 21 }] });
    expect(await remote.clients.balanceOf(maria)).toBe(21);

    await remote.sales.update({
      ...edit,
      tipo: 'avista',
      cliente_id: null,
      itens: [{ produto_id: arroz, quantidade: 4 }],
      pagamentos: null,
    });
    expect(await saleOf()).toMatchObject({ tipo: 'avista', forma_pagamento: 'dinheiro', pagamentos: null });
    expect(await remote.clients.balanceOf(maria)).toBe(0);

    // A fiado sale split without a fiado part does not stand.
    const error = await refusal(
      remote.sales.update({
        ...edit,
        itens: [{ produto_id: arroz, quantidade: 4 }],
        pagamentos: [
          { forma: 'pix', valor: 50 },
          { forma: 'dinheiro', valor: 21 },
        ],
      }),
    );
    expect(error.issueOf('pagamentos')?.code).toBe('fiado_part_type');
  });
});
