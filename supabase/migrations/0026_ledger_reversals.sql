-- A fiado ledger entry is never edited: a mistake is corrected by an opposite entry that names the one it reverses
-- (`estorno_de`), with the reason in its description. The statement shows the original as reversed.
ALTER TABLE public.fiado_lancamentos ADD COLUMN estorno_de uuid;
CREATE INDEX fiado_lancamentos_estorno_idx ON public.fiado_lancamentos (estorno_de) WHERE estorno_de IS NOT NULL;
