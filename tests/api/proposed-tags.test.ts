/**
 * Proposed tags through the real server (docs/product.md#how-things-change): a client of the REST contract submits
 * {label, value} pairs, and a pair that is none of our tags is kept with the submission rather than refused;
 * it becomes a tag only when an admin approves the submission and chooses so (create, map onto one of ours,
 * drop).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp, CATALOG_READY } from '../setup/actors.ts';
import { sqlRows } from '../setup/sql.ts';

let admin: { token: string };
let user: { token: string };

const sql = (statement: string, args: Array<string | number> = []) => sqlRows(server.dbUrl, statement, args);

const { server, api } = useServer();
beforeAll(async () => {
  admin = await asAdmin(api);
  user = await signUp(api, 'Proposer');
});

let n = 0;
/** A submission as a REST client sends it: every tag a {label, value} pair. */
async function submit(tags: Record<string, Array<{ label: string; value: string }>>) {
  const res = await api.call('submitLink', {
    body: {
      ...CATALOG_READY,
      url: `https://proposals-${Date.now()}-${++n}.example.org/`,
      cost: 'Free',
      hasCert: 'false',
      ...tags,
    },
    token: user.token,
  });
  return res;
}

const tagRows = (kind: string, value: string) =>
  sql('SELECT label, status FROM tags WHERE kind = ? AND value = ?', [kind, value]);
const filterValues = async () => {
  const { body } = await api.call('catalogFilters');
  return [...body.categories, ...body.techStacks, ...body.types].map((t: { value: string }) => t.value);
};

describe('a client proposes a tag with a submission', () => {
  it('an unknown pair is a 201: kept as a proposal, not a tag, not offered in the filters; a known pair is a tag', async () => {
    const res = await submit({
      techStack: [
        { label: 'Python', value: 'python' },
        { label: 'Elixir', value: 'elixir' },
      ],
      type: [{ label: 'Cheat Sheet', value: 'cheat-sheet' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      message: 'Submission successfully created',
      techStack: [{ label: 'Python', value: 'python' }],
      type: [],
      proposedTags: [
        { kind: 'techStack', label: 'Elixir', value: 'elixir' },
        { kind: 'type', label: 'Cheat Sheet', value: 'cheat-sheet' },
      ],
    });
    const [row] = await sql('SELECT tech_stack, proposed_tags FROM submissions WHERE id = ?', [res.body._id]);
    expect(JSON.parse(String(row!.proposed_tags))).toEqual(res.body.proposedTags);
    expect(JSON.parse(String(row!.tech_stack))).toEqual([{ label: 'Python', value: 'python' }]);
    expect(await tagRows('techStack', 'elixir')).toEqual([]);
    expect(await filterValues()).not.toContain('elixir');
    // The admin reads the proposals with the submission.
    expect(
      (
        await api.call('getSubmission', {
          params: { id: res.body._id },
          token: admin.token,
        })
      ).body.proposedTags,
    ).toEqual(res.body.proposedTags);
  });

  it.each([
    [{ techStack: [{ label: '+++', value: '+++' }] }, "'+++' cannot be a techStack: a tag needs a letter or a digit"],
    [
      {
        category: ['A', 'B', 'C', 'D', 'E', 'F'].map((l) => ({
          label: `Topic ${l}`,
          value: `topic-${l.toLowerCase()}`,
        })),
      },
      'At most 5 new category tags may be proposed with one submission (6 given)',
    ],
  ])('refuses %j with a 400 naming it', async (tags, message) => {
    const res = await submit(tags);
    expect(res).toMatchObject({ status: 400, body: { message } });
  });

  it('an admin content write creates a tag that is not ours (admins manage the tags)', async () => {
    const { body } = await api.call('searchContents', {
      query: { order: 'oldest' },
    });
    const content = body.contents[0];
    const res = await api.call('saveContent', {
      params: { id: content._id },
      body: { ...content, techStack: [{ label: 'Elixir', value: 'elixir' }] },
      token: admin.token,
    });
    expect(res).toMatchObject({ status: 200, body: { techStack: [{ label: 'Elixir', value: 'elixir' }] } });
    expect(await tagRows('techStack', 'elixir')).toHaveLength(1);
  });
});

describe('the admin approves with a choice for each proposed tag', () => {
  it('create, map and drop: the content carries exactly the chosen tags, and the new tag is audited', async () => {
    const created = await submit({
      techStack: [
        { label: 'Python', value: 'python' },
        { label: 'Gleam', value: 'gleam' },
        { label: 'Golang', value: 'golang' },
        { label: 'Zig', value: 'zig' },
      ],
    });
    expect(created.status).toBe(201);
    const submission = (
      await api.call('getSubmission', {
        params: { id: created.body._id },
        token: admin.token,
      })
    ).body;
    const res = await api.call('approveSubmission', {
      params: { id: submission._id },
      body: {
        ...submission,
        proposedTags: [
          { kind: 'techStack', value: 'gleam', action: 'create' },
          { kind: 'techStack', value: 'golang', action: 'map', mapTo: 'go' },
          { kind: 'techStack', value: 'zig', action: 'drop' },
        ],
      },
      token: admin.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.content.techStack).toEqual([
      { label: 'Python', value: 'python' },
      { label: 'Gleam', value: 'gleam' },
      { label: 'Go', value: 'go' },
    ]);
    expect(res.body.proposedTags).toEqual([
      {
        kind: 'techStack',
        label: 'Gleam',
        value: 'gleam',
        outcome: 'created',
        tag: { label: 'Gleam', value: 'gleam' },
      },
      { kind: 'techStack', label: 'Golang', value: 'golang', outcome: 'mapped', tag: { label: 'Go', value: 'go' } },
      { kind: 'techStack', label: 'Zig', value: 'zig', outcome: 'dropped' },
    ]);
    expect(
      await sql("SELECT kind, value FROM content_tags WHERE content_id = ? AND kind = 'techStack' ORDER BY value", [
        res.body.content._id,
      ]),
    ).toEqual([
      { kind: 'techStack', value: 'gleam' },
      { kind: 'techStack', value: 'go' },
      { kind: 'techStack', value: 'python' },
    ]);
    // The approved submission keeps what became of each proposal, for the queue and its page to show.
    expect(
      (
        await api.call('getSubmission', {
          params: { id: submission._id },
          token: admin.token,
        })
      ).body.proposedTags,
    ).toEqual(res.body.proposedTags);
    expect(await tagRows('techStack', 'gleam')).toEqual([{ label: 'Gleam', status: 'active' }]);
    expect(await tagRows('techStack', 'zig')).toEqual([]);
    expect(await tagRows('techStack', 'golang')).toEqual([]);
    const audit = await sql(
      "SELECT actor_label, target_id, details FROM audit_log WHERE action = 'tag.create' AND target_id = 'techStack:gleam'",
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_label).toBe(DEMO_ADMIN.email);
    expect(JSON.parse(String(audit[0]!.details))).toEqual({ label: 'Gleam', submission: submission._id });
    // Created and carried by a content: offered now. Dropped: not.
    const offered = await filterValues();
    expect(offered).toContain('gleam');
    expect(offered).not.toContain('zig');
    expect(
      (
        await api.call('getSubmission', {
          params: { id: submission._id },
          token: admin.token,
        })
      ).body,
    ).toMatchObject({
      status: 'approved',
      contentId: res.body.content._id,
    });
  });

  it('a client that knows no proposedTags sees what was typed where it looks: kept, it is created; taken out, the message says it was dropped', async () => {
    const web = { label: 'Web Development', value: 'web-development' };
    const retro = { label: 'Retro Computing', value: 'retro-computing' };
    const kept = await submit({ category: [web, retro] });
    const read = (
      await api.call('getSubmission', {
        params: { id: kept.body._id },
        token: admin.token,
      })
    ).body;
    expect(read.category).toEqual([web, retro]);
    expect(read.proposedTags).toEqual([{ kind: 'category', ...retro }]);
    const { proposedTags: _ours, ...asTheClientPosts } = read;
    const res = await api.call('approveSubmission', {
      params: { id: read._id },
      body: asTheClientPosts,
      token: admin.token,
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Submission is approved');
    expect(res.body.proposedTags).toEqual([{ kind: 'category', ...retro, outcome: 'created', tag: retro }]);
    expect(res.body.content.category).toEqual([web, retro]);
    expect(await tagRows('category', 'retro-computing')).toEqual([{ label: 'Retro Computing', status: 'active' }]);

    const game = { label: 'Game Design Lore', value: 'game-design-lore' };
    const dropped = await submit({ category: [web, game] });
    const again = (
      await api.call('getSubmission', {
        params: { id: dropped.body._id },
        token: admin.token,
      })
    ).body;
    const { proposedTags: _also, ...withoutIt } = { ...again, category: [web] };
    const answer = await api.call('approveSubmission', {
      params: { id: again._id },
      body: withoutIt,
      token: admin.token,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(
      "Submission is approved (the proposed tag 'Game Design Lore' (category) was dropped)",
    );
    expect(await tagRows('category', 'game-design-lore')).toEqual([]);
  });

  it('bad choices are a 400 naming the problem; the submission stays pending and no tag is made', async () => {
    const created = await submit({ techStack: [{ label: 'Nim', value: 'nim' }] });
    const id = created.body._id;
    for (const [proposedTags, message] of [
      [[{ kind: 'techStack', value: 'nim', mapTo: 'Fortran' }], "Unknown techStack 'Fortran' to map 'Nim' to"],
      [
        [{ kind: 'techStack', value: 'crystal', action: 'create' }],
        "'crystal' is not a techStack proposed with this submission",
      ],
      [
        'all of them',
        "proposedTags must be 'create', 'drop', or a list of {kind, value, action: 'create' | 'map' | 'drop', mapTo}",
      ],
    ] as const) {
      expect(await api.raw.post(`/api/submissions/${id}`, { proposedTags }, { token: admin.token })).toMatchObject({
        status: 400,
        body: { message },
      });
    }
    expect(
      (
        await api.call('getSubmission', {
          params: { id },
          token: admin.token,
        })
      ).body.status,
    ).toBe('pending');
    expect(await tagRows('techStack', 'nim')).toEqual([]);
    expect(await sql('SELECT count(*) AS n FROM audit_log WHERE target_id = ?', [id])).toEqual([{ n: 0 }]);
  });

  it('a proposal whose value became a tag meanwhile is simply attached', async () => {
    const created = await submit({ techStack: [{ label: 'OCaml', value: 'ocaml' }] });
    await sql("INSERT INTO tags (kind, value, label) VALUES ('techStack', 'ocaml', 'OCaml')");
    const res = await api.call('approveSubmission', {
      params: { id: created.body._id },
      body: { proposedTags: 'create' },
      token: admin.token,
    });
    expect(res.status).toBe(201);
    expect(res.body.proposedTags).toMatchObject([{ value: 'ocaml', outcome: 'attached' }]);
    expect(res.body.content.techStack).toEqual([{ label: 'OCaml', value: 'ocaml' }]);
    expect(
      await sql("SELECT count(*) AS n FROM audit_log WHERE action = 'tag.create' AND target_id = 'techStack:ocaml'"),
    ).toEqual([{ n: 0 }]);
  });
});
