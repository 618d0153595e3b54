/* global console, process */
// `npm pack` in a package runs this first: a tarball without its built dist/ would install and
// then fail on first import, so packing refuses until `npm run build:packages` has run.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const name = process.argv[2];
const dir = process.cwd();
const built = join(dir, 'dist', 'index.js');
if (!existsSync(built)) {
  console.error(
    `@warrant/${name} is not built: run \`npm run build:packages\` at the repository root, then pack again.`,
  );
  process.exit(1);
}
const builtAt = statSync(built).mtimeMs;
const stale = readdirSync(join(dir, 'src'), { recursive: true }).find(
  (file) => String(file).endsWith('.ts') && statSync(join(dir, 'src', String(file))).mtimeMs > builtAt,
);
if (stale) {
  console.error(
    `@warrant/${name} changed since it was built (src/${stale}): run \`npm run build:packages\` again, then pack.`,
  );
  process.exit(1);
}
