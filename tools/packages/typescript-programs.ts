import { sep } from 'node:path';
import ts from 'typescript';

// TypeScript programs compiled in this one process (the library packages' builds, and the checks
// of a consumer's code against what they ship), sharing what none of them changes: TypeScript's
// lib files, @types and the third-party declarations, parsed once instead of by a `tsc` process
// per program, where most of each one's time went (pack-install.test.ts runs them all).

const parsed = new Map<string, ts.SourceFile>();
const MODULES = `${sep}node_modules${sep}`;
// Our own packages, installed or resolved to a dist/ a build rewrites: always read afresh.
const OURS = `${MODULES}@warrant${sep}`;

/**
 * The compiler host's reader, parsing once what no program here writes: a file under node_modules
 * (but our own packages), as a language service shares them between programs.
 */
const readSourceFile: ts.CompilerHost['getSourceFile'] = (() => {
  const read = ts.createCompilerHost({}).getSourceFile;
  return (fileName, languageVersion, onError, shouldCreate) => {
    if (!fileName.includes(MODULES) || fileName.includes(OURS))
      return read(fileName, languageVersion, onError, shouldCreate);
    const key = `${fileName}\n${JSON.stringify(languageVersion)}`;
    const known = parsed.get(key);
    if (known) return known;
    const file = read(fileName, languageVersion, onError, shouldCreate);
    if (file) parsed.set(key, file);
    return file;
  };
})();

/**
 * Compiles `config` as `tsc -p` would (emitting unless it says noEmit); throws, naming `what`, on
 * any error, which it prints first as tsc does.
 */
export function compileProgram(config: ts.ParsedCommandLine, what: string): void {
  const host = ts.createCompilerHost(config.options);
  host.getSourceFile = readSourceFile;
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host });
  const diagnostics = [...config.errors, ...ts.getPreEmitDiagnostics(program), ...program.emit().diagnostics];
  if (diagnostics.length > 0) {
    console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
    throw new Error(`${what} did not compile; TypeScript's errors are above.`);
  }
}

/** `tsc -p <configFile>`, in this process. */
export function compileProject(configFile: string): void {
  const config = ts.getParsedCommandLineOfConfigFile(configFile, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!config) throw new Error(`${configFile} could not be read.`);
  compileProgram(config, configFile);
}
