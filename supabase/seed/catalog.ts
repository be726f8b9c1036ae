// The demo shop's catalogue: products of a Brazilian mercadinho in the spec's categories and units, with
// sale prices in reais (the cost price is derived from them).
export type Unidade = 'un' | 'kg' | 'g' | 'l' | 'ml' | 'pct' | 'cx';

export interface CatalogItem {
  nome: string;
  marca: string | null;
  unidade: Unidade;
  preco: number;
  categoria: string;
}

type Row = readonly [nome: string, marca: string | null, unidade: Unidade, preco: number];

const BY_CATEGORY: Record<string, readonly Row[]> = {
  alimentos: [
    ['Arroz Branco Tipo 1 5kg', 'Camil', 'pct', 27.9], ['Arroz Parboilizado 1kg', 'Tio João', 'pct', 6.99],
    ['Feijão Carioca 1kg', 'Kicaldo', 'pct', 8.49], ['Feijão Preto 1kg', 'Camil', 'pct', 8.99],
    ['Açúcar Refinado 1kg', 'União', 'pct', 4.79], ['Açúcar Cristal 5kg', 'Caravelas', 'pct', 21.9],
    ['Café Torrado e Moído 500g', 'Pilão', 'pct', 18.9], ['Café Tradicional 250g', 'Melitta', 'pct', 10.49],
    ['Óleo de Soja 900ml', 'Liza', 'un', 7.49], ['Azeite Extra Virgem 500ml', 'Gallo', 'un', 32.9],
    ['Macarrão Espaguete 500g', 'Renata', 'pct', 4.59], ['Macarrão Parafuso 500g', 'Adria', 'pct', 4.39],
    ['Farinha de Trigo 1kg', 'Dona Benta', 'pct', 5.49], ['Farinha de Mandioca 500g', 'Yoki', 'pct', 5.99],
    ['Fubá Mimoso 1kg', 'Sinhá', 'pct', 4.29], ['Sal Refinado 1kg', 'Cisne', 'pct', 2.79],
    ['Molho de Tomate 340g', 'Pomarola', 'un', 3.49], ['Extrato de Tomate 130g', 'Elefante', 'un', 3.19],
    ['Leite UHT Integral 1L', 'Italac', 'l', 4.99], ['Leite em Pó 400g', 'Ninho', 'un', 19.9],
    ['Achocolatado 400g', 'Nescau', 'un', 9.49], ['Biscoito Recheado 130g', 'Trakinas', 'pct', 3.29],
    ['Biscoito Cream Cracker 400g', 'Vitarella', 'pct', 5.49], ['Pão de Forma 500g', 'Pullman', 'pct', 8.99],
    ['Margarina 500g', 'Qualy', 'un', 8.79], ['Sardinha em Lata 125g', 'Gomes da Costa', 'un', 5.99],
    ['Milho Verde em Lata 170g', 'Quero', 'un', 3.79], ['Ovos Brancos (dúzia)', 'Granja Mantiqueira', 'cx', 10.9],
    ['Goma de Tapioca 500g', 'Da Terrinha', 'pct', 6.49], ['Granola 1kg', null, 'kg', 22.9],
  ],
  frango: [
    ['Peito de Frango', null, 'kg', 18.9], ['Coxa e Sobrecoxa', null, 'kg', 12.9], ['Asa de Frango', null, 'kg', 16.9],
    ['Frango Inteiro Congelado', 'Sadia', 'kg', 11.49], ['Filé de Frango Congelado 1kg', 'Seara', 'pct', 24.9],
    ['Coração de Frango', null, 'kg', 29.9], ['Linguiça de Frango', 'Perdigão', 'kg', 17.9], ['Moela de Frango', null, 'kg', 13.9],
  ],
  carne_boi: [
    ['Acém', null, 'kg', 34.9], ['Patinho', null, 'kg', 44.9], ['Alcatra', null, 'kg', 54.9], ['Picanha', null, 'kg', 79.9],
    ['Carne Moída de Primeira', null, 'kg', 39.9], ['Costela Bovina', null, 'kg', 27.9], ['Músculo', null, 'kg', 32.9],
    ['Fígado Bovino', null, 'kg', 19.9], ['Contrafilé', null, 'kg', 56.9], ['Cupim', null, 'kg', 42.9],
  ],
  carne_porco: [
    ['Bisteca Suína', null, 'kg', 22.9], ['Pernil Suíno', null, 'kg', 21.9], ['Costelinha Suína', null, 'kg', 28.9],
    ['Linguiça Toscana', 'Aurora', 'kg', 21.9], ['Bacon em Cubos 250g', 'Seara', 'pct', 13.9], ['Lombo Suíno', null, 'kg', 29.9],
    ['Paio 400g', 'Sadia', 'pct', 15.9],
  ],
  peixes_frutos_mar: [
    ['Filé de Tilápia', null, 'kg', 49.9], ['Sardinha Fresca', null, 'kg', 14.9], ['Merluza em Posta', null, 'kg', 36.9],
    ['Camarão Cinza Limpo 400g', null, 'pct', 39.9], ['Pescada Amarela', null, 'kg', 42.9], ['Bacalhau Saithe', null, 'kg', 69.9],
  ],
  queijos_frios: [
    ['Queijo Muçarela', null, 'kg', 49.9], ['Queijo Prato', null, 'kg', 54.9], ['Queijo Minas Frescal', 'Tirolez', 'kg', 39.9],
    ['Presunto Cozido', 'Sadia', 'kg', 36.9], ['Mortadela', 'Ceratti', 'kg', 24.9], ['Salame Italiano', 'Aurora', 'kg', 89.9],
    ['Requeijão Cremoso 200g', 'Catupiry', 'un', 9.99], ['Peito de Peru Defumado', 'Perdigão', 'kg', 69.9],
    ['Iogurte Natural 170g', 'Nestlé', 'un', 3.29], ['Manteiga com Sal 200g', 'Aviação', 'un', 15.9],
    ['Queijo Coalho', null, 'kg', 46.9], ['Salsicha Hot Dog', 'Perdigão', 'kg', 15.9],
  ],
  frutas: [
    ['Banana Prata', null, 'kg', 6.99], ['Maçã Gala', null, 'kg', 9.99], ['Laranja Pera', null, 'kg', 4.49],
    ['Mamão Formosa', null, 'kg', 6.49], ['Melancia', null, 'kg', 2.99], ['Abacaxi Pérola', null, 'un', 7.99],
    ['Limão Tahiti', null, 'kg', 5.99], ['Uva Itália', null, 'kg', 14.9], ['Manga Palmer', null, 'kg', 7.49],
    ['Goiaba Vermelha', null, 'kg', 8.99], ['Maracujá Azedo', null, 'kg', 9.49], ['Pera Williams', null, 'kg', 12.9],
    ['Morango 250g', null, 'cx', 8.99], ['Abacate', null, 'kg', 8.49],
  ],
  legumes: [
    ['Tomate', null, 'kg', 7.99], ['Cebola', null, 'kg', 5.49], ['Batata Inglesa', null, 'kg', 5.99],
    ['Cenoura', null, 'kg', 4.99], ['Alho', null, 'g', 0.04], ['Pimentão Verde', null, 'kg', 8.99],
    ['Abobrinha Italiana', null, 'kg', 6.49], ['Chuchu', null, 'kg', 3.99], ['Mandioca', null, 'kg', 5.49],
    ['Batata Doce', null, 'kg', 4.99], ['Beterraba', null, 'kg', 4.79], ['Alface Crespa', null, 'un', 3.49],
    ['Couve Manteiga (maço)', null, 'un', 3.99], ['Cheiro-Verde (maço)', null, 'un', 2.99],
  ],
  bebidas: [
    ['Refrigerante Cola 2L', 'Coca-Cola', 'un', 10.99], ['Refrigerante Guaraná 2L', 'Antarctica', 'un', 8.49],
    ['Refrigerante Lata 350ml', 'Coca-Cola', 'un', 4.49], ['Guaraná Lata 350ml', 'Antarctica', 'un', 3.99],
    ['Água Mineral 500ml', 'Crystal', 'un', 2.29], ['Água Mineral 1,5L', 'Minalba', 'un', 3.79],
    ['Água com Gás 500ml', 'São Lourenço', 'un', 3.29], ['Suco de Laranja 1L', 'Del Valle', 'l', 8.99],
    ['Suco em Pó 25g', 'Tang', 'un', 1.49], ['Cerveja Lata 350ml', 'Skol', 'un', 3.89],
    ['Cerveja Long Neck 330ml', 'Heineken', 'un', 6.99], ['Cerveja Lata 473ml', 'Brahma', 'un', 4.99],
    ['Pack Cerveja 12 Latas', 'Itaipava', 'cx', 39.9], ['Energético 250ml', 'Red Bull', 'un', 9.99],
    ['Chá Gelado 1,5L', 'Leão Fuze', 'un', 7.49], ['Isotônico 500ml', 'Gatorade', 'un', 6.49],
    ['Cachaça 965ml', '51', 'un', 16.9], ['Vinho Tinto Suave 750ml', 'Pérgola', 'un', 29.9],
    ['Água de Coco 1L', 'Kero Coco', 'l', 11.9], ['Leite Fermentado 6x80g', 'Yakult', 'pct', 12.9],
    ['Refrigerante Laranja 2L', 'Fanta', 'un', 8.99], ['Água Tônica 350ml', 'Schweppes', 'un', 4.29],
    ['Café Gelado 280ml', 'Nescafé', 'un', 6.99], ['Caldo de Cana 300ml', null, 'un', 5.0],
  ],
  limpeza: [
    ['Detergente Líquido 500ml', 'Ypê', 'un', 2.79], ['Sabão em Pó 1kg', 'Omo', 'pct', 19.9],
    ['Sabão em Barra 5x200g', 'Ypê', 'pct', 11.9], ['Água Sanitária 2L', 'Qboa', 'un', 7.49],
    ['Desinfetante 2L', 'Pinho Sol', 'un', 12.9], ['Amaciante 2L', 'Comfort', 'un', 17.9],
    ['Esponja Dupla Face (3 un)', 'Scotch-Brite', 'pct', 6.99], ['Limpador Multiuso 500ml', 'Veja', 'un', 6.49],
    ['Saco de Lixo 50L (10 un)', 'Dover Roll', 'pct', 8.49], ['Palha de Aço (8 un)', 'Bombril', 'pct', 3.99],
    ['Álcool 70% 1L', 'Tupi', 'l', 9.99], ['Lustra Móveis 200ml', 'Poliflor', 'un', 8.99],
    ['Papel Toalha (2 rolos)', 'Snob', 'pct', 7.99], ['Inseticida 300ml', 'SBP', 'un', 16.9],
  ],
  higiene: [
    ['Papel Higiênico 12 rolos', 'Neve', 'pct', 21.9], ['Sabonete 85g', 'Lux', 'un', 2.49],
    ['Creme Dental 90g', 'Colgate', 'un', 4.99], ['Escova de Dente', 'Oral-B', 'un', 7.99],
    ['Shampoo 350ml', 'Seda', 'un', 14.9], ['Condicionador 350ml', 'Seda', 'un', 15.9],
    ['Desodorante Aerosol 150ml', 'Rexona', 'un', 15.9], ['Absorvente (8 un)', 'Always', 'pct', 6.99],
    ['Fralda Descartável G (30 un)', 'Pampers', 'pct', 54.9], ['Aparelho de Barbear (2 un)', 'Gillette', 'pct', 12.9],
    ['Fio Dental 50m', 'Colgate', 'un', 6.49], ['Hastes Flexíveis (75 un)', 'Cotonete', 'cx', 5.99],
    ['Lenço Umedecido (50 un)', 'Huggies', 'pct', 11.9], ['Protetor Solar FPS 50 120ml', 'Sundown', 'un', 49.9],
  ],
};

export const CATALOG: readonly CatalogItem[] = Object.entries(BY_CATEGORY).flatMap(([categoria, rows]) =>
  rows.map(([nome, marca, unidade, preco]) => ({ nome, marca, unidade, preco, categoria })),
);

export const PRODUCT_CATEGORIES: readonly string[] = Object.keys(BY_CATEGORY);

/** Where each category sits in the shop. */
export const SHELVES: Readonly<Record<string, string>> = {
  alimentos: 'Prateleira A', bebidas: 'Geladeira de bebidas', limpeza: 'Prateleira C', higiene: 'Prateleira D',
  frutas: 'Bancada de hortifrúti', legumes: 'Bancada de hortifrúti', queijos_frios: 'Balcão de frios',
  frango: 'Freezer', carne_boi: 'Açougue', carne_porco: 'Açougue', peixes_frutos_mar: 'Freezer',
};

/** Notes an owner keeps about some clients. */
export const CLIENT_NOTES: readonly string[] = ['Mora na rua de trás.', 'Paga no dia 5, quando recebe.', 'Prefere Pix.', 'Avisar antes de passar de R$ 200,00.'];

export const EXPENSE_CATEGORIES: readonly { nome: string; cor: string; icone: string }[] = [
  { nome: 'Aluguel', cor: '#6366F1', icone: 'home' },
  { nome: 'Energia', cor: '#F59E0B', icone: 'zap' },
  { nome: 'Água', cor: '#0EA5E9', icone: 'droplet' },
  { nome: 'Internet e Telefone', cor: '#8B5CF6', icone: 'wifi' },
  { nome: 'Mercadorias', cor: '#10B981', icone: 'package' },
  { nome: 'Funcionários', cor: '#EF4444', icone: 'users' },
  { nome: 'Impostos', cor: '#64748B', icone: 'landmark' },
  { nome: 'Manutenção', cor: '#D97706', icone: 'wrench' },
  { nome: 'Transporte', cor: '#14B8A6', icone: 'truck' },
];

export const CLIENT_NAMES: readonly string[] = [
  'Ana Paula Ferreira', 'Antônio Carlos Souza', 'Benedita Lima', 'Carlos Eduardo Santos', 'Cláudia Regina Alves',
  'Cícero Batista', 'Daniela Rocha', 'Edivaldo Pereira', 'Eliane Costa', 'Francisco das Chagas', 'Geralda Martins',
  'Gilberto Nunes', 'Helena Barbosa', 'Irene Gomes', 'João Batista Silva', 'José Ribamar Oliveira', 'Josefa Cardoso',
  'Juliana Teixeira', 'Lucas Mendes', 'Luzia Araújo', 'Manoel Messias', 'Márcia Cristina Ribeiro', 'Maria das Graças',
  'Maria José Santos', 'Marcos Vinícius Lopes', 'Natália Freitas', 'Osvaldo Moreira', 'Patrícia Dias', 'Paulo Sérgio Castro',
  'Raimunda Nonata', 'Reginaldo Fernandes', 'Rita de Cássia Melo', 'Roberto Carlos Pinto', 'Rosângela Vieira',
  'Sebastião Correia', 'Sônia Maria Farias', 'Tereza Cristina Moura', 'Valdir Azevedo', 'Vera Lúcia Campos', 'Zé do Bar',
];

export const SUPPLIERS: readonly { nome: string; cnpj_cpf: string; telefone: string; email: string; endereco: string; observacoes: string | null }[] = [
  { nome: 'Atacadão Distribuidora Nordeste', cnpj_cpf: '12.345.678/0001-90', telefone: '8133224455', email: 'vendas@atacadaonordeste.com.br', endereco: 'Av. Recife, 4200 - Recife/PE', observacoes: 'Entrega às terças e sextas.' },
  { nome: 'Frigorífico Boi Bom', cnpj_cpf: '23.456.789/0001-01', telefone: '8134561234', email: 'pedidos@boibom.com.br', endereco: 'Rod. BR-232, km 14 - Jaboatão/PE', observacoes: 'Pedido mínimo R$ 500,00.' },
  { nome: 'Avícola Granja Feliz', cnpj_cpf: '34.567.890/0001-12', telefone: '81987651234', email: 'contato@granjafeliz.com.br', endereco: 'Sítio Boa Vista, s/n - Gravatá/PE', observacoes: null },
  { nome: 'Hortifruti Ceasa Seu Zé', cnpj_cpf: '123.456.789-09', telefone: '81999887766', email: 'seuze.ceasa@gmail.com', endereco: 'Ceasa, Galpão 7, Box 32 - Recife/PE', observacoes: 'Pagamento no Pix na entrega.' },
  { nome: 'Bebidas Litoral Ltda', cnpj_cpf: '45.678.901/0001-23', telefone: '8132109876', email: 'comercial@bebidaslitoral.com.br', endereco: 'Rua do Porto, 88 - Olinda/PE', observacoes: 'Devolve cascos de vidro.' },
  { nome: 'Laticínios Serra Verde', cnpj_cpf: '56.789.012/0001-34', telefone: '8737451122', email: 'vendas@serraverde.com.br', endereco: 'Estrada do Leite, 300 - Garanhuns/PE', observacoes: null },
  { nome: 'Limpa Tudo Produtos de Limpeza', cnpj_cpf: '67.890.123/0001-45', telefone: '8130307070', email: 'sac@limpatudo.com.br', endereco: 'Rua Imperial, 1500 - Recife/PE', observacoes: 'Boleto 28 dias.' },
  { nome: 'Peixaria Maré Alta', cnpj_cpf: '78.901.234/0001-56', telefone: '81988776655', email: 'mare.alta@outlook.com', endereco: 'Mercado de São José, Box 12 - Recife/PE', observacoes: 'Peixe fresco às quintas.' },
];
