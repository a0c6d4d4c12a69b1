/**
 * A run's record problems grouped by reason: a count per reason and the first examples
 * (line or record number and the offending value), so a store manager sees what to fix in
 * the feed without reading logs.
 */
import type { FeedProblemGroup, FeedProblemReason } from '@koopjesland/shared/entities';

export const EXAMPLES_PER_REASON = 20;

export class ProblemLog {
  private readonly groups = new Map<FeedProblemReason, FeedProblemGroup>();

  constructor(initial: FeedProblemGroup[] = []) {
    for (const group of initial) this.groups.set(group.reason, { ...group, examples: [...group.examples] });
  }

  add(reason: FeedProblemReason, position: number, value: string | null): void {
    let group = this.groups.get(reason);
    if (!group) {
      group = { reason, count: 0, examples: [] };
      this.groups.set(reason, group);
    }
    group.count++;
    if (group.examples.length < EXAMPLES_PER_REASON) group.examples.push({ position, value });
  }

  /** The groups, most frequent first. */
  list(): FeedProblemGroup[] {
    return [...this.groups.values()].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  }
}
