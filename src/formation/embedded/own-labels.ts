// A note's own labels: "Coffee order: oat flat white", "Dentist: Dr. Okafor" in the user's note of
// such lines are of things of theirs ("My coffee order: ...").
import { lexicon } from "../../models/lexicon.ts";
import { CALENDAR, DISCOURSE } from "./closed-classes.ts";
import { NO_OWNER } from "./owners.ts";

/** Labels that open a note about the note, not a thing of the user's ("Update: ...", "Note: ..."). */
const NOTE_LABELS =
  /^(?:update|edit|note|notes|ps|context|background|question|questions|answer|summary|status|reminder|tldr|fyi|btw|idea|ideas|plan|problem|issue|result|results|reason|example|tip|warning|source|link|subject|re|q|a)$/;

/**
 * "Coffee order: oat flat white", "Dentist: Dr. Okafor", "Allergies: penicillin": a label typed at a
 * line's start in the user's own note of such lines is of a thing of theirs, and gets its "My" back
 * ("Day 1: ...", "Update: ...", "Monday: ...", a name and a transcript's "Tom: hi" are not).
 */
export function withOwnLabels(text: string): string {
  // In a note of such lines or a list: one line alone ("orbital labs: recruiter call done") may name anything.
  if ((text.match(OWN_LABEL) ?? []).length < 2) return text;
  return text.replace(OWN_LABEL, (whole, lead: string, label: string, value: string) => {
    const head = label.split(/\s+/)[0]!.toLowerCase();
    if (NOTE_LABELS.test(head) || NO_OWNER.has(head) || CALENDAR.has(head) || DISCOURSE.has(head)) return whole;
    if (
      lexicon().isName(head) ||
      lexicon().isPlace(head) ||
      /^(?:i|we|he|she|they|it|you|my|our|hi|hey|hello|yes|no|yeah|ok|okay|thanks|lol|haha)\b/i.test(value)
    )
      return whole;
    return `${lead}My ${label.toLowerCase()}: ${value}`;
  });
}
/** A label of up to four words at a line's (or a bullet's) start, its colon, and its value's first word. */
const OWN_LABEL = /^([ \t]*(?:[-*•][ \t]+)?)(\p{Lu}?\p{Ll}+(?:[ \t]+\p{Ll}+){0,3}):[ \t]+(\S+)/gmu;

/** Words that open a remark before a dash, not a topic: "ok - ...", "update - ...", "wow - ...". */
const NOT_TOPICS =
  /^(?:ok|okay|yes|yeah|yep|no|nah|nope|thanks|thx|cheers|sorry|wait|hmm+|lol|haha|right|sure|cool|great|nice|also|so|and|but|oh|well|fine|done|same|true|agreed|one|more|thing|last|quick|another|other|first|second|next|final|btw|ps)$/;

/** What asks without a question mark: "is there an accessible one", "any tips for ...". */
const ASKING =
  /^(?:is|are|was|were|can|could|should|would|will|do|does|did|what|how|which|where|when|who|why|any|anything)\b/i;

/**
 * "dress - 800 max", "oh and honeymoon - we're pushing it to next year": a topic of a word or two
 * before a dash, as users type to an assistant, is a label ("dress: 800 max"), so the topic stays
 * with what is said of it and an answer is not cut to the topic alone.
 */
export function withDashLabels(text: string): string {
  return text.replace(
    /(^|[.!?]\s+|\n)((?:(?:oh|and|also|ok|so)\s+)*)(\p{Ll}+(?:\s\p{Ll}+)?)\s+[-–—]\s+(?=\S+\s+\S)/gu,
    (whole, start: string, opener: string, topic: string, at: number, all: string) => {
      // "canal tour - is there an accessible one?": a question about the topic, not a note of it.
      const rest = all.slice(at + whole.length);
      if (/^[^.!?\n]*\?/.test(rest) || ASKING.test(rest)) return whole;
      const words = topic.split(/\s/);
      const remark = (w: string) =>
        NOT_TOPICS.test(w) ||
        NOTE_LABELS.test(w) ||
        DISCOURSE.has(w) ||
        CALENDAR.has(w) ||
        lexicon().isInterjection(w) ||
        lexicon().tagsOf(w).includes("PastTense");
      return words.some(remark) ? whole : `${start}${opener}${topic}: `;
    },
  );
}
