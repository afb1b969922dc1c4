/** The environment that points a service process at an emulator as its GitHub App. */
export function emulatorCodehostEnv(gh: { url: string; app: { appId: number; slug: string; privateKey: string; webhookSecret: string; clientId: string; clientSecret: string } }) {
  return {
    CODEHOST_APP_ID: String(gh.app.appId),
    CODEHOST_APP_SLUG: gh.app.slug,
    CODEHOST_PRIVATE_KEY: gh.app.privateKey,
    CODEHOST_WEBHOOK_SECRET: gh.app.webhookSecret,
    CODEHOST_CLIENT_ID: gh.app.clientId,
    CODEHOST_CLIENT_SECRET: gh.app.clientSecret,
    CODEHOST_API_URL: gh.url,
    CODEHOST_WEB_URL: gh.url,
  };
}
