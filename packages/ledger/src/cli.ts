#!/usr/bin/env node
// `warrant-ledger verify ledger.tsv --head head.json [--proof proof.json] [--key <base64>]`: checks
// an exported desk ledger, or a record exported as JSON entries (the bench's meeting,
// json-entries.ts; told apart by its first line), against a signed tree head, offline, in plain
// Node (this file runs from the package's built dist/). Exit 0: verified. Exit 1: it does not verify; the first row that fails
// and why are on stderr. Exit 2: the command was not used as written, or a file could not be read.
import { readFileSync } from 'node:fs';
import { verifyExport } from './desk-ledger.ts';
import { isJsonEntriesExport, verifyJsonEntriesExport } from './json-entries.ts';

const USAGE = `Usage: warrant-ledger verify <ledger.tsv | record.jsonl> --head <head.json> [--proof <proof.json>] [--key <base64 Ed25519 public key>]

Checks an exported ledger (the desk's TSV, or a record of JSON entries such as the bench's) row by row (the hash chain) and its Merkle tree against a signed tree
head (its Ed25519 signature too). --proof adds an inclusion proof for one row, or a consistency
proof showing the head extends a shorter export. --key pins the key the head must be signed
with; without it the head's own key is trusted, which proves only that the head is whole.
Exit status: 0 verified, 1 does not verify, 2 usage or unreadable input.`;

interface Arguments {
  readonly ledger: string;
  readonly head: string;
  readonly proof?: string;
  readonly key?: string;
}

function parse(argv: readonly string[]): Arguments | string {
  const [command, ...rest] = argv;
  if (command !== 'verify') return command === undefined ? 'no command given' : `unknown command "${command}"`;
  const named: Record<string, string> = {};
  const positional: string[] = [];
  for (let index = 0; index < rest.length; index += 1) {
    const arg = rest[index] as string;
    if (arg === '--head' || arg === '--proof' || arg === '--key') {
      const value = rest[index + 1];
      if (value === undefined) return `${arg} needs a value`;
      named[arg.slice(2)] = value;
      index += 1;
    } else if (arg.startsWith('--')) {
      return `unknown option ${arg}`;
    } else {
      positional.push(arg);
    }
  }
  if (positional.length !== 1) return 'give exactly one ledger file';
  if (named['head'] === undefined) return '--head is required';
  return {
    ledger: positional[0] as string,
    head: named['head'],
    ...(named['proof'] ? { proof: named['proof'] } : {}),
    ...(named['key'] ? { key: named['key'] } : {}),
  };
}

function readJson(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read the ${what} ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new InputError(`the ${what} ${path} is not JSON`);
  }
}

class InputError extends Error {}

function main(argv: readonly string[]): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const args = parse(argv);
  if (typeof args === 'string') {
    process.stderr.write(`warrant-ledger: ${args}\n\n${USAGE}\n`);
    return 2;
  }
  let bytes: Uint8Array;
  let head: unknown;
  let proof: unknown;
  try {
    try {
      bytes = readFileSync(args.ledger);
    } catch (error) {
      throw new InputError(`cannot read the ledger ${args.ledger}: ${(error as Error).message}`);
    }
    head = readJson(args.head, 'head');
    proof = args.proof === undefined ? undefined : readJson(args.proof, 'proof');
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    process.stderr.write(`warrant-ledger: ${error.message}\n`);
    return 2;
  }
  const verify = isJsonEntriesExport(bytes) ? verifyJsonEntriesExport : verifyExport;
  const result = verify(bytes, head, {
    ...(args.key === undefined ? {} : { key: args.key }),
    ...(proof === undefined ? {} : { proof }),
  });
  if (result.ok) {
    process.stdout.write(`OK ${args.ledger}: ${result.message}\n`);
    return 0;
  }
  const where = result.row === null ? '' : result.row === 0 ? ' at the header' : ` at row ${result.row}`;
  process.stderr.write(`FAIL ${args.ledger}${where} (${result.reason}): ${result.message}\n`);
  return 1;
}

process.exitCode = main(process.argv.slice(2));
