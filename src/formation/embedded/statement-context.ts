// What the statements of one message or passage are formed with (index.ts): who speaks, to whom, and
// what the messages before handed on.
import type { Carried } from "./carry.ts";
import type { Speakers } from "./pronouns.ts";
import type { WritingContext } from "./written.ts";

export interface StatementContext extends WritingContext {
  mode: "conversation" | "passage";
  speakers: Speakers;
  participants: ReadonlySet<string>;
  /** A user talking to an assistant: "you" is the assistant, and standing instructions to it are kept. */
  toAssistant?: boolean;
  /** An assistant's message (when the policy keeps commitments): only what it commits to doing. */
  commitmentsOnly?: boolean;
  /**
   * Whom the talk was about when this message began, carried from the message before: the person
   * ("She had to leave" after "my cousin had a tough time") and the group ("They are 6 and 8" after
   * "The kids loved it"). The statements write back whom they leave in focus, and `fresh` when they
   * named someone.
   */
  carried?: Carried;
  /** The relatives and pets the speaker has said are theirs ("my cat", "I have a cat"): "the cat" is theirs. */
  owned?: Set<string>;
  /** Whose a thing the question before asked of with "his" or "her" is ("Who is his GP?"; carry.ts). */
  ownerAsked?: (noun: string) => string | null;
  /** The user's whole name ("Margaret Hale"), whom memories call by the first ("Margaret"). */
  fullName?: string | null;
}
