// Reactions, not reports: what a speaker says of what they see, hear or were told ("It is amazing
// how ...", "The studio looks awesome", "I am so glad to hear that"). statements.ts drops them.
import { anyVerb } from "./nlp.ts";
import type { Token } from "./nlp.ts";
import { FEELINGS, FIRST_PERSON, REACTION_SUBJECTS } from "./closed-classes.ts";

/**
 * "It is amazing how ...", "That was an awesome way to ...", "Here is a pic of ...", "Nothing beats
 * ...", "The studio looks awesome", "Loving the support": a reaction, a show-and-tell, a truism or a
 * fragment, not a report of something.
 */
const GENERALITIES = new Set([
  "nothing",
  "everything",
  "everyone",
  "everybody",
  "nobody",
  "anything",
  "anyone",
  "something",
  "life",
]);

const APPEARANCE_VERBS = new Set(["look", "seem", "sound", "feel"]);

export function evaluative(words: Token[]): boolean {
  const [a, b, c, d] = words;
  if (!a || !b) return false;
  if (/^(here|there)('s)?$/.test(a.lower) || GENERALITIES.has(a.lower)) return true;
  // "Loving the inclusivity", "Just creating an experience": a fragment with no subject.
  const lead = words.find((w) => w.pos !== "ADV");
  if (lead && /ing$/.test(lead.lower) && (lead.pos === "VERB" || lead === a)) return true;
  // "The dance studio looks awesome", "It sounds so fun": a reaction to something shown or told.
  const verb = words.findIndex((w) => w.pos === "VERB" || w.pos === "AUX");
  if (verb > 0 && APPEARANCE_VERBS.has(words[verb]!.lemma)) {
    const next = words.slice(verb + 1).find((w) => w.pos !== "ADV");
    if (next?.pos === "ADJ") return true;
  }
  if (!REACTION_SUBJECTS.has(a.lower) || (!["is", "was", "'s", "be"].includes(b.lower) && b.lemma !== "be"))
    return false;
  return c?.pos === "ADJ" || ((c?.pos === "ADV" || c?.pos === "DET") && d?.pos === "ADJ");
}

/**
 * "I am glad to hear that", "I'm so sorry you lost your job", "I am sure you will have fun": the
 * speaker's feeling about what the other said, not a fact about either.
 */
export function reactsToListener(words: Token[], secondPerson: boolean): boolean {
  if (!FIRST_PERSON.has(words[0]?.lower ?? "") || words[1]?.lemma !== "be") return false;
  let k = 2;
  while (words[k]?.pos === "ADV") k++;
  const feeling = words[k];
  if (!feeling || !FEELINGS.has(feeling.lower)) return false;
  if (secondPerson || words[k + 1]?.lower !== "to") return secondPerson;
  const verb = words[k + 2]?.lemma ?? "";
  // "Glad to hear it", "Nice to meet you"; "excited to meet other people in the community" is a plan.
  const object = words[k + 3];
  return (
    /^(hear|see|know|read)$/.test(verb) ||
    (/^(talk|meet|help|chat)$/.test(verb) && !/^(DET|ADJ|NOUN|PROPN|NUM)$/.test(object?.pos ?? ""))
  );
}

const TELLING = /^(tell|let|share|update|inform)$/;
const ANNOUNCING_FEELINGS = /^(excited|happy|glad|thrilled|stoked|pumped|proud|eager)$/;

/**
 * The length of an opening that announces the news after it: "I am so excited to tell you (that)",
 * "I just wanted to let you know", "Wanted to share with you that" (0 when there is none, or when
 * no clause follows it: "I wanted to tell you about the trip").
 */
export function announcingFrame(tokens: Token[]): number {
  let i = FIRST_PERSON.has(tokens[0]?.lower ?? "") ? 1 : 0;
  while (tokens[i]?.pos === "ADV" || tokens[i]?.pos === "AUX") i++;
  const head = tokens[i];
  if (!head || !(ANNOUNCING_FEELINGS.test(head.lower) || /^(want|need|have)$/.test(head.lemma))) return 0;
  if (tokens[i + 1]?.lower !== "to" || !TELLING.test(tokens[i + 2]?.lemma ?? "")) return 0;
  i += 3;
  if (tokens[i]?.lower === "with") i++;
  if (tokens[i]?.lower !== "you") return 0;
  i++;
  if (tokens[i]?.lower === "know") i++;
  while (tokens[i]?.lower === "that" || tokens[i]?.text === "," || tokens[i]?.text === ":") i++;
  const rest = tokens.slice(i);
  const subject = rest[0]?.pos === "PRON" || rest[0]?.pos === "PROPN" || rest[0]?.pos === "DET";
  return subject && rest.length >= 3 && anyVerb(rest) ? i : 0;
}

/**
 * "It is great to see the love and support for the community", "It is amazing how much they have
 * grown": the speaker's appraisal of what they see, hear or know now, not a fact (a first person
 * aside: "It is amazing how yoga helped my back" tells of the speaker; so does an experience told in
 * the past: "It was great to watch them make this", told after what they made).
 */
export function appraisal(words: Token[]): boolean {
  if (words[0]?.lower !== "it" || !/^(is|'s|’s)$/.test(words[1]?.lower ?? "")) return false;
  let k = 2;
  while (words[k]?.pos === "ADV") k++;
  if (words[k]?.pos !== "ADJ") return false;
  const next = words[k + 1]?.lower;
  return (
    next === "how" || (next === "to" && /^(see|hear|know|watch|read|learn|witness)$/.test(words[k + 2]?.lemma ?? ""))
  );
}

const SHOWING = [
  ["check", "out"],
  ["look", "at"],
  ["take", "a", "look", "at"],
];

/**
 * "Check out these kids I met at the shelter!" tells what the speaker did: "I met kids at the
 * shelter" (null when the clause is not a showing of something the speaker then says they did).
 */
export function shownNews(tokens: Token[]): Token[] | null {
  const opening = SHOWING.find((o) => o.every((w, i) => tokens[i]?.lower === w));
  if (!opening) return null;
  let i = opening.length;
  const thing: Token[] = [];
  for (; i < tokens.length && /^(DET|ADJ|NOUN|PROPN|NUM)$/.test(tokens[i]!.pos); i++) {
    const t = tokens[i]!;
    if (t.lower === "this" || t.lower === "that") thing.push({ ...t, text: "a", lower: "a", lemma: "a" });
    else if (t.lower !== "these" && t.lower !== "those") thing.push(t);
  }
  if (tokens[i]?.lower === "that") i++;
  const [who, verb] = [tokens[i], tokens[i + 1]];
  if (!thing.some((t) => t.pos === "NOUN") || !who || !FIRST_PERSON.has(who.lower) || verb?.pos !== "VERB") return null;
  const rest = tokens.slice(i + 2);
  return [{ ...who, text: who.text === "i" ? "I" : who.text }, verb, ...thing, ...rest];
}

/** "since we last talked", "since our last chat", "since last time": the talk itself, not an event. */
const SINCE_LAST = String.raw`since\s+(?:we\s+(?:last\s+)?(?:talked|spoke|chatted|caught\s+up)(?:\s+last)?|(?:our|the|my)\s+last\s+(?:chat|talk|conversation)|last\s+time)`;
/** "So much has happened since we last spoke!", "Some big things have happened.", "Been a few days since we chatted." */
const CATCH_UP = new RegExp(
  String.raw`(?<=^|[.!?]\s*|[,:]\s*)(?:(?:so|wow|oh|well|anyway)\s*,?\s+)?(?:(?:(?:so\s+)?much|a\s+lot|lots|a\s+ton|(?:some|a\s+few)\s+(?:[\p{L}]+\s+){0,2}(?:things|stuff)|something(?:\s+\p{L}+)?|(?:a\s+)?crazy\s+thing)(?:['’]s|\s+has|\s+have)?(?:\s+(?:happened|changed|been\s+going\s+on|going\s+on))?|(?:it\s+(?:has|is|['’]s)\s+)?been\s+(?:a\s+(?:few\s+)?(?:days|weeks|while)|ages|a\s+busy\s+week))(?:\s+${SINCE_LAST})?\s*(?:[.!]+\s*|\s+[-–—]\s+|$)`,
  "giu",
);
const SINCE_LAST_AT = new RegExp(String.raw`(,\s*)?\b${SINCE_LAST}\b,?`, "gi");

/**
 * The text without its catching up on the talk itself ("A lot's happened since we last chatted - I
 * joined an activist group" → "I joined an activist group"; "Since we last spoke, I took my kids to a
 * park" → "I took my kids to a park"): no memory opens with "Much has happened since ...".
 */
function withoutCatchUp(text: string): string {
  if (!/\bsince\b|happened|been a|been ages/i.test(text)) return text;
  return text
    .replace(CATCH_UP, "")
    .replace(SINCE_LAST_AT, (_, comma?: string) => (comma ? "," : ""))
    .replace(/^\s+/, "");
}

/**
 * A sentence's lead that only announces a question, asks one back or takes leave before telling ("sad news on
 * my end tho, ...", "ok gotta go, Aisha's given me homework"): "last q, can i
 * still have coffee" is a question ("can i ..."); "which store tho, i have an aldi and a walmart" tells
 * what the user has; "so the real reason im here, ...", "other thing, ..." and "sent." announce; "this
 * is great but" before a request only thanks; "wait" before a clause ("wait the rota just came out") only
 * catches the listener's attention; so does "actually change of plan," before the new plan ("amara and i
 * are gonna revise at the library"), which would read as the verb "change"; "also work stuff," and
 * "money-wise," name the topic of what follows ("im a tax adviser").
 */
const ASKING_LEAD =
  /(?<=^|[.!?]\s+)(?:(?:(?:some|sad|bad|good|great|big|exciting|random|other)\s+)?news\s+(?:(?:on|from)\s+(?:my|our)\s+(?:end|side)|from\s+(?:me|us|here))(?:\s+(?:tho|though|too))?\s*[,:!-]+\s*|(?:(?:ok(?:ay)?|anyway|right)[,!]?\s+)?(?:gotta|got to|have to|need to|must)\s+(?:go|run|dash|fly)(?:\s+(?:now|soon))?\s*[,.!-]+\s*|(?:ok\s+|so\s+)?(?:last|one more|quick|final|another|other|random|dumb|silly|stupid|first|second|next)\s+(?:q|qq|question|thing)\b\s*[,:-]?\s*|real talk,?\s+|(?:so\s+)?the real reason (?:i am|i'm|im) here(?:\s+tbh)?\s*[,:-]?\s*|(?:sent|done|sorted|all done)[.!]+\s*|(?:wait|hold on)[,!]?\s+(?:(?:no|actually|sorry)\b[,!]?\s*|(?=(?:the|my|our|so|they|theyve|he|she|its|it|we|i|im)\b))|no\s+wait\b[,!]?\s*|(?:(?:actually|ok|okay|so|oh)[,!]?\s+)*change of plans?\s*[,:;!-]*\s*(?=(?:i|we|my|our|the)\b|\p{L}+\s+and\s+i\b)|(?:ok(?:ay)?|this is (?:great|good|perfect|amazing|helpful)|that(?:'s|s| is) (?:great|good|perfect|helpful)|perfect|great|love it|thanks|thx|nice)[,!]?\s+but\s+(?=(?:can|could|pls|please|just|keep|stop|dont|don't|do not)\b)|(?:which|what)\s+\p{L}+(?:\s+(?:tho|though|then))?\s*,\s*(?=(?:i|we|my|our|there)\b)|(?:(?:also|and|oh|re)\s+)?\p{L}+(?:\s+stuff|[\s-]?wise)\s*[,:-]\s*(?=(?:i|im|i['’]m|we|my|our)\b))/giu;

/** The text without its catching up on the talk, its leads that only ask (both above) and a tag question's mark. */
export function withoutLeads(text: string): string {
  return withoutCatchUp(text)
    .replace(ASKING_LEAD, "")
    .replace(TAG_QUESTION, ".")
    .replace(ACKNOWLEDGED, "")
    .replace(THATS_ABOUT_IT, "");
}

/** "i know hiragana thats about it": the end of what there is to tell, telling nothing. */
const THATS_ABOUT_IT =
  /,?\s*(?:\b(?:and|but)\s+)?\bthat(?:['’]?s|\s+is)\s+(?:about|pretty much|basically|more or less)\s+(?:it|all)\b/gi;

/**
 * "Understood, I'll ask Helen", "oh i made a mistake. coming home is …", "heres my stages so far:": an
 * acknowledgement or the introduction of a list says nothing.
 */
const ACKNOWLEDGED =
  /(?<=^|[.!?]\s+)(?:(?:(?:ok(?:ay)?|oh|ah|right)[,!]?\s+)?(?:understood|got it|noted|makes sense|fair enough|gotcha|good to know)[,.!]+\s*|(?:oh\s+|sorry,?\s+)*i (?:made a mistake|got (?:that|it) wrong|was wrong)[.!,]+\s*|here(?:['’]?s| is| are)\s+(?:my|the|our)\s+[^.!?:\n]{1,40}:\s*)/gi;

/** "We have two kids, Youssef is 9 and Salma is 5, right?": a statement checked, not a question. */
const TAG_QUESTION = /,\s*(?:right|correct|yes|yeah|no|isn['’]?t it|is that right)\s*\?(?=\s|$)/gi;
