import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// The function below runs in the browser, where these exist.
declare const document: unknown, window: unknown;

const axeSource = readFileSync(path.resolve('node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/** axe-core on the page as it is: no serious or critical violation. */
export async function expectAccessible(page: Page, name: string) {
  // Evaluated over the devtools protocol, which the page's CSP does not govern (an inline <script> would be refused).
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as { axe: { run(context: unknown, options: object): Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${name}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}
