-- What a webhook reads for every sale it records (which accounts connected the store it names,
-- who carries out an account's listings, a member's sale-detection settings) is cached by each
-- server process for a few seconds, as who a request is (0023). Every change to those rows
-- tells every process at commit on the same channel: 'u:<user id>' for a user's settings,
-- 'a:<account id>' for an account's connections and credentials, and 'a:ext:<marketplace>:<the
-- store or seller, lower-cased>' for the connections of a store, so that an account connecting
-- a store another account already connected is heard at once.
CREATE OR REPLACE FUNCTION context_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  changed := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  IF TG_TABLE_NAME = 'auth_users' THEN
    PERFORM pg_notify('listloop_context', 'u:' || changed.id);
  ELSIF TG_TABLE_NAME IN ('auth_sessions', 'account_users', 'user_settings') THEN
    PERFORM pg_notify('listloop_context', 'u:' || changed.user_id);
    IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      PERFORM pg_notify('listloop_context', 'u:' || OLD.user_id);
    END IF;
  ELSE
    PERFORM pg_notify('listloop_context', 'a:' || changed.account_id);
    IF TG_TABLE_NAME = 'marketplace_connections' THEN
      PERFORM pg_notify('listloop_context',
        'a:ext:' || changed.marketplace || ':' || lower(coalesce(changed.external_account_id, '')));
      IF TG_OP = 'UPDATE' AND (OLD.marketplace, lower(coalesce(OLD.external_account_id, '')))
          IS DISTINCT FROM (NEW.marketplace, lower(coalesce(NEW.external_account_id, ''))) THEN
        PERFORM pg_notify('listloop_context',
          'a:ext:' || OLD.marketplace || ':' || lower(coalesce(OLD.external_account_id, '')));
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER context_changed AFTER INSERT OR UPDATE OR DELETE ON user_settings
  FOR EACH ROW EXECUTE FUNCTION context_changed();
--> statement-breakpoint
CREATE TRIGGER context_changed AFTER INSERT OR UPDATE OR DELETE ON marketplace_connections
  FOR EACH ROW EXECUTE FUNCTION context_changed();
--> statement-breakpoint
CREATE TRIGGER context_changed AFTER INSERT OR UPDATE OR DELETE ON marketplace_credentials
  FOR EACH ROW EXECUTE FUNCTION context_changed();
