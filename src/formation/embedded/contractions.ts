// Chat spelling and contractions written out ("im" → "I am", "dont" → "do not"), so that the tagger
// reads whole words.
import { writtenOut } from "./shorthand.ts";

const CONTRACTIONS: Array<[RegExp, string]> = [
  // Chat spelling without apostrophes or capitals: "im", "ive", "dont", "i".
  [/\b[Ii]m\b/g, "I am"],
  // "Me and Jamal split the rent", "me and my mate jess are doing ...", "me and the wife"
  [
    /(^|[.!?]\s+)[Mm]e and ((?:my \w+(?: (?!(?:are|were|is|was|have|had|will|did|do|can|went|got|love|like|live|want|need|go|use|both|all|just|also|always|never|really|still)\b)[A-Za-z]+)?)|(?:the|our) \w+|[A-Za-z]+)\b/g,
    "$1$2 and I",
  ],
  [/\b([Ww]e|[Tt]hey|[Yy]ou)ve\b/g, "$1 have"], // "weve got 620 so far"
  [/\bsh(?:u|ou)ld\b|\bshud\b/gi, "should"],
  [/\b[Ii]ve\b/g, "I have"],
  [/\bi\b/g, "I"],
  [/(?<![\w'’-])u(?![\w'’-])/g, "you"], // "can u help me", "thank u"
  [/\b(do|does|did|is|are|was|were|have|has|had|would|should|could)nt\b/gi, "$1 not"],
  [/\bcant\b/gi, "cannot"],
  [/\bwont\b/gi, "will not"],
  [/\b([Yy]ou|[Tt]hey)re\b/g, "$1 are"],
  [/\b([Yy]ou|[Tt]hey)ll\b/g, "$1 will"],
  [/\b([Ww])ifes\b/g, "$1ife's"], // "my wifes 40th": the plural is "wives"
  [/\b(my|our|her|his|their|your) names (?=[a-z])/gi, "$1 name is "], // "her names emma"
  // "shes", "hes", "thats", "whats", "theres": no word of their own, so their 's (is or has, below).
  [/\b([Ss]he|[Hh]e|[Tt]hat|[Ww]hat|[Tt]here)s\b/g, "$1's"],
  // "its on sept 13", "its only 2 years old": "its" before a word no possessive takes is "it is".
  [
    /\b([Ii])ts (?=(?:a|an|the|on|in|at|not|so|such|very|really|only|just|been|going|getting|like|about|my|your|our|his|her|their|too|all|still|always|never|already|also|pretty|super|fine|ok|okay|over|done|due|quite|definitely|totally|hard|easy|because|for|from|with|by|around|roughly|maybe|almost|nearly|mostly|probably|actually|literally|honestly|north|south|east|west|(?:[Mm]on|[Tt]ues|[Ww]ednes|[Tt]hurs|[Ff]ri|[Ss]atur|[Ss]un)days?)\b|\d)/g,
    "$1t's ",
  ],
  // "id put 40ish on the light": "id" before a verb, opening a clause, is "I'd".
  [
    /(^|[.!?,;:]\s*|\b(?:so|and|then|but|ok|okay|maybe|probably|think|thinking|guess|honestly|tbh|yeah|nah|no|oh)\s+)id (?=(?:put|say|rather|like|love|prefer|go|need|want|have|be|pay|spend|take|get|try|use|keep|stick|finish|start|stop|leave|feel|probably|definitely|never|also|still|just|really|only)\b)/gi,
    "$1I'd ",
  ],
  [/\b([Ii])['’]m\b/g, "$1 am"],
  [/\b([Ii])['’]ve\b/g, "$1 have"],
  [/\b([Ii])['’]ll\b/g, "$1 will"],
  // "I'd forgotten", "we'd already booked": the 'd of had, before a past participle.
  [
    /\b([Ii]|[Ww]e|[Yy]ou|[Tt]hey|[Ss]he|[Hh]e)['’]d ((?:never |just |already |only )?(?:been|forgotten|gone|done|seen|had|made|taken|given|told|booked|paid|missed|bought|sent|finished|started|heard|met|left|thought|got|known))\b/g,
    "$1 had $2",
  ],
  [/\b([Ii])['’]d\b/g, "$1 would"],
  [/\b([Ww]e|[Yy]ou|[Tt]hey)['’]re\b/g, "$1 are"],
  [/\b([Ww]e|[Yy]ou|[Tt]hey)['’]ve\b/g, "$1 have"],
  [/\b([Ww]e|[Yy]ou|[Tt]hey)['’]ll\b/g, "$1 will"],
  [/\b([Ww]e|[Yy]ou|[Tt]hey)['’]d\b/g, "$1 would"],
  // "it's been", "she's got": the 's of has, not of is.
  [
    /\b([Ii]t|[Tt]hat|[Ss]he|[Hh]e|[Tt]here|[Ww]hat)['’]s ((?:never |just |already |always |really |finally )?(?:been|got|gotten|had|gone|done|made|become|grown|come|taken|given|sent|told|asked|said|left|booked|finished|started|moved|decided|emailed|messaged|agreed|offered))\b/g,
    "$1 has $2",
  ],
  [/\b([Ii]t|[Tt]hat|[Ss]he|[Hh]e|[Tt]here|[Ww]hat)['’]s\b/g, "$1 is"],
  // "Pottery's so relaxing", "Painting's a fun way", "Life's too short": a noun's 's before a word that
  // never follows a possessive is "is" ("Jon's been" is "has"); not a home after a preposition ("from Denise's so …").
  [/\b(?!(?:[Ll]et|[Hh]ere|[Tt]here)['’])(\p{L}+)['’]s (been|gotten|gone)\b/gu, "$1 has $2"],
  [
    /(?<!\b(?:from|at|to|near|round|by|over|outside)\s+)\b(?!(?:[Ll]et|[Hh]ere|[Tt]here)['’])(\p{L}+)['’]s (so|such|really|very|too|not|a|an|the|always|just|going|getting|doing|coming|looking|working|growing|also|still|super|definitely|totally|quite|now|finally)\b/gu,
    "$1 is $2",
  ],
  // "repo's on my personal github", "logslice's taken": no possessive stands before a place's preposition or these.
  [/\b(?!(?:[Ll]et|[Hh]ere|[Tt]here)['’])(\p{L}+)['’]s (on|in|at|taken|sorted)(?![-\p{L}])/gu, "$1 is $2"],
  [/\b([Ii]t|[Tt]hat|[Ss]he|[Hh]e|[Tt]here)['’]ll\b/g, "$1 will"],
  [/\b([Ii]t|[Tt]hat|[Ss]he|[Hh]e|[Tt]here)['’]d\b/g, "$1 would"],
  [/\bcan['’]t\b/gi, "cannot"],
  [/\bwon['’]t\b/gi, "will not"],
  [/\b(do|does|did|is|are|was|were|have|has|had|would|should|could)n['’]t\b/gi, "$1 not"],
  [/\bdef (?=(?:my|a|an|the|not|going|want|need|will|gonna|worth)\b)/gi, "definitely "], // "def my weak spot"
  [/\bprob(?: (?=(?:around|about|like|going|gonna|will|not|just|the|a|\d)\b)|(?=[,.!?]|$))/gi, "probably "], // "prob around 15", "cash prob,"
  // ", were looking at a civic", "were on the 4th floor so its windy": "we're" typed without its apostrophe
  [
    /(^|[,;:.!?-]\s*|\b(?:so|and|but|now|then)\s+)were (?=(?:\w+ing|on|in|at|off|away|out|based|still|all|both|not|just|really|also|a|an|the|so|pretty|quite|very)\b)/gi,
    "$1we are ",
  ],
  // "bc im a teacher", "works bc work is slow", "oct 16 bc of the bill" (not "500 bc", nor "BC" for British Columbia)
  [
    /(?<!\d\s?)\b(?:bc|b\/c)(?=\s+\p{L})|\b(?:bc|b\/c)(?= (?:of|i|im|we|it|its|the|my|he|she|they|you|u|that|there)\b)/gu,
    "because",
  ],
  [/\bur (?=(?:right|welcome|so|too|not|going|gonna|the best|amazing)\b)/g, "you are "],
  [/\bur\b/g, "your"], // "in ur examples"
  [/\bgonna\b/gi, "going to"],
  [/(^|[.!?,;]\s*)sat (?=(?:i|we)\b)/gi, "$1Saturdays "], // "sat i can do later like 9": a day of a schedule
  [/\bwanna\b/gi, "want to"],
  [/\bgotta\b/gi, "have to"],
  [/(^|\s)(['’]cause|cuz|coz)\b/gi, "$1because"],
];

/** Expands shorthand (shorthand.ts) and contractions, so that the tagger sees "I am", not one odd token "I'm". */
export function expandContractions(text: string): string {
  let out = writtenOut(text);
  for (const [re, rep] of CONTRACTIONS) out = out.replace(re, rep);
  return out;
}

/** "switching to mit or apache like you said": the assistant's word given back, an aside to a user's own statement. */
const AS_YOU_SAID =
  /(?<!\b(?:nothing|not|anything|just|exactly))\s*,?\s+(?:like|as)\s+(?:you|u)\s+(?:said|suggested|recommended|mentioned|advised)\b(?=\s*(?:[.!?,;]|$))/gim;

/** "first time publishing a crate", "first time hosting christmas!": what the user is doing, for the first time. */
const FIRST_TIME = /(^|[.!?]\s+|\n\s*)(?:(?:my|our)\s+)?first\s+time\s+(\p{L}+ing\b[^.!?\n]*)/giu;

/** "glaze now £7 per half shelf not £6", "rent now 950": a value typed with no verb, which "is" joins. */
const NOW_VALUE =
  /(^|[.!?,;]\s+|\n\s*)((?!(?:i|we|you|he|she|they|it|its|and|but|so|or|is|are|was|were|thats|that|this)\b)(?:(?:my|our|the)\s+)?[\p{L}-]+(?:\s+[\p{L}-]+)?)\s+now\s+(?=[£$€]?\d)/giu;

/** "self guided package vs diy — which": a choice asked, typed without its mark. */
const VS_WHICH = /(\bvs\.?\s[^.!?\n]*?)\s*[—–-]\s*which(?:\s+one)?[.!]*(?=\s*$|\n)/gim;

/**
 * A user's message to an assistant told plainly: without the asides that hand its words back ("..., as you
 * suggested"), "first time publishing a crate" as "publishing a crate for the first time", "glaze now £7" as
 * "glaze is now £7", "X vs Y — which" as the question it is.
 */
export const toldPlainly = (text: string): string =>
  text
    .replace(AS_YOU_SAID, "")
    .replace(FIRST_TIME, (_, start: string, doing: string) => `${start}${doing.trimEnd()} for the first time`)
    .replace(NOW_VALUE, "$1$2 is now ")
    .replace(VS_WHICH, "$1?");
