-- What a GitHub App installation may do, as GitHub last said it (at connecting and with each installation webhook),
-- for the settings page to name what it lacks. '{}' for installations connected before: not known until GitHub says.
ALTER TABLE "codehost_installations" ADD COLUMN "permissions" jsonb DEFAULT '{}'::jsonb NOT NULL;
