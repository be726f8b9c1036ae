// Writes a planned demo shop through the real tables, a day at a time in history order: stock facts, sales and
// fiado entries are the facts from which the server's triggers derive stock, balances and stock alerts.
import type { Queryable } from '../local/db/database.ts';
import type { DemoPlan } from './plan-types.ts';

const CHUNK = 400;

/** One multi-row INSERT per chunk; table and column names are constants of this module, every value a parameter. */
async function insertRows(db: Queryable, table: string, columns: readonly string[], types: readonly string[], rows: readonly unknown[][]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const values = chunk
      .map((_, row) => `(${columns.map((_, column) => `$${row * columns.length + column + 1}::${types[column] ?? 'text'}`).join(', ')})`)
      .join(', ');
    await db.query(`INSERT INTO public.${table} (${columns.join(', ')}) VALUES ${values}`, chunk.flat());
  }
}

const money = (cents: number): string => (cents / 100).toFixed(2);
const quantity = (milli: number): string => (milli / 1000).toFixed(3);

export async function writePlan(db: Queryable, plan: DemoPlan, userId: string): Promise<void> {
  await insertRows(
    db,
    'produtos',
    ['id', 'user_id', 'nome', 'descricao', 'preco', 'preco_compra', 'estoque_minimo', 'codigo_barras', 'categoria', 'marca', 'unidade', 'local', 'created_at', 'updated_at'],
    ['uuid', 'uuid', 'text', 'text', 'numeric', 'numeric', 'numeric', 'text', 'text', 'text', 'text', 'text', 'timestamptz', 'timestamptz'],
    plan.products.map((p) => [p.id, userId, p.nome, p.descricao, money(p.precoCents), money(p.precoCompraCents), quantity(p.minimoMilli), p.codigo_barras, p.categoria, p.marca, p.unidade, p.local, p.created_at, p.created_at]),
  );
  await insertRows(
    db,
    'clientes',
    ['id', 'user_id', 'nome', 'telefone', 'is_fiado', 'observacoes', 'created_at', 'updated_at'],
    ['uuid', 'uuid', 'text', 'text', 'boolean', 'text', 'timestamptz', 'timestamptz'],
    plan.clients.map((c) => [c.id, userId, c.nome, c.telefone, c.is_fiado, c.observacoes, c.created_at, c.created_at]),
  );
  await insertRows(
    db,
    'despesa_categorias',
    ['id', 'user_id', 'nome', 'cor', 'icone', 'created_at', 'updated_at'],
    ['uuid', 'uuid', 'text', 'text', 'text', 'timestamptz', 'timestamptz'],
    plan.categories.map((c) => [c.id, userId, c.nome, c.cor, c.icone, c.created_at, c.created_at]),
  );
  await insertRows(
    db,
    'fornecedores',
    ['id', 'user_id', 'nome', 'cnpj_cpf', 'telefone', 'email', 'endereco', 'observacoes', 'created_at', 'updated_at'],
    ['uuid', 'uuid', 'text', 'text', 'text', 'text', 'text', 'text', 'timestamptz', 'timestamptz'],
    plan.suppliers.map((s) => [s.id, userId, s.nome, s.cnpj_cpf, s.telefone, s.email, s.endereco, s.observacoes, s.created_at, s.created_at]),
  );

  for (const day of plan.days) {
    await insertRows(
      db,
      'historico_estoque',
      ['id', 'user_id', 'produto_id', 'tipo', 'quantidade', 'observacao', 'hlc', 'created_at', 'updated_at'],
      ['uuid', 'uuid', 'uuid', 'text', 'numeric', 'text', 'text', 'timestamptz', 'timestamptz'],
      day.stock.map((f) => [f.id, userId, f.produto_id, f.tipo, quantity(f.quantidadeMilli), f.observacao, f.hlc, f.created_at, f.created_at]),
    );
    await insertRows(
      db,
      'vendas',
      ['id', 'user_id', 'data', 'total', 'tipo', 'cliente_id', 'forma_pagamento', 'forma_pagamento_descricao', 'hlc', 'itens', 'created_at', 'updated_at'],
      ['uuid', 'uuid', 'date', 'numeric', 'text', 'uuid', 'text', 'text', 'text', 'jsonb', 'timestamptz', 'timestamptz'],
      day.sales.map((s) => [s.id, userId, s.data, money(s.totalCents), s.tipo, s.cliente_id, s.forma_pagamento, s.forma_pagamento_descricao, s.hlc, JSON.stringify(s.itens), s.created_at, s.created_at]),
    );
    await insertRows(
      db,
      'fiado_lancamentos',
      ['id', 'user_id', 'cliente_id', 'tipo', 'valor', 'data', 'descricao', 'created_at', 'updated_at'],
      ['uuid', 'uuid', 'uuid', 'text', 'numeric', 'date', 'text', 'timestamptz', 'timestamptz'],
      day.ledger.map((l) => [l.id, userId, l.cliente_id, l.tipo, money(l.valorCents), l.data, l.descricao, l.created_at, l.created_at]),
    );
  }

  await insertRows(
    db,
    'despesas',
    ['id', 'user_id', 'descricao', 'valor', 'data', 'categoria_id', 'created_at', 'updated_at'],
    ['uuid', 'uuid', 'text', 'numeric', 'date', 'uuid', 'timestamptz', 'timestamptz'],
    plan.expenses.map((e) => [e.id, userId, e.descricao, money(e.valorCents), e.data, e.categoria_id, e.created_at, e.created_at]),
  );
  await insertRows(
    db,
    'notificacoes',
    ['id', 'user_id', 'tipo', 'mensagem', 'lido', 'referencia_id', 'created_at', 'updated_at'],
    ['uuid', 'uuid', 'text', 'text', 'boolean', 'text', 'timestamptz', 'timestamptz'],
    plan.notifications.map((n) => [n.id, userId, n.tipo, n.mensagem, n.lido, n.referencia_id, n.created_at, n.created_at]),
  );
}
