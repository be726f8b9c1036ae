-- The owner's PIX key and city, for the PIX copia-e-cola code the device builds for a fiado reminder (EMV BR
-- Code): both optional and the owner's own to change.
ALTER TABLE public.users
  ADD COLUMN chave_pix text CONSTRAINT users_chave_pix_valida CHECK (
    char_length(chave_pix) <= 77 AND (
      chave_pix ~ '^[0-9]{11}$'                                        -- CPF
      OR chave_pix ~ '^[0-9]{14}$'                                     -- CNPJ
      OR chave_pix ~ '^\+55[0-9]{10,11}$'                              -- telefone
      OR chave_pix ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' -- e-mail
      OR chave_pix ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' -- chave aleatória (EVP)
    )
  ),
  -- The merchant city of the BR Code (the code carries at most 15 letters of it, without accents).
  ADD COLUMN cidade text CONSTRAINT users_cidade_valida CHECK (char_length(btrim(cidade)) BETWEEN 1 AND 60);

-- An owner changes only the harmless fields of their own profile (nome, nome_mercado, telefone, chave_pix,
-- cidade); plan, status and dates are the server's.
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
      RAISE EXCEPTION 'Só é possível alterar nome, nome do mercado, telefone, chave PIX e cidade.'
        USING ERRCODE = '42501', HINT = 'Plano, status e datas são definidos pelo servidor.';
    END IF;
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END $$;
