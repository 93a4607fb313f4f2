// The extractor contract: it turns an input (a passage, or a chunk of chat messages) into facts.
// Extraction may be asynchronous (an LLM); the runner extracts first and then stores the facts
// of one chunk in one transaction.

export interface PassageInput {
  kind: "passage";
  text: string;
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
}

export const DEFAULT_POLICY: ExtractionPolicy = Object.freeze({
  instructions: null,
  excludeCategories: [],
  redactSecrets: true,
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
