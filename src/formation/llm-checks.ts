// Deterministic checks of the LLM extractor's facts (issue 11): who said it decides (a fact from the
// assistant's, the system's or a tool's messages alone is dropped, unless the policy keeps the
// assistant's commitments), and the user is a person, not "I" (a bare first person is rewritten to
// the user's name or "the user", or the fact is dropped when it cannot say who "I" is).
import type { ExtractionPolicy, MessagesInput, PassageInput } from "./extractor.ts";

const CONTEXT_ROLES = new Set(["assistant", "system", "tool"]);
const ABOUT_ASSISTANT = /\bthe assistant\b/i;

/** Whether a fact may be kept given who said the messages it comes from. */
export function saidByPeople(
  input: PassageInput | MessagesInput,
  indexes: readonly number[],
  content: string,
  policy: ExtractionPolicy,
): boolean {
  if (input.kind === "passage") return true;
  const roles = input.messages.filter((m) => indexes.includes(m.index)).map((m) => m.role);
  if (roles.some((r) => !CONTEXT_ROLES.has(r))) return true;
  return policy.assistantCommitments === true && roles.includes("assistant") && ABOUT_ASSISTANT.test(content);
}

/** Who "I" is in a fact: a name, or null for "the user"; undefined when its sources do not say. */
export function firstPersonOf(
  input: PassageInput | MessagesInput,
  indexes: readonly number[],
): string | null | undefined {
  const user = input.user?.name?.trim() || null;
  if (input.kind === "passage") return user;
  const speakers = new Set(
    input.messages.filter((m) => indexes.includes(m.index) && m.role === "user").map((m) => m.speaker?.trim() || null),
  );
  if (speakers.size !== 1) return undefined; // the assistant's words alone, or several people's
  const [speaker] = speakers;
  return speaker ?? user;
}

// "Type I diabetes", "World War I": a numeral, not the pronoun.
const NUMERAL_BEFORE = new Set(["type", "stage", "phase", "part", "war", "chapter", "grade", "class", "level", "act"]);
const FIRST = /^(?:I(?:['’](?:m|ve|ll|d))?|[Mm]e|[Mm]y|[Mm]ine|[Mm]yself)$/;
const ADVERBS = new Set(
  "also still just never always often usually sometimes really actually finally recently already even only mostly rarely now currently generally normally typically definitely absolutely truly honestly seriously probably regularly occasionally frequently mainly no longer then later soon once".split(
    " ",
  ),
);
const MODALS = new Set("can could will would shall should may might must cannot".split(" "));
// Past tenses that do not end in -ed, and verbs whose past is their base form: left as they are.
const PAST = new Set(
  "went was were had did said made got took came saw knew thought found gave told became left felt brought began kept held wrote stood heard meant met ran paid sat spoke lay led grew lost fell sent built understood drew broke spent rose drove bought wore chose sought threw caught dealt won forgot sold fought taught ate drank sang swam flew rode slept woke hid froze shook stole bit blew dug fed fled hung lit sank slid stuck struck swore swept swung tore wept wound bent lent sped spun rang put set cut hit let read hurt quit shut spread cost bet beat cast split upset fit bid shed wed rid".split(
    " ",
  ),
);
// Base forms that end in -ed.
const BASE_ED = new Set("need feed bleed breed speed proceed succeed exceed heed seed weed embed".split(" "));
const AGREE: Record<string, string> = {
  am: "is",
  are: "is",
  were: "was",
  have: "has",
  do: "does",
  "don't": "doesn't",
  "don’t": "doesn’t",
  "haven't": "hasn't",
  "haven’t": "hasn’t",
  go: "goes",
};

/** Third person singular of the verb after a new singular subject; unchanged when it is not a base form. */
function agree(word: string): string {
  const lower = word.toLowerCase();
  if (AGREE[lower]) return AGREE[lower]!;
  if (!/^[a-z]+$/.test(word) || MODALS.has(lower) || PAST.has(lower)) return word;
  if (lower.endsWith("ed") && !BASE_ED.has(lower)) return word;
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${word}es`;
  if (/[^aeiou]y$/.test(lower)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

interface Word {
  pre: string;
  core: string;
  post: string;
}
const split = (token: string): Word => {
  const m = /^([("“‘[]*)(.*?)([.,;:!?)\]"”’'…]*)$/su.exec(token)!;
  return { pre: m[1]!, core: m[2]!, post: m[3]! };
};

function isPronoun(words: Word[], i: number): boolean {
  const w = words[i]!;
  if (!FIRST.test(w.core)) return false;
  if (w.core !== "I") return true;
  const prev = words[i - 1];
  return !(prev && !prev.post && NUMERAL_BEFORE.has(prev.core.toLowerCase()));
}

/** Splits a text into the parts outside quotes (even indexes) and the quotations (odd), which keep their "I". */
const unquoted = (text: string): string[] => text.split(/("[^"]*"|“[^”]*”)/);

/** Whether a fact holds a bare first-person pronoun (I, me, my, I'm, mine, myself) outside quotations. */
export function hasFirstPerson(text: string): boolean {
  return unquoted(text).some((part, k) => {
    if (k % 2 === 1) return false;
    const words = part.split(/\s+/).map(split);
    return words.some((_, i) => isPronoun(words, i));
  });
}

/**
 * Rewrites first person to the user (a name, or "the user" / "The user" at the start of a sentence),
 * keeping the verb in agreement ("I am" → "Dana is", "I have" → "Dana has", "I love" → "Dana loves").
 */
export function toThirdPerson(text: string, name: string | null): string {
  let out = "";
  let subjectSeen = false;
  unquoted(text).forEach((part, k) => {
    if (k % 2 === 1) {
      out += part;
      return;
    }
    const tokens = part.split(/(\s+)/);
    const words = tokens.map((t, j) => (j % 2 === 0 ? split(t) : { pre: "", core: t, post: "" }));
    const wordsOnly = words.filter((_, j) => j % 2 === 0);
    let agreeNext = false;
    let sentence = 0; // where the sentence began
    for (let j = 0; j < tokens.length; j += 2) {
      const w = words[j]!;
      const before = `${out}${tokens.slice(0, j).join("")}`.trimEnd();
      const start = before === "" || /[.!?]["”’')\]]*$/.test(before);
      if (start) sentence = j;
      const user = name ?? (start ? "The user" : "the user");
      // "My wife and I love hiking": a plural subject (a short one, opening the sentence), the verb stays.
      const plural =
        ["and", "or", "nor"].includes(j >= 2 ? words[j - 2]!.core.toLowerCase() : "") &&
        j - sentence <= 8 &&
        words.slice(sentence, j).every((x) => !x.post);
      if (isPronoun(wordsOnly, j / 2)) {
        const lower = w.core.toLowerCase().replace("’", "'");
        agreeNext = false;
        if (lower === "i") {
          w.core = user;
          subjectSeen = true;
          agreeNext = !w.post && !plural;
        } else if (lower === "i'm") w.core = `${user} is`;
        else if (lower === "i've") w.core = `${user} has`;
        else if (lower === "i'll") w.core = `${user} will`;
        else if (lower === "i'd") w.core = `${user} ${words[j + 2]?.core === "been" ? "had" : "would"}`;
        else if (lower === "me") w.core = user;
        else if (lower === "my" || lower === "mine") w.core = `${user}'s`;
        else if (lower === "myself") w.core = subjectSeen ? "themself" : user;
        if (lower.startsWith("i")) subjectSeen = true;
      } else if (agreeNext && w.core) {
        if (ADVERBS.has(w.core.toLowerCase())) continue;
        w.core = agree(w.core);
        agreeNext = false;
      }
      tokens[j] = `${w.pre}${w.core}${w.post}`;
    }
    out += tokens.join("");
  });
  return out;
}

/** The fact with the user named instead of "I"; null (drop it) when its sources do not say who "I" is. */
export function withoutFirstPerson(
  input: PassageInput | MessagesInput,
  indexes: readonly number[],
  content: string,
): string | null {
  if (!hasFirstPerson(content)) return content;
  const who = firstPersonOf(input, indexes);
  if (who === undefined) return null;
  const rewritten = toThirdPerson(content, who);
  return hasFirstPerson(rewritten) ? null : rewritten;
}
