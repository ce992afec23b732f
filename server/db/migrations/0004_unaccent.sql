-- Accent-insensitive search for the generic lists (`q`, `contains`): "itau" finds "Itaú", "sao" finds "São".
-- unaccent() is only STABLE (its dictionary could change); the wrapper pins the dictionary so it can be IMMUTABLE
-- and back trigram expression indexes (server/resources/sync.ts).
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
