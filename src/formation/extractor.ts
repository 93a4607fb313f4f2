// The extractor contract: it turns an input (a passage, or a chunk of chat messages) into facts.
// Implementations must be pure and synchronous so that forming a chunk fits in one transaction.

export interface PassageInput {
  kind: "passage";
  text: string;
  occurredAt: string | null;
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
}

export interface Fact {
  content: string;
  occurredAt: string | null;
  /** Import message indexes the fact came from (empty for a passage). */
  messageIndexes: number[];
  /** Sentence position within a passage, when split. */
  sentence?: number;
}

export interface Extractor {
  readonly name: string;
  extract(input: PassageInput | MessagesInput): Fact[];
}
