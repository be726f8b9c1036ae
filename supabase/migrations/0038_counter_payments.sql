-- At the counter (docs/product.md §10): the cash the owner received for a sale paid in cash, kept with the sale so
-- the details and the receipt show 'Valor recebido' and 'Troco' on every device. Null on sales made before it, and
-- on sales paid otherwise. Money as the sale's total (reais, numeric(12, 2)).
-- A device on an older schema pushes a sale without this field: replicate_push writes only the columns a document
-- carries (9004), so such a push never erases the amount another device stored.
ALTER TABLE public.vendas
  ADD COLUMN valor_recebido numeric(12, 2)
    CONSTRAINT vendas_valor_recebido_nao_negativo CHECK (valor_recebido >= 0)
    CONSTRAINT vendas_valor_recebido_finito CHECK (valor_recebido NOT IN ('NaN', 'Infinity', '-Infinity'));

-- Discounts (docs/product.md §10): a line's discount is `desconto` inside its item (reais, at most the line's
-- `preco_total`), the sale's own discount is `vendas.desconto` (reais, at most what the lines come to after theirs).
-- `total` is what the client pays: the lines' totals less every discount, so the fiado balance, the till, the
-- rollups and the reports (all summing `total`) count net sales, and a line's `preco_total` stays its gross amount
-- (the rollups' product revenue; a day's discounts are its products' revenue less its total). Stock counts
-- quantities only, so a discount never moves it. Null or absent: no discount, as on every sale made before.
ALTER TABLE public.vendas
  ADD COLUMN desconto numeric(12, 2)
    CONSTRAINT vendas_desconto_nao_negativo CHECK (desconto >= 0)
    CONSTRAINT vendas_desconto_finito CHECK (desconto NOT IN ('NaN', 'Infinity', '-Infinity'));

-- A discounted sale's amounts must add up: each line's discount a number between zero and the line's total, the
-- sale's discount at most what the lines come to after theirs, and the total exactly the rest. A sale without any
-- discount is left as it always was.
CREATE OR REPLACE FUNCTION public.validar_descontos_venda()
RETURNS trigger
LANGUAGE plpgsql SECURITY INVOKER SET search_path = ''
AS $$
DECLARE
  v_item jsonb;
  v_linhas numeric := 0;
  v_com_desconto boolean := coalesce(NEW.desconto, 0) > 0;
  v_desconto numeric;
BEGIN
  -- What the other rules refuse is left to them: the CHECKs (a negative or non-finite discount) and the item rules.
  IF NEW._deleted OR jsonb_typeof(NEW.itens) IS DISTINCT FROM 'array'
     OR NEW.desconto < 0 OR NEW.desconto IN ('NaN', 'Infinity', '-Infinity') THEN
    RETURN NEW;
  END IF;
  FOR v_item IN SELECT value FROM jsonb_array_elements(NEW.itens) LOOP
    IF jsonb_typeof(v_item) IS DISTINCT FROM 'object' THEN
      RETURN NEW; -- validar_itens_venda refuses it
    END IF;
    v_desconto := 0;
    IF v_item ? 'desconto' AND jsonb_typeof(v_item -> 'desconto') <> 'null' THEN
      IF jsonb_typeof(v_item -> 'desconto') <> 'number' OR (v_item ->> 'desconto')::numeric < 0
         OR (v_item ->> 'desconto')::numeric > (v_item ->> 'preco_total')::numeric THEN
        RAISE EXCEPTION 'Item da venda inválido: o desconto vai de zero ao total do item.' USING ERRCODE = '23514';
      END IF;
      v_desconto := (v_item ->> 'desconto')::numeric;
      v_com_desconto := v_com_desconto OR v_desconto > 0;
    END IF;
    v_linhas := v_linhas + (v_item ->> 'preco_total')::numeric - v_desconto;
  END LOOP;
  IF coalesce(NEW.desconto, 0) > v_linhas THEN
    RAISE EXCEPTION 'Desconto maior que o valor da venda.' USING ERRCODE = '23514';
  END IF;
  IF v_com_desconto AND NEW.total <> v_linhas - coalesce(NEW.desconto, 0) THEN
    RAISE EXCEPTION 'Total da venda diferente dos itens menos os descontos.' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION public.validar_descontos_venda() FROM PUBLIC, anon, authenticated;
-- Named to fire after validar_itens_venda (BEFORE triggers fire in name order), which checks the items first.
CREATE TRIGGER validar_itens_venda_descontos BEFORE INSERT OR UPDATE OF itens, desconto, total, _deleted ON public.vendas
  FOR EACH ROW EXECUTE FUNCTION public.validar_descontos_venda();
