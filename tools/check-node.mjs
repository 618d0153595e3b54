/* global console, process, URL */
// `npm start` runs this first, with plain Node, before tsx or anything else the project needs is
// loaded. It must parse on an old Node to be able to say it is too old, so it stays plain
// JavaScript with no newer syntax (no `?.`, no `??`). It checks this Node against package.json
// "engines" and says what is needed.
import { readFileSync } from 'fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const wanted = manifest.engines.node;
const floor = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(wanted);
if (floor === null) {
  console.error('tools/check-node.mjs reads only ">=x.y.z" from package.json "engines", not "' + wanted + '".');
  process.exit(1);
}
const have = process.versions.node.split('.').map(Number);
const need = floor.slice(1).map(Number);
const behind = have[0] - need[0] || have[1] - need[1] || have[2] - need[2];
if (behind < 0) {
  console.error(
    'Warrant needs Node.js ' +
      need.join('.') +
      ' or newer (package.json "engines": "' +
      wanted +
      '"); this is Node.js ' +
      process.versions.node +
      '. Install a newer Node.js (https://nodejs.org) and run the command again.',
  );
  process.exit(1);
}
