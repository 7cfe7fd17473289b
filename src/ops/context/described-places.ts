/**
 * Describe once (docs/performance.md "describe"): the locate string of a reported place, memoised per
 * (file version, offset). A file version is its view: the syntax service hands out the same FileView object while
 * a file's text and outline stay the same, and a new one when either changes, so an entry can never outlive the
 * text it describes. Repeating a question (the same references page, the next page over the same hits, a
 * definition inside an already described file) then costs only rendering.
 *
 * Bounds: the memo of a view holds at most one string per offset of that file that an answer reported, and goes
 * with the view (a WeakMap), whose number is bounded by the syntax service's view LRU.
 */
import { describeOffset } from '../../locate/describe.js';
import type { FileView } from '../../locate/resolve-core.js';

/** The locate strings of reported places, per file version and offset. */
export class DescribedPlaces {
  private readonly byView = new WeakMap<FileView, Map<number, string>>();
  /** How many descriptions were computed rather than found (tests and the bench read it). */
  computed = 0;

  /** The shortest locate string of `offset` in this version of the file, described at most once. */
  locateAt(view: FileView, offset: number): string {
    let places = this.byView.get(view);
    if (places === undefined) this.byView.set(view, (places = new Map()));
    let locate = places.get(offset);
    if (locate === undefined) {
      locate = describeOffset(view, offset).locate;
      places.set(offset, locate);
      this.computed++;
    }
    return locate;
  }
}
