// Chat users type names in lower case: "my gf lena", "my physio karen", "my manager is karen". A word
// after "my <relative or role>" that compromise's lexicon knows as a given name is a name: it is
// capitalised there and wherever it is written again in the same import or passage ("lena is vegan"),
// so that the tagger reads it as a name and the memory writes it as one ("Lena is vegan"). And a
// speaker introducing themselves ("I am Dana, a backend engineer"), as a memory (selfIntroduced).
import { escapeRegExp, upperFirst } from "../../domain/text.ts";
import { CALENDAR } from "./closed-classes.ts";
import { lexicon } from "../../models/lexicon.ts";

/** Someone of the writer's, by relation or by role ("my gf lena", "fergal is our conductor"). */
export const ROLE =
  "gf|bf|mate|bestie|girlfriend|boyfriend|wife|husband|partner|fiancee?|sister|brother|mom|mum|dad|son|daughter|friend|cousin|aunt|uncle|niece|nephew|grandma|grandpa|boss|manager|physio|therapist|coach|tutor|teacher|doctor|colleague|coworker|neighbou?r|landlord|landlady|roommate|flatmate|mentor|trainer|conductor|instructor|accountant|bookkeeper|solicitor|lawyer|dentist|vet|plumber|builder|electrician|mechanic|agent|priest|vicar|nanny|childminder|supervisor|editor|nurse|carer";
/** What ends a clause that a name closes ("mum is pat btw", "i'm dana, a backend engineer"). */
const CLAUSE_END = String.raw`(?=\s*(?:[,.!?;:)]|$|\s(?:btw|lol|by the way)\b))`;
const INTRODUCED = new RegExp(
  String.raw`\b(?:my|our|her|his|their)\s+(?:${ROLE})\s+(?:is\s+(?:called\s+)?)?([a-z][a-z'-]+)\b|(?:^|[.!?,]\s*|\b(?:and|so|btw|oh|also)\s+)([a-z][a-z'-]+)\s+is\s+(?:my|our)\s+(?:${ROLE})\b|(?:^|[.!?,(]\s*)(?:${ROLE})\s+is\s+(?:called\s+)?([a-z][a-z'-]+)${CLAUSE_END}`,
  "g",
);
/** "her name's emma", "a lurcher called maple", "a friend named dev": a word named as someone's name. */
const NAMED = /\b(?:(?:my|our|her|his|their)\s+name(?:['’]?s|\s+is)|called|named)\s+([a-z][a-z'-]+)\b/g;
/** "sorry im carla btw", "hi i'm dev", "(im hannah btw, ...)", "btw im shannon lol": a speaker introducing themselves, the name ending the clause. */
const SELF =
  /(?:^|[.!?,:(]\s*|\b(?:hi|hey|hello|sorry|oh|btw|and|so|ok|okay|well)\s+)(?:i(?:['’]?m|\s+am)|it['’]?s)\s+([a-z][a-z'-]+)(?=\s*(?:[,.!?;:)]|$|\s(?:and|from|here|if|by the way|btw|lol|haha)\b))/gi;
/** Given names that are also everyday words ("my wife may come", "my son will"): never taken as names. */
const ALSO_WORDS = new Set(
  "may will can mark bill sue pat rich frank hope grace faith joy art ray june april august summer rose dawn eve chase hunter jack ginger sandy honey buddy angel sunny".split(
    " ",
  ),
);

/**
 * Adds to `names` the lower-case given names `text` introduces after "my <relative or role>", names
 * ("her name's emma") or gives its speaker ("sorry im carla btw").
 */
export function introducedNames(text: string, names: Set<string>): void {
  const introduced = new Set([...text.matchAll(INTRODUCED)]);
  for (const m of [...introduced, ...text.matchAll(NAMED), ...text.matchAll(SELF)]) {
    const word = (m[1] ?? m[2] ?? m[3])!; // "my partner jono", "jono is my partner", "mum is pat btw"
    if (/\p{Lu}/u.test(word)) continue; // "I'm Dana" needs no capital
    // "her name is juno", "my manager priya": there, a word the lexicon knows in no form is the name.
    const unknown = [word, word.replace(/(?:s|es|ed|ing)$/, "")].every((w) => lexicon().tagsOf(w).length === 0);
    const asName = (/\bname\b/i.test(m[0]) || (introduced.has(m) && !/nt$/.test(word))) && unknown;
    // "mum is pat btw": a name that is also a word, said as what a relative is called, closing the clause.
    const said =
      m[3] !== undefined &&
      lexicon()
        .tagsOf(word)
        .every((t) => /Name$/.test(t));
    if ((!ALSO_WORDS.has(word) || said) && (asName || lexicon().isName(word))) names.add(word);
  }
}

/** The word a speaker introduces themselves with, as typed ("btw im priya" → "priya"), or null. */
export function selfTyped(text: string): string | null {
  return new RegExp(SELF.source, "i").exec(text)?.[1] ?? null;
}

/**
 * The names a write already knows typed in lower case: the user's own ("btw im priya"), when known, and
 * those the assistant of an import writes as names (`echoedNames`).
 */
export function knownNames(
  user: string | null | undefined,
  messages: ReadonlyArray<{ role: string; content: string }> = [],
): Set<string> {
  const names = new Set<string>(user ? [user.toLowerCase()] : []);
  for (const word of echoedNames(messages)) names.add(word);
  return names;
}

/** Tags of words that may be a person's or a place's name ("lagos" is a city); not "corolla", a noun. */
const PROPER_READING = /Name$|Place|City|Country|Region|^Noun$/;

/**
 * The words a user typed in lower case that the assistant of the same import writes as names,
 * capitalised inside a sentence ("ella is obsessed w dolphins" … "Ella will love the catamaran"): the
 * assistant's spelling says what the user meant. Not from headings, bold or tables (Title Case), nor
 * a word the assistant also writes in lower case or after an article ("the Corolla"), nor one the
 * lexicon knows as another kind of word.
 */
function echoedNames(messages: ReadonlyArray<{ role: string; content: string }>): string[] {
  const said = messages.filter((m) => m.role === "assistant").map((m) => m.content);
  const typed = messages.filter((m) => m.role === "user").map((m) => m.content);
  if (said.length === 0 || typed.length === 0) return [];
  const prose = said
    .join("\n")
    .replace(/^\s*(?:#|\|).*$/gm, "")
    .replace(/\*\*[^*]*\*\*/g, "");
  const lowerTyped = new Set(typed.join(" ").match(/(?<![\p{L}'’@./-])\p{Ll}{3,}(?![\p{L}'’@-])/gu) ?? []);
  const out = new Set<string>();
  // After a word in lower case and before one that is not capitalised: not a part of "Riverside Community Garden".
  for (const m of prose.matchAll(
    /(?<=(?:^|[\s(])\p{Ll}[\p{Ll}'’]*,?[ \t]+)(\p{Lu}\p{Ll}{2,})(?![\p{L}-]|['’](?!s\b)|\s+\p{Lu})/gu,
  )) {
    const word = m[1]!.toLowerCase();
    if (!lowerTyped.has(word) || ALSO_WORDS.has(word) || CALENDAR.has(word) || out.has(word)) continue;
    const tags = lexicon().tagsOf(word);
    if (tags.length > 0 && !tags.every((t) => PROPER_READING.test(t))) continue;
    if (new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, "u").test(prose)) continue; // also a lower-case word
    // "your Fiesta", "the Corolla": a thing with a name, not someone whom "she" may be.
    if (new RegExp(`\\b(?:the|a|an|your|this|that|my|our)\\s+${m[1]}\\b`, "iu").test(prose)) continue;
    out.add(word);
  }
  return [...out];
}

/** `text` with each of `names` written with its capital, and its "s" before a noun as a possessive ("jakes mom"). */
export function withCapitalNames(text: string, names: ReadonlySet<string>): string {
  if (names.size === 0) return text;
  // Not inside an address ("priya.shah.lets@outlook.com").
  const pattern = new RegExp(
    `(?<![\\p{L}'’.@-])(${[...names].map(escapeRegExp).join("|")})(s(?=\\s+\\p{Ll}))?(?![\\p{L}-]|[.@]\\w)`,
    "gu",
  );
  return text.replace(pattern, (_, name: string, s?: string) => `${upperFirst(name)}${s ? "'s" : ""}`);
}

/** A past verb opening what follows "I am Nadia," ("taught maths for 7 years"), not a state ("married"). */
/** Past forms that say what someone is ("I am Dana, married with 2 kids"). */
const STATE_WORDS = "married|divorced|engaged|retired|separated|widowed";
const STATES = new RegExp(`^(?:${STATE_WORDS})$`);
const PAST_LEAD = new RegExp(
  `^(?!(?:${STATE_WORDS})\\b)\\p{Ll}+ed\\b|^(?:taught|worked|moved|grew|went|came|left|lived|studied|spent|got|made|built|ran|did)\\b`,
  "u",
);

/**
 * What a user says of the talk itself beside their name: "just realised i've been ranting at you for an
 * hour without even saying", "sorry i never said hi properly", "feels rude you not knowing", "feels rude
 * not saying", "if you need a name for the header", "feel like we're friends now", "should have said that at the start", "forgot to say".
 */
export const ABOUT_THE_TALK =
  /\b(?:rant|rambl|go(?:ing)? on|waffl)\w*\s+(?:on\s+)?(?:at|to)\s+(?:you|u|the assistant)\b|\bwithout (?:even )?saying(?=\s*(?:[.!,]|$))|\bnever (?:even )?(?:said (?:hi|hello)\b|said(?=\s*(?:[.!,]|$))|introduced)|\bfeels? (?:so )?(?:rude|weird|odd) (?:(?:you|u|the assistant) not knowing|not (?:saying|telling))\b|\bif (?:you|u|the assistant) needs? (?:a|my) name\b|\bfeels? like (?:we|\S+ and others)(?:['’]re| are) (?:friends|mates|pals|besties)\b|\b(?:should|could|must|might)(?:['’]ve| have|a|of) (?:said|mentioned|told|introduced)\b|\bforgot to (?:say|mention)(?: (?:that|it|so))?(?=\s*(?:[.!,]|$))/i;
/** A request to the assistant after a name ("btw im Sophie, put rsvp to me"): no part of who they are. */
const REQUEST_LEAD =
  /^(?:put|sign|send|make|use|call|write|add|give|keep|show|tell|help|remind|change|set|let|can|could|pls|please)\b/i;

/**
 * A speaker introducing themselves, as a memory: "I am Dana, a backend engineer" → "Dana is a backend
 * engineer"; "I'm Nadia, taught maths for 7 years" → "Nadia taught maths for 7 years", and for `user`
 * (the scope's user, whom the name is kept for) `name` "The user's name is Dana", a memory of its own
 * beside it. A statement that only says the name ("I am Dana", "my name is Dana", "btw im Sophie, put
 * rsvp to me") is "The user's name is Dana" when `user`, else null (a named speaker). Otherwise
 * `joined` unchanged.
 */
export function selfIntroduced(
  joined: string,
  speaker: string | null,
  user = false,
  fullName: string | null = null,
): { text: string; name: string | null } | null {
  const unchanged = { text: joined, name: null };
  if (!speaker) return unchanged;
  // A user called by the first of their names introduces themselves with all of them ("I am Dana Whitfield").
  const full = fullName?.startsWith(`${speaker} `) ? fullName : speaker;
  const named = user && speaker !== "the user" ? `The user's name is ${full}` : null;
  const onlyNamed = named ? { text: named, name: null } : null;
  if (new RegExp(`^${escapeRegExp(speaker)}'s name(?: is|['’]s) ${escapeRegExp(full)}\\b`).test(joined))
    return onlyNamed;
  // "oh and priya btw, just realised i never said": the name given as an aside, and nothing else.
  const aside = `^${escapeRegExp(speaker)},?\\s+(?:(?:btw|by the way)\\b[,\\s—–-]*)?(?:just reali[sz]ed,?\\s+)?(?:that\\s+)?${escapeRegExp(speaker)} (?:never said|forgot to say|did not say)\\b[^.!?]*[.!?]?$`;
  if (new RegExp(aside, "i").test(joined)) return onlyNamed;
  // "shona btw lol, realised ive been rambling at you for ages and never said": the same, of the talk.
  if (new RegExp(`^${escapeRegExp(speaker)}\\b`).test(joined) && ABOUT_THE_TALK.test(joined)) return onlyNamed;
  const said = [full, speaker].find((n) => joined.startsWith(`${speaker} is ${n}`));
  if (!said) return unchanged;
  const rest = joined
    .slice(`${speaker} is ${said}`.length)
    .replace(/^\s*(?:,|and\b)?\s*/, "")
    .replace(/^(?:btw|by the way|lol|haha|here)\b[\s.!]*$/i, ""); // "oh and its maeve btw"
  // "im rosie btw, shouldve said at the start": the name, and nothing of her.
  if (!/[\p{L}\p{N}]/u.test(rest) || REQUEST_LEAD.test(rest) || ABOUT_THE_TALK.test(rest)) return onlyNamed;
  // "im hollie btw, you've been a lifesaver": of the assistant, nothing of her.
  if (/^(?:you|u|the assistant)\b/i.test(rest)) return onlyNamed;
  const [lead, verb] = rest.toLowerCase().split(/\s+/) as [string, string?];
  // "im becca, sarah made me put my full name on the form": a clause of its own, someone else's doing.
  if (verb && !lexicon().mayBeVerb(lead) && lexicon().tagsOf(verb).includes("PastTense"))
    return { text: upperFirst(rest), name: named };
  const past = PAST_LEAD.test(rest) || (!STATES.test(lead) && lexicon().tagsOf(lead).includes("PastTense"));
  // "hi im dani, planning a reunion": what the user goes on to say, and the name beside it.
  return { text: `${speaker} ${past ? "" : "is "}${rest}`, name: named };
}

/** What comes between "sign" and the name to sign with ("sign it off as", "sign it from"). */
export const SIGN_LEAD = "(?:it |them |off |it off )?(?:as |from |with )?";
/** "sign it from Margaret Hale", "sign it priya": the name a user asks the assistant to sign with. */
const SIGN_WITH = new RegExp(String.raw`\bsign ${SIGN_LEAD}(\p{L}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?)`, "iu");

/** The memory of the user's name when they ask to sign with it (the name they are known by), else null. */
export function signedName(text: string, speaker: string | null): string | null {
  const name = SIGN_WITH.exec(text)?.[1]?.split(/\s+/).map(upperFirst);
  if (!name || !speaker || name[0]!.toLowerCase() !== speaker.toLowerCase()) return null;
  return `The user's name is ${name.join(" ")}`;
}
