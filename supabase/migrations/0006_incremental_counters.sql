-- Counters kept incrementally for new facts: a new sale, delivery or ledger entry moves the stored number by
-- its own amount (the same result as recomputing, in constant time), so thousands of sales pushed from an
-- offline device do not each rescan the product's history. Edits, deletions and counts still recompute.

-- Stock facts are found by product and latest count.
CREATE INDEX historico_estoque_contagem_idx ON public.historico_estoque (produto_id, user_id, (hlc COLLATE "C") DESC)
  WHERE tipo = 'ajuste' AND NOT _deleted;

-- HLC of the product's latest live count ('' when it has none): facts after it move the stock.
CREATE OR REPLACE FUNCTION public.hlc_ultima_contagem(p_produto_id uuid, p_user_id uuid)
RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$
  SELECT coalesce((SELECT h.hlc FROM public.historico_estoque h
                    WHERE h.produto_id = p_produto_id AND h.user_id = p_user_id AND h.tipo = 'ajuste' AND NOT h._deleted
                    ORDER BY h.hlc COLLATE "C" DESC LIMIT 1), '')
$$;
REVOKE ALL ON FUNCTION public.hlc_ultima_contagem(uuid, uuid) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION public.fato_estoque_alterado()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.tipo = 'entrada' THEN
    IF NOT NEW._deleted AND NEW.hlc COLLATE "C" > public.hlc_ultima_contagem(NEW.produto_id, NEW.user_id) COLLATE "C" THEN
      UPDATE public.produtos SET estoque = estoque + round(NEW.quantidade, 3)
       WHERE id = NEW.produto_id AND user_id = NEW.user_id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM public.recalcular_estoque(OLD.produto_id, OLD.user_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR (NEW.produto_id, NEW.user_id) IS DISTINCT FROM (OLD.produto_id, OLD.user_id)) THEN
    PERFORM public.recalcular_estoque(NEW.produto_id, NEW.user_id);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION public.lancamento_fiado_alterado()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT NEW._deleted THEN
      UPDATE public.clientes
         SET saldo_devedor = saldo_devedor + CASE WHEN NEW.tipo = 'debito' THEN NEW.valor ELSE -NEW.valor END
       WHERE id = NEW.cliente_id AND user_id = NEW.user_id;
    END IF;
  ELSE
    PERFORM public.recalcular_saldo(OLD.cliente_id, OLD.user_id);
    IF TG_OP = 'UPDATE' AND (NEW.cliente_id, NEW.user_id) IS DISTINCT FROM (OLD.cliente_id, OLD.user_id) THEN
      PERFORM public.recalcular_saldo(NEW.cliente_id, NEW.user_id);
    END IF;
  END IF;
  -- A payment that brings the balance to zero retires that client's overdue-fiado notices (soft delete).
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.tipo = 'pagamento' AND NOT NEW._deleted
     AND public.saldo_derivado(NEW.cliente_id, NEW.user_id) = 0 THEN
    UPDATE public.notificacoes SET _deleted = true, updated_at = now()
     WHERE user_id = NEW.user_id AND tipo = 'fiado_vencido' AND referencia_id = NEW.cliente_id::text AND NOT _deleted;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION public.venda_alterada()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_produto uuid;
  v_quantidade numeric;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    DELETE FROM public.itens_venda WHERE venda_id = NEW.id;
    IF NOT NEW._deleted THEN
      INSERT INTO public.itens_venda (venda_id, user_id, produto_id, quantidade, preco_unitario, preco_total,
                                      nome_produto, marca_produto, unidade_produto)
      SELECT NEW.id, NEW.user_id, (i.value ->> 'produto_id')::uuid,
             sum((i.value ->> 'quantidade')::numeric), (array_agg((i.value ->> 'preco_unitario')::numeric ORDER BY i.ordinality))[1],
             sum((i.value ->> 'preco_total')::numeric), (array_agg(i.value ->> 'nome_produto' ORDER BY i.ordinality))[1],
             (array_agg(i.value ->> 'marca_produto' ORDER BY i.ordinality))[1],
             (array_agg(i.value ->> 'unidade_produto' ORDER BY i.ordinality))[1]
        FROM jsonb_array_elements(NEW.itens) WITH ORDINALITY i
       GROUP BY (i.value ->> 'produto_id')::uuid;
    END IF;
  END IF;

  IF TG_OP = 'INSERT' THEN
    -- A new sale: each product loses what it sold, when the sale comes after the product's latest count.
    IF NOT NEW._deleted THEN
      FOR v_produto, v_quantidade IN
        SELECT (i.value ->> 'produto_id')::uuid, sum(round((i.value ->> 'quantidade')::numeric, 3))
          FROM jsonb_array_elements(NEW.itens) i GROUP BY 1
      LOOP
        IF NEW.hlc COLLATE "C" > public.hlc_ultima_contagem(v_produto, NEW.user_id) COLLATE "C" THEN
          UPDATE public.produtos SET estoque = estoque - v_quantidade WHERE id = v_produto AND user_id = NEW.user_id;
        END IF;
      END LOOP;
      IF NEW.tipo = 'fiado' AND NEW.cliente_id IS NOT NULL THEN
        UPDATE public.clientes SET saldo_devedor = saldo_devedor + NEW.total
         WHERE id = NEW.cliente_id AND user_id = NEW.user_id;
      END IF;
    END IF;
    RETURN NULL;
  END IF;

  -- An edited or deleted sale: recompute everything the old or new version touches.
  FOR v_produto IN
    SELECT DISTINCT (i.value ->> 'produto_id')::uuid
      FROM jsonb_array_elements(OLD.itens || CASE WHEN TG_OP = 'DELETE' THEN '[]'::jsonb ELSE NEW.itens END) i
  LOOP
    PERFORM public.recalcular_estoque(v_produto, OLD.user_id);
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM public.recalcular_estoque(v_produto, NEW.user_id);
    END IF;
  END LOOP;
  IF OLD.cliente_id IS NOT NULL THEN
    PERFORM public.recalcular_saldo(OLD.cliente_id, OLD.user_id);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.cliente_id IS NOT NULL AND (NEW.cliente_id, NEW.user_id) IS DISTINCT FROM (OLD.cliente_id, OLD.user_id) THEN
    PERFORM public.recalcular_saldo(NEW.cliente_id, NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
