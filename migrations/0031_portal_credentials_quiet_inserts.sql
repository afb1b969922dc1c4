-- A new portal session or a new sign-in identity changes nothing any process has cached: the
-- cache holds a session under its token (src/auth/portal-session.ts), and a new session's token is
-- random, never presented before, while a new identity has no session yet. Announcing their
-- inserts (0030) made every customer sign-in and sign-up clear the credential cache of every
-- process, every tenant's entries with it. Their updates and deletions (a sign-out, a changed name
-- or address) still announce; so does a new portal_customers row, which can make an identity that
-- is signed in already a portal's customer.
DROP TRIGGER portal_auth_sessions_credentials_changed ON portal_auth_sessions;--> statement-breakpoint
CREATE TRIGGER portal_auth_sessions_credentials_changed
  AFTER UPDATE OF id, token, user_id, expires_at OR DELETE OR TRUNCATE ON portal_auth_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION svc_portal_credentials_changed();--> statement-breakpoint
DROP TRIGGER portal_auth_users_credentials_changed ON portal_auth_users;--> statement-breakpoint
CREATE TRIGGER portal_auth_users_credentials_changed
  AFTER UPDATE OF id, name, email OR DELETE OR TRUNCATE ON portal_auth_users
  FOR EACH STATEMENT EXECUTE FUNCTION svc_portal_credentials_changed();
