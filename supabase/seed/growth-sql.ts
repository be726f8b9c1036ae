// SQL pieces of the growth seeder: seeded draws, stable ids and device-format HLCs as set-based expressions, and
// the statements that stage a shop's catalogue and sales in temporary tables (dropped at commit) before any row
// reaches the app's tables. Every statement reads its shape from `g_param` (one row: owner, seed, clock, sizes).

/** Hours the shop is open each day, 07:00 to 20:30 (São Paulo), in milliseconds. */
export const OPEN_MS = 810 * 60_000;
/** Days between two deliveries of one product. */
export const RESTOCK_DAYS = 26;
/** The owner's days are São Paulo's, as the reports' and the server's. */
export const SHOP_TIME_ZONE = 'America/Sao_Paulo';

/**
 * A uniform number in [0, 1) drawn from the seed (`semente` of g_param) and `key`, an SQL text expression naming
 * the draw: the same seed and key give the same number on every run and engine.
 */
export function draw(key: string): string {
  return `((hashtextextended(${key}, semente) & 9007199254740991)::float8 / 9007199254740992)`;
}

/** A v4-shaped uuid from the owner (`dono`), the seed and `key`: stable across runs, distinct across owners. */
export function stableUuid(key: string): string {
  return `(overlay(overlay(md5(dono::text || ':' || semente::text || ':' || ${key}) placing '4' from 13) placing '8' from 17))::uuid`;
}

const BASE36_WEIGHTS = Array.from({ length: 11 }, (_, power) => (36n ** BigInt(power)).toString()).join(', ');

/** `value` (a bigint expression) in `width` base-36 digits, as workers/sync/hlc.ts writes them. */
function base36(value: string, width: number): string {
  return `(SELECT string_agg(substr('0123456789abcdefghijklmnopqrstuvwxyz', ((${value}) / d.peso % 36)::int + 1, 1), '' ORDER BY d.k DESC)
             FROM unnest(ARRAY[${BASE36_WEIGHTS}]::bigint[]) WITH ORDINALITY d(peso, k) WHERE d.k <= ${width})`;
}

/** The HLC a device stamps at `instant` (a timestamptz expression): its milliseconds, `counter`, the seed's node. */
export function hlcAt(instant: string, counter: string): string {
  return `${base36(`(extract(epoch FROM ${instant}) * 1000)::bigint`, 11)} || ':' || ${base36(counter, 5)} || ':semente'`;
}

/** The local day `day` (a date expression) at `time` (an interval expression), as an instant. */
export function localInstant(day: string, time: string): string {
  return `((${day}) + (${time})) AT TIME ZONE '${SHOP_TIME_ZONE}'`;
}

/** $1 owner, $2 seed, $3 now, $4 days, $5 sales, $6 products, $7 clients. */
export const STAGE_PARAMS = `
CREATE TEMP TABLE g_param ON COMMIT DROP AS
SELECT $1::uuid AS dono, $2::bigint AS semente, $3::timestamptz AS agora, hoje, hoje - ($4::int - 1) AS primeiro,
       hoje - $4::int AS abertura, $4::int AS dias, $5::int AS vendas, $6::int AS produtos, $7::int AS clientes
  FROM (SELECT ($3::timestamptz AT TIME ZONE '${SHOP_TIME_ZONE}')::date AS hoje) h`;

/**
 * The catalogue: $1 the demo's items (nome, marca, unidade, preco, categoria), $2 variant names for the products
 * beyond them, $3 the shelf of each category. Per product: price and cost in cents, the minimum, the delivery case
 * and the reserve kept above zero (in thousandths of its unit), the shrinkage step of a count, the day of its
 * first delivery.
 */
export const STAGE_PRODUCTS = `
CREATE TEMP TABLE g_produto ON COMMIT DROP AS
WITH catalogo AS (
  SELECT (c.ordem - 1)::int AS i, c.item FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY c(item, ordem)
), tamanho AS (SELECT count(*)::int AS n FROM catalogo),
base AS (
  SELECT k AS idx, c.item, t.n, c.item ->> 'unidade' AS unidade,
         CASE WHEN k < t.n THEN c.item ->> 'nome'
              ELSE (c.item ->> 'nome') || ' ' || ($2::jsonb ->> ((k / t.n - 1) % jsonb_array_length($2::jsonb))) END AS nome,
         round((c.item ->> 'preco')::numeric * 100)::bigint AS preco_base,
         g_param.*
    FROM g_param CROSS JOIN tamanho t CROSS JOIN LATERAL generate_series(0, g_param.produtos - 1) k
    JOIN catalogo c ON c.i = k % t.n
), precos AS (
  SELECT b.*, CASE WHEN b.idx < b.n THEN b.preco_base
                   ELSE greatest(1, round(b.preco_base * (0.8 + 0.45 * ${draw(`'preco:' || b.idx`)})))::bigint END AS preco_centavos,
         CASE b.unidade WHEN 'kg' THEN (3 + floor(${draw(`'minimo:' || b.idx`)} * 4))::bigint * 1000
                        WHEN 'g' THEN 500000 ELSE (5 + floor(${draw(`'minimo:' || b.idx`)} * 6))::bigint * 1000 END AS minimo_milli,
         '789' || lpad(((hashtextextended('ean:' || b.idx, semente) & 2147483647) % 1000000000)::text, 9, '0') AS ean12
    FROM base b
)
SELECT p.idx, ${stableUuid(`'produto:' || p.idx`)} AS id, p.nome,
       CASE WHEN p.item ->> 'marca' IS NULL THEN NULL ELSE p.nome || ' ' || (p.item ->> 'marca') END AS descricao,
       p.item ->> 'marca' AS marca, p.unidade, p.item ->> 'categoria' AS categoria, $3::jsonb ->> (p.item ->> 'categoria') AS local,
       p.preco_centavos, round(p.preco_centavos * (0.6 + 0.15 * ${draw(`'custo:' || p.idx`)}))::bigint AS custo_centavos,
       p.minimo_milli,
       CASE p.unidade WHEN 'kg' THEN 5000 WHEN 'g' THEN 1000000 ELSE 12000 END::bigint AS caixa_milli,
       CASE p.unidade WHEN 'kg' THEN 100 WHEN 'g' THEN 10000 ELSE 1000 END::bigint AS passo_milli,
       -- A few products are restocked only to what sells: they run low (and now and then out).
       CASE WHEN ${draw(`'reserva:' || p.idx`)} < 0.03 THEN 0 ELSE p.minimo_milli END AS reserva_milli,
       floor(${draw(`'fase:' || p.idx`)} * ${RESTOCK_DAYS})::int AS fase,
       CASE WHEN p.item ->> 'marca' IS NULL THEN NULL ELSE p.ean12 || (
         (10 - (SELECT sum(substr(p.ean12, i, 1)::int * CASE WHEN i % 2 = 1 THEN 1 ELSE 3 END) FROM generate_series(1, 12) i) % 10) % 10)::text
       END AS codigo_barras,
       ${localInstant('p.abertura', `interval '8 hours' + floor(${draw(`'criado:' || p.idx`)} * 60) * interval '1 minute'`)} AS criado
  FROM precos p`;

/**
 * The clients: $1 the demo's client names (first names and surnames are recombined beyond them), $2 the notes some
 * have. Three in four buy on fiado; each of those pays every few days (from a day of its own), in full, most or
 * half of what it owes, and some came with a balance from the paper notebook.
 */
export const STAGE_CLIENTS = `
CREATE TEMP TABLE g_cliente ON COMMIT DROP AS
WITH nomes AS (
  SELECT (x.ordem - 1)::int AS i, x.nome FROM jsonb_array_elements_text($1::jsonb) WITH ORDINALITY x(nome, ordem)
), tamanho AS (SELECT count(*)::int AS n FROM nomes),
base AS (
  SELECT k AS idx, k % 4 <> 3 AS fiado,
         CASE WHEN k < t.n THEN a.nome ELSE split_part(a.nome, ' ', 1) || ' ' || (regexp_match(b.nome, '(\\S+)$'))[1] END AS nome,
         7 + floor(${draw(`'intervalo:' || k`)} * 20)::int AS intervalo, g_param.*
    FROM g_param CROSS JOIN tamanho t CROSS JOIN LATERAL generate_series(0, g_param.clientes - 1) k
    JOIN nomes a ON a.i = k % t.n
    JOIN nomes b ON b.i = (k % t.n + 1 + k / t.n) % t.n
)
SELECT c.idx, ${stableUuid(`'cliente:' || c.idx`)} AS id, c.nome, c.fiado,
       CASE WHEN c.fiado THEN row_number() OVER (PARTITION BY c.fiado ORDER BY c.idx) - 1 END AS fiado_ordem,
       CASE WHEN c.idx % 7 = 6 THEN NULL ELSE '819' || lpad(floor(${draw(`'telefone:' || c.idx`)} * 100000000)::text, 8, '0') END AS telefone,
       CASE WHEN c.idx % 9 = 0 THEN $2::jsonb ->> floor(${draw(`'nota:' || c.idx`)} * jsonb_array_length($2::jsonb))::int END AS observacoes,
       c.intervalo, floor(${draw(`'fase-pagamento:' || c.idx`)} * c.intervalo)::int AS fase,
       CASE WHEN ${draw(`'fracao:' || c.idx`)} < 0.55 THEN 1 WHEN ${draw(`'fracao:' || c.idx`)} < 0.85 THEN 0.9 ELSE 0.5 END::numeric AS fracao,
       CASE WHEN c.fiado AND ${draw(`'anterior:' || c.idx`)} < 0.4 THEN (20 + floor(${draw(`'anterior-valor:' || c.idx`)} * 231))::bigint * 100
            ELSE 0 END AS anterior_centavos,
       ${localInstant('c.abertura', `interval '9 hours' + c.idx * interval '1 minute'`)} AS criado
  FROM base c`;

/**
 * The sales, spread evenly over the shop's open hours from the first day to now (none after now), in the order of
 * their instants (and so of their HLCs): lines, fiado or not, client, payment method.
 */
export const STAGE_SALES = `
CREATE TEMP TABLE g_venda ON COMMIT DROP AS
WITH relogio AS (
  SELECT g_param.*, greatest(0::bigint, least(${OPEN_MS}::bigint,
           floor(extract(epoch FROM agora - ${localInstant('hoje', "interval '7 hours'")}) * 1000)::bigint)) AS hoje_ms,
         (SELECT count(*) FROM g_cliente WHERE fiado)::int AS fiados
    FROM g_param
), momentos AS (
  SELECT r.*, n, floor(((r.dias - 1)::float8 * ${OPEN_MS} + r.hoje_ms) * (n + ${draw(`'venda:' || n`)}) / r.vendas)::bigint AS b
    FROM relogio r CROSS JOIN LATERAL generate_series(0, r.vendas - 1) n
)
SELECT m.n, ${stableUuid(`'venda:' || m.n`)} AS id, (m.b / ${OPEN_MS})::int AS dia_idx, m.primeiro + (m.b / ${OPEN_MS})::int AS data,
       ${localInstant(`m.primeiro + (m.b / ${OPEN_MS})::int`, `interval '7 hours' + (m.b % ${OPEN_MS}) * interval '1 millisecond'`)} AS instante,
       (ARRAY[1, 1, 1, 2, 2, 2, 3, 3, 4, 5])[1 + floor(${draw(`'linhas:' || m.n`)} * 10)::int] AS linhas,
       CASE WHEN m.fiados > 0 AND ${draw(`'fiado:' || m.n`)} < 0.14 THEN floor(${draw(`'cliente:' || m.n`)} * m.fiados)::int END AS cliente_ordem,
       (ARRAY['dinheiro', 'dinheiro', 'dinheiro', 'pix', 'pix', 'cartao', 'cartao'])[1 + floor(${draw(`'forma:' || m.n`)} * 7)::int] AS forma,
       CASE WHEN ${draw(`'parcelado:' || m.n`)} < 0.5 THEN 2 + floor(${draw(`'parcelas:' || m.n`)} * 2)::int ELSE 1 END AS parcelas
  FROM momentos m`;

/**
 * The lines of each sale: popular products come up more often (the catalogue's first items most), one line per
 * product as the cart keeps them, quantities by unit (weighed products in grams' worth of kilos).
 */
export const STAGE_LINES = `
CREATE TEMP TABLE g_linha ON COMMIT DROP AS
WITH escolhas AS (
  SELECT DISTINCT ON (v.n, x.pidx) v.n, j AS linha, x.pidx, v.dia_idx
    FROM g_param CROSS JOIN g_venda v CROSS JOIN LATERAL generate_series(1, v.linhas) j
    CROSS JOIN LATERAL (SELECT floor(produtos * power(${draw(`'item:' || v.n || ':' || j`)}, 1.6))::int AS pidx) x
   ORDER BY v.n, x.pidx, j
), quantidades AS (
  SELECT e.*, CASE pr.unidade
           WHEN 'kg' THEN (15 + floor(${draw(`'quantidade:' || e.n || ':' || e.linha`)} * 186))::bigint * 10
           WHEN 'g' THEN (5 + floor(${draw(`'quantidade:' || e.n || ':' || e.linha`)} * 26))::bigint * 10000
           WHEN 'un' THEN (1 + floor(${draw(`'quantidade:' || e.n || ':' || e.linha`)} * 3))::bigint * 1000
           ELSE (1 + floor(${draw(`'quantidade:' || e.n || ':' || e.linha`)} * 2))::bigint * 1000 END AS milli,
         pr.preco_centavos
    FROM g_param CROSS JOIN escolhas e JOIN g_produto pr ON pr.idx = e.pidx
)
SELECT q.n, q.linha, q.pidx, q.dia_idx, q.milli, round(q.milli * q.preco_centavos / 1000.0)::bigint AS centavos FROM quantidades q`;

/** Each sale's total and its `itens` as the device writes them (workers/sales/handlers.ts). */
export const STAGE_SALE_DOCUMENTS = `
CREATE TEMP TABLE g_documento ON COMMIT DROP AS
SELECT l.n, sum(l.centavos) AS total_centavos,
       jsonb_agg(jsonb_build_object(
         'produto_id', pr.id::text, 'quantidade', trim_scale(l.milli / 1000.0), 'preco_unitario', trim_scale(pr.preco_centavos / 100.0),
         'preco_total', trim_scale(l.centavos / 100.0), 'nome_produto', pr.nome, 'marca_produto', pr.marca, 'unidade_produto', pr.unidade
       ) ORDER BY l.linha) AS itens
  FROM g_linha l JOIN g_produto pr ON pr.idx = l.pidx
 GROUP BY l.n`;

export const INSERT_PRODUCTS = `
INSERT INTO public.produtos (id, user_id, nome, descricao, preco, preco_compra, estoque_minimo, codigo_barras, categoria, marca,
                             unidade, local, created_at, updated_at)
SELECT pr.id, dono, pr.nome, pr.descricao, pr.preco_centavos / 100.0, pr.custo_centavos / 100.0, pr.minimo_milli / 1000.0,
       pr.codigo_barras, pr.categoria, pr.marca, pr.unidade, pr.local, pr.criado, pr.criado
  FROM g_param CROSS JOIN g_produto pr ORDER BY pr.idx`;

export const INSERT_CLIENTS = `
INSERT INTO public.clientes (id, user_id, nome, telefone, is_fiado, observacoes, created_at, updated_at)
SELECT c.id, dono, c.nome, c.telefone, c.fiado, c.observacoes, c.criado, c.criado
  FROM g_param CROSS JOIN g_cliente c ORDER BY c.idx`;

/** Sales $1 ≤ n < $2, in HLC order: the server's statement triggers keep itens_venda and the counters. */
export const INSERT_SALES = `
INSERT INTO public.vendas (id, user_id, data, total, tipo, cliente_id, forma_pagamento, forma_pagamento_descricao, hlc, itens,
                           created_at, updated_at)
SELECT v.id, dono, v.data, d.total_centavos / 100.0, CASE WHEN c.id IS NULL THEN 'avista' ELSE 'fiado' END, c.id,
       CASE WHEN c.id IS NULL THEN v.forma END,
       CASE WHEN c.id IS NULL AND v.forma = 'cartao' THEN
         CASE WHEN d.total_centavos > 10000 AND v.parcelas > 1 THEN '{"tipo_cartao":"parcelado","parcelas":' || v.parcelas || '}'
              ELSE '{"tipo_cartao":"avista","parcelas":1}' END END,
       ${hlcAt('v.instante', '0')}, d.itens, v.instante, v.instante
  FROM g_param CROSS JOIN g_venda v JOIN g_documento d ON d.n = v.n
  LEFT JOIN g_cliente c ON c.fiado AND c.fiado_ordem = v.cliente_ordem
 WHERE v.n >= $1 AND v.n < $2
 ORDER BY v.n`;
