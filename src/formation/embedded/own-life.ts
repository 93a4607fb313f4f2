// What a clause with its subject left out tells of the speaker's own life rather than asks of the
// listener: a coming or going with a time after it ("start jan 4", "leave on friday"), and where and
// how the speaker lives and works ("live aboard a narrowboat", "work nights"), and what they eat or drink and
// how much ("eat loads of sardines").
import type { Token } from "./nlp.ts";
import { namesDayOrMonth } from "./dates.ts";
import { HABIT_VERBS, HOW_MUCH } from "./closed-classes.ts";

/** Verbs of the speaker's own comings and goings: with a time after them, a plan and not a request. */
const SELF_EVENTS = new Set([
  "start",
  "begin",
  "finish",
  "leave",
  "arrive",
  "fly",
  "land",
  "return",
  "resign",
  "retire",
]);
/** "live aboard a narrowboat", "work nights", "teach at a primary": where and how the speaker lives and works. */
const livesOrWorks = (v: Token, next?: Token) =>
  /^(?:live|work|teach|study|commute)$/.test(v.lower) &&
  /^(?:in|at|for|from|aboard|near|with|on|as|nights|days|shifts|remotely|locally|part-time|full-time)$/.test(
    next?.lower ?? "",
  );
/** Words that say when on their own: a number ("4", "5pm"), a day, a weekday or a month ("jan"). */
const WHEN = /^(?:\d.*|today|tonight|tomorrow|next|this)$/;
const saysWhen = (word: string) => WHEN.test(word) || namesDayOrMonth(word);
/** Whether a time follows at `k`: "jan 4", "tomorrow", "on friday", "in 2 weeks" (not "on to the next"). */
function whenFollows(tokens: Token[], k: number): boolean {
  const t = tokens[k]?.lower ?? "";
  if (saysWhen(t)) return true;
  return /^(?:on|in|at)$/.test(t) && saysWhen(tokens[k + 1]?.lower ?? "");
}

/** "eat loads of sardines", "drink lager maybe 10 pints a wk": what the speaker eats or drinks, and how much. */
const habit = (tokens: Token[], i: number) =>
  HABIT_VERBS.test(tokens[i]!.lower) && tokens.slice(i + 1).some((t) => HOW_MUCH.test(t.lower) || t.text === "a lot");

/** Whether the clause whose verb is at `i` tells of the speaker's own plans or life. */
export function ownLife(tokens: Token[], i: number): boolean {
  const v = tokens[i]!;
  return (SELF_EVENTS.has(v.lower) && whenFollows(tokens, i + 1)) || livesOrWorks(v, tokens[i + 1]) || habit(tokens, i);
}

/** Verbs whose past is their bare form: with a past time after them ("quit drinking last month") they tell. */
export const SAME_IN_PAST = new Set([
  "quit",
  "put",
  "cut",
  "set",
  "hit",
  "hurt",
  "shut",
  "read",
  "split",
  "bet",
  "upset",
  "fit",
]);
