-- The till (fechamento de caixa), one session per device: opened with a float, cash taken out (sangria) or put in
-- (suprimento) while open, closed with the cash counted. The figures of a closed session are frozen in it (what
-- the drawer should hold and the sales by method at the moment of closing), as a printed till report would be.
-- Which sales belong to a session is read from the sales' own stamps: the device part of their HLC node and the
-- HLC range between opening and closing. A replicated table like the others.

CREATE TABLE public.fechamentos_caixa (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL DEFAULT auth.uid(),
  -- The device the till belongs to (its stable id; the HLC nodes of its writes start with it and a dot).
  dispositivo text NOT NULL CONSTRAINT fechamentos_caixa_dispositivo_1_a_64 CHECK (char_length(btrim(dispositivo)) BETWEEN 1 AND 64),
  aberto_em timestamptz NOT NULL,
  abertura_hlc text NOT NULL CONSTRAINT fechamentos_caixa_abertura_hlc_valido CHECK (abertura_hlc ~ '^[0-9a-z]{11}:[0-9a-z]{5}:.+$' AND char_length(abertura_hlc) <= 64),
  troco_inicial numeric(14, 2) NOT NULL
    CONSTRAINT fechamentos_caixa_troco_inicial_valido CHECK (troco_inicial NOT IN ('NaN', 'Infinity', '-Infinity') AND troco_inicial >= 0 AND troco_inicial <= 9999999999.99),
  -- [{ id, tipo: 'sangria' | 'suprimento', valor, motivo, em }], in the order they happened.
  movimentos jsonb NOT NULL DEFAULT '[]'::jsonb
    CONSTRAINT fechamentos_caixa_movimentos_lista CHECK (jsonb_typeof(movimentos) = 'array' AND jsonb_array_length(movimentos) <= 500),
  fechado_em timestamptz,
  fechamento_hlc text CONSTRAINT fechamentos_caixa_fechamento_hlc_valido CHECK (fechamento_hlc ~ '^[0-9a-z]{11}:[0-9a-z]{5}:.+$' AND char_length(fechamento_hlc) <= 64),
  valor_contado numeric(14, 2)
    CONSTRAINT fechamentos_caixa_valor_contado_valido CHECK (valor_contado NOT IN ('NaN', 'Infinity', '-Infinity') AND valor_contado >= 0 AND valor_contado <= 9999999999.99),
  valor_esperado numeric(14, 2)
    CONSTRAINT fechamentos_caixa_valor_esperado_valido CHECK (valor_esperado NOT IN ('NaN', 'Infinity', '-Infinity') AND valor_esperado >= -9999999999.99 AND valor_esperado <= 9999999999.99),
  -- At closing: { vendas, total, por_forma: { dinheiro, cartao, pix, outro, fiado }, suprimentos, sangrias }.
  resumo jsonb CONSTRAINT fechamentos_caixa_resumo_objeto CHECK (jsonb_typeof(resumo) = 'object'),
  observacoes text CONSTRAINT fechamentos_caixa_observacoes_max_500 CHECK (char_length(observacoes) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  _modified timestamptz NOT NULL DEFAULT clock_timestamp(),
  _deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX fechamentos_caixa_user_aberto_idx ON public.fechamentos_caixa (user_id, aberto_em DESC);
CREATE INDEX fechamentos_caixa_modified_idx ON public.fechamentos_caixa (_modified, id);
CREATE INDEX fechamentos_caixa_user_modified_idx ON public.fechamentos_caixa (user_id, _modified);

CREATE TRIGGER carimbar_modified BEFORE INSERT OR UPDATE ON public.fechamentos_caixa
  FOR EACH ROW EXECUTE FUNCTION public.carimbar_modified();
CREATE TRIGGER exclusao_logica BEFORE DELETE ON public.fechamentos_caixa
  FOR EACH ROW EXECUTE FUNCTION public.exclusao_logica();
CREATE TRIGGER conta_ativa BEFORE INSERT OR UPDATE OR DELETE ON public.fechamentos_caixa
  FOR EACH STATEMENT EXECUTE FUNCTION public.conta_ativa();

ALTER TABLE public.fechamentos_caixa ENABLE ROW LEVEL SECURITY;
ALTER PUBLICATION supabase_realtime ADD TABLE public.fechamentos_caixa;
REVOKE ALL ON public.fechamentos_caixa FROM anon;
GRANT SELECT, INSERT, UPDATE, DELETE ON public.fechamentos_caixa TO authenticated;
GRANT ALL ON public.fechamentos_caixa TO service_role;
CREATE POLICY dono_le ON public.fechamentos_caixa FOR SELECT TO authenticated
  USING (user_id = auth.uid() OR public.is_admin());
CREATE POLICY dono_insere ON public.fechamentos_caixa FOR INSERT TO authenticated
  WITH CHECK (user_id = auth.uid());
CREATE POLICY dono_altera ON public.fechamentos_caixa FOR UPDATE TO authenticated
  USING (user_id = auth.uid()) WITH CHECK (user_id = auth.uid());
CREATE POLICY dono_exclui ON public.fechamentos_caixa FOR DELETE TO authenticated
  USING (user_id = auth.uid());
