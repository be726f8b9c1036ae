-- Sales older than the window, read online (0032), carry what the counter stores with a sale since 0038: the cash
-- received and the sale's own discount (each line's discount travels inside its item already), so the details and
-- the receipt of an old sale show 'Valor recebido', 'Troco' and 'Descontos' as for a sale the device keeps.
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
             'valor_recebido', v.valor_recebido, 'desconto', v.desconto,
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
