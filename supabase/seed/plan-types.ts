// The rows the demo seed writes, planned in memory before any SQL runs: quantities in thousandths and money
// in cents (integers), so the expected stock and balances are exact.
export interface SaleItem {
  produto_id: string;
  quantidade: number;
  preco_unitario: number;
  preco_total: number;
  nome_produto: string;
  marca_produto: string | null;
  unidade_produto: string;
}

export interface ProductPlan {
  id: string;
  nome: string;
  descricao: string | null;
  precoCents: number;
  precoCompraCents: number;
  minimoMilli: number;
  codigo_barras: string | null;
  categoria: string;
  marca: string | null;
  unidade: string;
  local: string | null;
  created_at: string;
}

export interface StockFactPlan {
  id: string;
  produto_id: string;
  tipo: 'ajuste' | 'entrada';
  quantidadeMilli: number;
  observacao: string | null;
  hlc: string;
  created_at: string;
}

export interface ClientPlan {
  id: string;
  nome: string;
  telefone: string | null;
  is_fiado: boolean;
  observacoes: string | null;
  created_at: string;
}

export interface SalePlan {
  id: string;
  data: string;
  totalCents: number;
  tipo: 'avista' | 'fiado';
  cliente_id: string | null;
  forma_pagamento: string | null;
  forma_pagamento_descricao: string | null;
  hlc: string;
  itens: SaleItem[];
  created_at: string;
}

export interface LedgerPlan {
  id: string;
  cliente_id: string;
  tipo: 'debito' | 'pagamento';
  valorCents: number;
  data: string;
  descricao: string | null;
  created_at: string;
}

export interface CategoryPlan {
  id: string;
  nome: string;
  cor: string;
  icone: string;
  created_at: string;
}

export interface ExpensePlan {
  id: string;
  descricao: string;
  valorCents: number;
  data: string;
  categoria_id: string | null;
  created_at: string;
}

export interface SupplierPlan {
  id: string;
  nome: string;
  cnpj_cpf: string;
  telefone: string;
  email: string;
  endereco: string;
  observacoes: string | null;
  created_at: string;
}

export interface NotificationPlan {
  id: string;
  tipo: string;
  mensagem: string;
  lido: boolean;
  referencia_id: string | null;
  created_at: string;
}

/** One day of stock and money facts, written in this order so the server's triggers see history unfold. */
export interface DayPlan {
  stock: StockFactPlan[];
  sales: SalePlan[];
  ledger: LedgerPlan[];
}

export interface DemoPlan {
  products: ProductPlan[];
  clients: ClientPlan[];
  days: DayPlan[];
  categories: CategoryPlan[];
  expenses: ExpensePlan[];
  suppliers: SupplierPlan[];
  notifications: NotificationPlan[];
  /** What the server must derive: stock per product (thousandths) and balance per client (cents). */
  expected: { stockMilli: Map<string, number>; balanceCents: Map<string, number> };
}
