// What a speaker has said is theirs ("my cat", "I have a cat and a dog"), so that their later "the cat"
// is theirs too: "The user's cat is called Pimenta", not "the cat".
import { FEMALE, MALE, PETS } from "./kin.ts";
import type { Token } from "./nlp.ts";

/** Relatives and pets a speaker can say "the" of after saying "my" or "a" of them ("I have a cat" ... "the cat"). */
const OWNABLE = new Set([...FEMALE, ...MALE, ...PETS, "kid", "kids", "children", "child", "family", "parents"]);
const INTRODUCES = /^(?:have|has|had|got|get|adopted|own|owns|bought)$/;

/**
 * The relatives and pets the statement says are the speaker's: "my cat", "I have a cat and a dog"
 * (lemmas). `owned` collects them over a conversation, per speaker.
 */
export function ownedIn(tokens: Token[]): string[] {
  const out: string[] = [];
  const introducing = tokens.some((t, i) => INTRODUCES.test(t.lower) && tokens[i - 1]?.lower === "i");
  tokens.forEach((t, i) => {
    const before = tokens[i - 1]?.lower;
    if (OWNABLE.has(t.lower) && (before === "my" || (introducing && (before === "a" || before === "an"))))
      out.push(t.lower);
  });
  return out;
}

/** "the cat" of a speaker who said "I have a cat" is their cat: "the" becomes "my" (then their name's). */
export function theirOwn(tokens: Token[], owned: ReadonlySet<string>): Token[] {
  if (owned.size === 0) return tokens;
  return tokens.map((t, i) =>
    t.lower === "the" && owned.has(tokens[i + 1]?.lower ?? "") && tokens[i + 2]?.lower !== "of"
      ? { ...t, text: t.text === "The" ? "My" : "my", lower: "my", pos: "PRON", lemma: "my" }
      : t,
  );
}
