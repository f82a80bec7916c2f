-- Who a request is (session, user, memberships, their accounts and roles) is cached by each
-- server process for a few seconds. Every change to those rows, by any path, tells every
-- process at commit: 'u:<user id>' for a user's session, identity or membership, 'a:<account
-- id>' for an account or one of its roles. A process hears its own change before its commit
-- returns, since its connections listen too.
CREATE FUNCTION context_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  changed := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  IF TG_TABLE_NAME = 'auth_users' THEN
    PERFORM pg_notify('listloop_context', 'u:' || changed.id);
  ELSIF TG_TABLE_NAME IN ('auth_sessions', 'account_users') THEN
    PERFORM pg_notify('listloop_context', 'u:' || changed.user_id);
    IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      PERFORM pg_notify('listloop_context', 'u:' || OLD.user_id);
    END IF;
  ELSE
    PERFORM pg_notify('listloop_context', 'a:' || changed.account_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER context_changed AFTER UPDATE OR DELETE ON auth_users
  FOR EACH ROW EXECUTE FUNCTION context_changed();
--> statement-breakpoint
-- A new session is not in any cache; only its end or renewal is news.
CREATE TRIGGER context_changed AFTER UPDATE OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION context_changed();
--> statement-breakpoint
CREATE TRIGGER context_changed AFTER INSERT OR UPDATE OR DELETE ON account_users
  FOR EACH ROW EXECUTE FUNCTION context_changed();
--> statement-breakpoint
CREATE TRIGGER context_changed AFTER UPDATE OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION context_changed();
--> statement-breakpoint
CREATE TRIGGER context_changed AFTER INSERT OR UPDATE OR DELETE ON roles
  FOR EACH ROW EXECUTE FUNCTION context_changed();
