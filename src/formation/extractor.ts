// The extractor contract: it turns an input (a passage, or a chunk of chat messages) into facts.
// Extraction may be asynchronous (an LLM); the runner extracts first and then stores the facts
// of one chunk in one transaction.

/**
 * The person a write is about: first person in a passage, and an unnamed `user` message in an
 * import. `name` when it is known (said in this or an earlier write of the same scope: "I'm Dana");
 * otherwise facts call them "the user", never a bare "I".
 */
export interface UserIdentity {
  name: string | null;
}

export interface PassageInput {
  kind: "passage";
  text: string;
  user?: UserIdentity;
  occurredAt: string | null;
  /** When the write was accepted: relative dates resolve against it when occurredAt is unknown. */
  receivedAt?: string;
}

export interface MessageInput {
  index: number; // position in the import request
  role: string;
  speaker: string | null;
  content: string;
  occurredAt: string | null;
}

export interface MessagesInput {
  kind: "messages";
  user?: UserIdentity;
  messages: MessageInput[];
  /** Every speaker of the whole conversation (not only this chunk), for "you" and vocatives. */
  participants?: string[];
  /** When the write was accepted: relative dates resolve against it when a message has no time. */
  receivedAt?: string;
}

/** The project's memory policy as extraction sees it (shared by every key of the project). */
export interface ExtractionPolicy {
  /** Free-text instructions for the LLM extractor. */
  instructions: string | null;
  /** Categories of facts not to store (preference, plan, relationship, biography, health, skill, possession, event, opinion, other). */
  excludeCategories: readonly string[];
  /** Redact secrets (API keys, passwords, card numbers); on by default. */
  redactSecrets: boolean;
  /**
   * Keep an assistant's commitments to the user ("I will remind you on Friday") as memories. Off by
   * default: an assistant's own words are context, never memories on their own.
   */
  assistantCommitments: boolean;
}

export const DEFAULT_POLICY: ExtractionPolicy = Object.freeze({
  instructions: null,
  excludeCategories: [],
  redactSecrets: true,
  assistantCommitments: false,
});

export interface Fact {
  content: string;
  occurredAt: string | null;
  /** Import message indexes the fact came from (empty for a passage). */
  messageIndexes: number[];
  /** Sentence position within a passage, when split. */
  sentence?: number;
  category?: string;
  /** Names of people, places and things the fact is about (for relationships). */
  entities?: string[];
}

export interface Extractor {
  readonly name: string;
  extract(input: PassageInput | MessagesInput, policy?: ExtractionPolicy): Fact[] | Promise<Fact[]>;
}
