// What users type for speed, written out before a statement is read: "abt", "b4", "tmrw", "ppl", "48k" of money,
// weekdays cut short ("tues and thurs evenings", "sat mornings"), "12.5hr shifts", "w/ my sister".
// A memory is read later by an agent and searched with whole words ("Thursday", "tomorrow"), and the
// date resolver knows "tomorrow", not "tmrw". Only forms with no other reading are written out; a
// weekday that is also a word ("sat", "sun", "wed", "mon") only where it names a day: before a part of
// the day or a day of the month ("wed 18th"), after "on/every/next/last/until", or beside another weekday.

import { WEEKDAYS as WEEKDAY_NAMES } from "../../domain/calendar.ts";
import { upperFirst } from "../../domain/text.ts";
import { lexicon } from "../../models/lexicon.ts";
import { NOTED_ROLES } from "./closed-classes.ts";

/** A weekday cut short, written out (weekday-dates.ts reads a week typed with them too). */
export const WEEKDAY_FORMS: Record<string, string> = {
  mon: "Monday",
  tue: "Tuesday",
  tues: "Tuesday",
  wed: "Wednesday",
  weds: "Wednesday",
  thu: "Thursday",
  thur: "Thursday",
  thurs: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};
/** Cut forms that are no English word of their own: written out wherever they stand. */
const ONLY_DAY = /\b(tues?|weds|thu|thurs?|fri)(s?)\b/gi;
const DAY_FORM = Object.keys(WEEKDAY_FORMS).join("|");
const FULL_DAY = `(?:${WEEKDAY_NAMES.join("|")})s?`;
const PART_OF_DAY = "(?:morning|afternoon|evening|night|nite|lunch|lunchtime)s?";
const JOINED = "(?:\\s*(?:[,/&+-]|and|or|to|n)\\s*|\\s+)";

/** "58k/mo", "£1100/month", "£12/hr": a rate per month, week, year or hour (before "58k" is read as money). */
const RATES: Array<[RegExp, string]> = [
  [/(\d[\d,.]*k?)\s?\/\s?(?:mo|mth|month)\b/gi, "$1 a month"],
  [/(\d[\d,.]*k?)\s?\/\s?(?:wk|week)\b/gi, "$1 a week"],
  [/(\d[\d,.]*k?)\s?\/\s?(?:yr|year|annum)\b/gi, "$1 a year"],
  [/(\d[\d,.]*k?)\s?\/\s?(?:hr|hour)\b/gi, "$1 an hour"],
];

/** "remind me i need to confirm the venues", "can u remind me to call mum": what the user has to do. */
const REMIND: Array<[RegExp, string]> = [
  [
    /(?<=^|[.!?,;]\s*|\b(?:and|also|oh)\s)(?:(?:can|could|will) (?:you|u) |pls |please )?remind me (?:that |(?=i |i['’]))/gim,
    "",
  ],
  [
    /(?<=^|[.!?,;]\s*|\b(?:and|also|oh)\s)(?:(?:can|could|will) (?:you|u) |pls |please )?remind me to\b/gim,
    "I need to",
  ],
];

/** "meals r a mess. vegetarian. big meal at 3am = heartburn": a trait typed alone as a sentence. */
const TRAITS =
  "vegetarian|vegan|pescatarian|coeliac|celiac|diabetic|pregnant|teetotal|retired|self-employed|left-handed|dyslexic|asthmatic|epileptic";
const TRAIT = new RegExp(
  String.raw`(?<=^|[.!?]\s+|\n)(?:(?:also|and|oh|plus)\s+)?((?:${TRAITS}|(?:lactose|gluten) intolerant|allergic to [\p{L} ]{2,30}?))(?:\s+(?:btw|now|too|fyi|as well))?(?=\s*(?:[.!]|$))`,
  "gimu",
);
const TRAIT_WORD = new RegExp(`${TRAITS}|intolerant|allergic`, "i");
/** A sentence about someone else: the trait after it is theirs ("shes into 80s music. vegetarian."). */
const ABOUT_ANOTHER =
  /(?:^|[.!?\n])[^.!?\n]*\b(?:she|he|shes|hes|her|his|they|their|\p{Lu}\p{Ll}+)\b[^.!?\n]*[.!?]\s*$/u;

/** A greeting before what introduces the writer ("Hi, Priya here", "hey, solo dev here"). */
const GREETED = String.raw`^((?:hi|hey|hello|yo|morning)\b[\s!,.]*)?`;
/** "joel here, i play bass", "Hi, Priya here.": a name introducing its writer at a message's start. */
export const HERE = new RegExp(String.raw`${GREETED}([A-Za-z][a-z'-]+) here\b(?:\s*[,.!;:—–-]+\s*|\s*$)`, "i");

/** "secondary maths teacher here, …", "solo dev here", "Nurse here": a role introducing its writer at a message's start. */
const ROLE_HERE = new RegExp(
  String.raw`${GREETED}((?!(?:same|ok|okay|so|also|im|i|we|you|it|that|this|the|my|just|still|back|everyone|anyone|nobody)\b)(?:[a-z-]+\s+){0,3}[a-z-]+) here\b\s*[,.!;:—–-]+\s*`,
  "i",
);

/** Roles the lexicon reads as verbs or lacks ("nurse", "engineer", "dev"). */
const ROLE_WORDS = /^(?:nurse|engineer|dev|retiree|carer|midwife|paramedic|cook|cleaner|farmer)$/i;

/** A weekday cut to a form that is also a word ("sat", "sun", "wed", "mon") where it names a day. */
const CUT_DAY = new RegExp(
  [
    // "sat and sun", "mon-fri", "tuesday n sat": beside another weekday, cut or whole.
    `(?<!['’])\\b(mon|wed|sat|sun)(s?)(?=${JOINED}(?:${DAY_FORM}|${FULL_DAY})\\b)`,
    `(?<=\\b(?:${DAY_FORM}|${FULL_DAY})s?${JOINED})(mon|wed|sat|sun)(s?)\\b`,
    // "sat mornings", "sun night", "wed 18th", "wed the 14th".
    `(?<!['’])\\b(mon|wed|sat|sun)(s?)(?=\\s+(?:${PART_OF_DAY}|(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th))\\b)`,
    // "on sat", "every sun", "next wed" (not "on sun loungers", "this sun is ...").
    `(?<=\\b(?:on|every|next|last|til|till|until|by|from)\\s+)(mon|wed|sat|sun)(s?)\\b(?!\\s+(?:\\p{L}+ers?|is|was|cream|block|screen|hat|tan|burn|light|set|rise|down|up|in|at|there|here|with|around|back)\\b)`,
  ].join("|"),
  "giu",
);

const UNITS: Record<string, string> = { hr: "hour", min: "minute", yr: "year", wk: "week" };
/** "12.5hr shifts", "a 45 min call": a unit before a noun makes one word with its number. */
const UNIT_BEFORE_NOUN =
  /\b(\d+(?:\.\d+)?) ?(hr|min|yr|wk) (?=[a-z]{3,}\b)(?!(?:and|but|ago|each|per|of|in|on|at|to|for|with|from|away|max|tops|long|old|is|was|will|then|now)\b)/gi;

/** Money in thousands typed with a "k": after a currency sign, or where the clause speaks of money. */
const THOUSANDS =
  /([£$€]\s?)?\b(\d{1,3}(?:\.\d{1,2})?)k\b(?!\s*(?:run|race|runs|races|km|steps|followers|views|words|subs|miles|swim|ride))/gi;
const MONEY =
  /[£$€]|\b(?:budget|salary|gross|net|eur|euros?|pounds?|dollars?|quid|earn|earns|earning|paid|pay|pays|cost|costs|price|prices|turnover|revenue|income|deposit|rent|mortgage|loan|debt|savings?|saved|save|giving|gave|owe|owes|quote|quoted|fee|fees|raise|worth|spend|spent|invoice|grand|a year|per year|a month|per month|total)\b/i;

const DISTANCE = /\b(?:run|runs|ran|running|race|km|miles?|walk|walked|swim|ride|rode|distance|steps)\b/i;

/** "48k" written out as "48,000" when it is money ("turnover was abt 48k", "£9k"), not "a 5k run". */
function thousands(text: string): string {
  return text.replace(THOUSANDS, (all, sign: string | undefined, n: string, at: number) => {
    const from = Math.max(0, text.lastIndexOf(".", at) + 1);
    const clause = text.slice(from, at + all.length) + (text.slice(at + all.length).split(/[.!?\n]/)[0] ?? "");
    if (!sign && (!MONEY.test(clause) || DISTANCE.test(clause))) return all;
    const value = Math.round(Number(n) * 1000);
    return `${sign ?? ""}${value.toLocaleString("en-GB")}`;
  });
}

const TYPED: Array<[RegExp, string]> = [
  [/\b(\d{1,2})\.([0-5]\d)\s?(am|pm)\b/gi, "$1:$2$3"], // "10.14am": a time, not "april 10" and a year
  // "never learned to swim... feeling a bit foolish": two sentences, as typed in lower case (not "a width...
  // no, lets say a length"; "workplace stuff... but the worst was self-doubt" goes on with its sentence).
  [
    /(?<=\p{L})(?:\.{3,}|…)\s+(?=\p{Ll})(?!(?:no|nah|actually|wait|or|maybe|well|scratch|make|let['’]?s|but|and|so|then|because|bc|cause|cos)\b)/gu,
    ". ",
  ],
  [/(^|[.!?]\s+|,\s*)(?:truth be told|to be honest|if i['’]?m honest|if im honest)[,]?\s+/gi, "$1"], // an aside
  [/\btake[- ]home(?:\s+pay)?(?=\s+(?:is|was|about|around|like|roughly|[£$€]?\d))/gi, "take-home pay"], // "take home is 2150"
  [/\b(i|we|they|you)\s+workout\b/gi, "$1 work out"], // "I workout four hours a day"
  [/\band i\.(?=\s|$)/gi, "and me."], // "my boyfriend callum and i. lease ends ...": "i." is read as an initial
  // "us + eu", "eu and us", "us was 25% of sales": the country, not "us" the people ("us" is no subject).
  [/\bus(?=\s*(?:\+|&|and|or|,|\/)\s*(?:eu|uk|canada|europe|australia|mexico)\b)/gi, "US"],
  [/(?<=\b(?:eu|uk|canada|europe|australia)\s*(?:\+|&|and|or|,|\/)\s*)us\b/gi, "US"],
  [/(^|[.!?,;]\s*)us(?=\s+(?:was|is|has|sales|orders|customers|shipping|customs)\b)/gi, "$1US"],
  [/\babt\b/gi, "about"],
  [/\bwhos\b/gi, "who is"],
  [/\b[Rr]n\b/g, "right now"], // not "RN" (React Native, a nurse)
  [/\bthru\b/gi, "through"],
  [/\bdef+o\b/gi, "definitely"], // "defo", "deffo"
  [/(?<![\d.,])(\d[\d.,]*(?:\s?[%\p{L}]{1,4})?)\s*(?:-+>|→)\s*(?=\d)/gu, "from $1 to "], // "ios 95 -> 41": a figure changed
  // "id feel safer with a woman but is that even allowed?": a told wish, then a question of its own.
  [
    /(?<=[\p{L}\d)])\s*,?\s+(?=(?:but|or) (?:is|are|was|would|will|does|do|can|could|should) (?:that|this)\b[^.!?]*\?)/giu,
    ". ",
  ],
  // "cherry tomatoes, salad, herbs and courgettes if theres room??": a list told, its condition doubted, asks nothing.
  [
    /(^|[.!]\s+)((?!(?:what|which|who|where|when|why|how|is|are|was|were|do|does|did|can|could|should|would|will|shall|have|has|any)\b)[^.!?,]+,[^.!?]*,[^.!?]*\bif(?:\s+[\p{L}'’]+){1,4})\s*\?+/giu,
    "$1$2.",
  ],
  // "team in porto mostly portuguese, manager Rui": a terse note of a role and its name, a sentence of its own.
  [
    new RegExp(
      `,\\s+((?:my\\s+)?(?:${NOTED_ROLES})\\s+(?:(?:mr|mrs|ms|dr)\\.?\\s+)?\\p{Lu}\\p{Ll}+)(?=\\s*(?:[.!]|$))`,
      "gmu",
    ),
    ". $1",
  ],
  [/\b(at|round|to|back to) mine\b/gi, "$1 my place"], // "rehearsals at mine"
  [
    /\b(?<![\p{L}\p{N}_'’])w(?= (?:a|an|the|my|our|his|her|their|your|u|me|him|them|us|it|this|that|\p{Ll}+s|\d)\b)/giu,
    "with",
  ], // "w the kids", "going w 20p"
  [/\bparas\b/gi, "paragraphs"],
  [/\bb4\b/gi, "before"],
  [/\bppl\b/gi, "people"],
  [/\b(?:tmrw|tmrow|tmw|tmr|2moro|2morrow)\b/gi, "tomorrow"],
  [/\btonite\b/gi, "tonight"],
  [/\b(should|could|would|must|might)ve\b/gi, "$1 have"], // "shouldve said at the start"
  // "i wfh on fridays", "im wfh tmrw", "2 days wfh"
  [/\b(i|we|they|he|she|can|to|will|usually|mostly|often|always|never)\s+wfh\b/gi, "$1 work from home"],
  [/\bwfh\b/gi, "working from home"],
  [/\b(?:bday|birthday)s (?=(?:on |in |the |next |this )?\d|(?:on|in|next|this|tomorrow|today)\b)/gi, "birthday is "], // "his bdays 7th may"
  [/\bbday\b/gi, "birthday"],
  [/\bappt\b/gi, "appointment"],
  [/\bappts\b/gi, "appointments"],
  [/\bconvo\b/gi, "conversation"],
  [/\bmsg\b/gi, "message"],
  [/\bw\/o\b/gi, "without"],
  [/(?<![\w/])w\/(?=\s)/gi, "with"],
  [/(?<=\p{L}\s)w(?=\s+(?!(?:to|key|and|or|is|was)\b)\p{L}{2})/gu, "with"], // "went w fold/reduce", not "press w to jump"
  [/\b(\d+(?:\.\d+)?)\s?hrs?\b/gi, "$1 hours"], // "2 hrs", "8hr"
  [/\b(\d+(?:\.\d+)?)\s?mins?\b/gi, "$1 minutes"],
  [/\b(an?\s+)(\d+)\s?(?:yr|year)s?[\s-]old\b/gi, "$1$2-year-old"], // "a 3 yr old" is a child
  [/\b(\d+(?:\.\d+)?)\s?yrs?\b/gi, "$1 years"],
  [/\b(\d+(?:\.\d+)?)\s?wks?\b/gi, "$1 weeks"],
  [/\byrs\b/gi, "years"], // "tax yr", "an hr", "per wk": after the numbers above
  [/\byr\b/gi, "year"],
  [/\bhrs\b/gi, "hours"],
  [/\b(an|a|per|every|each|one|half an)\s+hr\b/gi, "$1 hour"], // not "hr just emailed"
  [/\bwks\b/gi, "weeks"],
  [/\bwk\b/gi, "week"],
  // "id rather", "hell review it", "shell be there": no apostrophe, before a verb.
  [
    /\bid (?=(?:rather|love|like|prefer|need|say|be|have|go|want|get|take|never|probably|definitely|also|still|just)\b)/g,
    "I would ",
  ],
  [
    /\b([Hh]e|[Ss]he)ll (?=(?:be|do|go|have|get|make|take|review|check|send|call|come|help|look|pick|drop|need|want|start|finish|bring|let|probably|definitely|never|always|also|still|just)\b)/g,
    "$1 will ",
  ],
  // "were 5 ppl", "were all in": "we're" opening a clause (a question "were you ...?" has its subject after it).
  [
    /(^|[.!?,;:]\s*)were (?=\d|(?:all|both|still|just|also|not|so|only|nearly|almost|basically|already|in|based|going|moving|planning|thinking|trying|looking|hoping|off|away)\b)/gi,
    "$1we are ",
  ],
  // "3 kids - maya 10, ollie 7", "two dogs, both rescues": a count of one's people or pets opening a sentence is had.
  [
    /(^|[.!?]\s+)((?:\d|two|three|four|five|six)\s+(?:kids|children|sons|daughters|grandkids|grandchildren|boys|girls|dogs|cats))\b(?=\s*(?:[-–—:,(.]|$))/gi,
    "$1I have $2",
  ],
  // "I'm 34, finished ...", "she's 7 and loves dinosaurs", "our son is 4.": a person's number alone is their age.
  [
    /\b((?:i|I)(?:['’]?m| am)|(?:[Hh]e|[Ss]he|son|daughter|kid|child|boy|girl|brother|sister|baby|nephew|niece|grandson|granddaughter|dog|cat|puppy)(?:['’]s| is)|turned|turns) (\d{1,2})(?=\s*(?:[,.;!)]|$)|\s+(?:and|now|next|this|but|so|in|yesterday|today|tomorrow)\b)/g,
    "$1 $2 years old",
  ],
  // "whats the deal with insurance, our deductible is 2500": a question typed without its mark, then a fact.
  [
    /^((?:what|whats|what['’]s|how|hows|how['’]s|who|where|which|should|can|could)\b(?!\s+(?:i|we|they|he|she)\b)[^,.?!\n]{3,60}),\s+(?=(?:my|our|i|we|im|i['’]m|ive|i['’]ve)\s)/gim,
    "$1? ",
  ],
  // "saturdays r out", "we r going": "r" between a subject and what it is.
  [/\b(we|they|you|u|people|kids|\w+s) r (?=\w)/gi, "$1 are "],
];

const dayOf = (form: string, plural: string | undefined) => `${WEEKDAY_FORMS[form.toLowerCase()]}${plural ? "s" : ""}`;

const ILL_VERB =
  /(^|[.!?,;:]\s*|\b(?:so|and|then|but|ok|okay|maybe|probably|prob|think|thinking|reckon|fine|guess|hopefully|nah|yeah|yes|ye|yep|yup|aye|no|oh|also|now|lol)\s+)ill (\p{L}+)/giu;
/** Words after which "ill" is "I'll" though the lexicon lacks them as verbs ("ill repot it", "ill just"). */
const AFTER_ILL = new Set(
  "be|do|propagate|repot|water|leave|fly|hand|deal|handle|cut|go|run|try|have|get|need|make|take|check|send|let|see|call|book|look|start|keep|just|probably|definitely|never|always|also|still|ask|pay|buy|use|stick|give|put|work|come|tell|write|add|bring|wait|think|swim|train|walk|finish|stay|pick|drop|move|sell|email|text|ring|bump|raise|switch|change|cancel|hire|order|sort|grab|lead|tweak|update|aim|focus|practise|practice|prep|prepare|apply|reply|skip|head|drive|cook|bake|plan|post|share|sign|join|meet|visit|stop|quit".split(
    "|",
  ),
);
/** What people have, typed after an owner whose "'s" lost its apostrophe ("simones parents", "my sons bday"). */
const HAD =
  "parents|mum|mom|dad|family|house|place|flat|home|birthday|bday|wedding|party|hen|stag|car|kids?|son|daughter|wife|husband|partner|boyfriend|girlfriend|brother|sister|friends?|dog|cat|job|work|school|nursery|class|teacher|room|baby|name|allergy|\\d+(?:st|nd|rd|th)";
/** A word ending in "s" before a thing people have ("simones parents", "toms away"): a name's "'s" typed without its apostrophe? */
const NAME_S = new RegExp(`\\b(\\p{L}{2,})s (?=(?:${HAD}|away|back|here|gone|coming|going|new|old)\\b)`, "gu");
/** "my sons 7th bday", "my wifes car": one of the writer's people, and what they have. */
const KIN_S = new RegExp(
  `\\b((?:my|our|his|her|their) (?:son|daughter|wife|husband|mum|mom|dad|sister|brother|partner|boyfriend|girlfriend|kid|friend|boss|nan|gran|grandma|grandad|aunt|uncle|cousin|niece|nephew|baby))s (?=(?:${HAD})\\b)`,
  "giu",
);

/** "just code pls skip explanations": a request closed by its "pls" before the next one's verb (not "can you pls keep …"). */
const PLS_THEN =
  /(?<=\p{L}\s)(?<!\b(?:you|u|can|could|would|will|and|also|just|oh|but|so|ok|okay|then|on|forward)\s)\b(pls|plz)\s+(?=(?:skip|keep|use|give|no|dont|don['’]t|make|show|stop|add|avoid|write|include|leave)\b)/giu;

/** The text with the shorthand users type written out (see the module comment). */
export function writtenOut(text: string): string {
  let out = thousands(text.includes("/") ? RATES.reduce((t, [re, rate]) => t.replace(re, rate), text) : text)
    // "joel here, i play bass": the writer's name, as a sentence of its own.
    .replace(HERE, (all, lead: string | undefined, name: string) =>
      lexicon().isName(name.toLowerCase()) ? `${lead ?? ""}I am ${upperFirst(name)}. ` : all,
    )
    // "secondary maths teacher here, need help": what the writer is, as a sentence of its own.
    .replace(ROLE_HERE, (all, lead: string | undefined, role: string) => {
      const last = role.split(/\s+/).at(-1)!.toLowerCase();
      const tags = lexicon().tagsOf(last);
      // "Nurse here": one word is a role only when the lexicon knows it for a person ("jas here" is a name).
      const noun = /\s/.test(role)
        ? tags.length === 0 || tags.some((t) => /^(?:Singular|Noun|Actor)$/.test(t))
        : tags.some((t) => /^(?:Singular|Actor)$/.test(t)) || ROLE_WORDS.test(role);
      const what = role.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase()); // "Nurse here" opens the message
      return noun ? `${lead ?? ""}I am ${/^[aeiou]/i.test(role) ? "an" : "a"} ${what}. ` : all;
    })
    .replace(PLS_THEN, "$1. ")
    .replace(UNIT_BEFORE_NOUN, (_, n: string, unit: string) => `${n}-${UNITS[unit.toLowerCase()]} `)
    // "so ill run in the morning", "ill build savings up later": "ill" opening a clause before a verb (one
    // users type often, or one the lexicon knows) is "I'll" ("I was ill" is not).
    .replace(ILL_VERB, (all, lead: string, verb: string) =>
      AFTER_ILL.has(verb.toLowerCase()) || lexicon().tagsOf(verb.toLowerCase()).includes("Infinitive")
        ? `${lead}I'll ${verb}`
        : all,
    )
    // "simones parents", "toms away": a known first name with an "s" no word has is the name's "'s".
    .replace(KIN_S, "$1's ")
    .replace(NAME_S, (all, name: string) => {
      const known = lexicon().isName(name.toLowerCase()) && lexicon().tagsOf(`${name}s`.toLowerCase()).length === 0;
      return known ? `${name}'s ` : all;
    });
  // A trait alone is the writer's, unless the sentence before tells of someone else. (Both patterns look
  // behind, which is slow: tried only where their words are.)
  if (TRAIT_WORD.test(out))
    out = out.replace(TRAIT, (all, trait: string, at: number, whole: string) =>
      ABOUT_ANOTHER.test(whole.slice(0, at)) ? all : `I am ${trait}`,
    );
  if (/\bremind me\b/i.test(out)) for (const [re, rep] of REMIND) out = out.replace(re, rep);
  for (const [re, rep] of TYPED) out = out.replace(re, rep);
  out = out.replace(ONLY_DAY, (_, form: string, plural: string) => dayOf(form, plural));
  return out.replace(CUT_DAY, (_: string, ...groups: Array<string | undefined>) => {
    const at = groups.findIndex((g, i) => i % 2 === 0 && i < 8 && g !== undefined);
    return dayOf(groups[at]!, groups[at + 1]);
  });
}
