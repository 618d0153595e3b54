import { canonicalJson, newSigningKey, signCanonical } from '@warrant/authority';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readWriteSuccess, receiptDigest, verifyReceipt } from './receipt.ts';

const args = { kind: 'family', count: 2, request: 'R-7', idempotency_key: 'A-1:step-0' };
const result = { reservation: 'PR-12' };

describe('receipts', () => {
  it('digest the canonical JSON of { tool, args, result }', async () => {
    const text =
      '{"args":{"count":2,"idempotency_key":"A-1:step-0","kind":"family","request":"R-7"},"result":{"reservation":"PR-12"},"tool":"reserve_parcels"}';
    expect(canonicalJson({ tool: 'reserve_parcels', args, result })).toBe(text);
    expect(await receiptDigest('reserve_parcels', args, result)).toBe(
      createHash('sha256').update(text, 'utf8').digest('hex'),
    );
  });

  it('verify against what was asked and answered, and not against anything else', async () => {
    const digest = await receiptDigest('reserve_parcels', args, result);
    const write = {
      ok: true as const,
      result,
      receipt: { id: 'pantry-R-1', tool: 'reserve_parcels', request: 'R-7', digest },
    };
    expect(await verifyReceipt('reserve_parcels', args, write)).toBe(true);
    expect(await verifyReceipt('reserve_parcels', { ...args, count: 3 }, write)).toBe(false);
    expect(await verifyReceipt('reserve_parcels', args, { ...write, result: { reservation: 'PR-13' } })).toBe(false);
    expect(await verifyReceipt('hold_beds', args, write)).toBe(false);
    expect(await verifyReceipt('reserve_parcels', { ...args, request: 'R-8' }, write)).toBe(false);
  });

  // The digest covers the args, and the args carry the request: a test that changes both at once
  // is refused by the digest and never reaches the name check. Here the digest is right for this
  // call and only the receipt's own name is another's, so only the name check can refuse it.
  it('refuse a receipt whose only difference is the request it names, then the tool it names', async () => {
    const digest = await receiptDigest('reserve_parcels', args, result);
    const write = {
      ok: true as const,
      result,
      receipt: { id: 'pantry-R-1', tool: 'reserve_parcels', request: 'R-7', digest },
    };
    expect(await verifyReceipt('reserve_parcels', args, write)).toBe(true);
    expect(
      await verifyReceipt('reserve_parcels', args, { ...write, receipt: { ...write.receipt, request: 'R-8' } }),
    ).toBe(false);
    expect(
      await verifyReceipt('reserve_parcels', args, {
        ...write,
        receipt: { ...write.receipt, tool: 'release_parcels' },
      }),
    ).toBe(false);
  });

  it('are read from a write’s answer only when they have the contract’s shape', () => {
    const receipt = { id: 'pantry-R-1', tool: 'reserve_parcels', request: 'R-7', digest: 'a'.repeat(64) };
    expect(readWriteSuccess({ ok: true, result, receipt, replayed: true })).toMatchObject({
      ok: true,
      write: { replayed: true, receipt },
    });
    expect(readWriteSuccess({ ok: true, result })).toMatchObject({ ok: false, problem: 'the answer has no receipt' });
    expect(readWriteSuccess({ ok: true, result, receipt: { ...receipt, digest: 'xyz' } })).toMatchObject({ ok: false });
    expect(readWriteSuccess({ ok: true, result, receipt: { ...receipt, id: 'has space' } })).toMatchObject({
      ok: false,
    });
    expect(readWriteSuccess({ ok: false, code: 'X' })).toMatchObject({ ok: false });
  });
});

// A receipt reaches the desk through the partner's page, which an agent holding the browser can
// rewrite: only the partner server's signature shows the partner really wrote it.
describe('a receipt checked against the key its partner publishes', () => {
  const partnerKey = newSigningKey();
  const strangerKey = newSigningKey();
  const signedWrite = async (key = partnerKey) => {
    const unsigned = {
      id: 'pantry-R-1',
      tool: 'reserve_parcels',
      request: 'R-7',
      digest: await receiptDigest('reserve_parcels', args, result),
    };
    return { ok: true as const, result, receipt: { ...unsigned, signature: signCanonical(key, unsigned) } };
  };

  it('verifies with the signature of that key over { id, tool, request, digest }', async () => {
    const write = await signedWrite();
    expect(readWriteSuccess(write)).toEqual({ ok: true, write });
    expect(await verifyReceipt('reserve_parcels', args, write, { key: partnerKey.publicKey })).toBe(true);
  });

  it('refuses an unsigned receipt, one signed by another key, and one whose id was changed after signing', async () => {
    const write = await signedWrite();
    const { signature: _dropped, ...unsigned } = write.receipt;
    expect(
      await verifyReceipt('reserve_parcels', args, { ...write, receipt: unsigned }, { key: partnerKey.publicKey }),
    ).toBe(false);
    expect(
      await verifyReceipt('reserve_parcels', args, await signedWrite(strangerKey), { key: partnerKey.publicKey }),
    ).toBe(false);
    expect(
      await verifyReceipt(
        'reserve_parcels',
        args,
        { ...write, receipt: { ...write.receipt, id: 'pantry-R-2' } },
        { key: partnerKey.publicKey },
      ),
    ).toBe(false);
  });

  it('refuses every receipt when the desk could not learn the key (null), however well formed', async () => {
    expect(await verifyReceipt('reserve_parcels', args, await signedWrite(), { key: null })).toBe(false);
  });
});
