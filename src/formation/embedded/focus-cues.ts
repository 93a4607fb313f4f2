// Cues to whom a statement is about, for coreference.ts: a name that is a firm's or a place's, the
// gender a joined clause says, and a name opening a statement only as an owner ("Leah's father, ...").
import { anyVerb } from "./nlp.ts";
import { lexicon } from "../../models/lexicon.ts";
import type { Token } from "./nlp.ts";

/** A name of an organisation ("Hedgerow Press", "Brightline Energy"): no one "he" or "she" stands for. */
export const ORGANISATION =
  /^\p{Lu}{2,5}$|\s(?:Press|Ltd|Inc|Company|University|College|School|Hospital|Bank|Group|Studios?|Books|Publishing|Media|Labs?|Council|Trust|Foundation|Centre|Center|Club|Energy)$/u;
/** "McGill, in Montreal.": a name placed in a city, with no verb, is a place, not someone "he" stands for. */
export const placedIn = (tokens: Token[]) =>
  !anyVerb(tokens) && tokens.some((t, j) => t.pos === "ADP" && lexicon().isPlace(tokens[j + 1]?.lower ?? ""));

/**
 * The gender a statement says its named subject has, by the subject pronoun of a clause joined to it
 * ("Diego lives in Phoenix, so he calls her on Thursdays"): null when none or both are said so.
 */
export function saidGender(tokens: Token[]): "f" | "m" | null {
  const joined = tokens.filter(
    (_t, j) => j > 1 && /^(?:,|so|and|but|because|when|since|as)$/.test(tokens[j - 1]!.lower),
  );
  const said = new Set(joined.flatMap((t) => (t.lower === "he" ? ["m"] : t.lower === "she" ? ["f"] : [])));
  return said.size === 1 ? (said.has("m") ? "m" : "f") : null;
}

/** Whether the name opening the statement is followed by a possessive "'s" (not "funmi's my wife"). */
export const ownerOnly = (tokens: Token[], name: string) => {
  const at = name.split(/\s+/).length;
  const [after, next] = [tokens[at], tokens[at + 1]?.lower ?? ""];
  const is = /^(?:my|our|his|her|their|your|a|an|the|not|been|got|going|gonna|in|at|from|back|off|out)$/.test(next);
  return /^['’]s$/.test(after?.text ?? "") && after?.pos === "PART" && !is;
};
