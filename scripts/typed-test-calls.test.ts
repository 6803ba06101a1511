/**
 * The tests call the API by operation name (`api.call(id, …)`), with the body and the answer typed from the
 * contract; the raw client (`api.raw.*`, tests/setup/http.ts) is for what a typed call cannot send. This fails
 * when a raw call sends nothing a typed call could not: an operation's route written out plainly (each
 * parameter a value or an ordinary word), no query and no body.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { OPERATION_LIST } from '../db/contract/operations.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const METHODS: Record<string, string> = { get: 'GET', del: 'DELETE', post: 'POST', put: 'PUT' };
/** Where a `${…}` stood in a path. */
const VALUE = '\u0000';

function testFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return testFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** A path as written at the call, each `${…}` a VALUE; undefined when it is computed elsewhere. */
function writtenPath(node: ts.Expression): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => VALUE + span.literal.text).join('');
  return undefined;
}

/** Whether `method path` is plainly one of the contract's operations. */
function namesAnOperation(method: string, path: string): boolean {
  if (path.includes('?') || path.includes('#')) return false;
  const segments = path.split('/');
  return OPERATION_LIST.some((op) => {
    const route = op.route.split('/');
    return (
      op.method === method &&
      route.length === segments.length &&
      route.every((part, i) => {
        const segment = segments[i] ?? '';
        return /^\[\w+\]$/.test(part) ? segment === VALUE || /^[\w-]+$/.test(segment) : segment === part;
      })
    );
  });
}

function plainRawCalls(file: string, text = readFileSync(join(root, file), 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const { name, expression: client } = node.expression;
      const method = METHODS[name.text];
      const [pathArgument, body] = node.arguments;
      const takesBody = method === 'POST' || method === 'PUT';
      const path = pathArgument && writtenPath(pathArgument);
      if (
        method &&
        ts.isPropertyAccessExpression(client) &&
        client.name.text === 'raw' &&
        path !== undefined &&
        !(takesBody && body && !(ts.isIdentifier(body) && body.text === 'undefined')) &&
        namesAnOperation(method, path)
      ) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push(`${file}:${line}: ${node.getText(source).split('\n')[0]}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it('raw API calls in the tests send what a typed call cannot', () => {
  const files = testFiles('tests').filter((file) => file !== join('tests', 'setup', 'http.ts'));
  expect(files.length).toBeGreaterThan(50);
  expect(files.flatMap((file) => plainRawCalls(file)).map((found) => relative('.', found))).toEqual([]);
});

it('tells a raw call a typed one would do from one it could not', () => {
  const sample = [
    `await api.raw.get(\`/api/contents/\${id}\`, { token });`,
    "await api.raw.del('/api/lists/abc/items/def', { token });",
    "await api.raw.post('/api/users/signout', undefined, { token });",
    "await api.raw.post('/api/users/save', {}, { token });",
    `await api.raw.get(\`/api/contents/search?searchTerm=\${term}\`);`,
    "await api.raw.get('/api/contents/..%2f..');",
    "await api.raw.send('PATCH', '/api/contents/abc');",
    `await api.raw.get(\`/content/\${slug}\`);`,
    "await page.request.get('/api/contents/abc');",
  ].join('\n');
  expect(plainRawCalls('sample.ts', sample).map((found) => found.split(':')[1])).toEqual(['1', '2', '3']);
});
