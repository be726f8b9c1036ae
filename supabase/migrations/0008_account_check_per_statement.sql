-- The trial and device-session check of owner writes (conta_ativa) depends on the caller only, never on the
-- row: run it once per statement instead of once per row, so that a pushed batch of a thousand sales asks
-- once. Same rule, same errors; statements of the server's own triggers are still not owner writes.

CREATE OR REPLACE FUNCTION public.conta_ativa_por_comando()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF pg_catalog.pg_trigger_depth() = 1 AND auth.role() = 'authenticated' AND NOT public.is_admin() THEN
    IF public.teste_expirado(auth.uid()) THEN
      RAISE EXCEPTION 'Período de teste expirado'
        USING ERRCODE = '42501', DETAIL = 'Seu período de teste de 30 dias acabou. Assine o plano Premium para continuar.';
    END IF;
    IF public.sessao_encerrada() THEN
      RAISE EXCEPTION 'Sessão encerrada: sua conta foi aberta em outro dispositivo.'
        USING ERRCODE = '42501', DETAIL = 'O Plano Gratuito permite um dispositivo por vez. Entre novamente para continuar.';
    END IF;
  END IF;
  RETURN NULL;
END $$;

DO $$
DECLARE
  v_table text;
BEGIN
  FOREACH v_table IN ARRAY ARRAY['produtos', 'clientes', 'fiado_lancamentos', 'vendas', 'historico_estoque',
                                 'despesa_categorias', 'despesas', 'fornecedores', 'notificacoes'] LOOP
    EXECUTE format('DROP TRIGGER conta_ativa ON public.%I', v_table);
    EXECUTE format('CREATE TRIGGER conta_ativa BEFORE INSERT OR UPDATE OR DELETE ON public.%I
                      FOR EACH STATEMENT EXECUTE FUNCTION public.conta_ativa_por_comando()', v_table);
  END LOOP;
END $$;

DROP FUNCTION public.conta_ativa();
