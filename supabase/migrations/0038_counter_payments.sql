-- At the counter (docs/product.md §10): the cash the owner received for a sale paid in cash, kept with the sale so
-- the details and the receipt show 'Valor recebido' and 'Troco' on every device. Null on sales made before it, and
-- on sales paid otherwise. Money as the sale's total (reais, numeric(12, 2)).
-- A device on an older schema pushes a sale without this field: replicate_push writes only the columns a document
-- carries (9004), so such a push never erases the amount another device stored.
ALTER TABLE public.vendas
  ADD COLUMN valor_recebido numeric(12, 2)
    CONSTRAINT vendas_valor_recebido_nao_negativo CHECK (valor_recebido >= 0)
    CONSTRAINT vendas_valor_recebido_finito CHECK (valor_recebido NOT IN ('NaN', 'Infinity', '-Infinity'));
