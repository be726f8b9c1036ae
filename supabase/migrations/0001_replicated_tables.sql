-- The nine tables the devices replicate (schemas/*.json): owner-scoped rows with a server revision stamp
-- (`_modified`), soft deletion (`_deleted`), row-level security and the realtime publication.
-- Every number refuses NaN and ±Infinity (`*_finito`): numeric holds them, and NaN passes `>= 0`.

-- Administrators are marked by a role in the JWT's app_metadata, which only the server can grant.
CREATE OR REPLACE FUNCTION public.is_admin()
RETURNS boolean
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = ''
AS $$
  SELECT coalesce(auth.jwt() -> 'app_metadata' ->> 'role' = 'admin', false)
$$;
GRANT EXECUTE ON FUNCTION public.is_admin() TO anon, authenticated, service_role;

-- A hybrid-logical-clock timestamp from the server clock, in the devices' format (workers/sync/hlc.ts):
-- 11 base-36 digits of milliseconds, 5 of counter, then the node. For rows written without a device clock.
CREATE OR REPLACE FUNCTION public.hlc_servidor()
RETURNS text
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = ''
AS $$
DECLARE
  v_digits constant text := '0123456789abcdefghijklmnopqrstuvwxyz';
  v_ms bigint := floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint;
  v_out text := '';
BEGIN
  WHILE v_ms > 0 LOOP
    v_out := substr(v_digits, (v_ms % 36)::integer + 1, 1) || v_out;
    v_ms := v_ms / 36;
  END LOOP;
  RETURN lpad(v_out, 11, '0') || ':00000:servidor';
END $$;
GRANT EXECUTE ON FUNCTION public.hlc_servidor() TO anon, authenticated, service_role;

-- The revision stamp comes from the server clock on every write, never from the client.
CREATE OR REPLACE FUNCTION public.carimbar_modified()
RETURNS trigger
LANGUAGE plpgsql SECURITY INVOKER SET search_path = ''
AS $$
BEGIN
  NEW._modified := clock_timestamp();
  RETURN NEW;
END $$;

-- A DELETE on a replicated table becomes a soft delete, so a device offline for weeks still learns of it.
-- Runs as the table owner after the DELETE has passed row-level security. The service role purges for real.
CREATE OR REPLACE FUNCTION public.exclusao_logica()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF auth.role() = 'service_role' OR current_setting('caderneta.expurgar', true) = 'on' THEN
    RETURN OLD;
  END IF;
  IF NOT OLD._deleted THEN
    EXECUTE format('UPDATE %I.%I SET _deleted = true WHERE id = $1', TG_TABLE_SCHEMA, TG_TABLE_NAME) USING OLD.id;
  END IF;
  RETURN NULL;
END $$;

CREATE TABLE public.produtos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL DEFAULT auth.uid(),
  nome text NOT NULL CONSTRAINT produtos_nome_obrigatorio CHECK (char_length(btrim(nome)) BETWEEN 1 AND 200),
  descricao text CONSTRAINT produtos_descricao_max_500 CHECK (char_length(descricao) <= 500),
  preco numeric(12, 2) NOT NULL CONSTRAINT produtos_preco_nao_negativo CHECK (preco >= 0)
    CONSTRAINT produtos_preco_finito CHECK (preco NOT IN ('NaN', 'Infinity', '-Infinity')),
  preco_compra numeric(12, 2) NOT NULL DEFAULT 0 CONSTRAINT produtos_preco_compra_nao_negativo CHECK (preco_compra >= 0)
    CONSTRAINT produtos_preco_compra_finito CHECK (preco_compra NOT IN ('NaN', 'Infinity', '-Infinity')),
  estoque numeric(14, 3) NOT NULL DEFAULT 0
    CONSTRAINT produtos_estoque_finito CHECK (estoque NOT IN ('NaN', 'Infinity', '-Infinity')),
  estoque_minimo numeric(14, 3) NOT NULL DEFAULT 5 CONSTRAINT produtos_estoque_minimo_nao_negativo CHECK (estoque_minimo >= 0)
    CONSTRAINT produtos_estoque_minimo_finito CHECK (estoque_minimo NOT IN ('NaN', 'Infinity', '-Infinity')),
  codigo_barras text CONSTRAINT produtos_codigo_barras_max_64 CHECK (char_length(codigo_barras) <= 64),
  categoria text CONSTRAINT produtos_categoria_max_60 CHECK (char_length(categoria) <= 60),
  marca text CONSTRAINT produtos_marca_max_100 CHECK (char_length(marca) <= 100),
  unidade text NOT NULL DEFAULT 'un' CONSTRAINT produtos_unidade_valida CHECK (char_length(btrim(unidade)) BETWEEN 1 AND 20),
  local text CONSTRAINT produtos_local_max_100 CHECK (char_length(local) <= 100),
  imagem_url text CONSTRAINT produtos_imagem_url_max_1000 CHECK (char_length(imagem_url) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  _modified timestamptz NOT NULL DEFAULT clock_timestamp(),
  _deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX produtos_user_nome_idx ON public.produtos (user_id, nome);
CREATE INDEX produtos_user_codigo_barras_idx ON public.produtos (user_id, codigo_barras);

CREATE TABLE public.clientes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL DEFAULT auth.uid(),
  nome text NOT NULL CONSTRAINT clientes_nome_obrigatorio CHECK (char_length(btrim(nome)) BETWEEN 1 AND 200),
  telefone text CONSTRAINT clientes_telefone_ate_11_digitos CHECK (telefone ~ '^[0-9]{0,11}$'),
  saldo_devedor numeric(14, 2) NOT NULL DEFAULT 0
    CONSTRAINT clientes_saldo_devedor_finito CHECK (saldo_devedor NOT IN ('NaN', 'Infinity', '-Infinity')),
  is_fiado boolean NOT NULL DEFAULT false,
  observacoes text CONSTRAINT clientes_observacoes_max_2000 CHECK (char_length(observacoes) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  _modified timestamptz NOT NULL DEFAULT clock_timestamp(),
  _deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX clientes_user_nome_idx ON public.clientes (user_id, nome);

-- The fiado ledger: debits and payments of a client (no foreign key: an entry may arrive before its client).
CREATE TABLE public.fiado_lancamentos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL DEFAULT auth.uid(),
  cliente_id uuid NOT NULL,
  tipo text NOT NULL CONSTRAINT fiado_lancamentos_tipo_valido CHECK (tipo IN ('debito', 'pagamento')),
  valor numeric(12, 2) NOT NULL CONSTRAINT fiado_lancamentos_valor_positivo CHECK (valor > 0)
    CONSTRAINT fiado_lancamentos_valor_finito CHECK (valor NOT IN ('NaN', 'Infinity', '-Infinity')),
  data date NOT NULL DEFAULT current_date,
  descricao text CONSTRAINT fiado_lancamentos_descricao_max_500 CHECK (char_length(descricao) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  _modified timestamptz NOT NULL DEFAULT clock_timestamp(),
  _deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX fiado_lancamentos_cliente_idx ON public.fiado_lancamentos (cliente_id);

-- A sale carries its items (`itens`): one document, one atomic write on every device.
CREATE TABLE public.vendas (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL DEFAULT auth.uid(),
  data date NOT NULL DEFAULT current_date,
  total numeric(12, 2) NOT NULL CONSTRAINT vendas_total_nao_negativo CHECK (total >= 0)
    CONSTRAINT vendas_total_finito CHECK (total NOT IN ('NaN', 'Infinity', '-Infinity')),
  tipo text NOT NULL DEFAULT 'avista' CONSTRAINT vendas_tipo_valido CHECK (tipo IN ('avista', 'fiado')),
  cliente_id uuid,
  forma_pagamento text CONSTRAINT vendas_forma_pagamento_max_60 CHECK (char_length(forma_pagamento) <= 60),
  forma_pagamento_descricao text CONSTRAINT vendas_forma_pagamento_descricao_max_2000 CHECK (char_length(forma_pagamento_descricao) <= 2000),
  hlc text NOT NULL DEFAULT public.hlc_servidor()
    CONSTRAINT vendas_hlc_valido CHECK (char_length(hlc) <= 64 AND hlc ~ '^[0-9a-z]{11}:[0-9a-z]{5}:.+$'),
  itens jsonb NOT NULL DEFAULT '[]'::jsonb CONSTRAINT vendas_itens_lista CHECK (jsonb_typeof(itens) = 'array'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  _modified timestamptz NOT NULL DEFAULT clock_timestamp(),
  _deleted boolean NOT NULL DEFAULT false,
  CONSTRAINT vendas_fiado_exige_cliente CHECK (tipo <> 'fiado' OR cliente_id IS NOT NULL)
);
CREATE INDEX vendas_user_data_idx ON public.vendas (user_id, data);
CREATE INDEX vendas_cliente_idx ON public.vendas (cliente_id);
CREATE INDEX vendas_itens_idx ON public.vendas USING gin (itens jsonb_path_ops);

-- Stock facts: a count (ajuste, absolute) or a delivery (entrada, added), ordered by the device's HLC.
CREATE TABLE public.historico_estoque (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL DEFAULT auth.uid(),
  produto_id uuid NOT NULL,
  tipo text NOT NULL CONSTRAINT historico_estoque_tipo_valido CHECK (tipo IN ('ajuste', 'entrada')),
  quantidade numeric(14, 3) NOT NULL
    CONSTRAINT historico_estoque_quantidade_finita CHECK (quantidade NOT IN ('NaN', 'Infinity', '-Infinity')),
  observacao text CONSTRAINT historico_estoque_observacao_max_500 CHECK (char_length(observacao) <= 500),
  hlc text NOT NULL DEFAULT public.hlc_servidor()
    CONSTRAINT historico_estoque_hlc_valido CHECK (char_length(hlc) <= 64 AND hlc ~ '^[0-9a-z]{11}:[0-9a-z]{5}:.+$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  _modified timestamptz NOT NULL DEFAULT clock_timestamp(),
  _deleted boolean NOT NULL DEFAULT false,
  CONSTRAINT historico_estoque_quantidade_valida CHECK (
    (tipo = 'ajuste' AND quantidade >= 0) OR (tipo = 'entrada' AND quantidade > 0))
);
CREATE INDEX historico_estoque_produto_idx ON public.historico_estoque (produto_id);

CREATE TABLE public.despesa_categorias (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL DEFAULT auth.uid(),
  nome text NOT NULL CONSTRAINT despesa_categorias_nome_2_a_50 CHECK (char_length(btrim(nome)) BETWEEN 2 AND 50),
  cor text NOT NULL DEFAULT '#808080' CONSTRAINT despesa_categorias_cor_hex CHECK (cor ~ '^#[0-9A-Fa-f]{6}$'),
  icone text CONSTRAINT despesa_categorias_icone_max_50 CHECK (char_length(icone) <= 50),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  _modified timestamptz NOT NULL DEFAULT clock_timestamp(),
  _deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX despesa_categorias_user_nome_idx ON public.despesa_categorias (user_id, nome);

-- An expense; its category is optional and may arrive after it (no foreign key).
CREATE TABLE public.despesas (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL DEFAULT auth.uid(),
  descricao text NOT NULL CONSTRAINT despesas_descricao_3_a_500 CHECK (char_length(btrim(descricao)) BETWEEN 3 AND 500),
  valor numeric(12, 2) NOT NULL CONSTRAINT despesas_valor_positivo CHECK (valor > 0)
    CONSTRAINT despesas_valor_finito CHECK (valor NOT IN ('NaN', 'Infinity', '-Infinity')),
  data date NOT NULL DEFAULT current_date,
  categoria_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  _modified timestamptz NOT NULL DEFAULT clock_timestamp(),
  _deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX despesas_user_data_idx ON public.despesas (user_id, data);
CREATE INDEX despesas_categoria_idx ON public.despesas (categoria_id);

CREATE TABLE public.fornecedores (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL DEFAULT auth.uid(),
  nome text NOT NULL CONSTRAINT fornecedores_nome_3_a_200 CHECK (char_length(btrim(nome)) BETWEEN 3 AND 200),
  cnpj_cpf text CONSTRAINT fornecedores_cnpj_cpf_max_18 CHECK (char_length(cnpj_cpf) <= 18),
  telefone text CONSTRAINT fornecedores_telefone_ate_11_digitos CHECK (telefone ~ '^[0-9]{0,11}$'),
  email text CONSTRAINT fornecedores_email_valido CHECK (char_length(email) <= 254 AND email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  endereco text CONSTRAINT fornecedores_endereco_max_500 CHECK (char_length(endereco) <= 500),
  observacoes text CONSTRAINT fornecedores_observacoes_max_2000 CHECK (char_length(observacoes) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  _modified timestamptz NOT NULL DEFAULT clock_timestamp(),
  _deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX fornecedores_user_nome_idx ON public.fornecedores (user_id, nome);

CREATE TABLE public.notificacoes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL DEFAULT auth.uid(),
  tipo text NOT NULL CONSTRAINT notificacoes_tipo_valido CHECK (char_length(btrim(tipo)) BETWEEN 1 AND 40),
  mensagem text NOT NULL CONSTRAINT notificacoes_mensagem_1_a_1000 CHECK (char_length(btrim(mensagem)) BETWEEN 1 AND 1000),
  lido boolean NOT NULL DEFAULT false,
  referencia_id text CONSTRAINT notificacoes_referencia_id_max_36 CHECK (char_length(referencia_id) <= 36),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  _modified timestamptz NOT NULL DEFAULT clock_timestamp(),
  _deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX notificacoes_user_created_idx ON public.notificacoes (user_id, created_at DESC);
CREATE INDEX notificacoes_referencia_idx ON public.notificacoes (referencia_id, tipo);

-- Shared machinery of every replicated table: revision stamp, soft delete, pull index, RLS, realtime.
DO $$
DECLARE
  v_table text;
BEGIN
  FOREACH v_table IN ARRAY ARRAY['produtos', 'clientes', 'fiado_lancamentos', 'vendas', 'historico_estoque',
                                 'despesa_categorias', 'despesas', 'fornecedores', 'notificacoes'] LOOP
    EXECUTE format('CREATE INDEX %I ON public.%I (_modified, id)', v_table || '_modified_idx', v_table);
    EXECUTE format('CREATE INDEX %I ON public.%I (user_id, _modified)', v_table || '_user_modified_idx', v_table);
    EXECUTE format('CREATE TRIGGER carimbar_modified BEFORE INSERT OR UPDATE ON public.%I
                      FOR EACH ROW EXECUTE FUNCTION public.carimbar_modified()', v_table);
    EXECUTE format('CREATE TRIGGER exclusao_logica BEFORE DELETE ON public.%I
                      FOR EACH ROW EXECUTE FUNCTION public.exclusao_logica()', v_table);
    EXECUTE format('ALTER TABLE public.%I ENABLE ROW LEVEL SECURITY', v_table);
    EXECUTE format('ALTER PUBLICATION supabase_realtime ADD TABLE public.%I', v_table);
    EXECUTE format('REVOKE ALL ON public.%I FROM anon', v_table);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON public.%I TO authenticated', v_table);
    EXECUTE format('GRANT ALL ON public.%I TO service_role', v_table);
    -- Owners: only their own rows, and never to hand a row over to someone else.
    EXECUTE format('CREATE POLICY dono_le ON public.%I FOR SELECT TO authenticated
                      USING (user_id = auth.uid() OR public.is_admin())', v_table);
    EXECUTE format('CREATE POLICY dono_insere ON public.%I FOR INSERT TO authenticated
                      WITH CHECK (user_id = auth.uid())', v_table);
    EXECUTE format('CREATE POLICY dono_altera ON public.%I FOR UPDATE TO authenticated
                      USING (user_id = auth.uid()) WITH CHECK (user_id = auth.uid())', v_table);
    EXECUTE format('CREATE POLICY dono_exclui ON public.%I FOR DELETE TO authenticated
                      USING (user_id = auth.uid())', v_table);
  END LOOP;
END $$;

-- What the admin area changes: products (delete) and notifications (send to anyone, mark read, delete).
CREATE POLICY admin_exclui ON public.produtos FOR DELETE TO authenticated USING (public.is_admin());
CREATE POLICY admin_insere ON public.notificacoes FOR INSERT TO authenticated WITH CHECK (public.is_admin());
CREATE POLICY admin_altera ON public.notificacoes FOR UPDATE TO authenticated
  USING (public.is_admin()) WITH CHECK (public.is_admin());
CREATE POLICY admin_exclui ON public.notificacoes FOR DELETE TO authenticated USING (public.is_admin());
