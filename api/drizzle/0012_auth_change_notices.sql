-- Every change to who a session belongs to, a user, or who is in which team is announced on the
-- `auth_changes` channel (payload: the user's id, or '*' for everyone), so each API process can drop
-- what it keeps of them in memory (domains/auth/auth-cache.ts).
CREATE FUNCTION announce_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_NARGS = 0 THEN
    PERFORM pg_notify('auth_changes', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('auth_changes', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('auth_changes', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_announce_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION announce_auth_change('user_id');
--> statement-breakpoint
CREATE TRIGGER users_announce_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION announce_auth_change('id');
--> statement-breakpoint
CREATE TRIGGER team_members_announce_change AFTER INSERT OR UPDATE OR DELETE ON team_members
  FOR EACH ROW EXECUTE FUNCTION announce_auth_change('user_id');
--> statement-breakpoint
CREATE TRIGGER teams_announce_change AFTER UPDATE OR DELETE ON teams
  FOR EACH STATEMENT EXECUTE FUNCTION announce_auth_change();
