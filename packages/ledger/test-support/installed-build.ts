// The ledger package as it is installed: its sources (and those of the @warrant packages it
// imports at run time) compiled with the options tools/build-packages.ts uses into a scratch
// node_modules, beside links to the third-party packages they import. A test then runs the
// built bin with plain Node, as `npx warrant-ledger` does after installing the packed package,
// without touching the dist/ folders other work in this repository may be using. Types are
// checked by the repository's typecheck, not here, so this compiles with noCheck.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
/** The ledger and the @warrant packages beneath it, which it imports at run time. */
const PACKAGES = ['base', 'ledger'];

export interface InstalledLedger {
  /** The installed package's command: bin/warrant-ledger.js, which runs its dist/cli.js. */
  readonly bin: string;
  readonly dir: string;
  remove(): void;
}

export function installLedgerBuild(): InstalledLedger {
  const dir = mkdtempSync(join(tmpdir(), 'warrant-ledger-bin-'));
  const modules = join(dir, 'node_modules');
  const linked = new Set<string>();
  for (const name of PACKAGES) {
    const source = join(ROOT, 'packages', name);
    const target = join(modules, '@warrant', name);
    mkdirSync(target, { recursive: true });
    copyFileSync(join(source, 'package.json'), join(target, 'package.json'));
    const config = join(dir, `tsconfig.${name}.json`);
    writeFileSync(
      config,
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2024', 'DOM', 'DOM.Iterable'],
          module: 'ESNext',
          moduleResolution: 'Bundler',
          rewriteRelativeImportExtensions: true,
          isolatedModules: true,
          verbatimModuleSyntax: true,
          skipLibCheck: true,
          noCheck: true,
          types: ['node'],
          typeRoots: [join(ROOT, 'node_modules', '@types')],
          rootDir: join(source, 'src'),
          outDir: join(target, 'dist'),
        },
        include: [join(source, 'src')],
        exclude: [
          join(source, 'src', '**', '*.test.ts'),
          join(source, 'src', '**', '*.test.tsx'),
          join(source, 'src', '**', '*.tsx'),
        ],
      }),
    );
    execFileSync(process.execPath, [TSC, '-p', config], { stdio: 'pipe' });
    const dependencies = Object.keys(
      (JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> })
        .dependencies ?? {},
    );
    for (const dependency of dependencies) {
      if (dependency.startsWith('@warrant/')) continue;
      const scope = dependency.startsWith('@') ? (dependency.split('/')[0] as string) : dependency;
      if (linked.has(scope)) continue;
      linked.add(scope);
      symlinkSync(join(ROOT, 'node_modules', scope), join(modules, scope), 'dir');
    }
  }
  // The command as the package declares it: its launcher, which runs the build beside it.
  const launcher = join(modules, '@warrant', 'ledger', 'bin', 'warrant-ledger.js');
  mkdirSync(dirname(launcher), { recursive: true });
  copyFileSync(join(ROOT, 'packages', 'ledger', 'bin', 'warrant-ledger.js'), launcher);
  return { bin: launcher, dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
