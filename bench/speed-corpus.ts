// The corpus and questions of bench/retrieval-speed.ts: realistic conversations, repeated with other
// people's names until a project holds as many memories as wanted. A round is the three LoCoMo dev
// conversations (../shared/eval-data/locomo-dev), each with a new pair of speaker names (every
// occurrence of the original names and nicknames replaced, in turns and in questions), each followed
// by two of the user–assistant chats of test/fixtures/assistant-chats with a new user: a name
// the user states and a scope.user_id of their own (about 11% of a round's messages). Questions:
// every dev question (all five categories) renamed to the speakers of a round in the project, and
// the long user messages of the chats (what an agent sends as its query), in a seeded order.
import type { Database } from "bun:sqlite";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..");
const DEV = resolve(ROOT, "../shared/eval-data/locomo-dev");
const CHATS = join(ROOT, "test/fixtures/assistant-chats");

export interface ImportMessage {
  role: "user" | "assistant";
  content: string;
  speaker?: string;
  occurred_at?: string;
}
export interface ImportRequest {
  messages: ImportMessage[];
  scope?: Record<string, string>;
}
interface Turn {
  sample_id: string;
  session: number;
  timestamp: string;
  turn_index: number;
  dia_id: string;
  speaker: string;
  text: string;
  blip_caption: string | null;
}
interface Chat {
  scope: { user_id: string };
  occurred_at: string;
  user_name: string | null;
  messages: Array<{ role: "user" | "assistant"; content: string }>;
}

const readJsonl = <T>(file: string) =>
  readFileSync(join(DEV, file), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as T);
const turns = readJsonl<Turn>("turns.jsonl");
const qa = readJsonl<{
  sample_id: string;
  question: string;
  category: number;
  evidence: string[];
  evidence_audit?: string[];
}>("qa.jsonl");
const SAMPLES = [...new Set(turns.map((t) => t.sample_id))].sort();
const chats = readdirSync(CHATS)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(CHATS, f), "utf8")) as Chat);

/** The two speakers of each dev conversation, and the nicknames the other one uses. */
const SPEAKERS = new Map(
  SAMPLES.map((s) => {
    const names = [...new Set(turns.filter((t) => t.sample_id === s).map((t) => t.speaker))];
    return [s, names] as const;
  }),
);
const NICKNAMES: Record<string, string[]> = { Melanie: ["Mel"], Caroline: ["Caro"] };

// First names that are not also common English words; speakers and chat users draw from separate lists.
const SPEAKER_NAMES =
  "Ava Leo Zoe Omar Priya Mateo Ingrid Kofi Hana Ravi Elena Tariq Sofia Lars Amara Diego Yuki Felix Nadia Idris Clara Tomas Leila Bruno Anika Malik Greta Pablo Sana Tobias Irene Kenji Lucia Anton Maya Emil Farah Hugo Noemi Arjun Vera Stefan Ines Dario Mira Oskar Talia Nikhil Rosa Viktor Alma Rahul Selma Marco Elif Henrik Dalia Ivan Chiara Samir Freya Luca Aisha Gustav Nora Rafael Lina Mohan Astrid Enzo Yara Pavel Camila Ahmed Sigrid Andre Zara Milan Esther Kwame Bogdan Cyrus Dunja Elio Fenna Gael Hiroshi Ilona Jovan Kaveh Ludmila Matteo Nkechi Olek Pilar Quim Radek Sunniva Teodor Ulla Vesna Wiktor Xiomara Yasmin Zoltan Aurelio Branka Cosmin Dorota Evander Filippa Goran Halvard Ioana Jarek Kalinda Liesel Marius Nerea Otto Paulina Rustam Sabine Tancredi Urszula Valentin Wanjiru Xaver Yevgenia Zuzana".split(
    " ",
  );
const USER_NAMES =
  "Beatriz Callum Daphne Eamon Fatima Gideon Helga Imran Juno Kasimir Lorena Magnus Nadine Orla Petra Quentin Rania Soren Thea Umar Valeria Wendel Ximena Yusuf Zelda Anselm Birgit Cosimo Dagny Emeka Fiona Gunnar Hedda Ilse Joaquin Katya Linus Marisol Nils Odile".split(
    " ",
  );

/**
 * The speakers of dev conversation `c` in round `r`. A name plays the same person again only after 130
 * rounds (else that person's facts would be the same facts again, which formation skips, and the
 * questions of that round would find the earlier round's memories; a 100k fill of one memory per story
 * takes 106 rounds), and the six names of a round are distinct.
 */
function speakerPair(r: number, c: number): [string, string] {
  const n = SPEAKER_NAMES.length;
  return [SPEAKER_NAMES[(r + 13 * 2 * c) % n]!, SPEAKER_NAMES[(r + 13 * (2 * c + 1)) % n]!];
}
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Replaces whole-word occurrences of each original name (and its nicknames) by its new name. */
function renamer(originals: string[], names: string[]): (text: string) => string {
  const map = new Map<string, string>();
  originals.forEach((o, i) => {
    for (const w of [o, ...(NICKNAMES[o] ?? [])]) map.set(w, names[i]!);
  });
  const re = new RegExp(`\\b(${[...map.keys()].map(escapeRegExp).join("|")})\\b`, "g");
  return (text) => text.replace(re, (w) => map.get(w)!);
}
/** Dev conversation `c` (0-2) of round `r`: its renaming. */
const devRename = (r: number, c: number) => renamer(SPEAKERS.get(SAMPLES[c]!)!, speakerPair(r, c));
/** The user of chat `c` (0-5) in round `r`. */
const chatUser = (r: number, c: number) => USER_NAMES[(r * chats.length + c) % USER_NAMES.length]!;

function chatRequest(r: number, c: number): ImportRequest {
  const chat = chats[c]!;
  const name = chatUser(r, c);
  const rename = chat.user_name ? renamer([chat.user_name], [name]) : (t: string) => t;
  // Two years back (the fixtures' dates are near today or later: the API refuses the future), a day per round.
  const when = new Date(Date.parse(chat.occurred_at) + r * 86_400_000);
  when.setUTCFullYear(when.getUTCFullYear() - 2);
  const at = when.toISOString();
  let introduced = !!chat.user_name;
  const messages = chat.messages.map((m) => {
    let content = rename(m.content);
    if (m.role === "user" && !introduced) {
      content = `I'm ${name}. ${content}`; // every repetition's user says who they are
      introduced = true;
    }
    return { role: m.role, content, occurred_at: at };
  });
  return { messages, scope: { user_id: `${chat.scope.user_id}-${r}` } };
}

/** The imports of round `r`, in order: each dev session, two chats after each conversation. */
export function roundRequests(r: number): ImportRequest[] {
  const out: ImportRequest[] = [];
  SAMPLES.forEach((sample, c) => {
    const rename = devRename(r, c);
    const sessions = new Map<number, Turn[]>();
    for (const t of turns.filter((x) => x.sample_id === sample))
      sessions.set(t.session, [...(sessions.get(t.session) ?? []), t]);
    for (const [, session] of [...sessions].sort((a, b) => a[0] - b[0])) {
      session.sort((a, b) => a.turn_index - b.turn_index);
      out.push({
        messages: session.map((t) => ({
          role: "user",
          speaker: rename(t.speaker),
          content: rename(t.blip_caption ? `${t.text} [shares a photo: ${t.blip_caption}]` : t.text),
          occurred_at: `${t.timestamp}Z`,
        })),
      });
    }
    const per = Math.ceil(chats.length / SAMPLES.length);
    for (let k = c * per; k < Math.min(chats.length, (c + 1) * per); k++) out.push(chatRequest(r, k));
  });
  return out;
}

/** Messages of one round: dev turns and chat messages (the chats' share of the corpus). */
export function roundShape(): { devMessages: number; chatMessages: number } {
  return { devMessages: turns.length, chatMessages: chats.reduce((n, c) => n + c.messages.length, 0) };
}

/** Dev question `i` (of qa.jsonl) as asked among `rounds` rounds: renamed to the speakers of round i mod rounds. */
function devQuestion(i: number, rounds: number): { question: string; round: number } {
  const round = i % Math.max(1, rounds);
  return { question: devRename(round, SAMPLES.indexOf(qa[i]!.sample_id))(qa[i]!.question), round };
}

/**
 * The dev questions of categories 1-4 as `speedQuestions` asks them, with their evidence turns
 * (audit-corrected labels, as bench/retrieval-quality.ts) keyed `round:sample:dia_id`.
 */
export function devEvidence(rounds: number): Array<{ question: string; category: number; evidence: string[] }> {
  return qa.flatMap((q, i) => {
    const evidence = q.evidence_audit ?? q.evidence;
    if (q.category === 5 || evidence.length === 0) return [];
    const { question, round } = devQuestion(i, rounds);
    return [{ question, category: q.category, evidence: evidence.map((e) => `${round}:${q.sample_id}:${e}`) }];
  });
}

/**
 * The dev turns each memory of a filled data directory was formed from (`round:sample:dia_id`, as
 * `devEvidence` keys them): its versions' import job and message indexes, the jobs in the order
 * `roundRequests` made them (a round's imports: each dev session, two chats after each conversation).
 */
export function formedTurns(db: Database): (memoryId: string) => string[] {
  const sources: Array<string[] | null> = [];
  SAMPLES.forEach((sample, c) => {
    const sessions = [...new Set(turns.filter((t) => t.sample_id === sample).map((t) => t.session))].sort(
      (a, b) => a - b,
    );
    for (const session of sessions)
      sources.push(
        turns
          .filter((t) => t.sample_id === sample && t.session === session)
          .sort((a, b) => a.turn_index - b.turn_index)
          .map((t) => `${sample}:${t.dia_id}`),
      );
    const per = Math.ceil(chats.length / SAMPLES.length);
    for (let k = c * per; k < Math.min(chats.length, (c + 1) * per); k++) sources.push(null);
  });
  const jobs = new Map(
    db
      .query<{ id: string }, []>("SELECT id FROM jobs ORDER BY rowid")
      .all()
      .map((j, n) => [j.id, { round: Math.floor(n / sources.length), dias: sources[n % sources.length] }] as const),
  );
  const versions = db.query<{ source: string }, [string]>("SELECT source FROM memory_versions WHERE memory_id = ?");
  return (memoryId) =>
    versions.all(memoryId).flatMap((v) => {
      const source = JSON.parse(v.source) as { job_id?: string; message_indexes?: number[] };
      const job = source.job_id ? jobs.get(source.job_id) : undefined;
      if (!job?.dias) return [];
      return (source.message_indexes ?? []).flatMap((i) => (job.dias![i] ? [`${job.round}:${job.dias![i]}`] : []));
    });
}

/** The questions, in a seeded order, each renamed to a round among the first `rounds` (complete ones). */
export function speedQuestions(rounds: number): string[] {
  const n = Math.max(1, rounds);
  const dev = qa.map((_, i) => devQuestion(i, n).question);
  let i = 0;
  const asked = chats.flatMap((chat, c) =>
    chat.messages
      .filter((m) => m.role === "user" && m.content.length >= 60)
      .map((m) => {
        const r = i++ % n;
        return chat.user_name ? renamer([chat.user_name], [chatUser(r, c)])(m.content) : m.content;
      }),
  );
  const all = [...dev, ...asked];
  let seed = 7;
  const rand = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  for (let k = all.length - 1; k > 0; k--) {
    const j = Math.floor(rand() * (k + 1));
    [all[k], all[j]] = [all[j]!, all[k]!];
  }
  return all;
}
