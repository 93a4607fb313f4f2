// Chat drops the subject after a time too: "yesterday went to the gp", "2 weeks ago started a new job",
// "on saturday, went to the climbing wall", "9 days ago on a crimp, heard a pop". The time (and any
// words after it up to a comma, with no verb among them) opens the clause; the subject goes after it.
import { isVerb, type Token } from "./token.ts";

const DAY = "(?:mon|tues|wednes|thurs|fri|satur|sun)day";
const MONTH = "(?:january|february|march|april|may|june|july|august|september|october|november|december)";
const PART = "(?:morning|afternoon|evening|night)";
/** A time opening a clause, as typed in lower case. */
const TIME = new RegExp(
  String.raw`^(?:(?:yesterday|today|tonight)(?: ${PART})?|(?:this|last) (?:${PART}|week|weekend|month|year|${DAY}|${MONTH})|(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|\d+) (?:days?|weeks?|months?|years?|hours?) ago|(?:on|over|at) the weekend|on ${DAY}|${DAY}(?: ${PART})?|in ${MONTH})\b`,
);

/**
 * How many tokens open the clause before its subject-less verb: the time, then words up to a comma
 * with no verb among them ("on a crimp,"). 0 when the clause does not open with a time, or a verb
 * does not follow it, or the time is what the clause is about ("yesterday was mad", "last week flew by").
 */
export function timeLead(tokens: Token[]): number {
  const typed = tokens.map((t) => t.lower).join(" ");
  const time = TIME.exec(typed)?.[0];
  if (!time) return 0;
  let lead = time.split(" ").length;
  const comma = tokens.findIndex((t, j) => j >= lead && t.text === ",");
  if (comma >= 0 && !tokens.slice(lead, comma).some(isVerb) && comma - lead <= 5) lead = comma + 1;
  else if (tokens[lead]?.text === ",") lead++;
  let v = lead;
  while (tokens[v]?.pos === "ADV") v++; // "last week finally booked the venue"
  // A verb that tells of someone ("went", "started"), not "was" or "flew by" after the time.
  if (tokens[v]?.pos !== "VERB" || tokens[v + 1]?.lower === "by") return 0;
  return lead;
}

/** The clause with its subject restored after the time it opens with, by `restore`; null when it opens with none. */
export function afterTime(tokens: Token[], restore: (tokens: Token[]) => Token[]): Token[] | null {
  const lead = timeLead(tokens);
  if (!lead) return null;
  const rest = restore(tokens.slice(lead));
  if (rest.length === tokens.length - lead) return tokens;
  return [...tokens.slice(0, lead), { ...rest[0]!, space: " " }, ...rest.slice(1)];
}
