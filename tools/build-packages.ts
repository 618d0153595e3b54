import { copyFileSync, cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { ROOT } from './app-sites.ts';
import { LIBRARY_PACKAGES } from './packages/library-packages.ts';
import { compileProgram } from './packages/typescript-programs.ts';

// Builds every library package to its dist/: JavaScript with .ts specifiers rewritten to .js, and
// .d.ts declarations. Inside the repository the packages resolve to their sources; a package
// built here resolves its @warrant imports the way an installed one does, through node_modules.
//
// The nine are compiled in this one process, one program each, in order, sharing what none of them
// changes (./packages/typescript-programs.ts): a `tsc` process per package parsed TypeScript's libs
// and @types nine times, most of the build's time (pack-install.test.ts builds on every test run).

function buildConfig(dir: string): object {
  return {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2024', 'DOM', 'DOM.Iterable'],
      module: 'ESNext',
      moduleResolution: 'Bundler',
      rewriteRelativeImportExtensions: true,
      declaration: true,
      strict: true,
      noUncheckedIndexedAccess: true,
      isolatedModules: true,
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      jsx: 'react-jsx',
      jsxImportSource: 'preact',
      types: ['node'],
      rootDir: join(dir, 'src'),
      outDir: join(dir, 'dist'),
    },
    include: [join(dir, 'src')],
    exclude: [join(dir, 'src', '**', '*.test.ts'), join(dir, 'src', '**', '*.test.tsx')],
  };
}

/** Compiles one package to its dist/, as `tsc -p` would with its build config; throws on any error. */
function compile(name: string, dir: string): void {
  const config = ts.parseJsonConfigFileContent(
    buildConfig(dir),
    ts.sys,
    dir,
    undefined,
    join(dir, 'tsconfig.build.json'),
  );
  compileProgram(config, `@warrant/${name}`);
}

export function buildPackages(): void {
  for (const name of LIBRARY_PACKAGES) {
    const dir = join(ROOT, 'packages', name);
    if (!existsSync(join(dir, 'src', 'index.ts'))) continue;
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
    compile(name, dir);
    // Stylesheets ship as they are; the license travels with every package.
    for (const file of readdirSync(join(dir, 'src')))
      if (file.endsWith('.css')) cpSync(join(dir, 'src', file), join(dir, 'dist', file));
    copyFileSync(join(ROOT, 'LICENSE'), join(dir, 'LICENSE'));
    console.log(`built @warrant/${name}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildPackages();
