/**
 * A feed's schedule in time: its interval (`parameters.intervalHours`, default 6) or its cron
 * expression (`parameters.cron`, five fields, server time), which wins when it parses.
 */
import { parseExpression } from 'cron-parser';

/** Hours between scheduled runs of a feed without `parameters.intervalHours` or `parameters.cron`. */
export const DEFAULT_INTERVAL_HOURS = 6;

/** Whether the cron expression is one the schedule can follow (the API refuses others on save). */
export function isValidCron(expression: string): boolean {
  try {
    parseExpression(expression);
    return true;
  } catch {
    return false;
  }
}

/** The moment from which a run counts as this period's: a feed whose last run is older is due. */
export function periodStart(parameters: Record<string, unknown>, now: Date): Date {
  if (typeof parameters.cron === 'string') {
    try {
      return parseExpression(parameters.cron, { currentDate: now }).prev().toDate();
    } catch {
      // An expression the parser refuses: the interval applies.
    }
  }
  const hours = typeof parameters.intervalHours === 'number' ? parameters.intervalHours : DEFAULT_INTERVAL_HOURS;
  return new Date(now.getTime() - hours * 3_600_000);
}

/** When a feed is due next, for the admin screens (null when it is not active). */
export function nextRunAt(parameters: Record<string, unknown>, lastRunAt: Date | null, now = new Date()): Date {
  if (!lastRunAt) return now;
  if (typeof parameters.cron === 'string') {
    try {
      const next = parseExpression(parameters.cron, { currentDate: lastRunAt }).next().toDate();
      return next < now ? now : next;
    } catch {
      // falls through to the interval
    }
  }
  const hours = typeof parameters.intervalHours === 'number' ? parameters.intervalHours : DEFAULT_INTERVAL_HOURS;
  return new Date(Math.max(lastRunAt.getTime() + hours * 3_600_000, now.getTime()));
}
