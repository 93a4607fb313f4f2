// Text rules every layer shares: the meaningful words of a query or a fact, and one rough stem.

// Words that carry no meaning for matching memories (questions are full of them).
const STOPWORDS = new Set(
  (
    "a an and are as at be been being but by can could did do does doing for from had has have having he her hers him his how i if in into is it its " +
    "me my no nor not of on or our ours she so some than that the their theirs them then there these they this those to too us was we were what when " +
    "where which while who whom why will with would you your yours about any all also just more most other over such only own same very s t don should now"
  ).split(" "),
);

/** Lower-case words of the text without stop words (all of its words when it has nothing else), once each. */
export function queryTerms(text: string): string[] {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 0);
  const meaningful = words.filter((w) => !STOPWORDS.has(w));
  return [...new Set(meaningful.length ? meaningful : words)];
}

/**
 * A rough stem: enough to tell whether two texts share a word ("stories" and "story", "moved" and
 * "move"); FTS5 itself uses Porter.
 */
export function stem(word: string): string {
  return word
    .replace(/'s$/, "")
    .replace(/(ies)$/, "y")
    .replace(/(?<=\w{3})(es|s)$/, "")
    .replace(/(?<=\w{3})(ed|ing)$/, "");
}

/** A text's meaningful words, stemmed: what two texts compare to tell the same fact from another. */
export function significantTerms(text: string): Set<string> {
  return new Set(queryTerms(text).map(stem));
}

/**
 * How a memory says that someone showed an image ("Melanie shared a photo of a cup with a dog face"):
 * formation writes a chat export's image note so; the caption names concrete things.
 */
export const SHOWN_IMAGE = /\bshared a photo of\b/u;

/** The text with its first letter a capital ("the user's sister" → "The user's sister"). */
export const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** The text with its first letter in lower case. */
export const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The text as a regular expression that matches it literally (a name inside a pattern). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether `text` says `word` as a word of its own (not inside another: "Rome", not "Romeo"). */
export const saysWord = (text: string, word: string, flags = "") =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, `u${flags}`).test(text);

// Sentences come from the platform's Unicode sentence segmenter (Intl.Segmenter), with a merge step
// for common abbreviations ("Dr.", "e.g.") that the segmenter splits on. Only words that rarely end
// a sentence are listed: "no." and "etc." often do ("The answer was no."), and the segmenter already
// keeps "No. 5" together because a number follows.
const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });
const ABBREVIATION = /\b(?:mr|mrs|ms|dr|prof|sr|jr|st|vs|e\.g|i\.e|inc|ltd)\.\s*$/i;

/** The text's sentences, trimmed; a "sentence" without a letter is dropped. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let carry = "";
  for (const { segment } of segmenter.segment(text)) {
    const joined = carry + segment;
    if (ABBREVIATION.test(joined)) {
      carry = joined;
      continue;
    }
    carry = "";
    const s = joined.trim();
    if (s) out.push(s);
  }
  if (carry.trim()) out.push(carry.trim());
  return out.filter((s) => /\p{L}/u.test(s)); // a "sentence" without a letter (emoji, digits, dots) holds no fact
}
