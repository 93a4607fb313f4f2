// The LLM extractor against a local HTTP server that speaks the chat completions protocol: the real
// `openai` client and our parsing run; only the model's answers are canned.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { createLlmExtractor } from "../../src/formation/llm-extractor.ts";
import { hasFirstPerson, toThirdPerson } from "../../src/formation/llm-checks.ts";
import { DEFAULT_POLICY } from "../../src/formation/extractor.ts";
import { fixedClock } from "../../src/shared/clock.ts";
import { createHarness } from "../helpers.ts";

type Reply = { status?: number; content?: string; delayMs?: number };
let replies: Reply[] = [];
const requests: Array<{
  model: string;
  messages: Array<{ role: string; content: string }>;
  response_format?: { type: string };
}> = [];
let server: ReturnType<typeof Bun.serve>;

function answer(facts: unknown[]): Reply {
  return { content: JSON.stringify({ facts }) };
}

beforeAll(() => {
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (req.method !== "POST" || url.pathname !== "/v1/chat/completions")
        return new Response("not found", { status: 404 });
      requests.push(await req.json());
      const r = replies.shift() ?? { status: 500 };
      if (r.delayMs) await Bun.sleep(r.delayMs); // the fake upstream is slow on purpose (a timeout test); no test waits on it
      if (r.status && r.status !== 200)
        return Response.json({ error: { message: "upstream says no" } }, { status: r.status });
      return Response.json({
        id: "chatcmpl-1",
        object: "chat.completion",
        created: 1,
        model: "canned",
        choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: r.content ?? "" } }],
      });
    },
  });
});
afterAll(() => server.stop(true));
afterEach(() => {
  replies = [];
  requests.length = 0;
});

const config = () => ({
  baseUrl: `http://127.0.0.1:${server.port}/v1`,
  model: "canned",
  apiKey: "test",
  timeoutMs: 2_000,
  maxRetries: 0,
});
const messages = {
  kind: "messages" as const,
  participants: ["Caroline", "Melanie"],
  messages: [
    {
      index: 4,
      role: "user",
      speaker: "Caroline",
      content: "I went to a support group yesterday.",
      occurredAt: "2023-05-08T13:56:00.000Z",
    },
    {
      index: 5,
      role: "user",
      speaker: "Melanie",
      content: "My password is hunter2 and I love pottery.",
      occurredAt: "2023-05-08T13:57:00.000Z",
    },
  ],
};

describe("the LLM extractor", () => {
  test("sends the messages with a JSON schema and turns the answer into facts with their sources", async () => {
    replies.push(
      answer([
        {
          content: "Caroline went to a support group on 7 May 2023.",
          occurred_at: "2023-05-07",
          message_indexes: [4],
          category: "event",
        },
        { content: "Melanie loves pottery.", occurred_at: null, message_indexes: [5], category: "preference" },
      ]),
    );
    const facts = await createLlmExtractor(config()).extract(messages, DEFAULT_POLICY);
    expect(facts).toEqual([
      {
        content: "Caroline went to a support group on 7 May 2023.",
        occurredAt: "2023-05-07T00:00:00.000Z",
        messageIndexes: [4],
        category: "event",
        entities: ["Caroline"],
      },
      {
        content: "Melanie loves pottery.",
        occurredAt: "2023-05-08T13:57:00.000Z",
        messageIndexes: [5],
        category: "preference",
        entities: ["Melanie"],
      },
    ]);
    const sent = requests[0]!;
    expect(sent.model).toBe("canned");
    expect(sent.response_format?.type).toBe("json_schema");
    expect(JSON.parse(sent.messages[1]!.content).messages.map((m: { index: number }) => m.index)).toEqual([4, 5]);
  });

  test("applies the project's policy: instructions reach the model, excluded categories and secrets never come back", async () => {
    replies.push(
      answer([
        {
          content: "Melanie's card 4111 1111 1111 1111 was replaced.",
          occurred_at: null,
          message_indexes: [5],
          category: "event",
        },
      ]),
    );
    expect((await createLlmExtractor(config()).extract(messages, DEFAULT_POLICY)).map((f) => f.content)).toEqual([
      "Melanie's card [redacted] was replaced.",
    ]);
    replies.push(
      answer([
        { content: "Melanie's password is hunter2.", occurred_at: null, message_indexes: [5], category: "other" },
        { content: "Melanie loves pottery.", occurred_at: null, message_indexes: [5], category: "preference" },
        { content: "A fact from another chunk.", occurred_at: null, message_indexes: [99], category: "other" },
      ]),
    );
    const facts = await createLlmExtractor(config()).extract(messages, {
      instructions: "Only keep hobbies.",
      excludeCategories: ["preference"],
      redactSecrets: true,
      assistantCommitments: false,
    });
    expect(facts).toEqual([]); // the credential statement is dropped whole; the preference is excluded; index 99 is not in the chunk
    expect(requests[1]!.messages[0]!.content).toContain("Only keep hobbies.");
  });

  test.each([
    ["an HTTP 500", { status: 500 }],
    ["an answer that is not JSON", { content: "Sure! Here are the facts: ..." }],
    ["JSON that does not match the schema", { content: JSON.stringify({ facts: [{ text: "x" }] }) }],
    ["a timeout", { delayMs: 3_000, content: JSON.stringify({ facts: [] }) }],
  ])("%s is an error, never an empty result", async (_, reply) => {
    replies.push(reply);
    await expect(
      createLlmExtractor({ ...config(), timeoutMs: 300 }).extract(messages, DEFAULT_POLICY),
    ).rejects.toThrow();
  });
});

const chat = (name: string | null) => ({
  kind: "messages" as const,
  user: { name },
  messages: [
    { index: 0, role: "system", speaker: null, content: "You are a helpful assistant.", occurredAt: null },
    {
      index: 1,
      role: "user",
      speaker: null,
      content: "I moved to Berlin. Can you help me find a flat?",
      occurredAt: null,
    },
    {
      index: 2,
      role: "assistant",
      speaker: null,
      content: "Sure. Use a WBS search. I will remind you on Friday to send the documents.",
      occurredAt: "2026-11-23T10:00:00.000Z",
    },
    { index: 3, role: "user", speaker: null, content: "Yes please, two rooms.", occurredAt: null },
  ],
});
const fact = (content: string, indexes: number[], category = "other") => ({
  content,
  occurred_at: null,
  message_indexes: indexes,
  category,
});

describe("the LLM extractor follows who said it (issue 11)", () => {
  test("the prompt states the rules and carries the user's name and each message's role", async () => {
    replies.push(answer([]));
    await createLlmExtractor(config()).extract(chat("Dana"), DEFAULT_POLICY);
    const [system, user] = requests[0]!.messages;
    expect(system!.content).toContain('role "assistant", "system" or "tool" are context only');
    expect(system!.content).toContain("Never write a fact about what the assistant");
    expect(system!.content).toContain("what one message tells of one story is one fact");
    expect(system!.content).toContain("A reply to a numbered list of questions answers each of them");
    expect(system!.content).toContain('"We" is the speaker with the people they name');
    const sent = JSON.parse(user!.content);
    expect(sent.user_name).toBe("Dana");
    expect(sent.messages.map((m: { role: string }) => m.role)).toEqual(["system", "user", "assistant", "user"]);

    replies.push(answer([]));
    await createLlmExtractor(config()).extract(
      { kind: "passage", text: "I moved to Berlin.", occurredAt: null },
      { ...DEFAULT_POLICY, assistantCommitments: true },
    );
    expect(JSON.parse(requests[1]!.messages[1]!.content).user_name).toBeNull();
    expect(requests[1]!.messages[0]!.content).toContain("a commitment the assistant makes to the user is a fact");
  });

  test("a fact from the assistant's or the system's words alone is dropped; one that fuses a user's answer with the question is kept", async () => {
    const facts = [
      fact("A WBS search helps to find a flat in Berlin.", [2]),
      fact("The assistant is a helpful assistant.", [0]),
      fact("The assistant will remind Dana on Friday 27 November 2026 to send the documents.", [2], "plan"),
      fact("Dana is looking for a two-room flat in Berlin.", [2, 3], "plan"),
    ];
    replies.push(answer(facts));
    expect((await createLlmExtractor(config()).extract(chat("Dana"), DEFAULT_POLICY)).map((f) => f.content)).toEqual([
      "Dana is looking for a two-room flat in Berlin.",
    ]);

    replies.push(answer(facts));
    const kept = await createLlmExtractor(config()).extract(chat("Dana"), {
      ...DEFAULT_POLICY,
      assistantCommitments: true,
    });
    expect(kept.map((f) => [f.content, f.messageIndexes])).toEqual([
      ["The assistant will remind Dana on Friday 27 November 2026 to send the documents.", [2]],
      ["Dana is looking for a two-room flat in Berlin.", [2, 3]],
    ]); // the assistant's advice stays out even then: it is not about "the assistant"
  });

  test('a bare "I" becomes the user\'s name, or "the user" when the name is unknown', async () => {
    const facts = [
      fact("I moved to Berlin.", [1], "event"),
      fact("My new flat must have two rooms and I am looking for one.", [3], "plan"),
      fact("I will remind you on Friday.", [2], "plan"),
    ];
    const commitments = { ...DEFAULT_POLICY, assistantCommitments: true };
    replies.push(answer(facts));
    expect((await createLlmExtractor(config()).extract(chat("Dana"), commitments)).map((f) => f.content)).toEqual([
      "Dana moved to Berlin.",
      "Dana's new flat must have two rooms and Dana is looking for one.",
    ]); // "I" in the assistant's words cannot be the user: dropped
    replies.push(answer(facts));
    const unnamed = await createLlmExtractor(config()).extract(chat(null), DEFAULT_POLICY);
    expect(unnamed.map((f) => f.content)).toEqual([
      "The user moved to Berlin.",
      "The user's new flat must have two rooms and the user is looking for one.",
    ]);
    expect(unnamed[0]!.entities).toEqual(["Berlin"]);

    replies.push(answer([fact("I have a sister and I love pottery.", [])]));
    expect(
      await createLlmExtractor(config()).extract(
        { kind: "passage", text: "I have a sister. I love pottery.", user: { name: "Dana" }, occurredAt: null },
        DEFAULT_POLICY,
      ),
    ).toMatchObject([{ content: "Dana has a sister and Dana loves pottery." }]);
  });

  test("first person from two named speakers at once is dropped; one named speaker is named", async () => {
    replies.push(answer([fact("I went to a support group on 7 May 2023.", [4]), fact("I love pottery too.", [4, 5])]));
    expect((await createLlmExtractor(config()).extract(messages, DEFAULT_POLICY)).map((f) => f.content)).toEqual([
      "Caroline went to a support group on 7 May 2023.",
    ]);
  });
});

describe("first person to third", () => {
  test.each([
    [
      "I am a backend engineer at Stripe.",
      "Dana is a backend engineer at Stripe.",
      "The user is a backend engineer at Stripe.",
    ],
    [
      "I'm vegetarian since January 2024.",
      "Dana is vegetarian since January 2024.",
      "The user is vegetarian since January 2024.",
    ],
    [
      "I have two cats; my dog is Rex.",
      "Dana has two cats; Dana's dog is Rex.",
      "The user has two cats; the user's dog is Rex.",
    ],
    ["I was born in Lisbon.", "Dana was born in Lisbon.", "The user was born in Lisbon."],
    ["I no longer eat meat.", "Dana no longer eats meat.", "The user no longer eats meat."],
    [
      "I went to Paris and I study there.",
      "Dana went to Paris and Dana studies there.",
      "The user went to Paris and the user studies there.",
    ],
    ["My wife and I love hiking.", "Dana's wife and Dana love hiking.", "The user's wife and the user love hiking."],
    [
      "Ana called me. The red car is mine.",
      "Ana called Dana. The red car is Dana's.",
      "Ana called the user. The red car is the user's.",
    ],
  ])("%s", (text, named, unnamed) => {
    expect(hasFirstPerson(text)).toBe(true);
    expect(toThirdPerson(text, "Dana")).toBe(named);
    expect(toThirdPerson(text, null)).toBe(unnamed);
  });

  test("a numeral and a quotation are not first person", () => {
    expect(hasFirstPerson("Dana has Type I diabetes.")).toBe(false);
    expect(hasFirstPerson('Dana\'s motto is "I can do it".')).toBe(false);
  });
});

describe("formation with the LLM extractor", () => {
  test("a failing model retries the job with backoff and loses nothing; once it answers, the facts are formed once", async () => {
    const clock = fixedClock("2026-11-23T10:00:00.000Z");
    const h = await createHarness({ clock, extractor: createLlmExtractor(config()) });
    try {
      const r = await h.call("POST", "/v1/memories/import", {
        body: { messages: [{ role: "user", speaker: "Ana", content: "I adopted a cat named Miso." }] },
      });
      expect(r.status).toBe(202);
      replies.push({ status: 503 });
      await h.form();
      const job = h.engram.db
        .query<{ status: string; attempts: number; run_after: string; last_error: string }, []>(
          "SELECT status, attempts, run_after, last_error FROM jobs",
        )
        .get()!;
      expect(job).toMatchObject({ status: "queued", attempts: 1 });
      expect(Date.parse(job.run_after)).toBeGreaterThan(clock.now().getTime());
      expect(await h.form()).toBe(0); // not ready before its backoff

      clock.advance(60_000);
      replies.push(
        answer([
          { content: "Ana adopted a cat named Miso.", occurred_at: null, message_indexes: [0], category: "possession" },
        ]),
      );
      await h.form();
      const list = await (await h.call("GET", "/v1/memories")).json();
      expect(list.data.map((m: { content: string }) => m.content)).toEqual(["Ana adopted a cat named Miso."]);
      const inspect = await (await h.call("GET", `/v1/memories/${list.data[0].id}/inspect`)).json();
      expect(inspect.versions[0].source).toMatchObject({ type: "import", message_indexes: [0] });
    } finally {
      await h.close();
    }
  });
});
