-- The expenses summary's description filter reads as the page's search does: accents and case ignored, and the
-- text taken literally ('%' and '_' are not wildcards), so the server's figures equal the device's.

-- Lower case without the accents of Portuguese (and other Latin) letters: 'Água Sanitária' → 'agua sanitaria'.
CREATE OR REPLACE FUNCTION public.sem_acentos(p_texto text)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = ''
AS $$
  SELECT lower(translate(p_texto,
    'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ',
    'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy'))
$$;

-- Same parameters, result and rules as 0007; only the description filter changes.
CREATE OR REPLACE FUNCTION public.get_expense_summary(
  p_user_id uuid,
  p_descricao text DEFAULT NULL,
  p_categoria_id text DEFAULT NULL,
  p_data_de date DEFAULT NULL,
  p_data_ate date DEFAULT NULL
)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = ''
AS $$
DECLARE
  v_result jsonb;
BEGIN
  IF p_user_id IS DISTINCT FROM auth.uid() AND NOT public.is_admin() AND auth.role() IS DISTINCT FROM 'service_role' THEN
    RAISE EXCEPTION 'Só é possível consultar as próprias despesas.' USING ERRCODE = '42501';
  END IF;
  IF p_categoria_id IS NOT NULL AND p_categoria_id <> 'NO_CATEGORY'
     AND p_categoria_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    RAISE EXCEPTION 'Categoria inválida.' USING ERRCODE = '22023';
  END IF;
  WITH filtradas AS (
    SELECT d.valor, c.id AS categoria_id, c.nome, c.cor
      FROM public.despesas d
      LEFT JOIN public.despesa_categorias c ON c.id = d.categoria_id AND c.user_id = d.user_id AND NOT c._deleted
     WHERE d.user_id = p_user_id AND NOT d._deleted
       AND (p_descricao IS NULL OR p_descricao = ''
            OR strpos(public.sem_acentos(d.descricao), public.sem_acentos(p_descricao)) > 0)
       AND (p_categoria_id IS NULL
            OR (p_categoria_id = 'NO_CATEGORY' AND d.categoria_id IS NULL)
            OR (p_categoria_id <> 'NO_CATEGORY' AND d.categoria_id = p_categoria_id::uuid))
       AND (p_data_de IS NULL OR d.data >= p_data_de)
       AND (p_data_ate IS NULL OR d.data <= p_data_ate)
  ), por_categoria AS (
    SELECT coalesce(nome, 'Sem categoria') AS nome, coalesce(cor, '#808080') AS cor, sum(valor) AS total
      FROM filtradas GROUP BY categoria_id, nome, cor
  )
  SELECT jsonb_build_object(
           'total_geral', coalesce((SELECT sum(valor) FROM filtradas), 0),
           'por_categoria', coalesce((SELECT jsonb_agg(jsonb_build_object('nome', nome, 'cor', cor, 'total', total)
                                                       ORDER BY total DESC, nome) FROM por_categoria), '[]'::jsonb))
    INTO v_result;
  RETURN v_result;
END $$;

REVOKE ALL ON FUNCTION public.sem_acentos(text) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.sem_acentos(text) TO authenticated, service_role;
