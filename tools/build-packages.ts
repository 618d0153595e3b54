import { copyFileSync, cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join, sep } from 'node:path';
import ts from 'typescript';
import { ROOT } from './app-sites.ts';
import { LIBRARY_PACKAGES } from './packages/library-packages.ts';

// Builds every library package to its dist/: JavaScript with .ts specifiers rewritten to .js, and
// .d.ts declarations. Inside the repository the packages resolve to their sources; a package
// built here resolves its @warrant imports the way an installed one does, through node_modules.
//
// The nine are compiled in this one process, one program each, in order. What every program reads
// and no build changes (TypeScript's lib files, @types/node, the third-party declarations) is
// parsed once and handed to each program after the first: a `tsc` process per package parsed them
// all nine times, most of the build's time (pack-install.test.ts builds on every test run).

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

/**
 * A reader of source files that parses once what no build writes (anything under node_modules but
 * our own packages, which resolve to their freshly built dist/) and reads the rest afresh.
 */
function sharingUnchangingFiles(read: ts.CompilerHost['getSourceFile']): ts.CompilerHost['getSourceFile'] {
  const parsed = new Map<string, ts.SourceFile>();
  const modules = `${sep}node_modules${sep}`;
  const ours = `${modules}@warrant${sep}`;
  return (fileName, languageVersion, onError, shouldCreate) => {
    if (!fileName.includes(modules) || fileName.includes(ours))
      return read(fileName, languageVersion, onError, shouldCreate);
    const key = `${fileName}\n${JSON.stringify(languageVersion)}`;
    const known = parsed.get(key);
    if (known) return known;
    const file = read(fileName, languageVersion, onError, shouldCreate);
    if (file) parsed.set(key, file);
    return file;
  };
}

/** Compiles one package to its dist/, as `tsc -p` would with its build config; throws on any error. */
function compile(
  name: string,
  dir: string,
  readShared: (options: ts.CompilerOptions) => ts.CompilerHost['getSourceFile'],
): void {
  const config = ts.parseJsonConfigFileContent(
    buildConfig(dir),
    ts.sys,
    dir,
    undefined,
    join(dir, 'tsconfig.build.json'),
  );
  const host = ts.createCompilerHost(config.options);
  host.getSourceFile = readShared(config.options);
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host });
  const diagnostics = [...config.errors, ...ts.getPreEmitDiagnostics(program), ...program.emit().diagnostics];
  if (diagnostics.length > 0) {
    console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
    throw new Error(`@warrant/${name} did not build; TypeScript's errors are above.`);
  }
}

export function buildPackages(): void {
  // Every package is built with the same options: one reader, made with the first package's host.
  let shared: ts.CompilerHost['getSourceFile'] | null = null;
  const readShared = (options: ts.CompilerOptions) =>
    (shared ??= sharingUnchangingFiles(ts.createCompilerHost(options).getSourceFile));
  for (const name of LIBRARY_PACKAGES) {
    const dir = join(ROOT, 'packages', name);
    if (!existsSync(join(dir, 'src', 'index.ts'))) continue;
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
    compile(name, dir, readShared);
    // Stylesheets ship as they are; the license travels with every package.
    for (const file of readdirSync(join(dir, 'src')))
      if (file.endsWith('.css')) cpSync(join(dir, 'src', file), join(dir, 'dist', file));
    copyFileSync(join(ROOT, 'LICENSE'), join(dir, 'LICENSE'));
    console.log(`built @warrant/${name}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildPackages();
