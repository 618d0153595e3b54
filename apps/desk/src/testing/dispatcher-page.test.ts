import { describe, expect, it } from 'vitest';
import { APPEND_ASKED_SCHEMA } from '../api/inputs.ts';
import { pageWriter } from './dispatcher-page.ts';

// Each test page appends under a writer id of its own, which the desk's server takes only in the
// form a page's own id has (hex). The bench's dispatchers group opens 26 pages over one server
// (1, 5 and 20 dispatchers), so every index it may use must give a writer the server takes.
describe('pageWriter', () => {
  it('gives every page, to the 26th and beyond, a distinct writer id the append route takes', () => {
    const pattern = new RegExp(APPEND_ASKED_SCHEMA.properties.writer.pattern);
    const writers = Array.from({ length: 64 }, (_, index) => pageWriter(index));
    expect(writers.filter((writer) => !pattern.test(writer))).toEqual([]);
    expect(new Set(writers).size).toBe(writers.length);
  });
});
