// Generated from schemas/*.json by scripts/schema-types.ts — do not edit by hand.

/** Base de um contador (estoque de um produto, saldo de um cliente): o servidor dobra nela cada fato anterior ao corte; só leitura no aparelho. */
export type BasesContadoresDoc = {
  readonly id: string;
  readonly user_id: string;
  readonly tipo: 'estoque' | 'saldo';
  readonly ref_id: string;
  readonly valor: number;
  readonly corte: string;
  readonly ultima_contagem_hlc: string;
  readonly created_at: string;
  readonly updated_at: string;
  readonly server_modified?: string | null;
};

/** Cliente da loja; o saldo devedor é derivado do livro do fiado. */
export type ClientesDoc = {
  readonly id: string;
  readonly user_id: string;
  readonly nome: string;
  readonly telefone?: string | null;
  readonly saldo_devedor?: number;
  readonly is_fiado: boolean;
  readonly observacoes?: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly server_modified?: string | null;
};

/** Categoria de despesa, com cor para os gráficos. */
export type DespesaCategoriasDoc = {
  readonly id: string;
  readonly user_id: string;
  readonly nome: string;
  readonly cor: string;
  readonly icone?: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly server_modified?: string | null;
};

/** Despesa da loja, com categoria opcional. */
export type DespesasDoc = {
  readonly id: string;
  readonly user_id: string;
  readonly descricao: string;
  readonly valor: number;
  readonly data: string;
  readonly categoria_id?: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly server_modified?: string | null;
};

/** Sessão de caixa de um aparelho: abertura com troco, sangrias e suprimentos, fechamento com o dinheiro contado. */
export type FechamentosCaixaDoc = {
  readonly id: string;
  readonly user_id: string;
  readonly dispositivo: string;
  readonly aberto_em: string;
  readonly abertura_hlc: string;
  readonly troco_inicial: number;
  readonly movimentos: ReadonlyArray<{
    readonly id: string;
    readonly tipo: 'sangria' | 'suprimento';
    readonly valor: number;
    readonly motivo?: string | null;
    readonly em: string;
  }>;
  readonly fechado_em?: string | null;
  readonly fechamento_hlc?: string | null;
  readonly valor_contado?: number | null;
  readonly valor_esperado?: number | null;
  readonly resumo?: {
    readonly vendas: number;
    readonly total: number;
    readonly por_forma: {
      readonly dinheiro: number;
      readonly cartao: number;
      readonly pix: number;
      readonly outro: number;
      readonly fiado: number;
    };
    readonly suprimentos: number;
    readonly sangrias: number;
  } | null;
  readonly observacoes?: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly server_modified?: string | null;
};

/** Lançamento do livro do fiado de um cliente: débito ou pagamento; um estorno aponta o lançamento que estorna. */
export type FiadoLancamentosDoc = {
  readonly id: string;
  readonly user_id: string;
  readonly cliente_id: string;
  readonly tipo: 'debito' | 'pagamento';
  readonly valor: number;
  readonly data: string;
  readonly descricao?: string | null;
  readonly estorno_de?: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly server_modified?: string | null;
};

/** Fornecedor da loja. */
export type FornecedoresDoc = {
  readonly id: string;
  readonly user_id: string;
  readonly nome: string;
  readonly cnpj_cpf?: string | null;
  readonly telefone?: string | null;
  readonly email?: string | null;
  readonly endereco?: string | null;
  readonly observacoes?: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly server_modified?: string | null;
};

/** Fato de estoque: contagem (ajuste, valor absoluto) ou entrada de mercadoria (quantidade somada). */
export type HistoricoEstoqueDoc = {
  readonly id: string;
  readonly user_id: string;
  readonly produto_id: string;
  readonly tipo: 'ajuste' | 'entrada';
  readonly quantidade: number;
  readonly observacao?: string | null;
  readonly hlc: string;
  readonly created_at: string;
  readonly updated_at: string;
  readonly server_modified?: string | null;
};

/** Aviso para o dono: estoque baixo ou zerado, fiado vencido, mensagens do sistema. */
export type NotificacoesDoc = {
  readonly id: string;
  readonly user_id: string;
  readonly tipo: string;
  readonly mensagem: string;
  readonly lido: boolean;
  readonly referencia_id?: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly server_modified?: string | null;
};

/** Produto à venda, com estoque derivado dos fatos (contagens, entradas, vendas). */
export type ProdutosDoc = {
  readonly id: string;
  readonly user_id: string;
  readonly nome: string;
  readonly descricao?: string | null;
  readonly preco: number;
  readonly preco_compra?: number;
  readonly estoque?: number;
  readonly estoque_minimo?: number;
  readonly codigo_barras?: string | null;
  readonly categoria?: string | null;
  readonly marca?: string | null;
  readonly unidade: string;
  readonly local?: string | null;
  readonly imagem_url?: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly server_modified?: string | null;
};

/** Resumo de um dia (sem produto: as vendas e despesas do dia) ou de um produto no dia (quantidade e receita): o servidor soma nele as vendas e despesas do dia; só leitura no aparelho. */
export type ResumosDiaDoc = {
  readonly id: string;
  readonly user_id: string;
  readonly dia: string;
  readonly produto_id?: string | null;
  readonly vendas: number;
  readonly total: number;
  readonly avista: number;
  readonly avista_qtd: number;
  readonly fiado: number;
  readonly fiado_qtd: number;
  readonly dinheiro: number;
  readonly dinheiro_qtd: number;
  readonly cartao: number;
  readonly cartao_qtd: number;
  readonly pix: number;
  readonly pix_qtd: number;
  readonly outro: number;
  readonly outro_qtd: number;
  readonly despesas: number;
  readonly despesas_qtd: number;
  readonly nome?: string | null;
  readonly unidade?: string | null;
  readonly quantidade: number;
  readonly receita: number;
  readonly created_at: string;
  readonly updated_at: string;
  readonly server_modified?: string | null;
};

/** Venda com seus itens: um documento, uma escrita atômica. */
export type VendasDoc = {
  readonly id: string;
  readonly user_id: string;
  readonly data: string;
  readonly total: number;
  readonly desconto?: number | null;
  readonly tipo: 'avista' | 'fiado';
  readonly cliente_id?: string | null;
  readonly forma_pagamento?: string | null;
  readonly forma_pagamento_descricao?: string | null;
  readonly valor_recebido?: number | null;
  readonly pagamentos?: ReadonlyArray<{
    readonly forma: 'dinheiro' | 'cartao' | 'pix' | 'outro' | 'fiado';
    readonly valor: number;
  }> | null;
  readonly hlc: string;
  readonly itens: ReadonlyArray<{
    readonly produto_id: string;
    readonly quantidade: number;
    readonly preco_unitario: number;
    readonly preco_total: number;
    readonly desconto?: number;
    readonly nome_produto: string;
    readonly marca_produto?: string | null;
    readonly unidade_produto: string;
  }>;
  readonly created_at: string;
  readonly updated_at: string;
  readonly server_modified?: string | null;
};

export interface CollectionDocs {
  bases_contadores: BasesContadoresDoc;
  clientes: ClientesDoc;
  despesa_categorias: DespesaCategoriasDoc;
  despesas: DespesasDoc;
  fechamentos_caixa: FechamentosCaixaDoc;
  fiado_lancamentos: FiadoLancamentosDoc;
  fornecedores: FornecedoresDoc;
  historico_estoque: HistoricoEstoqueDoc;
  notificacoes: NotificacoesDoc;
  produtos: ProdutosDoc;
  resumos_dia: ResumosDiaDoc;
  vendas: VendasDoc;
}

export type CollectionName = keyof CollectionDocs;
