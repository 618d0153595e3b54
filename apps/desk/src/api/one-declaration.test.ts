// The desk's API is written once: no file of the desk's page or server writes one of its paths
// itself (as '/api/…' text); each takes it from desk-api.ts. The tests and the browser specs call
// the paths as any other client does, so they may.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DESK_API } from './desk-api.ts';

const SOURCE = fileURLToPath(new URL('..', import.meta.url));
const CONTRACT = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return path === CONTRACT.replace(/\/$/, '') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A declared path written as code text: in quotes or a template, parameters as ${…} or any segment. */
function writtenAs(path: string): RegExp {
  const escaped = path
    .split(/(:[A-Za-z_]+)/)
    .map((part) => (part.startsWith(':') ? '(\\$\\{[^}]*\\}|[^/\'"`]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`['"\`]${escaped}(['"\`?]|\\$\\{)`);
}

describe("the desk's API paths", () => {
  it('are written only in desk-api.ts', () => {
    const patterns = Object.values(DESK_API).map((route) => [route.path, writtenAs(route.path)] as const);
    const found = sourceFiles(SOURCE).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return patterns.filter(([, pattern]) => pattern.test(text)).map(([path]) => `${relative(SOURCE, file)}: ${path}`);
    });
    expect(found).toEqual([]);
  });

  it('would be found if written elsewhere', () => {
    const grant = writtenAs(DESK_API.grant.path);
    expect(grant.test('fetch(`/api/approvals/${challenge}/grant`, {})')).toBe(true);
    expect(writtenAs(DESK_API.session.path).test("askDeskServer('/api/session')")).toBe(true);
    expect(writtenAs(DESK_API.ledgerHead.path).test('fetch(`/api/ledger/head?size=${size}`)')).toBe(true);
    expect(writtenAs(DESK_API.session.path).test("'/api/session/options'")).toBe(false);
  });
});
