// What a question asks for, which its answer must give: a count ("How many cores do the machines
// have?" is not answered by "lets do rayon straight away") or a time ("When do you want the slips back
// by?" is not answered by "way too long lol").
/** A question asking for a count or an amount, and a reply that gives one ("16", "a dozen", "none", "two"). */
export const HOW_MANY =
  /^(?:how (?:many|much|old|long|far|often)|what(?:['’]s| is) (?:the|your) (?:budget|age|price|cost))\b/i;
const COUNTED =
  /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|dozen|half|couple|few|none|no|zero|once|twice|never|every|daily|weekly|monthly|always|ages|forever|k|grand|quid)\b/i;
/** "When do you want the slips back by?": answered by when (a number, a day, a span; not "way too long lol"). */
const WHEN_ASKED = /^(?:when|by when|what (?:date|day|time))\b/i;
const TIMED =
  /not sure|dunno|know|tb[cd]|\d|\b(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\b(?:today|tonight|tomorrow|yesterday|week|weekend|fortnight|month|year|morning|afternoon|evening|night|noon|midnight|soon|asap|now|later|next|last|end|start|beginning|mid|before|after|until|till|by|christmas|easter|summer|winter|spring|autumn|fall|term|half|holidays?|never|ages|ago|once|twice|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/i;

/** Whether a reply gives what the question asks for, when it asks for a count or a time. */
export function givesWhatIsAsked(asked: string, reply: string): boolean {
  if (HOW_MANY.test(asked) && !COUNTED.test(reply)) return false;
  return !(WHEN_ASKED.test(asked) && !TIMED.test(reply));
}
