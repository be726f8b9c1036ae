-- The admin's notifications (spec 2 §2 /admin/notifications, §7 Admin): every owner's notifications paged on the
-- server with the owner's name and market, and the three writes — send (to one owner or, in one statement, to
-- every owner), mark read, delete — as SECURITY DEFINER functions for admins only, each writing its admin_logs
-- entry. notificacoes is replicated: the writes stamp updated_at and go through the table's triggers (_modified),
-- and a deletion is the soft delete (_deleted) every device's pull sees, never a DELETE a pull would miss.

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
  RETURN QUERY
    SELECT n.id, n.user_id, n.tipo, n.mensagem, n.lido, n.referencia_id, n.created_at, u.nome, u.nome_mercado,
           count(*) OVER ()
      FROM public.notificacoes n LEFT JOIN public.users u ON u.id = n.user_id
     WHERE NOT n._deleted
       AND (p_tipo IS NULL OR n.tipo = p_tipo)
       AND (p_lido IS NULL OR n.lido = p_lido)
     ORDER BY n.created_at DESC, n.id DESC
     LIMIT p_limit OFFSET p_offset;
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
  INSERT INTO public.notificacoes (user_id, tipo, mensagem, referencia_id)
  SELECT u.id, p_tipo, btrim(p_mensagem), v_referencia
    FROM public.users u LEFT JOIN auth.users a ON a.id = u.id
   WHERE CASE WHEN p_user_id IS NULL
              THEN coalesce(a.raw_app_meta_data ->> 'role', '') IS DISTINCT FROM 'admin'
              ELSE u.id = p_user_id END;
  GET DIAGNOSTICS v_count = ROW_COUNT;
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
  UPDATE public.notificacoes n SET lido = true, updated_at = now() WHERE n.id = p_id;
  INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
  VALUES (auth.uid(), 'mark_notification_read', 'notification', p_id::text,
          jsonb_build_object('tipo', v_row.tipo, 'user_id', v_row.user_id), public.ip_da_requisicao());
END $$;

-- Deletes one owner's notification: the soft delete the owner's devices pull and drop from their list.
CREATE OR REPLACE FUNCTION public.admin_delete_notification(p_id uuid)
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
  UPDATE public.notificacoes n SET _deleted = true, updated_at = now() WHERE n.id = p_id;
  INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
  VALUES (auth.uid(), 'delete_notification', 'notification', p_id::text,
          jsonb_build_object('tipo', v_row.tipo, 'user_id', v_row.user_id, 'mensagem', v_row.mensagem),
          public.ip_da_requisicao());
END $$;

REVOKE ALL ON FUNCTION public.admin_notifications_page(text, boolean, integer, integer) FROM PUBLIC, anon;
REVOKE ALL ON FUNCTION public.admin_send_notification(text, text, uuid, text) FROM PUBLIC, anon;
REVOKE ALL ON FUNCTION public.admin_mark_notification_read(uuid) FROM PUBLIC, anon;
REVOKE ALL ON FUNCTION public.admin_delete_notification(uuid) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.admin_notifications_page(text, boolean, integer, integer) TO authenticated, service_role;
GRANT EXECUTE ON FUNCTION public.admin_send_notification(text, text, uuid, text) TO authenticated, service_role;
GRANT EXECUTE ON FUNCTION public.admin_mark_notification_read(uuid) TO authenticated, service_role;
GRANT EXECUTE ON FUNCTION public.admin_delete_notification(uuid) TO authenticated, service_role;
