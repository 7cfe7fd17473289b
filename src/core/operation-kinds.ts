/**
 * The variants a caller picks between when asking a semantic question: which definition-like request, which
 * direction of a hierarchy. Plain unions shared by the public API (`ops/results/`) and the LSP layer that sends
 * the requests, so the public type graph stops at `core/` (docs/architecture.md, "Public API").
 */

/** Which of the definition-like requests to send. */
export type DefinitionKind = 'definition' | 'declaration' | 'typeDefinition' | 'implementation';

/** A hierarchy direction: calls in or out, types up or down. */
export type HierarchyDirection = 'incoming' | 'outgoing' | 'supertypes' | 'subtypes';
