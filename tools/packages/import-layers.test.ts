import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../app-sites.ts';

// The layering is a lint rule, not a convention: these imports must be refused where they point
// up the layers or across apps, and allowed where they point down.

const eslint = new ESLint({ cwd: ROOT });

async function restricted(file: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(source, { filePath: `${ROOT}/${file}` });
  return (result?.messages ?? []).some((message) => message.ruleId === 'no-restricted-imports');
}

describe('import layers', () => {
  it.each([
    ['packages/surface/src/x.ts', "import { createLease } from '@warrant/broker';\nexport { createLease };\n"],
    ['packages/webmcp/src/x.ts', "import { createSurface } from '@warrant/surface';\nexport { createSurface };\n"],
    ['packages/config/src/x.ts', "import { connect } from '@warrant/webmcp';\nexport { connect };\n"],
    [
      'packages/ledger/src/x.ts',
      "import { canonicalDigest } from '@warrant/authority';\nexport { canonicalDigest };\n",
    ],
    // A record and a digest need no page: authority and ledger stand on the base alone.
    ['packages/ledger/src/x.ts', "import { refusal } from '@warrant/surface';\nexport { refusal };\n"],
    ['packages/authority/src/x.ts', "import { connect } from '@warrant/webmcp';\nexport { connect };\n"],
    ['packages/authority/src/x.ts', "import { SITES } from '@warrant/config';\nexport { SITES };\n"],
    ['packages/base/src/x.ts', "import { SITES } from '@warrant/config';\nexport { SITES };\n"],
    ['packages/react/src/x.ts', "import { createLease } from '@warrant/broker';\nexport { createLease };\n"],
    ['packages/ui/src/x.ts', "import { useSurface } from '@warrant/react';\nexport { useSurface };\n"],
    [
      'packages/ui/src/x.ts',
      "import { benchRows } from '../../../apps/bench/src/surface-rows.ts';\nexport { benchRows };\n",
    ],
    ['apps/desk/src/x.ts', "import { benchRows } from '../../bench/src/surface-rows.ts';\nexport { benchRows };\n"],
  ])('refuses %s importing up or across: %s', async (file, source) => {
    expect(await restricted(file, source)).toBe(true);
  });

  it.each([
    [
      'packages/broker/src/x.ts',
      "import { canonicalDigest } from '@warrant/authority';\nexport { canonicalDigest };\n",
    ],
    ['packages/surface/src/x.ts', "import { connect } from '@warrant/webmcp';\nexport { connect };\n"],
    ['packages/ledger/src/x.ts', "import { refusal } from '@warrant/base';\nexport { refusal };\n"],
    ['packages/authority/src/x.ts', "import { loneSurrogateAt } from '@warrant/base';\nexport { loneSurrogateAt };\n"],
    ['apps/desk/src/x.ts', "import { createSurface } from '@warrant/surface';\nexport { createSurface };\n"],
    ['packages/react/src/x.ts', "import { createSurface } from '@warrant/surface';\nexport { createSurface };\n"],
  ])('allows %s importing down: %s', async (file, source) => {
    expect(await restricted(file, source)).toBe(false);
  });
});
