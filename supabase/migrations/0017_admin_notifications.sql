-- The admin's notifications (spec 2 §2 /admin/notifications, §7 Admin): every owner's notifications paged on the
-- server with the owner's name and market, and the three writes — send (to one owner or, in one statement, to
-- every owner), mark read, delete — as SECURITY DEFINER functions for admins only. Every admin change to another
-- user's notifications is written to admin_logs by the server, whether it came by these functions or by REST
-- (spec 2 §7's plain insert / update lido / delete): the send function writes its own entry (to all or to one),
-- triggers write the rest. notificacoes is replicated: the writes stamp updated_at and go through the table's
-- triggers (_modified), and a deletion is the soft delete (_deleted) every device's pull sees, never a DELETE a
-- pull would miss.

CREATE INDEX IF NOT EXISTS notificacoes_admin_lista_idx
  ON public.notificacoes (created_at DESC, id DESC) WHERE NOT _deleted;
CREATE INDEX IF NOT EXISTS notificacoes_admin_tipo_idx
  ON public.notificacoes (tipo, created_at DESC, id DESC) WHERE NOT _deleted;

-- The types an admin may send, and the ones the server itself writes (filters only).
CREATE OR REPLACE FUNCTION public.tipos_notificacao_enviaveis()
RETURNS text[]
LANGUAGE sql IMMUTABLE SET search_path = ''
AS $$ SELECT ARRAY['sistema', 'promocao', 'aviso', 'manutencao', 'novidade'] $$;

CREATE OR REPLACE FUNCTION public.tipos_notificacao_do_sistema()
RETURNS text[]
LANGUAGE sql IMMUTABLE SET search_path = ''
AS $$ SELECT ARRAY['estoque_baixo', 'estoque_zerado', 'plano_vencido', 'plano_prestes_vencer', 'fiado_vencido',
                   'resposta_suporte'] $$;

-- One page of every owner's live notifications, newest first, each with its owner and the filtered total.
CREATE OR REPLACE FUNCTION public.admin_notifications_page(
  p_tipo text DEFAULT NULL,
  p_lido boolean DEFAULT NULL,
  p_limit integer DEFAULT 20,
  p_offset integer DEFAULT 0
)
RETURNS TABLE (
  id uuid, user_id uuid, tipo text, mensagem text, lido boolean, referencia_id text, created_at timestamptz,
  user_nome text, user_nome_mercado text, total bigint
)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  IF p_tipo IS NOT NULL AND NOT (p_tipo = ANY (public.tipos_notificacao_enviaveis() || public.tipos_notificacao_do_sistema())) THEN
    RAISE EXCEPTION 'Tipo de notificação inválido.' USING ERRCODE = '22023';
  END IF;
  IF p_limit IS NULL OR p_limit NOT BETWEEN 1 AND 100 OR p_offset IS NULL OR p_offset < 0 THEN
    RAISE EXCEPTION 'Página inválida.' USING ERRCODE = '22023';
  END IF;
  -- The page first (an index scan newest first), the owners joined to its rows only; the total counted apart.
  RETURN QUERY
    WITH pagina AS (
      SELECT n.id, n.user_id, n.tipo, n.mensagem, n.lido, n.referencia_id, n.created_at
        FROM public.notificacoes n
       WHERE NOT n._deleted
         AND (p_tipo IS NULL OR n.tipo = p_tipo)
         AND (p_lido IS NULL OR n.lido = p_lido)
       ORDER BY n.created_at DESC, n.id DESC
       LIMIT p_limit OFFSET p_offset
    ), contagem AS (
      SELECT count(*) AS total
        FROM public.notificacoes n
       WHERE NOT n._deleted
         AND (p_tipo IS NULL OR n.tipo = p_tipo)
         AND (p_lido IS NULL OR n.lido = p_lido)
    )
    SELECT p.id, p.user_id, p.tipo, p.mensagem, p.lido, p.referencia_id, p.created_at, u.nome, u.nome_mercado, c.total
      FROM pagina p CROSS JOIN contagem c LEFT JOIN public.users u ON u.id = p.user_id
     ORDER BY p.created_at DESC, p.id DESC;
END $$;

-- Sends one notification to an owner, or (p_user_id null) to every owner in one INSERT; the number of rows.
-- Admin accounts are not owners and receive none when sending to all.
CREATE OR REPLACE FUNCTION public.admin_send_notification(
  p_tipo text,
  p_mensagem text,
  p_user_id uuid DEFAULT NULL,
  p_referencia_id text DEFAULT NULL
)
RETURNS integer
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_referencia text := nullif(btrim(p_referencia_id), '');
  v_count integer;
BEGIN
  PERFORM public.exigir_admin();
  IF p_tipo IS NULL OR NOT (p_tipo = ANY (public.tipos_notificacao_enviaveis())) THEN
    RAISE EXCEPTION 'Tipo de notificação inválido.' USING ERRCODE = '22023';
  END IF;
  IF p_mensagem IS NULL OR char_length(btrim(p_mensagem)) NOT BETWEEN 1 AND 1000 THEN
    RAISE EXCEPTION 'Mensagem obrigatória (até 1000 caracteres).' USING ERRCODE = '22023';
  END IF;
  IF char_length(v_referencia) > 36 THEN
    RAISE EXCEPTION 'ID de referência com mais de 36 caracteres.' USING ERRCODE = '22023';
  END IF;
  IF p_user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM public.users u WHERE u.id = p_user_id) THEN
    RAISE EXCEPTION 'Usuário não encontrado.' USING ERRCODE = 'P0002';
  END IF;
  -- This function logs the send itself (to all or to one); the insert trigger below leaves it alone.
  PERFORM set_config('caderneta.envio_registrado', 'on', true);
  INSERT INTO public.notificacoes (user_id, tipo, mensagem, referencia_id)
  SELECT u.id, p_tipo, btrim(p_mensagem), v_referencia
    FROM public.users u LEFT JOIN auth.users a ON a.id = u.id
   WHERE CASE WHEN p_user_id IS NULL
              THEN coalesce(a.raw_app_meta_data ->> 'role', '') IS DISTINCT FROM 'admin'
              ELSE u.id = p_user_id END;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  PERFORM set_config('caderneta.envio_registrado', 'off', true);
  INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
  VALUES (auth.uid(), 'send_notification', CASE WHEN p_user_id IS NULL THEN 'all' ELSE 'user' END, p_user_id::text,
          jsonb_build_object('tipo', p_tipo, 'count', v_count, 'mensagem', btrim(p_mensagem), 'referencia_id', v_referencia),
          public.ip_da_requisicao());
  RETURN v_count;
END $$;

-- Marks one owner's notification read, as the owner's own 'marcar como lida' does (lido true wins on the device).
CREATE OR REPLACE FUNCTION public.admin_mark_notification_read(p_id uuid)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_row public.notificacoes;
BEGIN
  PERFORM public.exigir_admin();
  SELECT * INTO v_row FROM public.notificacoes n WHERE n.id = p_id AND NOT n._deleted FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Notificação não encontrada.' USING ERRCODE = 'P0002';
  END IF;
  IF v_row.lido THEN
    RETURN;
  END IF;
  -- Logged by the trigger registrar_notificacao_alterada_por_admin.
  UPDATE public.notificacoes n SET lido = true, updated_at = now() WHERE n.id = p_id;
END $$;

-- Deletes one owner's notification: the soft delete the owner's devices pull and drop from their list.
CREATE OR REPLACE FUNCTION public.admin_delete_notification(p_id uuid)
RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  PERFORM 1 FROM public.notificacoes n WHERE n.id = p_id AND NOT n._deleted FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Notificação não encontrada.' USING ERRCODE = 'P0002';
  END IF;
  -- Logged by the trigger registrar_notificacao_alterada_por_admin.
  UPDATE public.notificacoes n SET _deleted = true, updated_at = now() WHERE n.id = p_id;
END $$;

REVOKE ALL ON FUNCTION public.admin_notifications_page(text, boolean, integer, integer) FROM PUBLIC, anon;
REVOKE ALL ON FUNCTION public.admin_send_notification(text, text, uuid, text) FROM PUBLIC, anon;
REVOKE ALL ON FUNCTION public.admin_mark_notification_read(uuid) FROM PUBLIC, anon;
REVOKE ALL ON FUNCTION public.admin_delete_notification(uuid) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.admin_notifications_page(text, boolean, integer, integer) TO authenticated, service_role;
GRANT EXECUTE ON FUNCTION public.admin_send_notification(text, text, uuid, text) TO authenticated, service_role;
GRANT EXECUTE ON FUNCTION public.admin_mark_notification_read(uuid) TO authenticated, service_role;
GRANT EXECUTE ON FUNCTION public.admin_delete_notification(uuid) TO authenticated, service_role;

-- An admin's send by REST (a row, or a row per user, spec 2 §7): one entry per statement with the count. The
-- server's own notifications (support replies, stock alerts) are system types and are not sends.
CREATE OR REPLACE FUNCTION public.registrar_notificacoes_enviadas_por_admin()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_count integer;
  v_users integer;
  v_user uuid;
  v_tipos jsonb;
BEGIN
  IF NOT public.is_admin() OR current_setting('caderneta.envio_registrado', true) = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT count(*), count(DISTINCT n.user_id), min(n.user_id::text)::uuid,
         jsonb_agg(DISTINCT n.tipo)
    INTO v_count, v_users, v_user, v_tipos
    FROM novas n
   WHERE n.user_id IS DISTINCT FROM auth.uid() AND n.tipo = ANY (public.tipos_notificacao_enviaveis());
  IF v_count = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
  VALUES (auth.uid(), 'send_notification', CASE WHEN v_users = 1 THEN 'user' ELSE 'users' END,
          CASE WHEN v_users = 1 THEN v_user::text END,
          jsonb_build_object('tipo', CASE WHEN jsonb_array_length(v_tipos) = 1 THEN v_tipos -> 0 ELSE v_tipos END,
                             'count', v_count),
          public.ip_da_requisicao());
  RETURN NULL;
END $$;

-- An admin marking another user's notification read, or deleting it (the soft delete a REST DELETE becomes).
CREATE OR REPLACE FUNCTION public.registrar_notificacao_alterada_por_admin()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_action text;
BEGIN
  IF NOT public.is_admin() OR NEW.user_id IS NOT DISTINCT FROM auth.uid() THEN
    RETURN NULL;
  END IF;
  v_action := CASE
    WHEN NEW._deleted AND NOT OLD._deleted THEN 'delete_notification'
    WHEN NEW.lido AND NOT OLD.lido AND NOT NEW._deleted THEN 'mark_notification_read'
  END;
  IF v_action IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
  VALUES (auth.uid(), v_action, 'notification', NEW.id::text,
          jsonb_build_object('tipo', NEW.tipo, 'user_id', NEW.user_id, 'mensagem', NEW.mensagem),
          public.ip_da_requisicao());
  RETURN NULL;
END $$;

REVOKE ALL ON FUNCTION public.registrar_notificacoes_enviadas_por_admin() FROM PUBLIC, anon, authenticated;
REVOKE ALL ON FUNCTION public.registrar_notificacao_alterada_por_admin() FROM PUBLIC, anon, authenticated;

CREATE TRIGGER registrar_envio_por_admin
  AFTER INSERT ON public.notificacoes REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION public.registrar_notificacoes_enviadas_por_admin();
CREATE TRIGGER registrar_alteracao_por_admin
  AFTER UPDATE ON public.notificacoes
  FOR EACH ROW EXECUTE FUNCTION public.registrar_notificacao_alterada_por_admin();
