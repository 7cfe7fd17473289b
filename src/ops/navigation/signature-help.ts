/**
 * Signature help (docs/operations.md, "What the operations do"): the active signature and parameter inside a call (`func(<|>`).
 */
import type { ParameterInformation, SignatureInformation } from 'vscode-languageserver-protocol';
import type { OpsContext } from '../context/context.js';
import { cleanMarkdown } from './hover.js';
import type { LocateInput } from '../locating/locator.js';
import { resolveTarget, resultBase } from '../context/target.js';
import type { SignatureEntry, SignatureHelpResult } from '../results/signature-help.js';
export type { SignatureEntry, SignatureHelpResult } from '../results/signature-help.js';

/** Runs signature help at a located position. */
export async function signatureHelp(context: OpsContext, input: LocateInput): Promise<SignatureHelpResult> {
  const target = await resolveTarget(context, 'signature help', input);
  const answer = await target.session.signatureHelp(
    target.loaded.file.absPath,
    target.loaded.file.text,
    target.position,
  );
  const help = answer.result;
  const signatures = (help?.signatures ?? []).map(signatureEntry);
  const active = signatures.length === 0 ? null : Math.min(help?.activeSignature ?? 0, signatures.length - 1);
  const activeInfo = active === null ? undefined : help?.signatures[active];
  const parameter = activeInfo?.activeParameter ?? help?.activeParameter ?? null;
  return {
    ...resultBase(target, answer),
    signatures,
    active_signature: active,
    active_parameter: signatures.length === 0 ? null : parameter,
  };
}

function signatureEntry(signature: SignatureInformation): SignatureEntry {
  const out: SignatureEntry = {
    label: signature.label,
    parameters: (signature.parameters ?? []).map((p) => parameterLabel(signature, p)),
  };
  const doc = signature.documentation;
  const text = typeof doc === 'string' ? doc : doc?.value;
  if (text) out.documentation = cleanMarkdown(text);
  return out;
}

function parameterLabel(signature: SignatureInformation, parameter: ParameterInformation): string {
  return typeof parameter.label === 'string'
    ? parameter.label
    : signature.label.slice(parameter.label[0], parameter.label[1]);
}
