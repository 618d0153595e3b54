import ts from 'typescript';

// A browser spec split into its tests, as tools/e2e-lanes.test.ts judges them: each `test(title,
// [details,] body)` call with its title, the tags its details name, and its code. Parsed with the
// TypeScript compiler (already the project's), so strings, templates and regexes never confuse a
// bracket count. Tags are read as written: a string, or a name that `names` resolves (the lane
// tags are exported constants of tests/e2e/lanes.ts, imported under their own names).

export interface SpecTest {
  /** The title as written: the literal text, or the template's source (no backticks) when it interpolates. */
  readonly title: string;
  /** The tags its details object names, resolved through `names`; an unresolved name as written. */
  readonly tags: readonly string[];
  /** The whole call's source, comments included (the caller strips them). */
  readonly code: string;
  /** 1-based line of the call. */
  readonly line: number;
}

/** `test(` itself: not test.describe, test.step or test.beforeEach. */
function isTestCall(node: ts.Node): node is ts.CallExpression {
  return ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'test';
}

function tagsOf(details: ts.Expression | undefined, names: Readonly<Record<string, string>>): string[] {
  if (details === undefined || !ts.isObjectLiteralExpression(details)) return [];
  const tag = details.properties.find(
    (property): property is ts.PropertyAssignment =>
      ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === 'tag',
  );
  if (tag === undefined) return [];
  const values = ts.isArrayLiteralExpression(tag.initializer) ? [...tag.initializer.elements] : [tag.initializer];
  return values.map((value) => {
    if (ts.isStringLiteralLike(value)) return value.text;
    const written = value.getText();
    return names[written] ?? written;
  });
}

/** The tests of a spec's source, in order. */
export function specTests(source: string, names: Readonly<Record<string, string>> = {}): SpecTest[] {
  const file = ts.createSourceFile('spec.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const tests: SpecTest[] = [];
  const visit = (node: ts.Node): void => {
    if (isTestCall(node)) {
      const [title, details] = node.arguments;
      tests.push({
        title:
          title === undefined ? '' : ts.isStringLiteralLike(title) ? title.text : title.getText().replace(/^`|`$/g, ''),
        tags: node.arguments.length >= 3 ? tagsOf(details, names) : [],
        code: node.getText(),
        line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return tests;
}

/** The spec's source outside its tests (imports, helpers, hooks): what every test may share. */
export function outsideTests(source: string): string {
  let rest = source;
  // Replace from the last test backwards so that earlier offsets stay valid.
  const file = ts.createSourceFile('spec.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const spans: Array<[number, number]> = [];
  const visit = (node: ts.Node): void => {
    if (isTestCall(node)) spans.push([node.getStart(), node.getEnd()]);
    else ts.forEachChild(node, visit);
  };
  visit(file);
  for (const [start, end] of spans.reverse()) rest = rest.slice(0, start) + rest.slice(end);
  return rest;
}
