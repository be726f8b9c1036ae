-- Blocked-IP entries are read one way everywhere. The stack's matcher (supabase/local/ip-address.ts) reads an
-- entry as node:net does, which refuses spellings Postgres's inet lets through: an entry such as
-- `127.000.000.002` was stored, then blocked nobody. The CHECK on blocked_ips (public.ip_valido) now also asks
-- for that strict spelling (IPv4 octets and prefix lengths without leading zeros, no IPv6 zone), and the entries
-- stored before are rewritten in inet's own spelling (dropped when that address is already blocked).

CREATE OR REPLACE FUNCTION public.ip_valido(p_ip text)
RETURNS boolean
LANGUAGE plpgsql IMMUTABLE SET search_path = ''
AS $$
DECLARE
  v_octeto constant text := '(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
  v_ipv4 constant text := v_octeto || '(\.' || v_octeto || '){3}';
BEGIN
  -- The characters and the IPv4 parts are checked here; inet checks the rest (groups, `::`, prefix length).
  IF p_ip !~ ('^(' || v_ipv4 || '|[0-9A-Fa-f:]*:([0-9A-Fa-f]{1,4}|' || v_ipv4 || ')?)(/(0|[1-9][0-9]{0,2}))?$') THEN
    RETURN false;
  END IF;
  PERFORM p_ip::inet;
  RETURN true;
EXCEPTION WHEN others THEN
  RETURN false;
END $$;

-- A loose entry whose address is blocked by a strict one, or by another loose one kept instead, goes.
DELETE FROM public.blocked_ips loose
 WHERE NOT public.ip_valido(loose.ip_address)
   AND EXISTS (SELECT 1 FROM public.blocked_ips kept
                WHERE kept.id <> loose.id
                  AND kept.ip_address::inet = loose.ip_address::inet
                  AND (public.ip_valido(kept.ip_address) OR kept.id < loose.id));

UPDATE public.blocked_ips
   SET ip_address = abbrev(ip_address::inet)
 WHERE NOT public.ip_valido(ip_address);
