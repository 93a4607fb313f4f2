// A reply to a list of questions, answered part by part ("22.9% i think. car finance 2 years left" to
// "1. What's the interest rate? 2. How long is left on the car finance?"): each part fused with the
// question it answers (answers.ts).
import type { Fact } from "../extractor.ts";
import { answered, type Replying } from "./answers.ts";
import { goesOn, lastAsked } from "./asked-lists.ts";
import { CHOOSING } from "./choices.ts";
import { numberedItems } from "./markup.ts";
import { namedAsAsked } from "./naming.ts";
import { anyVerb, type Nlp } from "./nlp.ts";
import { lowerFirst } from "../../domain/text.ts";
import { expandContractions } from "./contractions.ts";
import { lexicon } from "../../models/lexicon.ts";
import { withoutCalledName } from "../user-name.ts";
import { HEDGE, shortAnswer, THOUGHT_OF } from "./yes-no.ts";
import { LIGHT_VERBS } from "./closed-classes.ts";
import { WEEKDAY_WORD } from "./date-cues.ts";

/** A reply's parts: numbered ("1. 34 2. yes": `at` the question's index) or its lines and sentences (`at` -1 or -2). */
function replyParts(reply: string, count: number): Array<{ part: string; at: number }> {
  const items = numberedItems(reply);
  // Item 0, the text before the first number, goes by order (`at` -1) like an unnumbered part.
  // An item's first sentence answers its question; one after it (`at` -2) is the statements' to keep
  // ("1. sole trader. turnover was 48k").
  if (items)
    return items
      .flatMap((it) =>
        it.text.split(/(?<=[.!?])\s+(?=\p{L})/u).map((part, i) => ({ part, at: i === 0 ? it.n - 1 : -2 })),
      )
      .filter((p) => p.at < count && p.part);
  // A list of the user's own, longer than the questions ("- 12th leeds\n- 13th york", or three short lines
  // and more: "mon rest\ntue 8k easy\nwed intervals"), answers none by its order, nor does the line
  // introducing it ("here's the run, all october:").
  const listed = new Set<string>();
  let run: string[] = [];
  for (const line of [...reply.split("\n").map((l) => l.trim()), ""]) {
    if (/^[-*•]\s/.test(line)) listed.add(line);
    if (line && line.length <= 40 && !/[.!?]\s/.test(line)) run.push(line);
    else {
      if (run.length >= 3) for (const l of run) listed.add(l);
      run = [];
    }
  }
  const ownList = listed.size > count;
  return reply
    .split(/\n+|(?<=[.!?])\s+/)
    .map((p) => ({ part: p.trim(), at: ownList && (listed.has(p.trim()) || /:\s*$/.test(p)) ? -2 : -1 }))
    .filter((p) => p.part && !/^\d{1,2}[.)]?$/.test(p.part)); // "4." alone marks an item, answers nothing
}

/** A text's words alone, without a report's "According to X," ("car finance 2 years left" as typed and as formed). */
const bare = (text: string) =>
  text
    .replace(/^according to [^,]+,\s*/i, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** The verbs of a text that say what it is about ("working", not "are"): lemmas. */
const verbsOf = (nlp: Nlp) => (text: string) =>
  new Set(
    nlp
      .sentences(text)
      .flatMap((x) => x.tokens.filter((t) => t.pos === "VERB" && !LIGHT_VERBS.has(t.lemma)).map((t) => t.lemma)),
  );

/** A part naming a weekday or a time of day ("its going to be thursday lunchtimes, 12:15 to 12:50"). */
const TIMELY = new RegExp(`\\b${WEEKDAY_WORD}s?\\b|\\b\\d{1,2}[:.]\\d{2}\\b|\\b\\d{1,2}\\s*(?:am|pm)\\b`, "i");
/** A question asking when: "When will sessions run ...?", "What time suits?", "Which day?". */
const ASKS_WHEN = /\bwhen\b|\bwhat time\b|\bwhich days?\b|\bwhat days?\b/i;
/** A part picking an option by its place: "the second one", "option 2", "the first". */
const PICKS_ONE = /^\W*(?:the\s+)?(?:first|second|third|last|other)(?:\s+one)?\b|^\W*option\s+\w\b/i;
/** A part saying an age: "shes 79", "he's 3", "79". */
const AN_AGE = /^(?:(?:s?he|they)(?:['’]?s|['’]?re| is| are)?\s+)?\d{1,3}(?![\d%:]|[.,]\d|\s*(?:st|nd|rd|th|am|pm)\b)/i;
/** A reply part that says yes or no ("full rewrite yes", "no"), and a question that a yes or no answers. */
const YES_OR_NO = /^(?:yes|yeah|yep|yup|no|nope|nah)\b|\b(?:yes|yeah|yep|yup|no|nope|nah)[.!\s]*$/i;
const ASKS_YES_NO = /^(?:and\s+)?(?:any|do|does|did|are|is|was|were|have|has|would|will|can|could|shall|should)\b/i;
/** A reply part adding something unasked ("and no emojis pls", "oh and i have a bahncard"). */
const ADDING = /^(?:and|also|oh|btw|ps|plus)\b/i;

/**
 * A reply fused with what the message before asked: its one question (`answered`), or a numbered list
 * of them answered part by part ("22.9% i think. car finance 2 years left" to "1. What's the interest
 * rate? 2. How long is left on the car finance?"). A part goes with the question sharing a noun with it
 * ("car finance"), or with its number ("1. 34 2. yes"), else with the question after the one the part
 * before answered: users answer in the list's order, skipping some ("her names emma. thinking the
 * saturday after. about 40 people" to "1. When is the party? 2. How many guests?"). A part that says
 * something of the speaker on its own is the statements' to keep ("want to lose 6 kg by march").
 */
export function answeredEach(
  nlp: Nlp,
  questions: readonly string[],
  asker: string,
  reply: string,
  ctx: Replying,
  ownFacts: (text: string) => string[] = () => [],
): Array<{ fact: Omit<Fact, "messageIndexes">; replaces: string[] }> {
  if (questions.length <= 1) {
    const one =
      questions[0] || ctx.options?.length ? answered(nlp, questions[0] ?? "", asker, reply, ctx, ownFacts) : null;
    const named =
      questions[0] && ctx.speakers.speaker ? namedAsAsked(questions[0], reply, ctx.speakers.speaker, ctx) : null;
    return [...(one ? [one] : []), ...(named ? [{ fact: named.fact, replaces: ownFacts(named.sentence) }] : [])];
  }
  const nouns = (text: string) =>
    new Set(
      nlp
        .sentences(text)
        .flatMap((x) =>
          x.tokens
            .filter((t) => t.pos === "NOUN" || t.pos === "PROPN")
            .map((t) => (t.lemma === "kid" ? "child" : t.lemma.toLowerCase())),
        ),
    ); // "no kids" answers "Any children at home?"
  const asked = questions.map(nouns);
  const verbs = questions.map(verbsOf(nlp));
  const parts = replyParts(reply, questions.length);
  // Clauses of one question ("Which option …, and how long should the rollback window be?") answered in one
  // sentence ("The second one – reverse replication, with a 24-hour rollback window."): answered as one question.
  const clauses = questions.slice(1).every(goesOn);
  if (clauses && parts.length === 1) return answeredEach(nlp, [lastAsked(questions)!], asker, reply, ctx, ownFacts);
  let next = 0;
  const fused = parts.flatMap(({ part, at }, p) => {
    const words = nouns(part);
    // Of the questions sharing a noun, the first not yet passed ("and 2 gk kits" after "just home kit").
    const shares = asked.flatMap((q, i) => ([...words].some((w) => q.has(w)) ? [i] : []));
    const sharing = shares.find((i) => i >= next) ?? shares[0] ?? -1;
    // A part sharing nothing says more of the answer before it when a later part answers the next
    // question in its words ("rot in the transom. soft bit in the bottom panel. working in the garage"
    // to "1. Any soft spots or rot? 2. Where are you working?").
    const shared = (text: string, i: number) =>
      [...nouns(text)].some((w) => asked[i]?.has(w)) || [...verbsOf(nlp)(text)].some((v) => verbs[i]?.has(v));
    const later = parts.slice(p + 1).some((q) => q.at === -1 && shared(q.part, next));
    const byOrder = next > 0 && later ? next - 1 : next;
    // "The second one – reverse replication, …" answers the question asking to choose, of those not yet passed.
    const choice = PICKS_ONE.test(part) ? questions.findIndex((q, i) => i >= next && CHOOSING.test(q)) : -1;
    // A part naming a day or a time answers the question asking when, of those not yet passed.
    const when = TIMELY.test(part) ? questions.findIndex((q, i) => i >= next && ASKS_WHEN.test(q)) : -1;
    // An age ("shes 79") answers the question asking how old, of those not yet passed.
    const counted = AN_AGE.test(part) ? questions.findIndex((q, i) => i >= next && /\bhow old\b/i.test(q)) : -1;
    // A yes or a no naming what a question of yes or no would do ("full rewrite yes" to "… And do you want
    // me to rewrite the full eulogy?"), of those not yet passed.
    const yesNo = YES_OR_NO.test(part)
      ? questions.findIndex((q, i) => i >= next && ASKS_YES_NO.test(q) && [...words].some((w) => verbs[i]!.has(w)))
      : -1;
    const index =
      at >= 0
        ? at
        : at === -2
          ? -1
          : ([choice, sharing, when, counted, yesNo].find((i) => i >= 0) ?? (ADDING.test(part) ? -1 : byOrder));
    const own = ownFacts(part);
    // The statements' own: what they say of the part, unless they only repeat it as typed.
    // "renews on the 28th" has no subject of its own, "<5 min, ideally sun night" no verb: the question gives them one.
    const said = nlp.sentences(expandContractions(part))[0]?.tokens ?? [];
    const verbless = !anyVerb(said);
    // (Unless the statements give the part its owner: "total budget 800 quid max" is the user's budget.)
    const owner = (ctx.speakers.speaker ?? "").toLowerCase();
    const subjectless = said[0]?.pos === "VERB" || (verbless && !own.some((f) => f.toLowerCase().startsWith(owner)));
    // "go for sub 1:20 then" after a table of targets settles on one, whatever the list goes on to ask.
    const settles = at < 0 && sharing < 0 && own.some((f) => / settled on /.test(f));
    const ownsIt =
      settles ||
      (own.length > 0 &&
        !HEDGE.test(part) &&
        !THOUGHT_OF.test(part) &&
        bare(own.join(" ")) !== bare(expandContractions(part)) &&
        !subjectless);
    if (index < 0 || index >= questions.length) return [];
    const one = ownsIt ? null : answered(nlp, questions[index]!, asker, part, ctx, ownFacts, at >= 0);
    // A clause that answers nothing ("maya and ollie are at brookfield primary" after "no.") says more of
    // the answer before it: the next part still answers the next question.
    const answers = !ownsIt && (one !== null || verbless || subjectless || shortAnswer(part, true) !== null);
    if ((answers || sharing >= 0 || at >= 0) && index >= next) next = index + 1;
    return one ? [{ ...one, replaces: [...one.replaces, ...own], asked: index }] : [];
  });
  const each = joinedAnswers(fused, questions).map(({ asked: _, ...f }) => f);
  // Clauses of one question that no part answers alone ("As agent, we take 35%." to "Which way do you sell
  // them, and what's your cut?"): the reply answers the question as a whole.
  return each.length === 0 && clauses ? answeredEach(nlp, [lastAsked(questions)!], asker, reply, ctx, ownFacts) : each;
}

/** A quoted answer: what was asked, who answered, what they said. */
const QUOTED_ANSWER = /^Asked "(.+)", (.+) answered "(.+)"(\.?)$/;

/**
 * Parts answering the same question as one answer ('Asked "Any soft spots or rot?", the user answered
 * "rot in the aft transom; soft bit in the bottom panel"'), not one memory a part; and answers to the
 * clauses of one question quoted together ('Asked "Which kind of specialist is it, and does the letter
 * give a date and time?", the user answered "Cardiology, on 9 September 2026"'): a clause asked after a
 * comma goes on in lower case (asked-lists.ts).
 */
function joinedAnswers<T extends { fact: Omit<Fact, "messageIndexes">; replaces: string[]; asked: number }>(
  fused: T[],
  questions: readonly string[],
): T[] {
  const out: T[] = [];
  for (const f of fused) {
    const m = QUOTED_ANSWER.exec(f.fact.content);
    const same = m ? out.findIndex((o) => QUOTED_ANSWER.exec(o.fact.content)?.[1] === m[1]) : -1;
    const last = out.at(-1);
    const clause = m && last && last.asked === f.asked - 1 && goesOn(questions[f.asked] ?? "");
    const i = same >= 0 ? same : clause ? out.length - 1 : -1;
    const had = i >= 0 ? QUOTED_ANSWER.exec(out[i]!.fact.content) : null;
    if (!m || !had) {
      out.push(f);
      continue;
    }
    const and = /^and\s/i.test(questions[f.asked]!) && !/^and\s/i.test(m[1]!) ? "and " : "";
    const asked = same >= 0 ? had[1] : `${had[1]!.replace(/\?$/, "")}, ${and}${lowerFirst(m[1]!)}`;
    const content = `Asked "${asked}", ${had[2]} answered "${had[3]}${same >= 0 ? ";" : ","} ${m[3]}"${had[4]}`;
    const occurredAt = out[i]!.fact.occurredAt ?? f.fact.occurredAt;
    const fact = { ...out[i]!.fact, content, occurredAt };
    out[i] = { ...out[i]!, fact, replaces: [...out[i]!.replaces, ...f.replaces], asked: f.asked };
  }
  return out;
}

/**
 * The statements' facts less those a fused answer replaces, and less a sentence that an answer quotes
 * ("18 booked for 2026. Tom, on £250 a wedding." when "tom, on £250 a wedding" answered a question; "8
 * weeks, saturday mornings" alone when it did), or quotes as chosen ('Seun chose "jointing strip"' and
 * "Seun is jointing strip").
 */
export function withoutAnswered<T extends { content: string }>(
  facts: T[],
  fused: ReadonlyArray<{ fact: { content: string }; replaces: string[] }>,
): T[] {
  const replaced = new Set(fused.flatMap((a) => a.replaces));
  const quote = (a: (typeof fused)[number]) => /(?:answered|chose) "(.+)"\.?$/.exec(a.fact.content)?.[1];
  const quoted = new Set(fused.flatMap((a) => quote(a) ?? []).map(bare));
  // A replaced sentence saying little but what its answer quotes goes from a fact the statements joined it
  // into too ("The user was thinking on 1 June 2026. The user is band C." when "on 1 June 2026" answered).
  const saysOnly = (sentence: string, q: string) =>
    bare(sentence).includes(bare(q)) && bare(sentence).replace(bare(q), "").trim().split(/\s+/).length <= 4;
  const answers = new Set(fused.flatMap((a) => a.replaces.filter((r) => quote(a) && saysOnly(r, quote(a)!))));
  // "Seun is jointing strip": the subject a statement was given before what the answer quotes.
  const said = (s: string) => quoted.has(bare(s)) || quoted.has(bare(s.replace(/^\S+(?: \S+)? (?:is|are) /, "")));
  return facts.flatMap((f) => {
    if (replaced.has(f.content)) return [];
    // A first sentence stays before one that leans on it ("Register office. We will do that first").
    const sentences = f.content.split(/(?<=[.!?])\s+/);
    const leans = /\b(?:it|that|this|they|them|there|those|these)\b/i.test(sentences[1] ?? "");
    const kept = sentences.filter((s, i) => (i === 0 && leans) || !(said(s) || answers.has(s)));
    return kept.length ? [{ ...f, content: kept.join(" ") }] : [];
  });
}

/** How often, said between "do you" and its verb, or before the verb of a reply. */
const HABIT = "(?:usually|normally|always|often|sometimes|mostly|generally|typically|still|ever|currently)";
/** The word a reply opens with, after how often ("usually get home ..."). */
const REPLY_VERB = new RegExp(`^\\s*(?:${HABIT}\\s+)?([a-z]+)\\b`, "i");

/** A request to say something of the writer in a draft: "and mention im wfh tuesdays", "pls add that we have a dog". */
const SAY_OF_ME =
  /(^|[.!?]\s+)(?:(?:and|also|oh|pls|please|plus)\s+)*(?:mention|say|add|put in|tell (?:him|her|them))\s+(?:that\s+)?(?=(?:i|im|i['’]m|we|we['’]re|my|our)\b)/gi;

/**
 * A reply as what it tells of its writer, for the statements to read: without the name it gives to
 * "What should I call you?" ("priya is fine. we're in worcester" → "we're in worcester"; the name is
 * the user's, user-name.ts); with what the writer asks to be said of them in a draft ("and mention im
 * wfh tuesdays" → "im wfh tuesdays"); and with the one answering as the subject of a reply said with the
 * question's own verb ("get home about 8.45" to "What time do you usually get home?" → "I get home …").
 */
export function toldOfWriter(said: string, question: string | undefined): string {
  const reply = (question ? withoutCalledName(said, question) : said).replace(SAY_OF_ME, "$1");
  const verb = REPLY_VERB.exec(reply)?.[1];
  if (!verb || !question || !lexicon().tagsOf(verb.toLowerCase()).includes("Infinitive")) return reply;
  const asked = new RegExp(`\\b(?:do|did)\\s+you\\s+(?:${HABIT}\\s+)?${verb}\\b`, "i");
  return asked.test(question) ? `I ${reply.trimStart()}` : reply;
}
