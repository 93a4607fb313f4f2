// Word classes from compromise's English lexicon (shipped in the package): interjections
// ("whoa", "phew", "yikes") and words it knows as adjectives ("thrilled", "stoked", "worried");
// and its tagger as a second opinion on sentences where the lite model found no verb.
// compromise takes ~200 ms to load, so it is loaded on first use (the first formation), not at
// start-up; the lexicon is immutable and shared by every extractor in the process.

export interface Lexicon {
  isInterjection(lower: string): boolean;
  isAdjective(lower: string): boolean;
  /** The lexicon's tags of a word ("Demonym", "FemaleName", "City", ...); none when it does not list it. */
  tagsOf(lower: string): string[];
  /** Whether the lexicon lists the word as a verb form (an infinitive, a tense). */
  mayBeVerb(lower: string): boolean;
  /** Whether the lexicon lists the word as a person's name ("FemaleName", "MaleName", "FirstName", ...). */
  isName(lower: string): boolean;
  /** Whether the lexicon lists the word as a place and not as a name ("Munich", "Lisbon"; not "Sydney"). */
  isPlace(lower: string): boolean;
  /** The verbs compromise's own tagger finds in a sentence (lower case): a second opinion where the lite model found none. */
  verbsIn(text: string): string[];
}

// Chat interjections compromise does not list.
const MORE_INTERJECTIONS = [
  "woah",
  "oof",
  "woohoo",
  "wowza",
  "aww",
  "awww",
  "welp",
  "yay",
  "yayy",
  "omg",
  "ooh",
  "ohh",
  "hmm",
  "hmmm",
  "lol",
  "haha",
  "hehe",
  "ahh",
  "whew",
  "yikes",
  "ugh",
  "meh",
];
// Listed as expressions there, but they carry meaning here.
const NOT_FILLER = new Set(["aka", "whatsoever", "nevertheless", "sic", "word", "excuse", "please", "et"]);

const PLACE_TAGS = new Set(["City", "Country", "Region", "Place", "Town"]);
const VERB_TAGS = new Set(["Infinitive", "PresentTense", "PastTense", "Verb", "Gerund", "Participle", "PhrasalVerb"]);

let shared: Lexicon | null = null;
/**
 * The verbs of the sentences tagged lately: a message's sentences are read again as its statements,
 * answers and stories are made (~30% of the calls on LoCoMo dev), and tagging one costs ~0.5 ms.
 */
const verbsSeen = new Map<string, readonly string[]>();
const VERBS_SEEN = 64;

export function lexicon(): Lexicon {
  shared ??= load();
  return shared;
}

function load(): Lexicon {
  // A plain require of a literal: `bun build --compile` bundles it (a createRequire() call it cannot
  // follow, and the binary then fails every formation), and still evaluates it only here, on first use.
  const mod = require("compromise");
  const nlp = mod.default ?? mod;
  const entries = nlp.model().one.lexicon as Record<string, string | string[]>;
  const tags = (w: string) => {
    const t = entries[w];
    return t === undefined ? [] : Array.isArray(t) ? t : [t];
  };
  const interjections = new Set(MORE_INTERJECTIONS);
  for (const [w, t] of Object.entries(entries)) {
    if (!w.includes(" ") && !NOT_FILLER.has(w) && (Array.isArray(t) ? t : [t]).includes("Expression"))
      interjections.add(w);
  }
  return {
    isInterjection: (lower) => interjections.has(lower),
    isAdjective: (lower) => tags(lower).includes("Adjective"),
    tagsOf: tags,
    mayBeVerb: (lower) => tags(lower).some((t) => VERB_TAGS.has(t)),
    isName: (lower) => tags(lower).some((t) => /Name$/.test(t)),
    isPlace: (lower) =>
      tags(lower).some((t) => PLACE_TAGS.has(t)) && !tags(lower).some((t) => /Name$|^Person$/.test(t)),
    verbsIn(text) {
      const known = verbsSeen.get(text);
      if (known) return [...known];
      // The tagged terms read directly: the same verbs as `.verbs().json()` (on 4,927 sentences of the
      // dev data and the held-out chats), in less than half the time; the tagging is what costs.
      const verbs = (nlp(text).docs as Array<Array<{ normal: string; tags: Set<string> }>>)
        .flat()
        .filter((t) => t.tags.has("Verb"))
        .map((t) => t.normal);
      if (verbsSeen.size >= VERBS_SEEN) verbsSeen.clear();
      verbsSeen.set(text, verbs);
      return [...verbs];
    },
  };
}
