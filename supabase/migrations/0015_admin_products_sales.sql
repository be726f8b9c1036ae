-- The admin's product and sale lists paged on the server (spec 2 §2 /admin/products, /admin/sales): searches,
-- filters and counts run in SQL and only one page of 10 rows leaves the database. The product deletion is a
-- soft delete (the owner's devices pull it like their own deletions; sales keep their items' names and the stock
-- history stays), written to admin_logs by the server. Admins only: everyone else gets 42501.

-- Newest products first, live ones only.
CREATE INDEX IF NOT EXISTS produtos_vivos_criacao_idx ON public.produtos (created_at DESC, id) WHERE NOT _deleted;
CREATE INDEX IF NOT EXISTS vendas_vivas_criacao_idx ON public.vendas (created_at DESC, id) WHERE NOT _deleted;

-- Text as the searches compare it: lower case, without the accents of Portuguese (the same letters as
-- sem_acentos of 0010). Plain SQL with no SET clause, so the planner inlines it instead of calling it per row.
CREATE OR REPLACE FUNCTION public.texto_de_busca(p_texto text)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT pg_catalog.lower(pg_catalog.translate(p_texto,
    'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ',
    'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy'))
$$;
REVOKE ALL ON FUNCTION public.texto_de_busca(text) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.texto_de_busca(text) TO authenticated, service_role;

-- One page of live products, newest first, each with its owner and the total of the filtered list. The search
-- (accents and case ignored, taken literally: % and _ are plain characters) looks at the product's name, brand
-- and category, and at its owner's name, market and email: the matching owners are found once, not per product;
-- only the page's rows are joined to their owners.
CREATE OR REPLACE FUNCTION public.admin_products_page(
  p_search text DEFAULT NULL,
  p_user_id uuid DEFAULT NULL,
  p_categoria text DEFAULT NULL,
  p_limit integer DEFAULT 10,
  p_offset integer DEFAULT 0
)
RETURNS TABLE (
  id uuid, user_id uuid, nome text, descricao text, marca text, categoria text, preco numeric, preco_compra numeric,
  estoque numeric, estoque_minimo numeric, codigo_barras text, unidade text, imagem_url text, created_at timestamptz,
  dono_encontrado boolean, dono_nome text, dono_mercado text, dono_email text, total bigint
)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_busca text := nullif(public.texto_de_busca(btrim(p_search)), '');
  v_categoria text := nullif(btrim(p_categoria), '');
  v_donos uuid[];
BEGIN
  PERFORM public.exigir_admin();
  IF p_limit IS NULL OR p_limit NOT BETWEEN 1 AND 100 OR p_offset IS NULL OR p_offset < 0 THEN
    RAISE EXCEPTION 'Página inválida.' USING ERRCODE = '22023';
  END IF;
  IF v_busca IS NOT NULL THEN
    SELECT coalesce(array_agg(u.id), '{}') INTO v_donos
      FROM public.users u LEFT JOIN auth.users a ON a.id = u.id
     WHERE strpos(public.texto_de_busca(concat_ws(E'\x1f', u.nome, u.nome_mercado, coalesce(a.email, u.email))), v_busca) > 0;
  END IF;
  RETURN QUERY
    WITH filtrados AS MATERIALIZED (
      SELECT p.id, p.created_at FROM public.produtos p
       WHERE NOT p._deleted
         AND (p_user_id IS NULL OR p.user_id = p_user_id)
         AND (v_categoria IS NULL OR btrim(p.categoria) = v_categoria)
         AND (v_busca IS NULL
              OR p.user_id = ANY (v_donos)
              OR strpos(public.texto_de_busca(concat_ws(E'\x1f', p.nome, p.marca, p.categoria)), v_busca) > 0)
    ), pagina AS (
      SELECT f.id, f.created_at FROM filtrados f ORDER BY f.created_at DESC, f.id LIMIT p_limit OFFSET p_offset
    )
    SELECT p.id, p.user_id, p.nome, p.descricao, p.marca, p.categoria, p.preco, p.preco_compra, p.estoque,
           p.estoque_minimo, p.codigo_barras, p.unidade, p.imagem_url, p.created_at,
           u.id IS NOT NULL, u.nome, u.nome_mercado, coalesce(a.email, u.email)::text,
           (SELECT count(*) FROM filtrados)
      FROM pagina g
      JOIN public.produtos p ON p.id = g.id
      LEFT JOIN public.users u ON u.id = p.user_id
      LEFT JOIN auth.users a ON a.id = p.user_id
     ORDER BY g.created_at DESC, g.id;
END $$;

-- The category filter's choices: every category of a live product (not only the page's), with how many.
CREATE OR REPLACE FUNCTION public.admin_product_categories()
RETURNS TABLE (categoria text, produtos bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  PERFORM public.exigir_admin();
  RETURN QUERY
    SELECT btrim(p.categoria), count(*)
      FROM public.produtos p
     WHERE NOT p._deleted AND nullif(btrim(p.categoria), '') IS NOT NULL
     GROUP BY btrim(p.categoria)
     ORDER BY public.texto_de_busca(btrim(p.categoria)), btrim(p.categoria);
END $$;

-- The user filter's search-as-you-type: owners of live products matching the text (name, market, email), a few
-- at a time, so the choice stays usable with thousands of owners.
CREATE OR REPLACE FUNCTION public.admin_product_owners(p_search text DEFAULT NULL, p_limit integer DEFAULT 20)
RETURNS TABLE (id uuid, nome text, nome_mercado text, email text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_busca text := nullif(public.texto_de_busca(btrim(p_search)), '');
BEGIN
  PERFORM public.exigir_admin();
  IF p_limit IS NULL OR p_limit NOT BETWEEN 1 AND 50 THEN
    RAISE EXCEPTION 'Limite inválido.' USING ERRCODE = '22023';
  END IF;
  RETURN QUERY
    SELECT u.id, u.nome, u.nome_mercado, coalesce(a.email, u.email)::text
      FROM public.users u
      LEFT JOIN auth.users a ON a.id = u.id
     WHERE (v_busca IS NULL
            OR strpos(public.texto_de_busca(concat_ws(E'\x1f', u.nome, u.nome_mercado, coalesce(a.email, u.email))), v_busca) > 0)
       AND EXISTS (SELECT 1 FROM public.produtos p WHERE p.user_id = u.id AND NOT p._deleted)
     ORDER BY public.texto_de_busca(coalesce(u.nome, '')), u.id
     LIMIT p_limit;
END $$;

-- Deletes a product for its owner's devices too: the soft delete every replicated deletion is (the pull sends
-- `_deleted`); a hard DELETE would never reach them. Returns the photo to remove from product-images, unless
-- another live product of the owner still shows it. Logged by the trigger below.
CREATE OR REPLACE FUNCTION public.admin_delete_product(p_product_id uuid)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_produto public.produtos;
BEGIN
  PERFORM public.exigir_admin();
  UPDATE public.produtos p SET _deleted = true, updated_at = now()
   WHERE p.id = p_product_id AND NOT p._deleted
  RETURNING p.* INTO v_produto;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Produto não encontrado' USING ERRCODE = 'P0002';
  END IF;
  RETURN jsonb_build_object(
    'id', v_produto.id,
    'user_id', v_produto.user_id,
    'nome', v_produto.nome,
    'imagem_url', CASE WHEN v_produto.imagem_url IS NOT NULL AND NOT EXISTS (
                         SELECT 1 FROM public.produtos o
                          WHERE o.user_id = v_produto.user_id AND NOT o._deleted AND o.imagem_url = v_produto.imagem_url)
                       THEN v_produto.imagem_url END);
END $$;

-- An admin deleting someone else's product (by this RPC or a REST DELETE, which becomes the same soft delete)
-- is written to admin_logs with the product's name and its owner.
CREATE OR REPLACE FUNCTION public.registrar_exclusao_de_produto_por_admin()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
BEGIN
  IF NOT public.is_admin() OR OLD.user_id IS NOT DISTINCT FROM auth.uid() THEN
    RETURN NULL;
  END IF;
  INSERT INTO public.admin_logs (admin_id, action, target_type, target_id, details, ip_address)
  SELECT auth.uid(), 'delete_product', 'product', OLD.id::text,
         jsonb_build_object('nome', OLD.nome, 'marca', OLD.marca, 'categoria', OLD.categoria,
                            'dono', jsonb_build_object('id', OLD.user_id, 'nome', u.nome, 'nome_mercado', u.nome_mercado,
                                                       'email', u.email)),
         public.ip_da_requisicao()
    FROM (SELECT 1) AS um LEFT JOIN public.users u ON u.id = OLD.user_id;
  RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION public.registrar_exclusao_de_produto_por_admin() FROM PUBLIC, anon, authenticated;

CREATE TRIGGER registrar_exclusao_por_admin
  AFTER UPDATE OF _deleted ON public.produtos
  FOR EACH ROW WHEN (NEW._deleted AND NOT OLD._deleted)
  EXECUTE FUNCTION public.registrar_exclusao_de_produto_por_admin();

-- One page of live sales, newest first, with the owner and the client; the figures of the search (count,
-- revenue, à vista and fiado counts: any tipo but fiado is à vista) and the total of the chosen type. The search
-- looks at the owner's name, market and email, the client's name and the payment method and its description;
-- matching owners and clients are found once, and only the page's rows are joined to them.
CREATE OR REPLACE FUNCTION public.admin_sales_page(
  p_search text DEFAULT NULL,
  p_tipo text DEFAULT NULL,
  p_limit integer DEFAULT 10,
  p_offset integer DEFAULT 0
)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
AS $$
DECLARE
  v_busca text := nullif(public.texto_de_busca(btrim(p_search)), '');
  v_donos uuid[];
  v_clientes uuid[];
  v_result jsonb;
BEGIN
  PERFORM public.exigir_admin();
  IF p_tipo IS NOT NULL AND p_tipo NOT IN ('avista', 'fiado') THEN
    RAISE EXCEPTION 'Tipo inválido: use avista ou fiado.' USING ERRCODE = '22023';
  END IF;
  IF p_limit IS NULL OR p_limit NOT BETWEEN 1 AND 100 OR p_offset IS NULL OR p_offset < 0 THEN
    RAISE EXCEPTION 'Página inválida.' USING ERRCODE = '22023';
  END IF;
  IF v_busca IS NOT NULL THEN
    SELECT coalesce(array_agg(u.id), '{}') INTO v_donos
      FROM public.users u LEFT JOIN auth.users a ON a.id = u.id
     WHERE strpos(public.texto_de_busca(concat_ws(E'\x1f', u.nome, u.nome_mercado, coalesce(a.email, u.email))), v_busca) > 0;
    SELECT coalesce(array_agg(c.id), '{}') INTO v_clientes
      FROM public.clientes c
     WHERE strpos(public.texto_de_busca(c.nome), v_busca) > 0;
  END IF;
  WITH buscadas AS MATERIALIZED (
    SELECT v.id, v.created_at, v.total, (v.tipo = 'fiado') AS fiado
      FROM public.vendas v
     WHERE NOT v._deleted
       AND (v_busca IS NULL
            OR v.user_id = ANY (v_donos)
            OR v.cliente_id = ANY (v_clientes)
            OR strpos(public.texto_de_busca(concat_ws(E'\x1f', v.forma_pagamento, v.forma_pagamento_descricao)), v_busca) > 0)
  ), do_tipo AS (
    SELECT b.* FROM buscadas b WHERE p_tipo IS NULL OR (p_tipo = 'fiado') = b.fiado
  ), pagina AS (
    SELECT d.id, d.created_at FROM do_tipo d ORDER BY d.created_at DESC, d.id LIMIT p_limit OFFSET p_offset
  ), linhas AS (
    SELECT v.id, v.user_id, v.data, v.total, v.tipo, v.forma_pagamento, v.forma_pagamento_descricao, v.created_at,
           u.nome AS usuario_nome, u.nome_mercado, coalesce(a.email, u.email)::text AS usuario_email,
           v.cliente_id, c.nome AS cliente_nome, c.telefone AS cliente_telefone
      FROM pagina g
      JOIN public.vendas v ON v.id = g.id
      LEFT JOIN public.users u ON u.id = v.user_id
      LEFT JOIN auth.users a ON a.id = v.user_id
      LEFT JOIN public.clientes c ON c.id = v.cliente_id AND c.user_id = v.user_id
  ), figuras AS (
    SELECT count(*) AS todas, count(*) FILTER (WHERE NOT b.fiado) AS avista, count(*) FILTER (WHERE b.fiado) AS fiado,
           coalesce(sum(b.total), 0) AS receita
      FROM buscadas b
  )
  SELECT jsonb_build_object(
           'total', (SELECT count(*) FROM do_tipo),
           'todas', f.todas, 'avista', f.avista, 'fiado', f.fiado, 'receita', f.receita,
           'rows', coalesce((SELECT jsonb_agg(to_jsonb(l) ORDER BY l.created_at DESC, l.id) FROM linhas l), '[]'::jsonb))
    INTO v_result
    FROM figuras f;
  RETURN v_result;
END $$;

REVOKE ALL ON FUNCTION public.admin_products_page(text, uuid, text, integer, integer) FROM PUBLIC, anon;
REVOKE ALL ON FUNCTION public.admin_product_categories() FROM PUBLIC, anon;
REVOKE ALL ON FUNCTION public.admin_product_owners(text, integer) FROM PUBLIC, anon;
REVOKE ALL ON FUNCTION public.admin_delete_product(uuid) FROM PUBLIC, anon;
REVOKE ALL ON FUNCTION public.admin_sales_page(text, text, integer, integer) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.admin_products_page(text, uuid, text, integer, integer) TO authenticated, service_role;
GRANT EXECUTE ON FUNCTION public.admin_product_categories() TO authenticated, service_role;
GRANT EXECUTE ON FUNCTION public.admin_product_owners(text, integer) TO authenticated, service_role;
GRANT EXECUTE ON FUNCTION public.admin_delete_product(uuid) TO authenticated, service_role;
GRANT EXECUTE ON FUNCTION public.admin_sales_page(text, text, integer, integer) TO authenticated, service_role;
