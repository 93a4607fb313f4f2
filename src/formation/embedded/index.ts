// The embedded extractor (the default; no network): durable statements as memories standing alone. Per message:
// secrets redacted → contractions expanded → sentences and clauses (wink-nlp, compromise as a second opinion) →
// filler, announcers and vocatives stripped → an opening she/he resolved (coreference.ts) → a dropped subject
// restored (subjects.ts) → kept if worth remembering → first and second person to names → relative dates to
// absolute → credentials dropped → category and entities → between people, one memory per story (stories.ts).
import {
  DEFAULT_POLICY,
  type ExtractionPolicy,
  type Extractor,
  type Fact,
  type MessagesInput,
  type PassageInput,
} from "../extractor.ts";
import {
  groupInFocus,
  namesSomeoneNew,
  personInFocus,
  resolveOpeningPronoun,
  surelySomeone,
  type Person,
  focusFor,
  stepAside,
} from "./coreference.ts";
import { createNlp, joinTokens, type Nlp } from "./nlp.ts";
import { aboutListenerOnly, appraises, bookedDetail, danglingPronoun, details, weOpening } from "./anaphora.ts";
import { expandContractions, toldPlainly } from "./contractions.ts";
import { resolvePronouns } from "./pronouns.ts";
import type { StatementContext } from "./statement-context.ts";
import { categorise } from "./categories.ts";
import { lowerFirst } from "../../domain/text.ts";
import { finish, written } from "./written.ts";
import { corrected } from "./corrections.ts";
import { ownedIn, theirOwn } from "./possession.ts";
import { introducedNames, knownNames, selfIntroduced, withCapitalNames } from "./typed-names.ts";
import { measureWithVerb } from "./measures.ts";
import { listedApart, markedItems, PART_LABEL, sharedImages, withoutCode, withSharedImages } from "./markup.ts";
import { asSaid } from "./pasted.ts";
import { splitStatements, worthRemembering } from "./statements.ts";
import { continued, factEntities, LIKE_THAT, lineOpenings, MAX_FUSED, sameStory, TO_ASSISTANT } from "./stories.ts";
import { answeredEach, toldOfWriter, withoutAnswered } from "./answer-parts.ts";
import { lastAsked } from "./asked-lists.ts";
import { optionsOffered } from "./choices.ts";
import { type Households, passageSpeakers, questionsAsked, speakersOf, toldAnew } from "./dialogue.ts";
import { DISLOCATED, dislocated, restoreSubject } from "./subjects.ts";
import { restoreOwner } from "./owners.ts";
import { weekdayDays, withWeekdaysDated } from "./weekday-dates.ts";
import { thingOf, withThingMoved } from "./moved-thing.ts";
import { withDashLabels, withOwnLabels } from "./own-labels.ts";
import { isPastTense } from "./tense.ts";
import { askedAbout, askedOfUser, carriedInto, handedOn, NO_ONE, ownerAsked, turnedTo } from "./carry.ts";

/** What an assistant commits to ("I will remind you on Friday" → "the assistant will remind Maya on Friday"). */
const COMMITMENT = /^the assistant (?:will|is going to|shall)\b/i;
/** Words that tie a sentence to the talk around it ("Yet, she still values ..."), dropped from a report. */
const DISCOURSE_OPENER =
  /^(?:(?:yet|so(?! far\b)|and|but|also|plus|anyway|honestly|actually|turns out|well|still|wait|no wait|sorry|my bad|nvm|never ?mind|(?:scratch|scrap|forget|ignore) that|(?:no|nope|nah|yes|yeah|yep|yup)(?=,?\s+(?:the user|i|we)\b))\b,?\s+)+/i;

function statements(nlp: Nlp, text: string, ctx: StatementContext): Array<Omit<Fact, "messageIndexes">> {
  const facts: Array<Omit<Fact, "messageIndexes">> = [];
  let focus: Person | null = ctx.carried?.person ?? null;
  let group: Person | null = ctx.carried?.group ?? null;
  const carriedGroup = group;
  const carried = ctx.carried ?? { person: null, group: null, fresh: false, earlier: [] };
  carried.fresh = false;
  // Secrets were redacted on acceptance (memories/writes.ts), before any split could cut one in two.
  const { text: noted, images, typed } = sharedImages(asSaid(text));
  const photos: Array<Omit<Fact, "messageIndexes">> = [];
  const labelled = ctx.toAssistant || ctx.mode === "passage" ? withOwnLabels(noted) : noted; // "Dentist: Dr. Okafor"
  const own = ctx.toAssistant ? withDashLabels(labelled) : labelled; // "dress - 800 max"
  const clean = listedApart(ctx.toAssistant ? own : own.replace(PART_LABEL, "$1")); // "day 1 - …" to an assistant: a note
  for (const caption of images) {
    if (!ctx.speakers.speaker) continue;
    const content = finish(`${ctx.speakers.speaker} shared ${caption}`);
    const category = categorise(content);
    if (!ctx.policy.excludeCategories.includes(category))
      photos.push({ content, occurredAt: ctx.occurredAt, category, entities: [ctx.speakers.speaker] });
  }
  let lastOwn = -1; // the last statement's fact (not a photo's), which a dangling "it" continues
  const expanded = expandContractions(ctx.toAssistant ? toldPlainly(clean) : clean);
  const opensLine = lineOpenings(expanded);
  for (const said of splitStatements(nlp, expanded, ctx.participants)) {
    const newLine = !!ctx.toAssistant && opensLine(said.map((t) => t.text));
    const raw = ctx.owned ? theirOwn(said, ctx.owned) : said;
    for (const kin of ctx.owned ? ownedIn(raw) : []) ctx.owned!.add(kin);
    // A group from the message before stands for "they" only until a statement here is kept ("They
    // bring so much joy" after "Melanie is lucky to have her family" continues that statement).
    const before = focus;
    const coref = resolveOpeningPronoun(
      raw,
      focusFor(raw, focus, carried.earlier),
      group === carriedGroup && lastOwn >= 0 ? null : group,
    );
    const they = coref.person?.gender === "p";
    const spoken = ctx.speakers.speaker ? restoreSubject(measureWithVerb(coref.tokens)) : coref.tokens;
    const tokens = ctx.toAssistant || ctx.mode === "passage" ? restoreOwner(spoken, ctx.ownerAsked) : spoken;
    const resolved = resolvePronouns(tokens, ctx.speakers);
    const seen = they
      ? null
      : personInFocus(tokens, resolved.tokens, ctx.participants, resolved.aboutSpeaker ? ctx.speakers.speaker : null);
    // The person in focus gives way to someone new named by a noun ("a little girl"), whom "she" may be.
    if (!seen && namesSomeoneNew(tokens)) focus = null;
    const person = they ? null : coref.person;
    focus = seen && seen.text.toLowerCase() !== person?.text.toLowerCase() ? seen : (person ?? seen ?? focus);
    focus = stepAside(carried.earlier, before, focus);
    // Someone surely a person is carried on; a name that may be no one ("Kudos", "Max") ends the carry.
    if (seen || person) carried.person = focus && surelySomeone(focus) ? focus : null;
    if (seen || coref.person) carried.fresh = true;
    const worth = worthRemembering(tokens, ctx.mode, ctx.participants, !!ctx.toAssistant);
    const previous = facts[lastOwn]?.content;
    const appraisal =
      ctx.mode === "conversation" && (details(tokens, worth, previous) || appraises(tokens, worth, previous));
    // What the statement tells as a whole, written anew ("scrap the quartz", "sqlite it is", "always ...").
    const told = toldAnew(
      coref.tokens,
      tokens,
      resolved.tokens,
      worth.why,
      ctx.speakers,
      !!ctx.toAssistant || ctx.mode === "passage",
    );
    // A group the statement opens with ("The kids loved it!"): "they" in the next message stands for it,
    // and in this one too when the statement is dropped (a kept one is joined by "they" instead).
    const opening = coref.person ? null : groupInFocus(tokens, resolved.tokens);
    if (opening && (!seen || opening.text.startsWith(`${seen.text} and `))) {
      carried.group = opening;
      carried.fresh = true;
      if (!worth.keep && !appraisal) group = opening;
    }
    // "Actually, scratch that, it's Azores now": the statement before says the new place instead.
    const fix = lastOwn >= 0 ? corrected(facts[lastOwn]!.content, joinTokens(tokens)) : null;
    if (fix) {
      const prev = facts[lastOwn]!;
      const entities = (prev.entities ?? []).map((e) => (e === fix.replaced ? fix.by : e));
      facts[lastOwn] = { ...prev, content: fix.text, entities };
      continue;
    }
    if (!worth.keep && !told && !appraisal) continue;
    let joined = told ?? joinTokens(tokens.map((t, i) => ({ ...t, text: resolved.tokens[i]! })));
    if (ctx.commitmentsOnly && !COMMITMENT.test(joined)) continue;
    // "We're thinking about going camping" after "My kids are so excited about summer break": the
    // "we" of a story the statement before began, told as one memory; so is "It was inspiring" after it.
    // An instruction to the assistant is continued by nothing ("... in typescript. our team owns the service"); one
    // pointing back goes with what it points at ("No. Please don't suggest anything like that, ever").
    const instructed = lastOwn >= 0 && TO_ASSISTANT.test(facts[lastOwn]!.content);
    const leans = appraisal || danglingPronoun(tokens) || (lastOwn >= 0 && weOpening(tokens));
    const dangling = !instructed && (told ? LIKE_THAT.test(told) : leans);
    // A memory of its own opens with no "Actually," or "But" (one that continues keeps it), nor names its subject twice.
    if (!(dangling && lastOwn >= 0)) joined = joined.replace(DISCOURSE_OPENER, "");
    if (dislocated(tokens)) joined = joined.replace(DISLOCATED, "$1 "); // "Jonas, he is" → "Jonas is"
    if (worth.reported && !told && !(dangling && lastOwn >= 0)) {
      if (!ctx.speakers.speaker) continue; // nobody to attribute it to
      // "According to Melanie, Melanie's fam ..." keeps a name's capital; "the kids ..." takes none.
      const lead = joined.split(/\s/)[0]!.replace(/(?:['’]s|,)$/, "");
      const named = lead === ctx.speakers.speaker || tokens.some((t) => t.pos === "PROPN" && t.text === lead);
      joined = `According to ${ctx.speakers.speaker}, ${named ? joined : lowerFirst(joined)}`;
    }
    const user = !!ctx.toAssistant || ctx.mode === "passage";
    const introduced = selfIntroduced(joined, ctx.speakers.speaker, user, user ? ctx.fullName : null);
    if (introduced === null) continue;
    // "hi im dani, planning a reunion": the name is a memory of its own (the same again forms nothing).
    const naming = introduced.name ? written(introduced.name, ctx, false) : null;
    if (naming) facts.push({ ...naming, entities: [ctx.speakers.speaker!] });
    joined = introduced.text;
    const fact = written(joined, ctx, isPastTense(tokens));
    if (!fact) continue;
    if (aboutListenerOnly(fact.content, ctx)) continue;
    const formed = { ...fact, entities: factEntities(tokens, coref.person, ctx.speakers, resolved) };
    const prev = dangling ? facts[lastOwn] : undefined;
    // In a passage a dangling "it" with nothing before it stands for nothing. In a chat it stands for
    // what the other person just said: kept (its search context holds that message), because
    // dropping it lost 4% of the evidence turns on LoCoMo dev (recall@10 77.7 → 73.9).
    if (dangling && !prev && ctx.mode === "passage") continue;
    // "They motivate me" after "My friends are my rocks": one memory, so that it reads alone (one of its
    // own when the two are too long for one).
    if (prev && prev.content.length + formed.content.length <= MAX_FUSED) {
      facts[lastOwn] = continued(prev, formed, ctx.occurredAt, bookedDetail(tokens, prev.content));
      continue;
    }
    // In a chat between people, the next sentence of a message mostly goes on with its story (stories.ts).
    const story = tellsStories(ctx) && !newLine ? facts[lastOwn] : undefined;
    if (story && sameStory(story, formed, ctx.occurredAt)) {
      facts[lastOwn] = continued(story, formed, ctx.occurredAt);
      continue;
    }
    facts.push(formed);
    lastOwn = facts.length - 1;
  }
  return withSharedImages(facts, photos, noted, typed);
}

/** People talking to each other (not a user to an assistant, nor a passage): a message tells a story. */
const tellsStories = (ctx: StatementContext) => ctx.mode === "conversation" && !ctx.commitmentsOnly;

export function createEmbeddedExtractor(): Extractor {
  // wink's model takes ~50 ms to load: on the first formation, not at start-up.
  let loaded: Nlp | null = null;
  const nlpOf = () => (loaded ??= createNlp());
  return {
    name: "embedded",
    extract(input: PassageInput | MessagesInput, policy: ExtractionPolicy = DEFAULT_POLICY): Fact[] {
      const user = input.user?.name?.split(/\s+/)[0] ?? "the user"; // "Margaret Hale" is Margaret in her memories
      if (input.kind === "passage") {
        const named = knownNames(input.user?.name);
        introducedNames(input.text, named);
        return statements(nlpOf(), withCapitalNames(input.text, named), {
          mode: "passage",
          fullName: input.user?.name,
          speakers: passageSpeakers(input.text, user),
          participants: new Set(),
          reference: input.occurredAt ?? input.receivedAt ?? null,
          occurredAt: input.occurredAt,
          policy,
        }).map((f, sentence) => ({ ...f, messageIndexes: [], sentence }));
      }
      const people = [...new Set((input.participants ?? input.messages.map((m) => m.speaker ?? "")).filter(Boolean))];
      const participants = new Set(people.flatMap((p) => [p.toLowerCase(), ...p.toLowerCase().split(/\s+/)]));
      // Common short forms of participants' names used as vocatives ("Mel" for Melanie).
      for (const p of people) if (p.length > 4) participants.add(p.toLowerCase().slice(0, 3));
      const withAssistant = input.messages.some((m) => m.role === "assistant");
      const facts: Fact[] = [];
      let previous: { questions: string[]; options: string[]; who: string; days: Map<number, number> | null } | null =
        null;
      const owned = new Map<string, Set<string>>();
      const ownedBy = (who: string) => owned.get(who) ?? owned.set(who, new Set()).get(who)!;
      let carry = NO_ONE; // whom the talk is about, handed from message to message (carry.ts)
      const named = knownNames(input.user?.name, input.messages); // and the names typed in lower case ("my gf lena")
      const households: Households = { we: new Map(), organised: new Set() }; // whom each speaker's "we" took in
      let thing: string | null = null; // what the user's last fact was about, which "moved it to" moves
      for (const message of input.messages) {
        if (message.role === "system" || message.role === "tool") continue;
        if (message.role !== "assistant") introducedNames(message.content, named);
        const asking: number = previous?.questions.length ?? 0; // "2 no. 1 base" answers a numbered list
        const said = withThingMoved(
          withWeekdaysDated(withCapitalNames(message.content, named), previous?.days),
          message.role === "user" ? thing : null,
        );
        const m = { ...message, content: markedItems(said, asking) };
        const speakers = speakersOf(m, people, user, withAssistant, households);
        const ctx: StatementContext = {
          mode: "conversation",
          fullName: input.user?.name,
          speakers,
          participants,
          reference: m.occurredAt ?? input.receivedAt ?? null,
          occurredAt: m.occurredAt,
          policy,
          toAssistant: withAssistant && m.role === "user",
          commitmentsOnly: m.role === "assistant",
          owned: ownedBy(speakers.speaker ?? ""),
          carried: carriedInto(carry, speakers.speaker),
          ownerAsked: ownerAsked(previous ? lastAsked(previous.questions) : undefined, carry.person),
        };
        // An assistant's own words are context (a question answered), unless the policy keeps its commitments.
        if (m.role !== "assistant" || policy.assistantCommitments) {
          const asked = previous && previous.who !== speakers.speaker ? previous : null;
          // What the statements form of a clause alone (they see who "he" is), on a copy of what is carried.
          const carried = () => ctx.carried && { ...ctx.carried, earlier: [...ctx.carried.earlier] };
          const own = (text: string) => statements(nlpOf(), text, { ...ctx, carried: carried() }).map((f) => f.content);
          const replying = { ...ctx, options: asked?.options };
          // "dress - 800 max" to an assistant answers with the topic, as the statements read it; pasted code answers nothing.
          const reply = withoutCode(ctx.toAssistant ? withDashLabels(m.content) : m.content);
          const fused = asked ? answeredEach(nlpOf(), asked.questions, asked.who, reply, replying, own) : [];
          for (const f of fused) facts.push({ ...f.fact, messageIndexes: [m.index] });
          const said = toldOfWriter(m.content, asked?.questions.join(" ")); // "get home about 8.45" is the user's
          for (const f of withoutAnswered(statements(nlpOf(), said, ctx), fused))
            facts.push({ ...f, messageIndexes: [m.index] });
        }
        const last = facts.at(-1);
        if (m.role === "user" && last?.messageIndexes.includes(m.index))
          thing = thingOf(last.content, speakers.speaker!);
        previous = {
          questions: questionsAsked(m.content, m.role === "assistant"),
          options: m.role === "assistant" ? optionsOffered(m.content) : [],
          who: speakers.speaker!,
          days: m.role === "assistant" ? weekdayDays(m.content) : null,
        };
        const question = lastAsked(previous.questions);
        // An assistant's words are not the user's talk: the user's "he" next is still theirs, or the relative asked about.
        if (m.role === "assistant" && !policy.assistantCommitments)
          carry = turnedTo(carry, askedOfUser(m.content, question, user));
        else carry = handedOn(carry, ctx.carried!, speakers.speaker!, askedAbout(nlpOf(), question, participants));
      }
      return facts;
    },
  };
}
