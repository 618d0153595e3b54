import ts from 'typescript';
import { specTests, type SpecTest } from './spec-tests.ts';

// Which tests of a browser spec assert something that differs with the WebMCP mode, read from
// their code (comments aside). The native lane runs every test; the polyfill lane runs the tests
// tagged for it (tests/e2e/lanes.ts), and tools/e2e-lanes.test.ts fails on a test found here that
// is not tagged.
//
// A test depends on the mode when it compares the lane, names the polyfill, calls the platform
// from the page's or a content script's world, uses executeTool or the message port, or opens a
// browser with or without WebMCP; or when it hands the lane to anything but the choice of its
// agent; or when it calls one of the spec's own functions that does any of these. Choosing the
// agent is agentFor(page, lane), or a spec's own opener that only waits for its page, checks the
// page shows the lane as its mode, and hands the lane on to agentFor: the same Agent in both lanes,
// whose polyfill side is proved by the tests of the spec that are tagged. The lane written into a
// name or a key (a template literal that nothing asserts) is a label, not a use.

/** What in code shows the WebMCP mode matters to what it asserts. */
export const LANE_DEPENDENT: ReadonlyArray<readonly [RegExp, string]> = [
  [/\blane\s*[!=]==|[!=]==\s*lane\b/, 'compares the lane'],
  [/laneOf\([^)]*\)\s*[!=]==/, 'compares the lane'],
  [/project\.name\s*[!=]==/, 'compares the Playwright project'],
  [/['"`]polyfill['"`]/, "names the 'polyfill' lane"],
  [/\bexecuteTool\b/, 'calls executeTool'],
  [/\bMessage(Port|Channel)\b/, 'uses the message port'],
  [/\b(expectWorldGap|isolatedWorld|worldView)\b/, "looks at WebMCP from a content script's world"],
  [/\b(pageAgentCall|pageAgentListTools)\b/, "calls WebMCP from the page's world"],
  [/\blaunchWithInsecureHost\b/, 'launches a browser with or without WebMCP'],
];

export const HANDS_THE_LANE = 'hands the lane to something other than agentFor';

/** Code without its comments. */
export function stripComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/\s\/\/\s.*$/gm, '');
}

const LANE = '__LANE__';

/**
 * Whether the lane reaches anything in `text` but `choosers` (called with it as an argument), a
 * label (withoutLabels) and, when `mayShowMode`, an assertion that the page shows it as its mode. `lanes` are the names
 * that hold the lane on entry (a helper's parameter); `laneOf(testInfo)` and a const set from it
 * hold it too.
 */
function handsTheLane(
  text: string,
  lanes: readonly string[],
  choosers: ReadonlySet<string>,
  mayShowMode: boolean,
): boolean {
  let rest = text.replace(/\blaneOf\(\s*\w+\s*\)/g, LANE);
  for (const name of lanes) rest = rest.replace(new RegExp(`\\b${name}\\b`, 'g'), LANE);
  rest = rest.replace(/\b(?:const|let)\s+(\w+)\s*=\s*__LANE__\s*;/g, (_, name: string) => {
    lanes = [...lanes, name];
    return '';
  });
  for (const name of lanes) rest = rest.replace(new RegExp(`\\b${name}\\b`, 'g'), LANE);
  const callees = [...choosers].join('|');
  rest = rest.replace(new RegExp(`\\b(${callees})\\(([^()]*?)__LANE__([^()]*)\\)`, 'g'), '$1($2$3)');
  rest = withoutLabels(rest);
  if (mayShowMode)
    rest = rest
      .replace(/\.toHaveAttribute\(\s*'data-mode'\s*,\s*__LANE__\s*\)/g, '')
      .replace(/\.toHaveText\(\s*__LANE__\s*\)/g, '');
  return rest.includes(LANE);
}

/** What a template literal holding the lane goes into when it is asserted, not a name or a key. */
const ASSERTED = /(?:\bexpect|\.to\w+|\bRegExp)\((?:[^()]*,)?\s*$/;

/**
 * The lane interpolated into a template as a label (a person's name, an idempotency key) says
 * nothing about the mode; into a template that is asserted or matched, it does, and stays.
 */
function withoutLabels(text: string): string {
  return text.replace(/`[^`]*\$\{__LANE__\}[^`]*`/g, (template, offset: number) =>
    ASSERTED.test(text.slice(Math.max(0, offset - 80), offset))
      ? template
      : template.replaceAll('${__LANE__}', 'label'),
  );
}

interface SpecFunction {
  readonly name: string;
  /** Its parameters typed Lane. */
  readonly laneParams: readonly string[];
  /** Its body, comments aside. */
  readonly body: string;
}

/** The spec's own named functions, outside its tests (declarations and const arrows). */
function specFunctions(source: string): SpecFunction[] {
  const file = ts.createSourceFile('spec.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: SpecFunction[] = [];
  const add = (name: string, fn: ts.SignatureDeclaration & { body?: ts.Node }): void => {
    if (fn.body === undefined) return;
    const laneParams = fn.parameters
      .filter((param) => param.type?.getText() === 'Lane' && ts.isIdentifier(param.name))
      .map((param) => (param.name as ts.Identifier).text);
    found.push({ name, laneParams, body: stripComments(fn.body.getText()) });
  };
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) add(statement.name.text, statement);
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (ts.isIdentifier(declaration.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
          add(declaration.name.text, init);
      }
  }
  return found;
}

function patternsIn(text: string): string[] {
  return LANE_DEPENDENT.filter(([pattern]) => pattern.test(text)).map(([, why]) => why);
}

function calls(text: string, name: string): boolean {
  return new RegExp(`\\b${name}\\b`).test(text);
}

export interface TestDependence extends SpecTest {
  /** Why its behaviour depends on the WebMCP mode; [] when it does not. */
  readonly reasons: readonly string[];
}

/** Each test of a spec with why it depends on the WebMCP mode. */
export function laneDependence(source: string, names: Readonly<Record<string, string>> = {}): TestDependence[] {
  const functions = specFunctions(source);

  // The spec's own functions that depend on the mode, and why: by their own code, or by calling one.
  const dependent = new Map<string, string>();
  for (const fn of functions) {
    const [why] = patternsIn(fn.body);
    if (why !== undefined) dependent.set(fn.name, why);
  }
  for (let grew = true; grew;) {
    grew = false;
    for (const fn of functions)
      if (!dependent.has(fn.name))
        for (const [name] of dependent)
          if (calls(fn.body, name)) {
            dependent.set(fn.name, `calls ${name}`);
            grew = true;
            break;
          }
  }

  // Openers: functions that take the lane and only choose the agent with it.
  const choosers = new Set(['agentFor']);
  for (let grew = true; grew;) {
    grew = false;
    for (const fn of functions)
      if (
        !choosers.has(fn.name) &&
        !dependent.has(fn.name) &&
        fn.laneParams.length > 0 &&
        !handsTheLane(fn.body, fn.laneParams, choosers, true)
      ) {
        choosers.add(fn.name);
        grew = true;
      }
  }

  return specTests(source, names).map((test) => {
    const text = stripComments(test.code);
    const reasons = patternsIn(text);
    for (const [name, why] of dependent) if (calls(text, name)) reasons.push(`calls ${name}, which ${why}`);
    if (handsTheLane(text, [], choosers, false)) reasons.push(HANDS_THE_LANE);
    return { ...test, reasons: [...new Set(reasons)] };
  });
}
