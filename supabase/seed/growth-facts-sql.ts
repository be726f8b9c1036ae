// SQL of the growth seeder's stock and fiado facts, derived from the staged sales so that no stock and no balance
// ever goes below zero: deliveries sized to what each product sells until the next one (telescoped, so rounding
// to whole cases never drifts), two inventory counts, and payments that settle a share of what each client owes.
import { RESTOCK_DAYS, draw, hlcAt, localInstant, stableUuid } from './growth-sql.ts';

/**
 * Per product and restock period k (0: from the opening count to the first delivery; k ≥ 1: from the k-th
 * delivery, on day `fase + (k − 1) × RESTOCK_DAYS`, to the next), what sells in it; the opening count and each
 * delivery bring the stock to `ceil((sold through the period + reserve) / case) × case`, the difference between
 * two such targets being the delivery. Deliveries that would happen after now are not made.
 */
export const STAGE_DELIVERIES = `
CREATE TEMP TABLE g_entrega ON COMMIT DROP AS
WITH vendido AS (
  SELECT l.pidx, CASE WHEN l.dia_idx >= pr.fase THEN (l.dia_idx - pr.fase) / ${RESTOCK_DAYS} + 1 ELSE 0 END AS k, sum(l.milli) AS milli
    FROM g_linha l JOIN g_produto pr ON pr.idx = l.pidx
   GROUP BY 1, 2
), grade AS (
  SELECT pr.idx AS pidx, s.k, coalesce(v.milli, 0) AS milli, pr.caixa_milli, pr.reserva_milli,
         CASE WHEN s.k = 0 THEN NULL ELSE pr.fase + (s.k - 1) * ${RESTOCK_DAYS} END AS dia_idx
    FROM g_param CROSS JOIN g_produto pr
   CROSS JOIN LATERAL generate_series(0, greatest(0, (g_param.dias - 1 - pr.fase) / ${RESTOCK_DAYS} + 1)) s(k)
    LEFT JOIN vendido v ON v.pidx = pr.idx AND v.k = s.k
), alvos AS (
  SELECT g.*, ceil((sum(g.milli) OVER (PARTITION BY g.pidx ORDER BY g.k) + g.reserva_milli)::numeric / g.caixa_milli)::bigint
              * g.caixa_milli AS alvo
    FROM grade g
)
SELECT a.pidx, a.k, a.dia_idx, a.alvo - coalesce(lag(a.alvo) OVER (PARTITION BY a.pidx ORDER BY a.k), 0) AS milli
  FROM alvos a`;

/**
 * Two inventory counts (mid-period and a month before the end) of about three products in ten each, early in the
 * morning: the stock the facts give at that moment, less a little shrinkage (never more than the reserve holds,
 * so later stock stays at or above zero).
 */
export const STAGE_COUNTS = `
CREATE TEMP TABLE g_contagem ON COMMIT DROP AS
WITH dias AS (
  SELECT j, dia_idx FROM g_param CROSS JOIN LATERAL (VALUES (1, dias / 2), (2, dias - 1 - dias / 12)) d(j, dia_idx)
   WHERE dia_idx >= 1
), escolhidos AS (
  SELECT pr.idx AS pidx, d.j, d.dia_idx,
         CASE WHEN pr.reserva_milli = 0 THEN 0 ELSE floor(${draw(`'perda:' || d.j || ':' || pr.idx`)} * 3)::bigint * pr.passo_milli END AS perda
    FROM g_param CROSS JOIN g_produto pr CROSS JOIN dias d
   WHERE ${draw(`'contagem:' || d.j || ':' || pr.idx`)} < 0.3
     AND ${localInstant('primeiro + d.dia_idx', "interval '6 hours 40 minutes'")} < agora
)
SELECT e.pidx, e.j, e.dia_idx,
       (SELECT sum(g.milli) FROM g_entrega g WHERE g.pidx = e.pidx AND (g.k = 0 OR g.dia_idx < e.dia_idx))
       - coalesce((SELECT sum(l.milli) FROM g_linha l WHERE l.pidx = e.pidx AND l.dia_idx < e.dia_idx), 0)
       - sum(e.perda) OVER (PARTITION BY e.pidx ORDER BY e.j) AS milli
  FROM escolhidos e`;

/** Lookups of the counts' sums: each product's deliveries and sold lines. */
export const STOCK_STAGING_INDEXES = ['CREATE INDEX ON g_entrega (pidx, k)', 'CREATE INDEX ON g_linha (pidx, dia_idx)'];

/** Every stock fact with its instant and observation, before its HLC (counters break ties at one instant). */
export const STAGE_STOCK_FACTS = `
CREATE TEMP TABLE g_fato ON COMMIT DROP AS
WITH fatos AS (
  SELECT g.pidx, 'ajuste' AS tipo, 'abertura' AS chave, g.milli, 'Contagem inicial' AS observacao,
         ${localInstant('abertura', "interval '18 hours'")} AS instante
    FROM g_param CROSS JOIN g_entrega g WHERE g.k = 0
  UNION ALL
  SELECT g.pidx, 'entrada', 'entrega:' || g.k, g.milli, 'Entrega ' || ($1::jsonb ->> floor(${draw(`'fornecedor:' || g.pidx || ':' || g.k`)}
           * jsonb_array_length($1::jsonb))::int), ${localInstant('primeiro + g.dia_idx', "interval '6 hours 50 minutes'")}
    FROM g_param CROSS JOIN g_entrega g
   WHERE g.k > 0 AND g.milli > 0 AND ${localInstant('primeiro + g.dia_idx', "interval '6 hours 50 minutes'")} < agora
  UNION ALL
  SELECT c.pidx, 'ajuste', 'contagem:' || c.j, c.milli, 'Contagem de inventário',
         ${localInstant('primeiro + c.dia_idx', "interval '6 hours 40 minutes'")}
    FROM g_param CROSS JOIN g_contagem c
)
SELECT f.*, row_number() OVER (PARTITION BY f.instante ORDER BY f.pidx) - 1 AS contador FROM fatos f`;

export const INSERT_STOCK_FACTS = `
INSERT INTO public.historico_estoque (id, user_id, produto_id, tipo, quantidade, observacao, hlc, created_at, updated_at)
SELECT ${stableUuid(`'fato:' || f.chave || ':' || f.pidx`)}, dono, pr.id, f.tipo, f.milli / 1000.0, f.observacao,
       ${hlcAt('f.instante', 'f.contador')}, f.instante, f.instante
  FROM g_param CROSS JOIN g_fato f JOIN g_produto pr ON pr.idx = f.pidx
 ORDER BY f.instante, f.contador`;

/**
 * Fiado entries: the notebook's balances on the opening day, then each fiado client's payments every `intervalo`
 * days from its `fase`, between 10:00 and 20:00. A payment brings what the client has paid in all to `fracao` of
 * all it has owed until then (to whole tens of reais below 1): what it pays is the difference from the last
 * one, and a client who bought nothing since pays nothing.
 */
export const STAGE_LEDGER = `
CREATE TEMP TABLE g_lancamento ON COMMIT DROP AS
WITH pagamentos AS (
  SELECT c.idx AS cidx, m,
         ${localInstant('primeiro + c.fase + m * c.intervalo', `interval '10 hours' + floor(${draw(`'pagamento:' || c.idx || ':' || m`)} * 600) * interval '1 minute'`)} AS instante
    FROM g_param CROSS JOIN g_cliente c
   CROSS JOIN LATERAL generate_series(0, greatest(-1, (g_param.dias - 1 - c.fase) / c.intervalo)) m
   WHERE c.fiado
), eventos AS (
  SELECT p.cidx, p.instante, 0 AS ordem, p.m, NULL::bigint AS centavos FROM g_param CROSS JOIN pagamentos p WHERE p.instante < agora
  UNION ALL
  SELECT c.idx, v.instante, 1, NULL, d.total_centavos
    FROM g_venda v JOIN g_documento d ON d.n = v.n JOIN g_cliente c ON c.fiado AND c.fiado_ordem = v.cliente_ordem
), devido AS (
  SELECT e.cidx, e.m, e.instante, e.ordem,
         c.anterior_centavos + coalesce(sum(e.centavos) OVER (PARTITION BY e.cidx ORDER BY e.instante, e.ordem ROWS UNBOUNDED PRECEDING), 0)
           AS centavos, c.fracao
    FROM eventos e JOIN g_cliente c ON c.idx = e.cidx
), pago AS (
  SELECT d.cidx, d.m, d.instante,
         CASE WHEN d.fracao = 1 THEN d.centavos ELSE (floor(d.fracao * d.centavos / 1000) * 1000)::bigint END AS acumulado
    FROM devido d WHERE d.ordem = 0
)
SELECT p.cidx, 'pagamento:' || p.m AS chave, 'pagamento' AS tipo, p.instante,
       p.acumulado - coalesce(lag(p.acumulado) OVER (PARTITION BY p.cidx ORDER BY p.m), 0) AS centavos,
       CASE WHEN ${draw(`'meio:' || p.cidx || ':' || p.m`)} < 0.5 THEN 'Pagamento em dinheiro' ELSE 'Pagamento via Pix' END AS descricao
  FROM g_param CROSS JOIN pago p
UNION ALL
SELECT c.idx, 'anterior', 'debito', ${localInstant('abertura', "interval '19 hours'")}, c.anterior_centavos, 'Saldo anterior do caderno'
  FROM g_param CROSS JOIN g_cliente c WHERE c.anterior_centavos > 0`;

export const INSERT_LEDGER = `
INSERT INTO public.fiado_lancamentos (id, user_id, cliente_id, tipo, valor, data, descricao, created_at, updated_at)
SELECT ${stableUuid(`'lancamento:' || l.chave || ':' || l.cidx`)}, dono, c.id, l.tipo, l.centavos / 100.0,
       (l.instante AT TIME ZONE 'America/Sao_Paulo')::date, l.descricao, l.instante, l.instante
  FROM g_param CROSS JOIN g_lancamento l JOIN g_cliente c ON c.idx = l.cidx
 WHERE l.centavos > 0
 ORDER BY l.instante, l.cidx`;
