import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './app-sites.ts';
import { LIBRARY_PACKAGES } from './packages/library-packages.ts';

// Builds every library package to its dist/: JavaScript with .ts specifiers rewritten to .js, and
// .d.ts declarations. Inside the repository the packages resolve to their sources; a package
// built here resolves its @warrant imports the way an installed one does, through node_modules.

const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

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

export function buildPackages(): void {
  for (const name of LIBRARY_PACKAGES) {
    const dir = join(ROOT, 'packages', name);
    if (!existsSync(join(dir, 'src', 'index.ts'))) continue;
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
    const configFile = join(dir, 'tsconfig.build.json');
    writeFileSync(configFile, JSON.stringify(buildConfig(dir), null, 2));
    try {
      execFileSync(process.execPath, [TSC, '-p', configFile], { stdio: 'inherit' });
    } catch {
      throw new Error(`@warrant/${name} did not build; tsc's errors are above.`);
    } finally {
      rmSync(configFile);
    }
    // Stylesheets ship as they are; the license travels with every package.
    for (const file of readdirSync(join(dir, 'src')))
      if (file.endsWith('.css')) cpSync(join(dir, 'src', file), join(dir, 'dist', file));
    copyFileSync(join(ROOT, 'LICENSE'), join(dir, 'LICENSE'));
    console.log(`built @warrant/${name}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildPackages();
