-- New sales counted per statement instead of per row: a device pushing a day of offline sales inserts them
-- in one statement, and each product and client touched is then updated once for the whole batch (in id
-- order, so concurrent pushes lock them in the same order), with the same result as sale by sale.
-- Edited and deleted sales still recompute row by row (venda_alterada).

CREATE OR REPLACE FUNCTION public.venda_alterada()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_produto uuid;
BEGIN
  IF TG_OP = 'UPDATE' THEN
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

  -- An edited or deleted sale: recompute everything the old or new version touches.
  FOR v_produto IN
    SELECT DISTINCT (i.value ->> 'produto_id')::uuid
      FROM jsonb_array_elements(OLD.itens || CASE WHEN TG_OP = 'DELETE' THEN '[]'::jsonb ELSE NEW.itens END) i
     ORDER BY 1
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

DROP TRIGGER venda_alterada ON public.vendas;
CREATE TRIGGER venda_alterada AFTER UPDATE OR DELETE ON public.vendas
  FOR EACH ROW EXECUTE FUNCTION public.venda_alterada();

-- The sales one INSERT statement added: their items, then each product loses what it sold after its latest
-- count, and each client's balance grows by its fiado sales.
CREATE OR REPLACE FUNCTION public.vendas_inseridas()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  INSERT INTO public.itens_venda (venda_id, user_id, produto_id, quantidade, preco_unitario, preco_total,
                                  nome_produto, marca_produto, unidade_produto)
  SELECT n.id, n.user_id, (i.value ->> 'produto_id')::uuid,
         sum((i.value ->> 'quantidade')::numeric), (array_agg((i.value ->> 'preco_unitario')::numeric ORDER BY i.ordinality))[1],
         sum((i.value ->> 'preco_total')::numeric), (array_agg(i.value ->> 'nome_produto' ORDER BY i.ordinality))[1],
         (array_agg(i.value ->> 'marca_produto' ORDER BY i.ordinality))[1],
         (array_agg(i.value ->> 'unidade_produto' ORDER BY i.ordinality))[1]
    FROM vendas_novas n, jsonb_array_elements(n.itens) WITH ORDINALITY i
   WHERE NOT n._deleted
   GROUP BY n.id, n.user_id, (i.value ->> 'produto_id')::uuid;

  -- Locked in id order first, so that concurrent pushes touching the same products never deadlock.
  PERFORM 1 FROM public.produtos p
   WHERE (p.id, p.user_id) IN (SELECT (i.value ->> 'produto_id')::uuid, n.user_id
                                 FROM vendas_novas n, jsonb_array_elements(n.itens) i WHERE NOT n._deleted)
   ORDER BY p.id
     FOR NO KEY UPDATE;
  WITH itens AS (
    SELECT n.user_id, n.hlc, (i.value ->> 'produto_id')::uuid AS produto_id,
           round((i.value ->> 'quantidade')::numeric, 3) AS quantidade
      FROM vendas_novas n, jsonb_array_elements(n.itens) i
     WHERE NOT n._deleted
  ),
  ultimas_contagens AS (
    SELECT p.user_id, p.produto_id, public.hlc_ultima_contagem(p.produto_id, p.user_id) AS hlc
      FROM (SELECT DISTINCT user_id, produto_id FROM itens) p
  ),
  vendido AS (
    SELECT i.user_id, i.produto_id, sum(i.quantidade) AS quantidade
      FROM itens i
      JOIN ultimas_contagens c ON c.user_id = i.user_id AND c.produto_id = i.produto_id
     WHERE i.hlc COLLATE "C" > c.hlc COLLATE "C"
     GROUP BY i.user_id, i.produto_id
  )
  UPDATE public.produtos p SET estoque = p.estoque - v.quantidade
    FROM vendido v
   WHERE p.id = v.produto_id AND p.user_id = v.user_id;

  PERFORM 1 FROM public.clientes c
   WHERE (c.id, c.user_id) IN (SELECT n.cliente_id, n.user_id FROM vendas_novas n
                                WHERE NOT n._deleted AND n.tipo = 'fiado' AND n.cliente_id IS NOT NULL)
   ORDER BY c.id
     FOR NO KEY UPDATE;
  UPDATE public.clientes c SET saldo_devedor = c.saldo_devedor + f.total
    FROM (SELECT n.user_id, n.cliente_id, sum(n.total) AS total
            FROM vendas_novas n
           WHERE NOT n._deleted AND n.tipo = 'fiado' AND n.cliente_id IS NOT NULL
           GROUP BY n.user_id, n.cliente_id) f
   WHERE c.id = f.cliente_id AND c.user_id = f.user_id;
  RETURN NULL;
END $$;

CREATE TRIGGER vendas_inseridas AFTER INSERT ON public.vendas
  REFERENCING NEW TABLE AS vendas_novas
  FOR EACH STATEMENT EXECUTE FUNCTION public.vendas_inseridas();
