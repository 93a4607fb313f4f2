// A question naming someone the scope's memories never name, asked within the scope of a user whose
// name they never said: an agent knows its user's name from its own app ("What's the issue with Ewan's
// knee?"), while the user's facts read "The user's right knee ...". The name is then the user.
import { lexicon } from "../models/lexicon.ts";
import { escapeRegExp } from "../domain/text.ts";
import { queryNames } from "./query.ts";

/** A word standing where a question puts a person: "with Ewan", "is Ewan training", "Ewan's knee" (and see personPlace). */
const PERSON_PLACE = (name: string) =>
  new RegExp(
    `\\b(?:with|for|to|about|does|did|is|was|has|had|should|would|can|could|will|remind|tell|ask|makes?|made|helps?|keeps?|lets?)\\s+${escapeRegExp(name)}\\b(?!['’]s\\b)|\\b${escapeRegExp(name)}['’]s\\b`,
    "iu",
  );

/**
 * The question with the one name it gives that `heard` (whether a scope's memory says the name) denies
 * written as "the user" ("the user's" for "Ewan's"), or null when it names no such one. A name is a
 * person's when the lexicon lists it as one or the question puts it where a person goes ("is Heroku
 * cheaper" puts a thing there too; when no memory of the scope names it, the question finds nothing
 * of it either way).
 */
export function unheardUser(query: string, heard: (name: string) => boolean): string | null {
  const unheard = queryNames(query).filter(
    (n) => (lexicon().isName(n) || (personPlace(query, n) && !lexicon().isPlace(n))) && !heard(n),
  );
  if (unheard.length !== 1) return null;
  const name = escapeRegExp(unheard[0]!);
  return query.replace(new RegExp(`\\b${name}(['’]s)?\\b`, "giu"), (_, s: string | undefined) =>
    s ? "the user's" : "the user",
  );
}

/** Whether the question puts `name` where a person goes, or before a verb ("What makes Ewan feel sick?"). */
function personPlace(query: string, name: string): boolean {
  if (PERSON_PLACE(name).test(query)) return true;
  const next = new RegExp(`\\b${escapeRegExp(name)}\\s+(\\p{Ll}+)`, "iu").exec(query)?.[1];
  return (
    !!next &&
    lexicon().mayBeVerb(next) &&
    !lexicon()
      .tagsOf(next)
      .some((t) => /Noun|Singular|Plural/.test(t))
  );
}
