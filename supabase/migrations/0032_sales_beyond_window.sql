-- History older than the window a device keeps, online (docs/growth.md §6): its sales a page at a time, newest
-- first, keyset on (data, id), a client's statement before the oldest entry the device shows, and the cancellation
-- of such a sale with the revision the device read (a sale changed elsewhere since is refused, never overwritten).
-- All run as the caller: row-level security and the owner filter keep each owner to her own rows; a cancellation
-- passes `conta_ativa` and moves stock, balances, bases and rollups through the sales' statement triggers.

CREATE INDEX IF NOT EXISTS vendas_user_data_id_idx ON public.vendas (user_id, data DESC, id DESC) WHERE NOT _deleted;

-- The sales before `p_antes` (and inside [p_de, p_ate] when given), of one type or both, after the keyset
-- position (`p_apos_data`, `p_apos_id`: the last sale of the previous page), at most `p_limite` of them.
CREATE OR REPLACE FUNCTION public.vendas_anteriores(
  p_antes date,
  p_de date DEFAULT NULL,
  p_ate date DEFAULT NULL,
  p_tipo text DEFAULT NULL,
  p_apos_data date DEFAULT NULL,
  p_apos_id uuid DEFAULT NULL,
  p_limite integer DEFAULT 20
)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = ''
AS $$
BEGIN
  IF p_antes IS NULL OR p_limite IS NULL OR p_limite NOT BETWEEN 1 AND 100 OR (p_apos_data IS NULL) <> (p_apos_id IS NULL)
     OR (p_tipo IS NOT NULL AND p_tipo NOT IN ('avista', 'fiado')) THEN
    RAISE EXCEPTION 'Consulta de vendas inválida' USING ERRCODE = '22023';
  END IF;
  RETURN coalesce((
    SELECT jsonb_agg(jsonb_build_object(
             'id', v.id, 'data', v.data, 'tipo', v.tipo, 'cliente_id', v.cliente_id, 'forma_pagamento', v.forma_pagamento,
             'forma_pagamento_descricao', v.forma_pagamento_descricao, 'total', v.total, 'itens', v.itens,
             'created_at', v.created_at, '_modified', v._modified)
             ORDER BY v.data DESC, v.id DESC)
      FROM (SELECT s.*
              FROM public.vendas s
             WHERE s.user_id = auth.uid() AND NOT s._deleted AND s.data < p_antes
               AND (p_de IS NULL OR s.data >= p_de) AND (p_ate IS NULL OR s.data <= p_ate)
               AND (p_tipo IS NULL OR s.tipo = p_tipo)
               AND (p_apos_data IS NULL OR s.data < p_apos_data OR (s.data = p_apos_data AND s.id < p_apos_id))
             ORDER BY s.data DESC, s.id DESC
             LIMIT p_limite) v), '[]'::jsonb);
END $$;
REVOKE ALL ON FUNCTION public.vendas_anteriores(date, date, date, text, date, uuid, integer) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.vendas_anteriores(date, date, date, text, date, uuid, integer) TO authenticated, service_role;

-- A client's statement before the oldest entry a device shows: her fiado sales and ledger entries, newest first in
-- the statement's order (data, created_at, id), strictly before that position (all of them when it is null).
CREATE OR REPLACE FUNCTION public.lancamentos_anteriores(
  p_cliente uuid,
  p_antes_data date DEFAULT NULL,
  p_antes_criado timestamptz DEFAULT NULL,
  p_antes_id uuid DEFAULT NULL,
  p_limite integer DEFAULT 20
)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = ''
AS $$
BEGIN
  IF p_cliente IS NULL OR p_limite IS NULL OR p_limite NOT BETWEEN 1 AND 100
     OR (p_antes_data IS NULL) <> (p_antes_criado IS NULL) OR (p_antes_data IS NULL) <> (p_antes_id IS NULL) THEN
    RAISE EXCEPTION 'Consulta de lançamentos inválida' USING ERRCODE = '22023';
  END IF;
  RETURN coalesce((
    SELECT jsonb_agg(jsonb_build_object(
             'id', f.id, 'kind', f.kind, 'valor', f.valor, 'data', f.data, 'created_at', f.created_at,
             'descricao', f.descricao, 'estorno_de', f.estorno_de)
             ORDER BY f.data DESC, f.created_at DESC, f.id DESC)
      FROM (SELECT u.*
              FROM (SELECT v.id, 'venda' AS kind, v.total AS valor, v.data, v.created_at, NULL::text AS descricao,
                           NULL::uuid AS estorno_de
                      FROM public.vendas v
                     WHERE v.user_id = auth.uid() AND v.cliente_id = p_cliente AND v.tipo = 'fiado' AND NOT v._deleted
                    UNION ALL
                    SELECT l.id, l.tipo, l.valor, l.data, l.created_at, l.descricao, l.estorno_de
                      FROM public.fiado_lancamentos l
                     WHERE l.user_id = auth.uid() AND l.cliente_id = p_cliente AND NOT l._deleted) u
             WHERE p_antes_data IS NULL OR (u.data, u.created_at, u.id) < (p_antes_data, p_antes_criado, p_antes_id)
             ORDER BY u.data DESC, u.created_at DESC, u.id DESC
             LIMIT p_limite) f), '[]'::jsonb);
END $$;
REVOKE ALL ON FUNCTION public.lancamentos_anteriores(uuid, date, timestamptz, uuid, integer) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.lancamentos_anteriores(uuid, date, timestamptz, uuid, integer) TO authenticated, service_role;

-- Cancels one of the caller's sales, if it is still the revision `p_revisao` she read: a soft delete, so every
-- device learns of it and the triggers give its items back to stock and take a fiado sale off the balance.
-- Refused with 40001 when the sale changed or was cancelled since, P0002 when it is not hers or does not exist.
CREATE OR REPLACE FUNCTION public.cancelar_venda_antiga(p_id uuid, p_revisao timestamptz)
RETURNS timestamptz
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = ''
AS $$
DECLARE
  v_atual timestamptz;
  v_apagada boolean;
  v_nova timestamptz;
BEGIN
  IF auth.uid() IS NULL OR p_id IS NULL OR p_revisao IS NULL THEN
    RAISE EXCEPTION 'Venda não encontrada' USING ERRCODE = 'P0002';
  END IF;
  SELECT v._modified, v._deleted INTO v_atual, v_apagada
    FROM public.vendas v
   WHERE v.id = p_id AND v.user_id = auth.uid()
     FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Venda não encontrada' USING ERRCODE = 'P0002';
  END IF;
  IF v_apagada OR v_atual <> p_revisao THEN
    RAISE EXCEPTION 'Esta venda foi alterada em outro lugar. Abra-a de novo para ver como está.' USING ERRCODE = '40001';
  END IF;
  -- The statement-level `conta_ativa` trigger refuses it for a suspended, expired or signed-out account.
  UPDATE public.vendas v SET _deleted = true, updated_at = now()
   WHERE v.id = p_id AND v.user_id = auth.uid()
  RETURNING v._modified INTO v_nova;
  RETURN v_nova;
END $$;
REVOKE ALL ON FUNCTION public.cancelar_venda_antiga(uuid, timestamptz) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.cancelar_venda_antiga(uuid, timestamptz) TO authenticated, service_role;
