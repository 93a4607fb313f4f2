// The name the user gives themselves ("I'm Dana", "my name is Dana", "call me Dana", "sign it as Dana"), read from a
// passage or from an import's `user` messages before extraction, so that every memory of the write
// names them (and later writes of the same scope.user_id too: memories/people.ts keeps it).
import { escapeRegExp, upperFirst } from "../domain/text.ts";
import type { ExtractionPolicy, Fact } from "./extractor.ts";
import { lexicon } from "../models/lexicon.ts";
import { TITLES } from "./embedded/closed-classes.ts";
import { LETTER_CLOSING } from "./embedded/pasted.ts";
import { HERE } from "./embedded/shorthand.ts";
import { introducedNames, selfTyped, SIGN_LEAD, withCapitalNames } from "./embedded/typed-names.ts";

/** A name, after a title that is no part of it ("Dr Tomasz Wieczorek" is Tomasz Wieczorek). */
const NAME = String.raw`(?:(?:${TITLES})\.?\s+)?(\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)?)(?![\p{L}'’-])`;
/**
 * Said outright ("my name is Greg", "anyway name's Greg", "names dennis btw"), or as the name to sign with ("sign it off as
 * Priya", "name at the bottom is Tomasz Nowak").
 */
const STATED = new RegExp(
  String.raw`(?:(?:^|\b(?:[Aa]nyway|[Bb]tw|[Oo]h|[Aa]lso),?\s+)(?:[Tt]he\s+)?[Nn]ame(?:['’]?s| is)|\b(?:[Mm]y name is|[Mm]y name['’]s|[Cc]all me|[Ii] go by|[Ss]ign (?:it |them |the \w+ )?(?:off )?(?:as|from)(?: me,?)?|[Nn]ame at the (?:bottom|end) is))\s+${NAME}`,
  "u",
);
/**
 * "I'm Dana, a backend engineer", "Hi! I am Dana.", "btw I'm Tomasz — ...": a name only when it ends the
 * clause; the first of a quoted intro the user scripts ('"I'm Nadia, I'm Marisol, and this is ..."').
 */
const INTRODUCED = new RegExp(
  String.raw`(?:^|[.!?:]\s+|,\s*|["“(]|\b(?:[Hh]i|[Hh]ello|[Hh]ey|[Ss]orry|[Oo]h|[Bb]tw|[Ss]o|[Oo]k(?:ay)?|[Ww]ell)\b[!,.]?\s+)(?:[Ii] am|[Ii]['’]?m|[Tt]his is|[Ii]t['’]?s)\s+${NAME}(?=\s*(?:[,.!?;:)—–]|-\s|$|\s(?:and|from|here|if|by the way|btw|lol|haha|i['’]?m|i am)\b))`,
  "u",
);

/** The assistant asking what to call the user. */
const CALL_ME_ASKED =
  /\bwhat (?:should|shall|can|do you want me to) I call you\b|\bwhat(?:['’]s| is) your (?:first )?name\b|\bwhat name should I (?:sign|put|use)\b/i;
/** A name given in reply: "priya is fine", "just sam", "Sam pls", "Tom." (the second group: said as a name). */
const CALLED =
  /^\s*(?:(?:oh|hi|hey|ok|okay|sure|yes|yeah|yep)(?:\s+(?:pls|please))?[,!.]?\s+)?(?:just\s+)?([A-Za-z][a-z'-]+)(\s+(?:is fine|is good|is great|works|pls|please))?(?=\s*(?:[.,!]|$))/;

/**
 * The name a reply gives to "What should I call you?" ("priya is fine", "just sam", "Tom."): a given
 * name, or a word the lexicon does not know said as one; with the words that give it.
 */
function calledName(reply: string, asked: string): { name: string; said: string } | null {
  const called = CALL_ME_ASKED.test(asked) ? CALLED.exec(reply) : null;
  if (!called || !(lexicon().isName(called[1]!.toLowerCase()) || (called[2] && unknown(called[1]!)))) return null;
  return { name: upperFirst(called[1]!), said: called[0] };
}

/** The reply less the name it gives ("priya is fine. we're in worcester" → "we're in worcester"). */
export function withoutCalledName(reply: string, asked: string): string {
  const called = calledName(reply, asked);
  return called ? reply.slice(called.said.length).replace(/^\s*[.,!]+\s*/, "") : reply;
}

/** Words people introduce themselves with that are no name: "newbie here", "long time lurker here". */
const CHAT_SELF =
  /^(?:newbie|noob|n00b|lurker|admin|mod|op|dev|devs|tldr|tl;dr|lol|anon|frontend|backend|fullstack|sysadmin|ops|devops|pm|eng|sre|qa|ux|ui)$/i;

/**
 * "Arjun, by the way — thanks", "oh and priya btw, just realised i never said", "colin btw, feels rude
 * not saying": a name said as an aside.
 */
const BY_THE_WAY =
  /(?:^|[.!?]\s+|\b(?:[Oo]h|[Aa]nd|[Aa]lso|[Aa]nyway)\s+)([A-Za-z][a-z'-]+),?\s+(?:by the way|btw)(?:\s+(?:lol|haha))?\b(?=\s*(?:[.!]|$|[,—–-]\s*(?:thanks|thank|thx|cheers|sorry|(?:just )?reali[sz]ed|(?:that )?i (?:never said|forgot to say|didn['’]?t say)|(?:it )?feels? (?:rude|weird|odd|wrong)|should(?:['’]?ve| have) said)\b))/u;

/** "(gareth here btw, nia says hi)", "… tiles. dev here by the way.": a name introducing its writer inside a message. */
const HERE_ASIDE = /(?:\(|[.!?]\s+)([A-Za-z][a-z'-]+)\s+here(?:\s+(?:btw|by the way|lol))*(?=\s*[,.!;)]|\s*$)/;

/** What the writer does, told after their name: "staff engineer on …", "a nurse", "backend dev at …". */
const WHAT_I_DO =
  "(?:an?\\s+|the\\s+)?(?:\\p{L}+\\s+){0,2}(?:engineer|developer|dev|manager|lead|designer|teacher|nurse|student|founder|owner|director|analyst|consultant|scientist|architect|researcher|accountant|cto|ceo)\\b";

/** "thanks so much, gwen signing off before i go cross-eyed": the writer leaving the talk by name. */
const SIGNING_OFF = /(?:^|[.!?,;]\s+|\n\s*)([A-Za-z][a-z'-]+)\s+signing off\b/;

/** "graham (and pauline!) says thank you": the writer thanking for two in the third person, closing the message. */
const SAYS_THANKS =
  /(?:^|[.!?,]\s+|\n\s*)([A-Za-z][a-z'-]+)\s*\((?:and|&)\s[^)]*\)\s+says?\s+(?:thank you|thanks|thx|ta|cheers)\b[^.!?\n]*[.!?\s]*$/;

/** A name alone closing a message, after a sentence, on its own line or after thanks: "printing it now. marta x", "cheers, gareth". */
const SIGN_OFF =
  /(?:[.!?]\s+|\n\s*|\b(?:cheers|thanks|thx|ta|best|regards|love),\s+)(?:-\s*)?([A-Za-z][a-z'-]+)(?:\s+x+)?[\s.!]*$/i;
/** A note signed with a dash: "Can't wait! — Sam", "No surgeries so far. — Hannah Kowalski", "Cheers for the help — Graham". */
const DASH_SIGNED =
  /(?:^|[.!?)]\s+|\n\s*|\b(?:[Tt]hanks|[Cc]heers|[Tt]hank you|[Tt]hx|[Tt]a)\b[^.!?\n]*\s)[-–—]{1,2}\s*(\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’-]+)?)[\s.!]*$/u;
/** "put my name in the module header as author — Anika Desai": the name given for the user's own name. */
const MY_NAME_GIVEN =
  /\bmy (?:full )?name\b[^.!?\n]{0,60}?\s[-–—:]\s*(\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’-]+)?)[\s.!]*$/u;
/** "sign it priya", "sign off as dana": the name to sign with, typed in lower case. */
const SIGNED = new RegExp(String.raw`\b[Ss]ign ${SIGN_LEAD}([a-z][a-z'-]+)\b(?!\s+(?:and|for|to|off|up)\b)`);
/** "sign it Marcus Webb": the name to sign with, written as a name. */
const SIGNED_AS_NAME = new RegExp(String.raw`\b[Ss]ign ${SIGN_LEAD}${NAME}`, "u");

/** Whether `others` writes the word as a name: capitalised inside a sentence ("Thanks, Priya"), or signing a quoted draft. */
const writesAsName = (others: string, word: string) =>
  new RegExp(`[\\p{Ll},]\\s+(?:>\\s*)?${upperFirst(word.toLowerCase())}(?![\\p{L}'’-])`, "u").test(others);

/** A word the lexicon does not know at all (not "in" of "sign in the window"). */
const unknown = (word: string) => lexicon().tagsOf(word.toLowerCase()).length === 0;

/** Words the lexicon files as something other than a person ("I'm Italian", "I'm Vegan", "it's Monday"). */
export function notAName(word: string): boolean {
  const lower = word.toLowerCase();
  if (/^(i|a|an|the|not|so|very|really|just|back|done|here|fine|good|ok|okay|sorry|sure)$/.test(lower)) return true;
  const tags = lexicon().tagsOf(lower);
  if (tags.some((t) => /Name|Person/.test(t))) return false;
  return tags.length > 0 && !tags.includes("Noun");
}

/**
 * The name `text` says its writer has, or null. `others`: what the other side of the talk wrote; a
 * word the lexicon does not know at all ("btw im priya") is a name when it writes it as one,
 * capitalised inside a sentence ("Thanks, Priya").
 */
export function statedName(text: string, others = ""): string | null {
  // "oh my name's fergus btw": a given name typed in lower case is read with its capital.
  const typed = new Set<string>();
  introducedNames(text, typed);
  const capitalised = withCapitalNames(text, typed);
  const stated = STATED.exec(capitalised);
  if (stated) return stated[1]!.trim();
  // "names dennis btw": a given name the lexicon knows, typed in lower case after an opening "name's".
  const opening = /^(?:the\s+)?name(?:['’]?s| is)\s+(\p{Ll}+)\b/iu.exec(text.trim())?.[1];
  if (opening && lexicon().isName(opening)) return upperFirst(opening);
  const called = calledName(text, others);
  if (called) return called.name;
  // "joel here": a given name the lexicon knows, or a word the other side writes as a name.
  const here = HERE.exec(text.trim())?.[2];
  // "Priya here", "hey, priya here, backend dev …": a word the lexicon does not know, not a label of chat.
  const unlisted = here && unknown(here) && (/^\p{Lu}/u.test(here) || !CHAT_SELF.test(here));
  if (here && !notAName(here) && (lexicon().isName(here.toLowerCase()) || unlisted || writesAsName(others, here)))
    return upperFirst(here);
  // "(gareth here btw, nia says hi)", "gwen signing off": a given name the lexicon knows, said as an aside further on.
  const hereAside = HERE_ASIDE.exec(text)?.[1] ?? SIGNING_OFF.exec(text)?.[1];
  if (hereAside && !notAName(hereAside) && lexicon().isName(hereAside.toLowerCase())) return upperFirst(hereAside);
  // A letter the user drafted, signed "Cheers,\nDev".
  const letter = LETTER_CLOSING.exec(text)?.[1];
  if (letter && !notAName(letter.split(" ")[0]!)) return letter;
  const dashed = DASH_SIGNED.exec(text)?.[1] ?? MY_NAME_GIVEN.exec(text)?.[1];
  if (dashed && !notAName(dashed.split(" ")[0]!)) return dashed;
  // "printing it now. marta x": a given name closing the message signs it.
  const closing = SIGN_OFF.exec(text)?.[1];
  // Not a word of another kind the other side happens to capitalise ("… makes sense now. nice").
  if (closing && (lexicon().isName(closing.toLowerCase()) || (!notAName(closing) && writesAsName(others, closing))))
    return upperFirst(closing);
  // "sign it priya": a given name the lexicon knows, or a word the other side writes as a name.
  const signed = SIGNED.exec(text)?.[1];
  if (signed && (lexicon().isName(signed.toLowerCase()) || (unknown(signed) && writesAsName(others, signed))))
    return upperFirst(signed);
  const asName = SIGNED_AS_NAME.exec(text)?.[1];
  if (asName && !notAName(asName.split(" ")[0]!)) return asName;
  // "graham (and pauline!) says thank you": the writer thanking in the third person.
  const thanking = SAYS_THANKS.exec(text)?.[1];
  if (thanking && (lexicon().isName(thanking.toLowerCase()) || writesAsName(others, thanking)))
    return upperFirst(thanking);
  // "Arjun, by the way — thanks": a given name set before "by the way", closing what it says or before thanks.
  const aside = BY_THE_WAY.exec(text)?.[1];
  if (aside && (lexicon().isName(aside.toLowerCase()) || (unknown(aside) && writesAsName(others, aside))))
    return upperFirst(aside);
  // A given name typed in lower case ("sorry im carla btw") is read with its capital.
  const introduced = INTRODUCED.exec(capitalised);
  if (!introduced) {
    // "im jade btw": a word the lexicon files as a noun too, when the other side writes it as a name ("Thanks, Jade").
    const word = selfTyped(text);
    if (!word || notAName(word)) return null;
    // "i'm dariusz, staff engineer on the commerce team": a word no lexicon knows, then what the writer does.
    const working = unknown(word) && new RegExp(`\\b${word},\\s+${WHAT_I_DO}`, "iu").test(text);
    return working || writesAsName(others, word) ? upperFirst(word) : null;
  }
  const name = introduced[1]!.trim();
  if (notAName(name.split(/\s/)[0]!)) return null;
  return name;
}

export interface NamedBy {
  name: string;
  /** The import message that gives it (-1 in a passage). */
  index: number;
  occurredAt: string | null;
}

/**
 * The facts and the user's name as a memory of its own ("The user's name is Niamh."), when the unit
 * gives the name ("hey, priya here", "thanks!! niamh x", "sign it off from me, Gareth") and no fact
 * says it: an agent asked who the user is finds it (the same fact again forms nothing).
 */
export function withName(facts: Fact[], namedBy: NamedBy | null | undefined, policy: ExtractionPolicy): Fact[] {
  if (!namedBy || policy.excludeCategories.includes("biography")) return facts;
  const said = new RegExp(`\\bname is ${escapeRegExp(namedBy.name)}\\b`);
  if (facts.some((f) => said.test(f.content))) return facts;
  const messageIndexes = namedBy.index >= 0 ? [namedBy.index] : [];
  const naming = { content: `The user's name is ${namedBy.name}.`, occurredAt: namedBy.occurredAt, messageIndexes };
  return [{ ...naming, category: "biography", entities: [namedBy.name] }, ...facts];
}
