// The categories a fact is filed under; a project's memory policy may exclude some of them.
export type Category =
  | "preference"
  | "plan"
  | "relationship"
  | "biography"
  | "health"
  | "skill"
  | "possession"
  | "event"
  | "opinion"
  | "other";

export const CATEGORIES: readonly Category[] = [
  "preference",
  "plan",
  "relationship",
  "biography",
  "health",
  "skill",
  "possession",
  "event",
  "opinion",
  "other",
];
