/**
 * definition (docs/operations.md, "What the operations do"): where the symbol at the cursor is defined — or declared, or its type, or
 * its implementations — each target with kind, enclosing symbol, snippet and locate string.
 */
import type { DefinitionKind } from '../../core/operation-kinds.js';
import type { OpsContext } from '../context/context.js';
import { ViewCache, describeLocations } from '../context/locations.js';
import type { LocateInput } from '../locating/locator.js';
import { askServer, resolveTarget, resultBase } from '../context/target.js';
import { bashFunctionsByName } from './bash-by-name.js';
import type { DefinitionResult } from '../results/definition.js';
export type { DefinitionResult } from '../results/definition.js';

/** Runs definition (or declaration / typeDefinition / implementation) at a located position. */
export async function definition(
  context: OpsContext,
  input: LocateInput,
  mode: DefinitionKind = 'definition',
): Promise<DefinitionResult> {
  const target = await resolveTarget(context, mode === 'typeDefinition' ? 'type definition' : mode, input);
  const answer = await askServer(target, () =>
    target.session.definition(target.loaded.file.absPath, target.loaded.file.text, target.position, mode),
  );
  const cache = new ViewCache(context);
  const targets = await describeLocations(cache, answer.result);
  const result: DefinitionResult = { ...resultBase(target, answer), mode, targets };
  if (targets.length > 0 || (mode !== 'definition' && mode !== 'declaration')) return result;
  const byName = await bashFunctionsByName(target, cache);
  if (!byName) return result;
  result.targets = await describeLocations(cache, byName.locations);
  result.notes = [
    ...(result.notes ?? []),
    `bash-language-server found no definition: it follows only the files this one sources. By name, the ` +
      `workspace index has ${byName.locations.length === 1 ? 'this Bash function' : 'these Bash functions'} ` +
      `\`${byName.name}\`; at run time the script calls whichever its caller has loaded.`,
  ];
  return result;
}
