// The ledger package as it is installed: its sources (and those of the @warrant packages it
// imports at run time) compiled with the options tools/build-packages.ts uses into a scratch
// node_modules, beside links to the third-party packages they import. A test then runs the
// built bin with plain Node, as `npx warrant-ledger` does after installing the packed package,
// without touching the dist/ folders other work in this repository may be using. Types are
// checked by the repository's typecheck, not here: each file is transpiled on its own (the
// packages are isolatedModules), in this process, the JavaScript `tsc` emits with noCheck, without
// the two `tsc` processes that took most of this helper's time.
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
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
    transpileTree(join(source, 'src'), join(target, 'dist'));
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

/** The options of tools/build-packages.ts that shape the JavaScript a file compiles to. */
const EMIT: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  rewriteRelativeImportExtensions: true,
  isolatedModules: true,
  verbatimModuleSyntax: true,
};

/** Every source file under `src` but tests and .tsx, compiled to the same place under `out`, .ts to .js. */
function transpileTree(src: string, out: string): void {
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.d.ts') || file.endsWith('.test.ts')) continue;
    const { outputText, diagnostics } = ts.transpileModule(readFileSync(join(src, file), 'utf8'), {
      compilerOptions: EMIT,
      fileName: join(src, file),
      reportDiagnostics: true,
    });
    if (diagnostics && diagnostics.length > 0)
      throw new Error(ts.formatDiagnostics(diagnostics, ts.createCompilerHost(EMIT)));
    const target = join(out, file.replace(/\.ts$/, '.js'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, outputText);
  }
}
