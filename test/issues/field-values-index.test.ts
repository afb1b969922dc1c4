import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../harness/fresh-database.js';

/**
 * `issue_field_values`, the index the `field:` filter reads in list order, is written only by
 * triggers. Whatever the sync does to cards and issues (values set, changed and cleared, cards
 * archived, moved to another issue, deleted, upserted in batches, arriving before their issue;
 * issues edited, deleted and arriving late), it must find exactly the issues the filter's
 * definition finds (a live card of the field's project whose values contain the one asked for)
 * and carry each issue's own `codehost_updated_at`. Checked after every step of a seeded random
 * walk, for every value the walk can write, in every form the filter sends it.
 */
let db: { url: string; drop(): Promise<void> };
let pool: pg.Pool;

beforeAll(async () => {
  db = await freshDatabase('ifv');
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

/** A small deterministic generator (mulberry32), so a failure replays. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] };
}

const FIELDS = {
  status: 'PVTSSF_s',
  sprint: 'PVTIF_i',
  estimate: 'PVTF_n',
  due: 'PVTF_d',
  notes: 'PVTF_t',
} as const;
// Stored values as the sync writes them; numbers in several spellings of the same value.
const STORED: Record<string, unknown[]> = {
  [FIELDS.status]: ['a', 'b', 'c'].map((o) => ({ type: 'single_select', optionId: `opt_${o}`, name: o.toUpperCase(), color: 'GRAY' })),
  [FIELDS.sprint]: ['1', '2'].map((i) => ({ type: 'iteration', iterationId: `it_${i}`, title: `Sprint ${i}`, startDate: '2026-01-05', duration: 14 })),
  [FIELDS.estimate]: [1, 2.5, 3].map((number) => ({ type: 'number', number })),
  [FIELDS.due]: ['2026-07-01', '2026-07-02'].map((date) => ({ type: 'date', date })),
  [FIELDS.notes]: ['ship it', 'x'.repeat(3000), ''].map((text) => ({ type: 'text', text })),
};
// What the filter looks for (`containmentOf`'s one-key objects), including values no card holds.
const SOUGHT: Record<string, unknown[]> = {
  [FIELDS.status]: ['a', 'b', 'c', 'z'].map((o) => ({ optionId: `opt_${o}` })),
  [FIELDS.sprint]: ['1', '2'].map((i) => ({ iterationId: `it_${i}` })),
  [FIELDS.estimate]: [1, 2.5, 3, 4].map((number) => ({ number })),
  [FIELDS.due]: ['2026-07-01', '2026-07-02', '2026-07-03'].map((date) => ({ date })),
  [FIELDS.notes]: ['ship it', 'x'.repeat(3000), '', 'SHIP IT'].map((text) => ({ text })),
};

describe('issue_field_values', () => {
  it('finds what the field filter definition finds, with the issue sort key, through a random walk of sync writes', { timeout: 120_000 }, async () => {
    const rnd = generator(20261126);
    const ws = randomUUID();
    const otherWs = randomUUID();
    for (const [id, slug] of [[ws, 'ifv-a'], [otherWs, 'ifv-b']]) {
      await pool.query(`insert into workspaces (id, name, slug) values ($1, $2, $2)`, [id, slug]);
    }
    const repoOf: Record<string, string> = {};
    const projectOf: Record<string, string> = {};
    for (const w of [ws, otherWs]) {
      repoOf[w] = randomUUID();
      projectOf[w] = randomUUID();
      await pool.query(
        `insert into repositories (id, workspace_id, codehost_id, node_id, owner_login, name, full_name, private, html_url, sync_enabled)
         values ($1, $2, $3::bigint, 'R_' || $3::text, 'o', 'r', 'o/r', false, 'https://example.test/o/r', true)`,
        [repoOf[w], w, w === ws ? 1 : 2],
      );
      await pool.query(
        `insert into projects (id, workspace_id, node_id, number, title, owner_login, closed, url, codehost_updated_at)
         values ($1, $2, 'PVT_' || $3, 1, 'Roadmap', 'o', false, 'https://example.test/p', now())`,
        [projectOf[w], w, w === ws ? 'a' : 'b'],
      );
    }
    // Node ids are shared by both workspaces (the same code-host issue cached twice) on purpose.
    const NODES = Array.from({ length: 16 }, (_, k) => `I_${k}`);
    const issueRow = new Map<string, string>(); // `${workspace}/${node}` -> issue id
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const tick = () => new Date((clock += 1000 + Math.floor(rnd.next() * 5000))).toISOString();

    async function insertIssues(w: string, nodes: string[]) {
      const fresh = nodes.filter((n) => !issueRow.has(`${w}/${n}`));
      if (!fresh.length) return;
      const ids = fresh.map(() => randomUUID());
      await pool.query(
        `insert into issues (id, workspace_id, repository_id, codehost_id, node_id, number, title, state, assignees, assignee_logins,
                             labels, label_names, comments_count, locked, html_url, created_at, codehost_updated_at)
         select x.id, $2, $3, x.n, x.node, x.n, 'Issue ' || x.n, 'open', '[]', '{}', '[]', '{}', 0, false, 'https://example.test/i', $4, $4
           from unnest($1::uuid[], $5::text[], $6::int[]) x(id, node, n)`,
        [ids, w, repoOf[w], tick(), fresh, fresh.map((n) => Number(n.slice(2)) + 1)],
      );
      fresh.forEach((n, k) => issueRow.set(`${w}/${n}`, ids[k]));
    }

    const randomValues = () => {
      const out: Record<string, unknown> = {};
      for (const f of Object.values(FIELDS)) if (rnd.next() < 0.6) out[f] = rnd.pick(STORED[f]);
      return out;
    };
    const cards = new Map<string, { workspace: string; node: string }>(); // item id -> where it points

    async function upsertCards(w: string, n: number) {
      const rows = Array.from({ length: n }, () => {
        const existing = [...cards.entries()].filter(([, c]) => c.workspace === w);
        const id = existing.length && rnd.next() < 0.4 ? rnd.pick(existing)[0] : randomUUID();
        return { id, node: rnd.pick(NODES), values: randomValues(), archived: rnd.next() < 0.15 };
      });
      const unique = [...new Map(rows.map((r) => [r.id, r])).values()];
      // As the sync upserts a page of cards: the item's node id is its identity, values overwritten.
      await pool.query(
        `insert into project_items (id, workspace_id, project_id, node_id, content_type, content_node_id, field_values, position, archived)
         select x.id, $2, $3, 'PVTI_' || x.id, 'Issue', x.node, x.fv, 1, x.archived
           from unnest($1::uuid[], $4::text[], $5::jsonb[], $6::boolean[]) x(id, node, fv, archived)
         on conflict (project_id, node_id) do update set content_node_id = excluded.content_node_id,
                field_values = excluded.field_values, archived = excluded.archived, position = excluded.position + 1`,
        [unique.map((r) => r.id), w, projectOf[w], unique.map((r) => r.node), unique.map((r) => JSON.stringify(r.values)), unique.map((r) => r.archived)],
      );
      for (const r of unique) cards.set(r.id, { workspace: w, node: r.node });
    }

    const steps: Array<[string, () => Promise<void>]> = [
      ['upsert cards', () => upsertCards(rnd.pick([ws, ws, otherWs]), 1 + Math.floor(rnd.next() * 4))],
      ['insert issues', () => insertIssues(rnd.pick([ws, ws, otherWs]), [rnd.pick(NODES), rnd.pick(NODES)])],
      ['set one value', async () => {
        const [id] = rnd.pick([...cards.entries()]) ?? [];
        if (!id) return;
        const f = rnd.pick(Object.values(FIELDS));
        await pool.query(`update project_items set field_values = field_values || jsonb_build_object($2::text, $3::jsonb) where id = $1`, [id, f, JSON.stringify(rnd.pick(STORED[f]))]);
      }],
      ['clear one value', async () => {
        const [id] = rnd.pick([...cards.entries()]) ?? [];
        if (id) await pool.query(`update project_items set field_values = field_values - $2::text where id = $1`, [id, rnd.pick(Object.values(FIELDS))]);
      }],
      ['archive or restore', async () => {
        const [id] = rnd.pick([...cards.entries()]) ?? [];
        if (id) await pool.query(`update project_items set archived = not archived where id = $1`, [id]);
      }],
      ['move a card to another issue', async () => {
        const [id] = rnd.pick([...cards.entries()]) ?? [];
        if (!id) return;
        const node = rnd.pick(NODES);
        await pool.query(`update project_items set content_node_id = $2 where id = $1`, [id, node]);
        cards.get(id)!.node = node;
      }],
      ['move cards only in position', async () => {
        await pool.query(`update project_items set position = position + 1 where workspace_id = $1`, [ws]);
      }],
      ['delete a card', async () => {
        const [id] = rnd.pick([...cards.entries()]) ?? [];
        if (!id) return;
        await pool.query(`delete from project_items where id = $1`, [id]);
        cards.delete(id);
      }],
      ['edit issues', async () => {
        const ids = [...issueRow.values()].filter(() => rnd.next() < 0.3);
        // As a webhook upsert does: the row written again, updated_at moved only for some.
        await pool.query(`update issues set title = title || '.', codehost_updated_at = case when random() < 0.7 then $2::timestamptz else codehost_updated_at end where id = any($1::uuid[])`, [ids, tick()]);
      }],
      ['delete an issue', async () => {
        const key = rnd.pick([...issueRow.keys()]);
        if (!key) return;
        await pool.query(`delete from issues where id = $1`, [issueRow.get(key)]);
        issueRow.delete(key);
      }],
    ];

    const found = new Set<string>();
    async function check(step: number, name: string) {
      const stale = await pool.query(
        `select f.issue_id from issue_field_values f join issues i on i.id = f.issue_id where f.issue_updated_at <> i.codehost_updated_at or f.workspace_id <> i.workspace_id`,
      );
      expect(stale.rows, `step ${step} (${name}): rows with another sort key than their issue`).toEqual([]);
      for (const w of [ws, otherWs]) {
        for (const [field, values] of Object.entries(SOUGHT)) {
          for (const value of values) {
            const viaIndex = await pool.query(
              `select issue_id as id from issue_field_values
                where workspace_id = $1 and field_node_id = $2 and value_key = svc_field_value_key($3::jsonb) order by 1`,
              [w, field, JSON.stringify(value)],
            );
            const viaDefinition = await pool.query(
              `select i.id from issues i
                where i.workspace_id = $1
                  and exists (select 1 from project_items pi where pi.workspace_id = i.workspace_id and pi.content_node_id = i.node_id
                                 and not pi.archived and pi.project_id = $4 and pi.field_values @> jsonb_build_object($2::text, $3::jsonb))
                order by 1`,
              [w, field, JSON.stringify(value), projectOf[w]],
            );
            if (viaIndex.rows.length) found.add(`${field}=${JSON.stringify(value)}`);
            expect(viaIndex.rows, `step ${step} (${name}): ${field} = ${JSON.stringify(value).slice(0, 40)} in ${w === ws ? 'a' : 'b'}`).toEqual(viaDefinition.rows);
          }
        }
      }
    }

    await insertIssues(ws, NODES.slice(0, 6));
    await upsertCards(ws, 6);
    await check(0, 'start');
    for (let step = 1; step <= 100; step++) {
      const [name, run] = rnd.pick(steps);
      await run();
      await check(step, name);
    }
    // The walk found issues for every stored value at some step (so the comparisons were not all of empty sets).
    expect([...found].sort()).toEqual(
      Object.entries(STORED).flatMap(([f, vs]) => vs.map((v) => `${f}=${JSON.stringify(Object.fromEntries(Object.entries(v as object).filter(([k]) => ['optionId', 'iterationId', 'number', 'date', 'text'].includes(k))))}`)).sort(),
    );
  });
});
