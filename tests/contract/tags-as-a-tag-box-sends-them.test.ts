/**
 * The original client's tag boxes (react-select, creatable) send what the user typed: a new entry is
 * {label, value: the same text, __isNew__: true}, in any case. Our endpoints refused such a pair
 * ("Unknown techStack 'Go/Go'") although the Go tag exists, and the approval from the edit screen failed
 * and left the submission pending. Every endpoint that takes tags now folds them onto ours the way the
 * importer does; an admin's write creates a tag that is truly new (audited as tag.create); only what
 * cannot be a tag is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp, CATALOG_READY } from '../setup/actors.ts';
import { openDatabase } from '../setup/sql.ts';

let admin: { token: string };
let user: { token: string };
const { server, api } = useServer();
beforeAll(async () => {
  admin = await asAdmin(api);
  user = await signUp(api, 'Typist');
});

/** The shapes react-select produces for one tag: typed anew, picked with the typed case, a select's plain value. */
const TYPED = [
  { label: 'Go', value: 'Go', __isNew__: true },
  { label: 'golang', value: 'golang' },
  { label: 'RUST', value: 'RUST', __isNew__: true },
];
const OURS = [
  { label: 'Go', value: 'go' },
  { label: 'Rust', value: 'rust' },
];

let n = 0;
const submit = async (fields: Record<string, unknown> = {}) => {
  const sent = await api.call('submitLink', {
    body: {
      ...CATALOG_READY,
      url: `https://typed-${++n}-${Date.now()}.example.org/`,
      name: `Typed Tags Course ${n}`,
      ...fields,
    },
    token: user.token,
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return sent.body as { _id: string; techStack: unknown; proposedTags: unknown[] };
};

describe('tags as a tag box sends them', () => {
  it('POST /api/submissions/create: a typed pair naming our tag is ours; another spelling stays a proposal for the admin', async () => {
    const s = await submit({ techStack: TYPED, category: 'Web Development' });
    expect(s.techStack).toEqual(OURS);
    expect(s.proposedTags).toEqual([{ kind: 'techStack', label: 'golang', value: 'golang' }]);
  });

  it('PUT /api/contents/{id}: an admin edit keeps them as ours, and creates a truly new tag, audited', async () => {
    const { body: page } = await api.call('searchContents');
    const { body: content } = await api.call('getContent', {
      params: { id: page.contents[0]._id },
      token: admin.token,
    });
    const editedAt = Date.now();
    const saved = await api.call('saveContent', {
      params: { id: content._id },
      body: {
        ...content,
        techStack: [...TYPED, { label: 'Zig', value: 'Zig', __isNew__: true }],
        category: [{ label: 'web development', value: 'web development' }],
      },
      token: admin.token,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.techStack).toEqual([...OURS, { label: 'Zig', value: 'zig' }]);
    expect(saved.body.category).toEqual([{ label: 'Web Development', value: 'web-development' }]);
    const { body: tags } = await api.call('adminTags', {
      query: { kind: 'techStack', search: 'zig' },
      token: admin.token,
    });
    expect(tags.tags).toEqual([expect.objectContaining({ value: 'zig', label: 'Zig', status: 'active', contents: 1 })]);
    const db = await openDatabase(server.dbUrl);
    try {
      // The tags this edit created (the demo's own log has tags created days before).
      const { rows } = await db.execute({
        sql: "SELECT target_id FROM audit_log WHERE action = 'tag.create' AND at >= ?",
        args: [editedAt],
      });
      expect(rows.map((row) => row.target_id)).toEqual(['techStack:zig']);
    } finally {
      db.close();
    }
  });

  it('POST /api/submissions/{id}: approving from the edit screen with typed tags publishes it', async () => {
    const s = await submit();
    const { body: shown } = await api.call('getSubmission', {
      params: { id: s._id },
      token: admin.token,
    });
    const approved = await api.call('approveSubmission', {
      params: { id: s._id },
      body: {
        ...shown,
        cost: 'Free',
        description: 'Typed.',
        techStack: [{ label: 'Rust', value: 'Rust' }],
        type: [{ label: 'podcasts', value: 'podcasts', __isNew__: true }],
      },
      token: admin.token,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(201);
    expect(approved.body.content.techStack).toEqual([{ label: 'Rust', value: 'rust' }]);
    expect(approved.body.content.type).toEqual([{ label: 'Podcasts', value: 'podcasts' }]);
  });

  it('refuses only what cannot be a tag, beside the field’s name, and writes nothing', async () => {
    const { body: page } = await api.call('searchContents');
    const { body: content } = await api.call('getContent', {
      params: { id: page.contents[1]._id },
      token: admin.token,
    });
    for (const bad of [
      [{ label: '!!!', value: '!!!', __isNew__: true }],
      ['x'.repeat(101)],
      [{ label: ['Go'], value: 'go' }],
    ]) {
      const refused = await api.call('saveContent', {
        params: { id: content._id },
        body: { ...content, techStack: bad },
        token: admin.token,
      });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.message).toMatch(/techStack|tag/i);
    }
    expect(
      (
        await api.call('getContent', {
          params: { id: content._id },
          token: admin.token,
        })
      ).body.techStack,
    ).toEqual(content.techStack);
  });
});
