import { SITES } from '@warrant/config';
import type { ExecuteOutcome, ListedTool, WebMcp } from '@warrant/webmcp';
import { describe, expect, it } from 'vitest';
import { openNativePartnerChannel } from './native-partner-channel.ts';

const PANTRY = SITES.pantry.origin;

function desk(tools: ListedTool[]) {
  const asked: unknown[] = [];
  const executed: { tool: ListedTool | string; input: object | undefined; signal: AbortSignal | undefined }[] = [];
  const webmcp: Pick<WebMcp, 'getTools' | 'executeTool'> = {
    async getTools(options) {
      asked.push(options);
      return tools;
    },
    async executeTool(tool, input, options): Promise<ExecuteOutcome> {
      executed.push({ tool, input, signal: options?.signal });
      return { ok: true, shape: 'object', raw: '{"ok":true}', value: { ok: true } };
    },
  };
  return { webmcp, asked, executed };
}

const tool = (name: string, origin: string): ListedTool => ({ name, title: name, description: name, origin });

describe('the native transport', () => {
  it('discovers with getTools({ fromOrigins: [partner] }) and keeps only the partner’s tools', async () => {
    const { webmcp, asked } = desk([tool('open_lease', SITES.desk.origin), tool('list_parcel_stock', PANTRY), tool('list_bed_availability', SITES.shelter.origin)]);
    const channel = openNativePartnerChannel({ webmcp, origin: PANTRY });
    expect((await channel.tools()).map((listed) => listed.name)).toEqual(['list_parcel_stock']);
    expect(asked).toEqual([{ fromOrigins: [PANTRY] }]);
    expect(channel.transport).toBe('native');
  });

  it('calls the discovered entry with executeTool and the call’s signal', async () => {
    const { webmcp, executed } = desk([tool('list_parcel_stock', PANTRY)]);
    const channel = openNativePartnerChannel({ webmcp, origin: PANTRY });
    const signal = new AbortController().signal;
    expect(await channel.call('list_parcel_stock', { a: 1 }, { signal })).toMatchObject({ ok: true, shape: 'object' });
    expect(executed).toEqual([{ tool: tool('list_parcel_stock', PANTRY), input: { a: 1 }, signal }]);
  });

  it('does not call a tool of another origin that happens to share the name, and nothing once closed', async () => {
    const { webmcp, executed } = desk([tool('read_pantry_notes', SITES.shelter.origin)]);
    const channel = openNativePartnerChannel({ webmcp, origin: PANTRY });
    expect(await channel.call('read_pantry_notes', {}, { signal: new AbortController().signal })).toMatchObject({ ok: false, code: 'NOT_REGISTERED' });
    channel.close();
    expect(await channel.call('read_pantry_notes', {}, { signal: new AbortController().signal })).toMatchObject({ ok: false, code: 'CHANNEL_CLOSED' });
    expect(executed).toEqual([]);
  });
});
