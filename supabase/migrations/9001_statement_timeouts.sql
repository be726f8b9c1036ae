-- How long one statement of a web request may run, per API role, as every Supabase project has it: an anonymous
-- caller 3 s, a signed-in user 8 s (the service role, the project's own backend, is not limited here). The REST
-- API applies the role's settings to each request's transaction (PostgREST's impersonated role settings); change
-- them with ALTER ROLE … SET statement_timeout, then NOTIFY pgrst, 'reload config'.
ALTER ROLE anon SET statement_timeout = '3s';
ALTER ROLE authenticated SET statement_timeout = '8s';
NOTIFY pgrst, 'reload config';
