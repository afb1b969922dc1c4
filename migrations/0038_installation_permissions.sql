-- What a GitHub App installation may do, as GitHub last said it (at connecting and with each installation webhook),
-- for the settings page to name what it lacks. '{}' for installations connected before: not known until GitHub says.
-- IF NOT EXISTS since decision 0085: a database that took this migration under its first, earlier
-- timestamp in the journal takes it again, as one that skipped it for that timestamp takes it first.
ALTER TABLE "codehost_installations" ADD COLUMN IF NOT EXISTS "permissions" jsonb DEFAULT '{}'::jsonb NOT NULL;
