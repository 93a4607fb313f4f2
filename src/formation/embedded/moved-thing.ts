// What "it" is in a move a message after the thing was told ("my son's swimming lessons are on
// tuesdays after school", then "actually they moved it to wednesdays from next week"): the thing the
// speaker's last fact was about, written in for "it" so the move stands alone and versions the fact
// it changes (formation/moved-day.ts). Only a thing, never a person: "my son is 7" gives no "it".
import { escapeRegExp } from "../../domain/text.ts";
import { isKin } from "./kin.ts";
import { MOVES } from "./closed-classes.ts";

/** The verbs a plan is moved with, before "it": "moved it to", "push it back to", "shifted them till". */
const MOVED_IT = new RegExp(
  `(^|[.!?\\n]\\s*)((?:[\\p{L}\\p{N}'’,]+\\s+){0,5}?(?:${[...MOVES, "moving", "pushing", "change"].join("|")})\\s+)(?:it|them)(?=\\s+(?:back\\s+|forward\\s+)?(?:to|until|till)\\b)`,
  "giu",
);

/** The words a fact tells its thing's time or place with: "... lessons are on tuesdays", "... is at 9". */
const TOLD = "is|are|was|were|will|starts?|ends?|runs?|moved|takes? place|happens?";

/**
 * The thing a fact of `speaker` is about, as the speaker says it ("my son's swimming lessons"), or null:
 * "The user's son's swimming lessons are on tuesdays ..." and "The user has a dentist appointment on 3
 * December 2026" name one; "The user's son is 7" names a person.
 */
export function thingOf(content: string, speaker: string): string | null {
  const who = escapeRegExp(speaker);
  const owned = new RegExp(
    `^${who}((?:['’]s [\\p{Ll}\\p{N}-]+(?: [\\p{Ll}\\p{N}-]+){0,2}?)+) (?:${TOLD})\\b`,
    "iu",
  ).exec(content);
  const had = new RegExp(
    `^${who} (?:has|had) (?:a|an) ([\\p{Ll}-]+(?: [\\p{Ll}-]+){0,2}?) (?:on|at|for|in|next|this)\\b`,
    "iu",
  ).exec(content);
  const thing = owned ? `my ${owned[1]!.slice(3)}` : had ? `my ${had[1]}` : null;
  const last = thing?.split(/\s+/).at(-1)?.toLowerCase() ?? "";
  return thing && !isKin(last) ? thing : null;
}

/** `text` with the "it" of a move at a sentence's start standing for `thing` ("they moved my son's swimming lessons to ..."). */
export function withThingMoved(text: string, thing: string | null): string {
  return thing ? text.replace(MOVED_IT, (_, start: string, before: string) => `${start}${before}${thing}`) : text;
}
