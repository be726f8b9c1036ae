-- Owner profiles (public.users, created at sign-up with a 30-day trial), plan rules enforced by the
-- database (free plan's product cap, trial expiry) and the settings they read (system_settings).

CREATE TABLE public.users (
  id uuid PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE,
  nome text CONSTRAINT users_nome_max_200 CHECK (char_length(nome) <= 200),
  email text,
  telefone text CONSTRAINT users_telefone_ate_11_digitos CHECK (telefone ~ '^[0-9]{0,11}$'),
  nome_mercado text CONSTRAINT users_nome_mercado_max_40 CHECK (char_length(nome_mercado) <= 40),
  plano text NOT NULL DEFAULT 'free' CONSTRAINT users_plano_valido CHECK (plano IN ('free', 'premium')),
  data_inicio_plano timestamptz DEFAULT now(),
  data_fim_plano timestamptz,
  trial_end_date timestamptz NOT NULL DEFAULT now() + interval '30 days',
  status_pagamento text NOT NULL DEFAULT 'ativo' CONSTRAINT users_status_pagamento_valido
    CHECK (status_pagamento IN ('ativo', 'inativo', 'suspenso', 'cancelado', 'cancelado_mantem_acesso', 'expirado')),
  payment_details jsonb,
  confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_nome_idx ON public.users (nome);
CREATE INDEX users_created_at_idx ON public.users (created_at DESC);

ALTER TABLE public.users ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.users FROM anon;
GRANT SELECT, UPDATE, DELETE ON public.users TO authenticated;
GRANT ALL ON public.users TO service_role;
CREATE POLICY dono_ou_admin_le ON public.users FOR SELECT TO authenticated USING (id = auth.uid() OR public.is_admin());
CREATE POLICY dono_ou_admin_altera ON public.users FOR UPDATE TO authenticated
  USING (id = auth.uid() OR public.is_admin()) WITH CHECK (id = auth.uid() OR public.is_admin());
CREATE POLICY admin_exclui ON public.users FOR DELETE TO authenticated USING (public.is_admin());

-- An owner changes only the harmless fields of their own profile; plan, status and dates are the server's.
CREATE OR REPLACE FUNCTION public.proteger_perfil()
RETURNS trigger
LANGUAGE plpgsql SECURITY INVOKER SET search_path = ''
AS $$
BEGIN
  IF auth.role() = 'authenticated' AND NOT public.is_admin() AND pg_catalog.pg_trigger_depth() = 1 THEN
    IF NEW.id IS DISTINCT FROM OLD.id OR NEW.email IS DISTINCT FROM OLD.email
       OR NEW.plano IS DISTINCT FROM OLD.plano OR NEW.data_inicio_plano IS DISTINCT FROM OLD.data_inicio_plano
       OR NEW.data_fim_plano IS DISTINCT FROM OLD.data_fim_plano OR NEW.trial_end_date IS DISTINCT FROM OLD.trial_end_date
       OR NEW.status_pagamento IS DISTINCT FROM OLD.status_pagamento OR NEW.payment_details IS DISTINCT FROM OLD.payment_details
       OR NEW.confirmed_at IS DISTINCT FROM OLD.confirmed_at OR NEW.last_sign_in_at IS DISTINCT FROM OLD.last_sign_in_at
       OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
      RAISE EXCEPTION 'Só é possível alterar nome, nome do mercado e telefone.'
        USING ERRCODE = '42501', HINT = 'Plano, status e datas são definidos pelo servidor.';
    END IF;
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END $$;
CREATE TRIGGER proteger_perfil BEFORE UPDATE ON public.users FOR EACH ROW EXECUTE FUNCTION public.proteger_perfil();

-- Sign-up: the profile comes from the metadata the app sends (nome, nome_mercado, telefone), with the trial.
CREATE OR REPLACE FUNCTION public.criar_perfil_no_cadastro()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_meta jsonb := coalesce(NEW.raw_user_meta_data, '{}'::jsonb);
  v_telefone text := nullif(regexp_replace(coalesce(v_meta ->> 'telefone', ''), '[^0-9]', '', 'g'), '');
BEGIN
  INSERT INTO public.users (id, nome, email, telefone, nome_mercado, plano, data_inicio_plano, trial_end_date,
                            confirmed_at, last_sign_in_at, created_at)
  VALUES (NEW.id, left(nullif(btrim(v_meta ->> 'nome'), ''), 200), NEW.email, left(v_telefone, 11),
          left(nullif(btrim(v_meta ->> 'nome_mercado'), ''), 40), 'free', now(), now() + interval '30 days',
          NEW.email_confirmed_at, NEW.last_sign_in_at, coalesce(NEW.created_at, now()))
  ON CONFLICT (id) DO NOTHING;
  RETURN NEW;
END $$;
CREATE TRIGGER criar_perfil_no_cadastro AFTER INSERT ON auth.users
  FOR EACH ROW EXECUTE FUNCTION public.criar_perfil_no_cadastro();

-- The profile mirrors what the admin area lists from auth: email, confirmation and last sign-in.
CREATE OR REPLACE FUNCTION public.espelhar_usuario_auth()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF NEW.email IS DISTINCT FROM OLD.email OR NEW.email_confirmed_at IS DISTINCT FROM OLD.email_confirmed_at
     OR NEW.last_sign_in_at IS DISTINCT FROM OLD.last_sign_in_at THEN
    UPDATE public.users
       SET email = NEW.email, confirmed_at = NEW.email_confirmed_at, last_sign_in_at = NEW.last_sign_in_at
     WHERE id = NEW.id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER espelhar_usuario_auth AFTER UPDATE ON auth.users
  FOR EACH ROW EXECUTE FUNCTION public.espelhar_usuario_auth();

REVOKE ALL ON FUNCTION public.criar_perfil_no_cadastro(), public.espelhar_usuario_auth() FROM PUBLIC, anon, authenticated;

-- Settings the admin edits; the server reads the plan limits and login lockout from here.
CREATE TABLE public.system_settings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key text NOT NULL UNIQUE CONSTRAINT system_settings_key_valida CHECK (char_length(btrim(key)) BETWEEN 1 AND 100),
  value jsonb NOT NULL,
  description text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE public.system_settings ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.system_settings FROM anon;
GRANT SELECT, INSERT, UPDATE, DELETE ON public.system_settings TO authenticated;
GRANT ALL ON public.system_settings TO service_role;
CREATE POLICY admin_le ON public.system_settings FOR SELECT TO authenticated USING (public.is_admin());
CREATE POLICY admin_insere ON public.system_settings FOR INSERT TO authenticated WITH CHECK (public.is_admin());
CREATE POLICY admin_altera ON public.system_settings FOR UPDATE TO authenticated
  USING (public.is_admin()) WITH CHECK (public.is_admin());
CREATE POLICY admin_exclui ON public.system_settings FOR DELETE TO authenticated USING (public.is_admin());

INSERT INTO public.system_settings (key, value, description) VALUES
  ('security_settings', '{"max_login_attempts": 5, "lockout_duration": 15, "require_2fa": false}',
   'Tentativas de login antes do bloqueio, duração do bloqueio em minutos e exigência de 2FA.'),
  ('free_plan_limits', '{"products": 50, "clients": 100}',
   'Limites do Plano Gratuito: produtos e clientes.'),
  ('notification_settings', '{"email_notifications": true, "push_notifications": true}',
   'Notificações por e-mail e push.');

-- The free plan's product cap, from the settings (50 when unset).
CREATE OR REPLACE FUNCTION public.limite_produtos_gratuito()
RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$
  SELECT coalesce((SELECT (value ->> 'products')::integer FROM public.system_settings WHERE key = 'free_plan_limits'), 50)
$$;

-- The plan in force: premium while paid (no end date, or the end date not passed), otherwise free.
CREATE OR REPLACE FUNCTION public.plano_vigente(p_user_id uuid)
RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$
  SELECT CASE
           WHEN u.plano = 'premium' AND (u.data_fim_plano IS NULL OR u.data_fim_plano > now()) THEN 'premium'
           ELSE 'free'
         END
    FROM public.users u WHERE u.id = p_user_id
$$;

-- A free user whose trial ended may read but not write owner data.
CREATE OR REPLACE FUNCTION public.teste_expirado(p_user_id uuid)
RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''
AS $$
  SELECT coalesce((SELECT public.plano_vigente(u.id) = 'free' AND u.trial_end_date <= now()
                     FROM public.users u WHERE u.id = p_user_id), false)
$$;
REVOKE ALL ON FUNCTION public.limite_produtos_gratuito(), public.plano_vigente(uuid), public.teste_expirado(uuid)
  FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.limite_produtos_gratuito(), public.plano_vigente(uuid), public.teste_expirado(uuid)
  TO service_role;

-- One row per signed-in device: the JWT's session_id, which names one sign-in and survives token refreshes.
-- A free user's newest device ends the others; an ended session stays ended (signing in again makes a new one).
CREATE TABLE public.user_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  session_token text NOT NULL CONSTRAINT user_sessions_token_valido CHECK (char_length(session_token) BETWEEN 1 AND 200),
  device_info text CONSTRAINT user_sessions_device_info_max_500 CHECK (char_length(device_info) <= 500),
  ip_address text,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_activity_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  CONSTRAINT user_sessions_user_token_key UNIQUE (user_id, session_token)
);
CREATE INDEX user_sessions_user_active_idx ON public.user_sessions (user_id) WHERE is_active;

ALTER TABLE public.user_sessions ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.user_sessions FROM anon, authenticated;
GRANT SELECT ON public.user_sessions TO authenticated;
GRANT ALL ON public.user_sessions TO service_role;
CREATE POLICY dono_ou_admin_le ON public.user_sessions FOR SELECT TO authenticated
  USING (user_id = auth.uid() OR public.is_admin());

-- Why the signed-in owner may not write their data now, or null when they may. In order: the account is gone
-- (deleted, also softly, while its token is still valid), suspended by the admin or banned in Auth, the free
-- trial is over, this sign-in was ended (another device took over on the free plan, or it signed out), or
-- on the free plan this sign-in never registered its device (register_user_session). The service role, the
-- admin and anyone not signed in are not owners (row-level security decides for them).
CREATE OR REPLACE FUNCTION public.escrita_recusada()
RETURNS text
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_user uuid := auth.uid();
  v_plano text;
  v_teste_fim timestamptz;
  v_status text;
  v_banida boolean;
  v_sessao_ativa boolean;
BEGIN
  IF auth.role() IS DISTINCT FROM 'authenticated' OR public.is_admin() THEN
    RETURN NULL;
  END IF;
  SELECT public.plano_vigente(u.id), u.trial_end_date, u.status_pagamento, coalesce(a.banned_until > now(), false)
    INTO v_plano, v_teste_fim, v_status, v_banida
    FROM public.users u JOIN auth.users a ON a.id = u.id AND a.deleted_at IS NULL
   WHERE u.id = v_user;
  IF NOT FOUND THEN
    RETURN 'conta_inexistente';
  END IF;
  IF v_status = 'suspenso' OR v_banida THEN
    RETURN 'conta_suspensa';
  END IF;
  IF v_plano = 'free' AND v_teste_fim <= now() THEN
    RETURN 'teste_expirado';
  END IF;
  SELECT s.is_active INTO v_sessao_ativa FROM public.user_sessions s
   WHERE s.user_id = v_user AND s.session_token = auth.jwt() ->> 'session_id';
  IF v_sessao_ativa = false THEN
    RETURN 'sessao_encerrada';
  END IF;
  IF v_sessao_ativa IS NULL AND v_plano = 'free' THEN
    RETURN 'sessao_nao_registrada';
  END IF;
  RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION public.escrita_recusada() FROM PUBLIC, anon;
-- Storage policies call it as the caller.
GRANT EXECUTE ON FUNCTION public.escrita_recusada() TO authenticated, service_role;

-- Owner writes to replicated tables follow escrita_recusada(): refused with 42501 and a Portuguese reason
-- (the device keeps the rows: replicate_push returns them in `rejected`). Writes made by the server's own
-- triggers are not owner writes. The rule depends on the caller only, never on the row: it is asked once per
-- statement (a pushed batch of a thousand sales asks once).
CREATE OR REPLACE FUNCTION public.conta_ativa()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF pg_catalog.pg_trigger_depth() = 1 THEN
    CASE public.escrita_recusada()
      WHEN 'conta_inexistente' THEN
        RAISE EXCEPTION 'Conta não encontrada'
          USING ERRCODE = '42501', DETAIL = 'Esta conta foi excluída. Entre com outra conta para continuar.';
      WHEN 'conta_suspensa' THEN
        RAISE EXCEPTION 'Conta suspensa'
          USING ERRCODE = '42501', DETAIL = 'Sua conta está suspensa. Fale com o suporte para voltar a usar o Caderneta.';
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

-- The free plan holds at most `free_plan_limits.products` products that are not deleted.
CREATE OR REPLACE FUNCTION public.limite_produtos()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_limite integer;
  v_total integer;
BEGIN
  IF NEW._deleted OR (TG_OP = 'UPDATE' AND NOT OLD._deleted AND OLD.user_id = NEW.user_id)
     OR auth.role() = 'service_role' OR public.is_admin()
     OR coalesce(public.plano_vigente(NEW.user_id), 'free') <> 'free' THEN
    RETURN NEW;
  END IF;
  -- One writer at a time per owner, so two devices cannot both take the last free slot.
  PERFORM pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('produtos:' || NEW.user_id::text, 0));
  v_limite := public.limite_produtos_gratuito();
  SELECT count(*) INTO v_total FROM public.produtos
   WHERE user_id = NEW.user_id AND NOT _deleted AND id <> NEW.id;
  IF v_total >= v_limite THEN
    RAISE EXCEPTION 'Limite de % produtos do Plano Gratuito atingido', v_limite
      USING ERRCODE = '23514', DETAIL = 'Assine o Plano Premium para cadastrar produtos sem limite.';
  END IF;
  RETURN NEW;
END $$;

DO $$
DECLARE
  v_table text;
BEGIN
  FOREACH v_table IN ARRAY ARRAY['produtos', 'clientes', 'fiado_lancamentos', 'vendas', 'historico_estoque',
                                 'despesa_categorias', 'despesas', 'fornecedores', 'notificacoes'] LOOP
    EXECUTE format('CREATE TRIGGER conta_ativa BEFORE INSERT OR UPDATE OR DELETE ON public.%I
                      FOR EACH STATEMENT EXECUTE FUNCTION public.conta_ativa()', v_table);
  END LOOP;
END $$;
CREATE TRIGGER limite_produtos BEFORE INSERT OR UPDATE OF _deleted, user_id ON public.produtos
  FOR EACH ROW EXECUTE FUNCTION public.limite_produtos();
