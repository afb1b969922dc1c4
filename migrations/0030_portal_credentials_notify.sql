-- A portal customer's credential (session, identity and membership, read together by
-- src/auth/portal-session.ts) is cached in every process, and these tables are written by many
-- hands: the sign-in library, members changing customers, erasure, deletions cascading from a
-- portal or a company. Every write of a column that read uses tells every process to forget what
-- it holds, delivered on commit like announceCredentialChange. Preferences and the library's
-- bookkeeping columns (updated_at, email_verified, ...) change no credential and stay silent.
CREATE FUNCTION svc_portal_credentials_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('svc_credentials', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER portal_auth_sessions_credentials_changed
  AFTER INSERT OR UPDATE OF id, token, user_id, expires_at OR DELETE OR TRUNCATE ON portal_auth_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION svc_portal_credentials_changed();--> statement-breakpoint
CREATE TRIGGER portal_auth_users_credentials_changed
  AFTER INSERT OR UPDATE OF id, name, email OR DELETE OR TRUNCATE ON portal_auth_users
  FOR EACH STATEMENT EXECUTE FUNCTION svc_portal_credentials_changed();--> statement-breakpoint
CREATE TRIGGER portal_customers_credentials_changed
  AFTER INSERT OR UPDATE OF id, portal_id, workspace_id, user_id, email, role, company_id, removed_at OR DELETE OR TRUNCATE ON portal_customers
  FOR EACH STATEMENT EXECUTE FUNCTION svc_portal_credentials_changed();
