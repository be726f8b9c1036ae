-- A write refused because the account is suspended or banned carries the admin's reason (public.users
-- .motivo_suspensao, the one the sign-in refusal sends): the message is 'Conta suspensa: <motivo>', so the
-- owner's device says 'Sua conta está suspensa: <motivo>' beside each refused change. Without a reason the
-- message stays 'Conta suspensa'. The other refusals are unchanged (0002_users_and_plan_rules.sql).

CREATE OR REPLACE FUNCTION public.conta_ativa()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_motivo text;
BEGIN
  IF pg_catalog.pg_trigger_depth() = 1 THEN
    CASE public.escrita_recusada()
      WHEN 'conta_inexistente' THEN
        RAISE EXCEPTION 'Conta não encontrada'
          USING ERRCODE = '42501', DETAIL = 'Esta conta foi excluída. Entre com outra conta para continuar.';
      WHEN 'conta_suspensa' THEN
        SELECT nullif(btrim(u.motivo_suspensao), '') INTO v_motivo FROM public.users u WHERE u.id = auth.uid();
        IF v_motivo IS NULL THEN
          RAISE EXCEPTION 'Conta suspensa'
            USING ERRCODE = '42501', DETAIL = 'Sua conta está suspensa. Fale com o suporte para voltar a usar o Caderneta.';
        END IF;
        RAISE EXCEPTION 'Conta suspensa: %', v_motivo
          USING ERRCODE = '42501', DETAIL = 'Sua conta está suspensa: ' || v_motivo;
      WHEN 'teste_expirado' THEN
        RAISE EXCEPTION 'Período de teste expirado'
          USING ERRCODE = '42501', DETAIL = 'Seu período de teste de 30 dias acabou. Assine o plano Premium para continuar.';
      WHEN 'sessao_encerrada' THEN
        RAISE EXCEPTION 'Sessão encerrada: entre novamente para continuar.'
          USING ERRCODE = '42501', DETAIL = 'Você saiu da conta neste dispositivo, ou (no Plano Gratuito) ela foi aberta em outro.';
      WHEN 'sessao_nao_registrada' THEN
        RAISE EXCEPTION 'Dispositivo não registrado nesta sessão.'
          USING ERRCODE = '42501', DETAIL = 'O Plano Gratuito permite um dispositivo por vez. Entre novamente para continuar.';
      ELSE
        NULL;
    END CASE;
  END IF;
  RETURN NULL;
END $$;
