-- One procedure makes a table replicable, so a new collection cannot miss a part of the contract that the
-- earlier tables each wrote out by hand (0001, 0002, 0011, 0023, 0024): the `(_modified, id)` and
-- `(user_id, _modified)` indexes the pull walks, the `carimbar_modified` stamp, row-level security with the
-- owner's policies, the Realtime publication and the grants (nothing to `anon`). A table the devices write
-- (`'aparelho'`) also gets soft deletion (`exclusao_logica`) and `conta_ativa`, the rule that refuses writes
-- from a suspended, banned, deleted or expired account; a table only the server writes (`'servidor'`: bases,
-- rollups) is read-only to owners. The procedure is idempotent: what a table already has is kept.
-- tests/db/replicated-contract.test.ts checks every replicated table against the same contract.

CREATE OR REPLACE PROCEDURE public.tornar_replicavel(p_tabela text, p_escrita text)
LANGUAGE plpgsql SECURITY INVOKER SET search_path = ''
AS $$
DECLARE
  -- Read here, not through 9000's replication_table_columns: a later 00xx migration calling this procedure runs
  -- before the 9xxx files on a fresh database.
  v_colunas text[] := ARRAY(
    SELECT a.attname::text
      FROM pg_catalog.pg_attribute a
      JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
      JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relname = p_tabela AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped);
  v_exigidas constant text[] := ARRAY['id', 'user_id', 'created_at', 'updated_at', '_modified', '_deleted'];
BEGIN
  IF p_escrita NOT IN ('aparelho', 'servidor') THEN
    RAISE EXCEPTION 'quem escreve % deve ser aparelho ou servidor, não %', p_tabela, p_escrita USING ERRCODE = '22023';
  END IF;
  IF NOT v_colunas @> v_exigidas THEN
    RAISE EXCEPTION 'tabela % sem as colunas de replicação %', p_tabela, v_exigidas USING ERRCODE = '42703';
  END IF;

  EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON public.%I (_modified, id)', p_tabela || '_modified_idx', p_tabela);
  EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON public.%I (user_id, _modified)', p_tabela || '_user_modified_idx',
                 p_tabela);
  EXECUTE format('CREATE OR REPLACE TRIGGER carimbar_modified BEFORE INSERT OR UPDATE ON public.%I
                    FOR EACH ROW EXECUTE FUNCTION public.carimbar_modified()', p_tabela);
  EXECUTE format('ALTER TABLE public.%I ENABLE ROW LEVEL SECURITY', p_tabela);
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_publication_tables
                  WHERE pubname = 'supabase_realtime' AND schemaname = 'public' AND tablename = p_tabela) THEN
    EXECUTE format('ALTER PUBLICATION supabase_realtime ADD TABLE public.%I', p_tabela);
  END IF;
  EXECUTE format('REVOKE ALL ON public.%I FROM anon, authenticated', p_tabela);
  EXECUTE format('GRANT ALL ON public.%I TO service_role', p_tabela);
  EXECUTE format('DROP POLICY IF EXISTS dono_le ON public.%I', p_tabela);
  EXECUTE format('CREATE POLICY dono_le ON public.%I FOR SELECT TO authenticated
                    USING (user_id = auth.uid() OR public.is_admin())', p_tabela);

  IF p_escrita = 'servidor' THEN
    EXECUTE format('GRANT SELECT ON public.%I TO authenticated', p_tabela);
    RETURN;
  END IF;

  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON public.%I TO authenticated', p_tabela);
  EXECUTE format('CREATE OR REPLACE TRIGGER exclusao_logica BEFORE DELETE ON public.%I
                    FOR EACH ROW EXECUTE FUNCTION public.exclusao_logica()', p_tabela);
  EXECUTE format('CREATE OR REPLACE TRIGGER conta_ativa BEFORE INSERT OR UPDATE OR DELETE ON public.%I
                    FOR EACH STATEMENT EXECUTE FUNCTION public.conta_ativa()', p_tabela);
  -- Owners: only their own rows, and never to hand a row over to someone else.
  EXECUTE format('DROP POLICY IF EXISTS dono_insere ON public.%I', p_tabela);
  EXECUTE format('CREATE POLICY dono_insere ON public.%I FOR INSERT TO authenticated
                    WITH CHECK (user_id = auth.uid())', p_tabela);
  EXECUTE format('DROP POLICY IF EXISTS dono_altera ON public.%I', p_tabela);
  EXECUTE format('CREATE POLICY dono_altera ON public.%I FOR UPDATE TO authenticated
                    USING (user_id = auth.uid()) WITH CHECK (user_id = auth.uid())', p_tabela);
  EXECUTE format('DROP POLICY IF EXISTS dono_exclui ON public.%I', p_tabela);
  EXECUTE format('CREATE POLICY dono_exclui ON public.%I FOR DELETE TO authenticated
                    USING (user_id = auth.uid())', p_tabela);
END $$;

REVOKE ALL ON PROCEDURE public.tornar_replicavel(text, text) FROM PUBLIC, anon, authenticated;
