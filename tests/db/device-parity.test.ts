// Device ↔ server parity: for every CHECK constraint, every NOT NULL column, every item rule of the sale trigger
// and every rule of a split payment's part (vendas_pagamentos_somam) on the replicated tables, invalid values are generated; the server refuses each one, and the device's database
// refuses the same value before storing it, naming the same field with the issue code the rule stands for.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxCollection } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionNames, type CollectionName } from '../../schemas/index.ts';
import { DataError, type IssueCode } from '../../workers/contract/errors.ts';
import { openLocalDatabase, type LocalDatabase } from '../../workers/db/local-database.ts';
import { validatedWrite } from '../../workers/db/validation.ts';
import { NO_SALES } from '../../workers/reports/day-sums.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { createUser, hlcAt } from './helpers.ts';

/** One invalid value: what the server is sent (JSON cannot carry NaN), what the device is given. */
interface Invalid {
  readonly device: unknown;
  readonly server?: unknown;
  readonly code: IssueCode;
  /** Fields set alongside (a rule that depends on another column). */
  readonly with?: Readonly<Record<string, unknown>>;
  /** The server's error code when not 23514 (a BEFORE trigger, or numeric overflow, meets the value first). */
  readonly serverCode?: string;
  /** The constraint the server names when another one of the row meets the value first. */
  readonly serverConstraint?: string;
}

interface Rule {
  readonly table: CollectionName;
  readonly field: string;
  readonly invalid: readonly Invalid[];
}

const long = (length: number) => 'x'.repeat(length);
const blank: Invalid[] = [
  { device: '', code: 'required' },
  { device: '   ', code: 'required' },
];
const tooLong = (max: number): Invalid => ({ device: long(max + 1), code: 'too_long' });
// NaN fits a numeric(p, s) column and meets the CHECK; ±Infinity overflows it first (22003).
const notNumbers: Invalid[] = [
  { device: Number.NaN, server: 'NaN', code: 'not_a_number' },
  { device: Number.POSITIVE_INFINITY, server: 'Infinity', code: 'not_a_number', serverCode: '22003' },
  { device: Number.NEGATIVE_INFINITY, server: '-Infinity', code: 'not_a_number', serverCode: '22003' },
];
const negative: Invalid = { device: -0.01, code: 'too_small' };
const notPositive: Invalid[] = [
  { device: 0, code: 'not_positive' },
  { device: -5, code: 'not_positive' },
];
const maxText = (table: CollectionName, field: string, max: number): Rule => ({ table, field, invalid: [tooLong(max)] });
const badHlc: Invalid[] = [
  { device: 'agora', code: 'invalid_format' },
  { device: `${long(11)}:${long(5)}:${long(60)}`, code: 'too_long' },
];
const badPhone: Invalid[] = [
  { device: '(11)9999-00', code: 'invalid_format' },
  { device: '119999900001', code: 'too_long' },
];

/** Every CHECK constraint of the replicated tables, by name: its column and values it refuses. */
const CHECKS: Readonly<Record<string, Rule>> = {
  produtos_nome_obrigatorio: { table: 'produtos', field: 'nome', invalid: [...blank, tooLong(200)] },
  produtos_descricao_max_500: maxText('produtos', 'descricao', 500),
  produtos_preco_nao_negativo: { table: 'produtos', field: 'preco', invalid: [negative] },
  produtos_preco_finito: { table: 'produtos', field: 'preco', invalid: notNumbers },
  produtos_preco_compra_nao_negativo: { table: 'produtos', field: 'preco_compra', invalid: [negative] },
  produtos_preco_compra_finito: { table: 'produtos', field: 'preco_compra', invalid: notNumbers },
  produtos_estoque_finito: { table: 'produtos', field: 'estoque', invalid: notNumbers },
  produtos_estoque_minimo_nao_negativo: { table: 'produtos', field: 'estoque_minimo', invalid: [negative] },
  produtos_estoque_minimo_finito: { table: 'produtos', field: 'estoque_minimo', invalid: notNumbers },
  produtos_codigo_barras_max_64: maxText('produtos', 'codigo_barras', 64),
  produtos_categoria_max_60: maxText('produtos', 'categoria', 60),
  produtos_marca_max_100: maxText('produtos', 'marca', 100),
  produtos_unidade_valida: { table: 'produtos', field: 'unidade', invalid: [...blank, tooLong(20)] },
  produtos_local_max_100: maxText('produtos', 'local', 100),
  produtos_imagem_url_max_1000: maxText('produtos', 'imagem_url', 1000),
  clientes_nome_obrigatorio: { table: 'clientes', field: 'nome', invalid: [...blank, tooLong(200)] },
  clientes_telefone_ate_11_digitos: { table: 'clientes', field: 'telefone', invalid: badPhone },
  clientes_saldo_devedor_finito: { table: 'clientes', field: 'saldo_devedor', invalid: notNumbers },
  clientes_observacoes_max_2000: maxText('clientes', 'observacoes', 2000),
  fiado_lancamentos_tipo_valido: {
    table: 'fiado_lancamentos',
    field: 'tipo',
    invalid: [{ device: 'credito', code: 'invalid_option' }],
  },
  fiado_lancamentos_valor_positivo: { table: 'fiado_lancamentos', field: 'valor', invalid: notPositive },
  fiado_lancamentos_valor_finito: { table: 'fiado_lancamentos', field: 'valor', invalid: notNumbers },
  fiado_lancamentos_descricao_max_500: maxText('fiado_lancamentos', 'descricao', 500),
  vendas_total_nao_negativo: { table: 'vendas', field: 'total', invalid: [negative] },
  vendas_total_finito: { table: 'vendas', field: 'total', invalid: notNumbers },
  vendas_tipo_valido: { table: 'vendas', field: 'tipo', invalid: [{ device: 'cheque', code: 'invalid_option' }] },
  vendas_forma_pagamento_max_60: maxText('vendas', 'forma_pagamento', 60),
  vendas_forma_pagamento_descricao_max_2000: maxText('vendas', 'forma_pagamento_descricao', 2000),
  vendas_hlc_valido: { table: 'vendas', field: 'hlc', invalid: badHlc },
  vendas_valor_recebido_nao_negativo: { table: 'vendas', field: 'valor_recebido', invalid: [negative] },
  vendas_valor_recebido_finito: { table: 'vendas', field: 'valor_recebido', invalid: notNumbers },
  vendas_desconto_nao_negativo: { table: 'vendas', field: 'desconto', invalid: [negative] },
  vendas_desconto_finito: { table: 'vendas', field: 'desconto', invalid: notNumbers },
  // The parts trigger leaves what is not a list of at most five to the CHECK.
  vendas_pagamentos_lista: {
    table: 'vendas',
    field: 'pagamentos',
    invalid: [
      { device: { forma: 'pix', valor: 8 }, code: 'invalid_type' },
      {
        device: [
          ...['dinheiro', 'cartao', 'pix', 'outro', 'fiado'].map((forma) => ({ forma, valor: 1 })),
          { forma: 'dinheiro', valor: 3 },
        ],
        code: 'too_long',
      },
    ],
  },
  // The item trigger runs before the CHECK and stops a non-array first (22023: not an array).
  vendas_itens_lista: {
    table: 'vendas',
    field: 'itens',
    invalid: [{ device: { produto_id: 'x' }, code: 'invalid_type', serverCode: '22023' }],
  },
  vendas_fiado_exige_cliente: {
    table: 'vendas',
    field: 'cliente_id',
    invalid: [{ device: null, code: 'required', with: { tipo: 'fiado' } }],
  },
  historico_estoque_tipo_valido: {
    table: 'historico_estoque',
    field: 'tipo',
    // Postgres checks a row's constraints in name order: the combined tipo/quantidade rule meets 'perda' first.
    invalid: [{ device: 'perda', code: 'invalid_option', serverConstraint: 'historico_estoque_quantidade_valida' }],
  },
  historico_estoque_quantidade_finita: { table: 'historico_estoque', field: 'quantidade', invalid: notNumbers },
  historico_estoque_observacao_max_500: maxText('historico_estoque', 'observacao', 500),
  historico_estoque_hlc_valido: { table: 'historico_estoque', field: 'hlc', invalid: badHlc },
  historico_estoque_quantidade_valida: {
    table: 'historico_estoque',
    field: 'quantidade',
    invalid: [
      { device: -1, code: 'too_small', with: { tipo: 'ajuste' } },
      { device: 0, code: 'not_positive', with: { tipo: 'entrada' } },
      { device: -2, code: 'not_positive', with: { tipo: 'entrada' } },
    ],
  },
  despesa_categorias_nome_2_a_50: {
    table: 'despesa_categorias',
    field: 'nome',
    invalid: [...blank, { device: ' a ', code: 'too_short' }, tooLong(50)],
  },
  despesa_categorias_cor_hex: {
    table: 'despesa_categorias',
    field: 'cor',
    invalid: [
      { device: 'azul', code: 'invalid_format' },
      { device: '#12345g', code: 'invalid_format' },
    ],
  },
  despesa_categorias_icone_max_50: maxText('despesa_categorias', 'icone', 50),
  despesas_descricao_3_a_500: {
    table: 'despesas',
    field: 'descricao',
    invalid: [...blank, { device: ' ab ', code: 'too_short' }, tooLong(500)],
  },
  despesas_valor_positivo: { table: 'despesas', field: 'valor', invalid: notPositive },
  despesas_valor_finito: { table: 'despesas', field: 'valor', invalid: notNumbers },
  fornecedores_nome_3_a_200: {
    table: 'fornecedores',
    field: 'nome',
    invalid: [...blank, { device: 'ab', code: 'too_short' }, tooLong(200)],
  },
  fornecedores_cnpj_cpf_max_18: maxText('fornecedores', 'cnpj_cpf', 18),
  fornecedores_telefone_ate_11_digitos: { table: 'fornecedores', field: 'telefone', invalid: badPhone },
  fornecedores_email_valido: {
    table: 'fornecedores',
    field: 'email',
    invalid: [
      { device: 'maria', code: 'invalid_format' },
      { device: 'maria@mercado', code: 'invalid_format' },
      { device: `${long(250)}@a.com`, code: 'too_long' },
    ],
  },
  fornecedores_endereco_max_500: maxText('fornecedores', 'endereco', 500),
  fornecedores_observacoes_max_2000: maxText('fornecedores', 'observacoes', 2000),
  notificacoes_tipo_valido: { table: 'notificacoes', field: 'tipo', invalid: [...blank, tooLong(40)] },
  notificacoes_mensagem_1_a_1000: { table: 'notificacoes', field: 'mensagem', invalid: [...blank, tooLong(1000)] },
  notificacoes_referencia_id_max_36: maxText('notificacoes', 'referencia_id', 36),
  fechamentos_caixa_dispositivo_1_a_64: { table: 'fechamentos_caixa', field: 'dispositivo', invalid: [...blank, tooLong(64)] },
  fechamentos_caixa_abertura_hlc_valido: { table: 'fechamentos_caixa', field: 'abertura_hlc', invalid: badHlc },
  fechamentos_caixa_troco_inicial_valido: {
    table: 'fechamentos_caixa',
    field: 'troco_inicial',
    invalid: [negative, ...notNumbers, { device: 1e10, code: 'too_large' }],
  },
  fechamentos_caixa_movimentos_lista: {
    table: 'fechamentos_caixa',
    field: 'movimentos',
    invalid: [
      { device: { tipo: 'sangria' }, code: 'invalid_type' },
      {
        device: Array.from({ length: 501 }, (_, index) => ({
          id: randomUUID(),
          tipo: index % 2 ? 'sangria' : 'suprimento',
          valor: 1,
          motivo: null,
          em: '2025-03-02T12:00:00.000Z',
        })),
        code: 'too_long',
      },
    ],
  },
  fechamentos_caixa_fechamento_hlc_valido: { table: 'fechamentos_caixa', field: 'fechamento_hlc', invalid: badHlc },
  fechamentos_caixa_valor_contado_valido: {
    table: 'fechamentos_caixa',
    field: 'valor_contado',
    invalid: [negative, ...notNumbers],
  },
  fechamentos_caixa_valor_esperado_valido: { table: 'fechamentos_caixa', field: 'valor_esperado', invalid: notNumbers },
  fechamentos_caixa_resumo_objeto: {
    table: 'fechamentos_caixa',
    field: 'resumo',
    invalid: [
      { device: [], code: 'invalid_type' },
      { device: 'fechado', code: 'invalid_type' },
    ],
  },
  fechamentos_caixa_observacoes_max_500: maxText('fechamentos_caixa', 'observacoes', 500),
  bases_contadores_tipo_valido: {
    table: 'bases_contadores',
    field: 'tipo',
    invalid: [{ device: 'caixa', code: 'invalid_option' }],
  },
  bases_contadores_valor_finito: { table: 'bases_contadores', field: 'valor', invalid: notNumbers },
  ...Object.fromEntries(
    ['total', 'avista', 'fiado', 'dinheiro', 'cartao', 'pix', 'outro', 'despesas', 'quantidade', 'receita'].map(
      (field): [string, Rule] => [`resumos_dia_${field}_finito`, { table: 'resumos_dia', field, invalid: notNumbers }],
    ),
  ),
};

const validItem = (produtoId: string) => ({
  produto_id: produtoId,
  quantidade: 1,
  preco_unitario: 8,
  preco_total: 8,
  nome_produto: 'Arroz 5kg',
  marca_produto: null,
  unidade_produto: 'un',
});

/** The sale trigger's item rules (validar_itens_venda): the message it raises, the item field, the values. */
const ITEM_RULES: readonly { readonly message: string; readonly field: string; readonly invalid: readonly Invalid[] }[] = [
  { message: 'Adicione pelo menos um item à venda.', field: 'itens', invalid: [{ device: [], code: 'empty_list' }] },
  { message: 'produto não identificado', field: 'produto_id', invalid: [{ device: 'arroz', code: 'invalid_format' }] },
  { message: 'a quantidade deve ser maior que zero', field: 'quantidade', invalid: notPositive },
  {
    message: 'os preços não podem ser negativos',
    field: 'preco_unitario',
    invalid: [{ device: -1, code: 'too_small' }],
  },
  { message: 'os preços não podem ser negativos', field: 'preco_total', invalid: [{ device: -1, code: 'too_small' }] },
  { message: 'o desconto vai de zero ao total do item', field: 'desconto', invalid: [{ device: -1, code: 'too_small' }] },
  { message: 'o nome do produto é obrigatório', field: 'nome_produto', invalid: blank },
  { message: 'a unidade do produto é obrigatória', field: 'unidade_produto', invalid: blank },
];

/** The parts trigger's rules on each part (validar_pagamentos_venda): the message it raises, the part field, the values. */
const PART_RULES: readonly { readonly message: string; readonly field: string; readonly invalid: readonly Invalid[] }[] = [
  { message: 'cada parte tem uma forma e um valor', field: 'forma', invalid: [{ device: 'cheque', code: 'invalid_option' }] },
  { message: 'cada parte é um valor acima de zero', field: 'valor', invalid: notPositive },
];

/** Columns the server sets itself, never sent by a device: RxDB's own deletion flag and the revision stamp. */
const SERVER_ONLY = new Set(['_modified', '_deleted']);

/**
 * Counters the server derives from the facts (stock, fiado balance): whatever a row carries is replaced by the
 * derived number, so the server stores no NaN there either; the device refuses such a value outright.
 */
const DERIVED = new Set(['produtos.estoque', 'clientes.saldo_devedor']);

async function storedValue(table: CollectionName, id: unknown, column: string): Promise<unknown> {
  const { data } = await server.from(table).select(column).eq('id', String(id)).single();
  return (data as Record<string, unknown> | null)?.[column];
}

let stack: TestStack;
let server: SupabaseClient;
let device: LocalDatabase;
let userId: string;
const produtoId = randomUUID();
const clienteId = randomUUID();
let constraints: Map<string, string>;
let notNull: { table: string; column: string }[];

/** A valid document of `table`, as the device stores it (and as the server accepts it). */
function validDocument(table: CollectionName): Record<string, unknown> {
  const now = new Date().toISOString();
  const base = { id: randomUUID(), user_id: userId, created_at: now, updated_at: now };
  const own: Record<CollectionName, Record<string, unknown>> = {
    produtos: { nome: 'Feijão', preco: 8, preco_compra: 5, estoque: 0, estoque_minimo: 5, unidade: 'un' },
    clientes: { nome: 'Maria', telefone: '11999990000', saldo_devedor: 0, is_fiado: false },
    fiado_lancamentos: { cliente_id: clienteId, tipo: 'debito', valor: 5, data: '2025-03-02' },
    vendas: {
      data: '2025-03-02',
      total: 8,
      tipo: 'avista',
      cliente_id: null,
      hlc: hlcAt(1_700_000_100_000),
      itens: [validItem(produtoId)],
    },
    historico_estoque: { produto_id: produtoId, tipo: 'entrada', quantidade: 1, hlc: hlcAt(1_700_000_200_000) },
    despesa_categorias: { nome: 'Energia', cor: '#ffcc00' },
    despesas: { descricao: 'Conta de luz', valor: 150, data: '2025-03-02' },
    fornecedores: { nome: 'Atacadão', email: 'vendas@atacadao.com.br' },
    notificacoes: { tipo: 'estoque_baixo', mensagem: 'Arroz com estoque baixo', lido: false },
    fechamentos_caixa: {
      dispositivo: 'k3x9q2m7aa',
      aberto_em: now,
      abertura_hlc: hlcAt(1_700_000_300_000),
      troco_inicial: 50,
      movimentos: [],
    },
    bases_contadores: { tipo: 'estoque', ref_id: produtoId, valor: 12.5, corte: now, ultima_contagem_hlc: '' },
    // A product of its own: the day of the valid sale above already has its row (one per owner, day and product).
    resumos_dia: {
      dia: '2025-03-02',
      produto_id: randomUUID(),
      ...NO_SALES,
      nome: 'Arroz 5kg',
      unidade: 'un',
      quantidade: 2,
      receita: 16,
    },
  };
  return { ...base, ...own[table] };
}

async function serverRefusal(table: CollectionName, row: Record<string, unknown>) {
  const { error } = await server.from(table).insert(row);
  return error;
}

async function deviceRefusal(table: CollectionName, document: Record<string, unknown>): Promise<DataError | null> {
  const collection = device[table] as unknown as RxCollection;
  try {
    await validatedWrite(() => collection.insert(document));
  } catch (error) {
    expect(await collection.findOne(String(document.id)).exec(), 'nada foi gravado no aparelho').toBeNull();
    return DataError.from(error);
  }
  return null;
}

beforeAll(async () => {
  stack = await startTestStack();
  userId = await createUser(stack.db);
  server = stack.serviceClient();
  const produto = { ...validDocument('produtos'), id: produtoId, nome: 'Arroz 5kg' };
  expect((await server.from('produtos').insert(produto)).error).toBeNull();
  expect((await server.from('clientes').insert({ ...validDocument('clientes'), id: clienteId })).error).toBeNull();
  device = await openLocalDatabase({
    userId,
    storage: getRxStorageMemory(),
    multiInstance: false,
    namePrefix: `paridade-${randomUUID().slice(0, 8)}`,
  });
  const tables = [...collectionNames];
  const checks = await stack.db.query<{ name: string; table: string }>(
    `SELECT c.conname AS name, t.relname AS table FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = 'public' AND c.contype = 'c' AND t.relname = ANY($1::text[])`,
    [tables],
  );
  constraints = new Map(checks.rows.map((row) => [row.name, row.table]));
  const columns = await stack.db.query<{ table: string; column: string }>(
    `SELECT table_name AS table, column_name AS column FROM information_schema.columns
      WHERE table_schema = 'public' AND is_nullable = 'NO' AND table_name = ANY($1::text[])`,
    [tables],
  );
  notNull = columns.rows.filter((row) => !SERVER_ONLY.has(row.column));
});
afterAll(async () => {
  await device.close();
  await stack.close();
});

describe('the device refuses what the server refuses', () => {
  it('the rule list covers every CHECK constraint of the replicated tables, and nothing else', () => {
    expect([...constraints.keys()].sort()).toEqual(Object.keys(CHECKS).sort());
    for (const [name, rule] of Object.entries(CHECKS)) expect(constraints.get(name), name).toBe(rule.table);
  });

  it('a valid document of every table is accepted by both (the base the invalid values start from)', async () => {
    for (const table of collectionNames) {
      const document = validDocument(table);
      expect(await serverRefusal(table, document), `servidor aceita ${table}`).toBeNull();
      expect(await deviceRefusal(table, validDocument(table)), `aparelho aceita ${table}`).toBeNull();
    }
  });

  for (const [constraint, rule] of Object.entries(CHECKS)) {
    it(`${constraint}: refused on the server and on the device, field ${rule.field}`, async () => {
      for (const invalid of rule.invalid) {
        const label = `${rule.table}.${rule.field} = ${(typeof invalid.server === 'string' ? invalid.server : JSON.stringify(invalid.device)).slice(0, 40)}`;
        const row = { ...validDocument(rule.table), ...invalid.with, [rule.field]: invalid.server ?? invalid.device };
        const refused = await serverRefusal(rule.table, row);
        if (DERIVED.has(`${rule.table}.${rule.field}`) && !invalid.serverCode) {
          expect(refused, `servidor deriva ${label}`).toBeNull();
          expect(Number.isFinite(Number(await storedValue(rule.table, row.id, rule.field))), label).toBe(true);
        } else {
          expect(refused?.code, `servidor recusa ${label}`).toBe(invalid.serverCode ?? '23514');
        }
        if (!invalid.serverCode && !DERIVED.has(`${rule.table}.${rule.field}`))
          expect(refused?.message, label).toContain(invalid.serverConstraint ?? constraint);

        const document = { ...validDocument(rule.table), ...invalid.with, [rule.field]: invalid.device };
        const error = await deviceRefusal(rule.table, document);
        expect(error?.code, `aparelho recusa ${label}`).toBe('invalid_input');
        expect(error?.issues[0], label).toMatchObject({ field: rule.field, code: invalid.code });
      }
    });
  }

  for (const item of ITEM_RULES) {
    it(`sale items: '${item.message}' on the server, field ${item.field} on the device`, async () => {
      for (const invalid of item.invalid) {
        const itens = item.field === 'itens' ? invalid.device : [{ ...validItem(produtoId), [item.field]: invalid.device }];
        const refused = await serverRefusal('vendas', { ...validDocument('vendas'), itens });
        expect(refused?.code, item.field).toBe('23514');
        expect(refused?.message).toContain(item.message);
        const error = await deviceRefusal('vendas', { ...validDocument('vendas'), itens });
        const field = item.field === 'itens' ? 'itens' : `itens.0.${item.field}`;
        expect(error?.issues[0], `${field} = ${JSON.stringify(invalid.device)}`).toMatchObject({ field, code: invalid.code });
      }
    });
  }

  for (const part of PART_RULES) {
    it(`split payment parts: '${part.message}' on the server, field ${part.field} on the device`, async () => {
      for (const invalid of part.invalid) {
        // Two parts of the valid sale's R$ 8, the first one invalid.
        const pagamentos = [
          { forma: 'pix', valor: 4, [part.field]: invalid.device },
          { forma: 'dinheiro', valor: 4 },
        ];
        const refused = await serverRefusal('vendas', { ...validDocument('vendas'), pagamentos });
        expect(refused?.code, part.field).toBe('23514');
        expect(refused?.message).toContain(part.message);
        const error = await deviceRefusal('vendas', { ...validDocument('vendas'), pagamentos });
        const field = `pagamentos.0.${part.field}`;
        expect(error?.issues[0], `${field} = ${JSON.stringify(invalid.device)}`).toMatchObject({ field, code: invalid.code });
      }
    });
  }

  it('every NOT NULL column: null is refused by both, as a required field', async () => {
    expect(notNull.length).toBeGreaterThan(40);
    for (const { table, column } of notNull) {
      const name = table as CollectionName;
      const row = { ...validDocument(name), [column]: null };
      const refused = await serverRefusal(name, row);
      if (DERIVED.has(`${table}.${column}`)) {
        expect(refused, `servidor deriva ${table}.${column}`).toBeNull();
        expect(Number.isFinite(Number(await storedValue(name, row.id, column)))).toBe(true);
      } else {
        expect(refused?.code, `servidor recusa ${table}.${column} nulo`).toBe('23502');
        expect(refused?.message).toContain(column);
      }
      const error = await deviceRefusal(name, { ...validDocument(name), [column]: null });
      expect(error?.issues[0], `aparelho recusa ${table}.${column} nulo`).toMatchObject({ field: column, code: 'required' });
    }
  });
});
