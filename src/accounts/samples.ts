// Sample memories of every new account's Demo Project: they show list, search, recall and context.
// They do not count toward the stored-memory limit.
import type { Scope } from "../domain/scope.ts";

export const SAMPLE_MEMORIES: ReadonlyArray<{ content: string; scope: Scope; occurred_at: string | null }> = [
  { content: "Ada prefers to be contacted by email rather than phone.", scope: { user_id: "ada" }, occurred_at: null },
  { content: "Ada is allergic to peanuts.", scope: { user_id: "ada" }, occurred_at: null },
  {
    content: "Ada moved from London to Lisbon in March 2024.",
    scope: { user_id: "ada" },
    occurred_at: "2024-03-01T00:00:00.000Z",
  },
  {
    content: "Ada adopted a golden retriever named Biscuit.",
    scope: { user_id: "ada" },
    occurred_at: "2024-06-15T00:00:00.000Z",
  },
  {
    content: "Ada works as a data engineer at a renewable energy company.",
    scope: { user_id: "ada" },
    occurred_at: null,
  },
  {
    content: "Ada is training for the Lisbon half marathon in October.",
    scope: { user_id: "ada" },
    occurred_at: "2024-08-02T00:00:00.000Z",
  },
  {
    content: "The support agent should answer in British English.",
    scope: { agent_id: "support-bot" },
    occurred_at: null,
  },
];
