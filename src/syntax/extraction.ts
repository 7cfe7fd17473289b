/**
 * What an outline extraction leaves for the next one: the outline and the plain data (candidates, containers) an
 * update after an edit starts from. Types only, shared by the full and the windowed extraction.
 */
import type { Edit, Range } from 'web-tree-sitter';
import type { Outline } from '../locate/outline.js';
import type { Container } from './candidates.js';
import type { PlacedCandidate } from './hooks.js';

/** A query-based outline plus the plain data needed to update it after an edit. */
export interface Extraction {
  outline: Outline;
  candidates: PlacedCandidate[];
  containers: Container[];
}

/** The previous extraction of a file and the edit that led to the current tree. */
export interface PreviousExtraction {
  extraction: Extraction;
  edit: Edit;
  /** `oldTree.getChangedRanges(newTree)`, in new-text UTF-16 offsets. */
  changed: Range[];
}
