import { describe, expect, test } from "bun:test";
import {
  askedStems,
  composeContext,
  CONTEXT_MAX_CHARS,
  focused,
  statedDate,
  writtenAsName,
} from "../../src/retrieval/context.ts";
import { stem } from "../../src/domain/text.ts";
import type { MemoryRow } from "../../src/domain/memory.ts";

let seq = 0;
function row(
  content: string,
  occurredAt: string | null = null,
  id = `mem_${String(++seq).padStart(26, "0")}`,
): MemoryRow {
  return {
    seq,
    id,
    project_id: "prj_x",
    status: "active",
    content,
    organization_id: null,
    user_id: null,
    application_id: null,
    agent_id: null,
    team_id: null,
    occurred_at: occurredAt,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    version: 1,
    job_id: null,
    is_sample: 0,
    context: "",
  };
}

describe("composeContext", () => {
  test("lists memories best first, one per line, with the date where it is known", () => {
    const a = row("Caroline moved to Berlin.", "2023-05-07T00:00:00.000Z");
    const b = row("Caroline likes hiking.");
    const r = composeContext([a, b]);
    expect(r).toEqual({
      object: "context",
      context: "- Caroline moved to Berlin. (7 May 2023)\n- Caroline likes hiking.",
      memory_ids: [a.id, b.id],
    });
  });

  test("an empty input gives an empty context", () => {
    expect(composeContext([])).toEqual({ object: "context", context: "", memory_ids: [] });
  });

  test("a memory given twice (best match and related) appears once, at its best place", () => {
    const a = row("A.");
    const b = row("B.");
    const r = composeContext([a, b, a, b, row("C.")]);
    expect(r.context).toBe("- A.\n- B.\n- C.");
    expect(r.memory_ids).toEqual([a.id, b.id, r.memory_ids[2]!]);
    expect(new Set(r.memory_ids).size).toBe(3);
  });

  test("holds at most 1,000 characters; a memory that does not fit whole is left out and shorter ones after it still go in", () => {
    // Nine lines of 99 characters (899 with their line breaks), one of 200 that does not fit, one of 50 that does.
    const rows = Array.from({ length: 9 }, (_, i) => row(`${i} ${"abcdefghi"[i]!.repeat(95)}`));
    const long = row(`9 ${"l".repeat(196)}`);
    const short = row(`10 ${"s".repeat(45)}`);
    const r = composeContext([...rows, long, short, row(`11 ${"t".repeat(95)}`)]);
    expect(CONTEXT_MAX_CHARS).toBe(1_000);
    expect(r.context.length).toBe(950);
    const lines = r.context.split("\n");
    expect(lines).toHaveLength(r.memory_ids.length);
    expect(r.memory_ids).toEqual([...rows.map((x) => x.id), short.id]);
    // none cut
    expect(lines.at(-1)).toBe(`- ${short.content}`);
  });

  test("a set that fills exactly 1,000 characters is kept whole", () => {
    // Ten lines of 99 characters and nine line breaks: 999; one more character fits.
    const rows = Array.from({ length: 10 }, (_, i) => row(`${i} ${"abcdefghij"[i]!.repeat(95)}`));
    rows[9] = row(`9 ${"j".repeat(96)}`);
    const r = composeContext(rows);
    expect(r.context.length).toBe(1_000);
    expect(r.memory_ids).toHaveLength(10);
  });

  test("a best memory too long on its own is cut to 1,000 characters with an ellipsis, and nothing follows it", () => {
    const long = row("z".repeat(5_000), "2024-01-01T00:00:00.000Z");
    const r = composeContext([long, row("short")]);
    expect(r.context).toHaveLength(1_000);
    expect(r.context.startsWith("- zzz")).toBe(true);
    expect(r.context.endsWith("…")).toBe(true);
    expect(r.memory_ids).toEqual([long.id]);
  });

  test("a later long memory is left out rather than cut, and the next one that fits follows", () => {
    const a = row("Short fact.");
    const c = row("Another short fact, about something else.");
    const r = composeContext([a, row("w".repeat(2_000)), c]);
    expect(r.context).toBe("- Short fact.\n- Another short fact, about something else.");
    expect(r.memory_ids).toEqual([a.id, c.id]);
  });

  test("a later memory too long whole goes in as its shorter form when that fits (its sentences that answer)", () => {
    const first = row(`Melanie paints landscapes every weekend. ${"She mixes her own colours. ".repeat(30)}`.trim());
    const story = row(
      `Melanie went camping in the forest with the kids. ${"The kids roasted marshmallows and told stories. ".repeat(4)}`.trim(),
    );
    const short = (r: MemoryRow) =>
      r === story ? { ...r, content: "Melanie went camping in the forest with the kids." } : r;
    const without = composeContext([first, story]);
    expect(without.memory_ids).toEqual([first.id]);
    const r = composeContext([first, story], () => [], short);
    expect(r.memory_ids).toEqual([first.id, story.id]);
    expect(r.context).toEndWith("\n- Melanie went camping in the forest with the kids.");
    expect(r.context.length).toBeLessThanOrEqual(CONTEXT_MAX_CHARS);
  });

  test("a memory that says nothing an earlier one does not is left out; a different number is news", () => {
    const a = row("Dana has 2 kids and a dog named Rex.");
    const repeat = row("Dana has kids and a dog named Rex!");
    const news = row("Dana has 3 kids and a dog named Rex.");
    const negated = row("Dana does not have a dog named Rex.");
    const r = composeContext([a, repeat, news, negated]);
    expect(r.memory_ids).toEqual([a.id, news.id, negated.id]);
  });

  test("memories are grouped by subject, each group headed, best group first; ids follow the text", () => {
    const entities: Record<string, string[]> = {};
    const m = (content: string, ents: string[], at: string | null = null) => {
      const r = row(content, at);
      entities[r.id] = ents;
      return r;
    };
    const a = m("Caroline went to a pride parade.", ["caroline"], "2023-06-26T10:00:00.000Z");
    const b = m("Melanie painted a lake sunrise.", ["melanie"]);
    const c = m("In July Caroline joined a support group.", ["caroline"]);
    const d = m("The weather was warm.", []);
    const r = composeContext([a, b, c, d], (id) => entities[id] ?? []);
    expect(r.context).toBe(
      [
        "Caroline:",
        "- Caroline went to a pride parade. (26 June 2023)",
        "- In July Caroline joined a support group.",
        "Melanie:",
        "- Melanie painted a lake sunrise.",
        "Other:",
        "- The weather was warm.",
      ].join("\n"),
    );
    expect(r.memory_ids).toEqual([a.id, c.id, b.id, d.id]);
  });

  test("memories of one subject and one date share a line and the date; undated ones keep a line each", () => {
    const day = "2023-05-08T10:00:00.000Z";
    const a = row("Caroline went to a support group", day);
    const b = row("Caroline is researching adoption agencies.", "2023-06-26T10:00:00.000Z");
    const c = row("Caroline felt accepted there.", day);
    const d = row("Caroline likes hiking.");
    const e = row("Caroline plays the guitar.");
    const r = composeContext([a, b, c, d, e], () => ["caroline"]);
    expect(r.context).toBe(
      [
        "- Caroline went to a support group. Caroline felt accepted there. (8 May 2023)",
        "- Caroline is researching adoption agencies. (26 June 2023)",
        "- Caroline likes hiking.",
        "- Caroline plays the guitar.",
      ].join("\n"),
    );
    expect(r.memory_ids).toEqual([a.id, c.id, b.id, d.id, e.id]);
  });

  test("a word at a sentence's start that the texts also write in lower case is no subject", () => {
    const a = row("Painting helps Caroline relax.");
    const b = row("Melanie loves painting with Caroline.");
    const entities: Record<string, string[]> = { [a.id]: ["painting", "caroline"], [b.id]: ["melanie", "caroline"] };
    const r = composeContext([a, b], (id) => entities[id] ?? []);
    expect(r.context).toBe(
      ["Caroline:", "- Painting helps Caroline relax.", "Melanie:", "- Melanie loves painting with Caroline."].join(
        "\n",
      ),
    );
  });

  test("one subject only: no heading", () => {
    const r = composeContext([row("The user lives in Berlin."), row("The user is vegetarian.")]);
    expect(r.context).toBe("- The user lives in Berlin.\n- The user is vegetarian.");
  });
});

describe("statedDate", () => {
  const at = (content: string, occurred_at: string | null) => statedDate({ content, occurred_at });
  test("a line's date is written unless its text already says it", () => {
    expect(at("Caroline went to a council meeting.", "2023-07-14T00:00:00.000Z")).toBe("14 July 2023");
    expect(at("On 14 July 2023 Caroline went to a council meeting.", "2023-07-14T00:00:00.000Z")).toBe("");
    expect(at("In the week of 26 June 2023 Caroline went to a parade.", "2023-06-26T00:00:00.000Z")).toBe("");
    expect(at("Caroline had no date.", null)).toBe("");
  });
  test("a month or a year the text names is not written as its first day", () => {
    expect(at("In August 2023 Caroline is having an art show.", "2023-08-01T00:00:00.000Z")).toBe("");
    expect(at("Melanie camped in 2022 and saw the Perseids.", "2022-01-01T00:00:00.000Z")).toBe("");
    // The day is news when the text only names the month or the year.
    expect(at("In August 2023 Caroline is having an art show.", "2023-08-05T00:00:00.000Z")).toBe("5 August 2023");
    expect(at("Melanie camped in 2022.", "2022-03-01T00:00:00.000Z")).toBe("1 March 2022");
    // A number that is not the year, and a longer one holding it, do not count.
    expect(at("Melanie ran 20221 metres.", "2022-01-01T00:00:00.000Z")).toBe("1 January 2022");
  });
  test("in a context, a line that says its date has no date after it", () => {
    const r = composeContext([row("On 14 July 2023 Caroline went to a council meeting.", "2023-07-14T00:00:00.000Z")]);
    expect(r.context).toBe("- On 14 July 2023 Caroline went to a council meeting.");
  });
});

describe("writtenAsName", () => {
  test("capitalised inside a sentence, or never in lower case, is a name", () => {
    expect(writtenAsName("caroline", ["Caroline went home.", "Melanie met Caroline."])).toBe(true);
    expect(writtenAsName("dana", ["Dana lives in Berlin."])).toBe(true);
    expect(writtenAsName("new york", ["They moved to New York."])).toBe(true);
    expect(writtenAsName("painting", ["Painting helps Caroline.", "Melanie loves painting."])).toBe(false);
    expect(writtenAsName("glad", ["Glad Maria could help.", "Maria is glad."])).toBe(false);
  });
});

describe("focused", () => {
  const asked = new Set(["camp"]);
  test("keeps the sentences that share a stem with the question", () => {
    const r = row("Melanie went camping in the forest. The kids loved it. She camped again in June.");
    expect(focused(r, asked).content).toBe("Melanie went camping in the forest. She camped again in June.");
    expect(focused(r, asked).id).toBe(r.id);
  });
  test("keeps the whole memory when every sentence shares a word, or it is one sentence", () => {
    const every = row("Melanie camps. She camped twice.");
    const one = row("The kids loved it and Melanie went camping.");
    for (const r of [every, one]) expect(focused(r, asked)).toBe(r);
  });
  test("a kept sentence that leans on the one before keeps it: no dangling 'it' or 'they'", () => {
    const r = row(
      "Caroline went to a pride parade in June. It showed her how the camp community has grown. She paints.",
    );
    expect(focused(r, asked).content).toBe(
      "Caroline went to a pride parade in June. It showed her how the camp community has grown.",
    );
  });
  test("the first sentence stays when a later one shares the word: it names the thing the later one points at", () => {
    const r = row(
      'Caroline loved "Becoming Nicole" by Amy Ellis Nutt. It made her hopeful. She would camp with it. She paints.',
    );
    expect(focused(r, asked).content).toBe(
      'Caroline loved "Becoming Nicole" by Amy Ellis Nutt. She would camp with it.',
    );
  });
  test("a story's opening goes when a later sentence answers and points back at nothing", () => {
    const r = row(
      "Caroline is going to a transgender conference in July 2023. Caroline is so excited to meet other people at the camp.",
    );
    expect(focused(r, asked).content).toBe("Caroline is so excited to meet other people at the camp.");
  });
  test("what the memory shows stays: a caption names the concrete things in other words", () => {
    const r = row(
      "Melanie's kids loved it. They made something with clay. Melanie shared a photo of a cup with a dog face on it.",
    );
    expect(focused(r, asked).content).toBe(
      "Melanie's kids loved it. Melanie shared a photo of a cup with a dog face on it.",
    );
  });
  test("when no sentence shares a word, the first sentence (which names what it is about) stands for the memory", () => {
    const r = row(
      "Melanie went to the museum with the kids. The dinosaur exhibit was their favourite. They left at five.",
    );
    expect(focused(r, asked).content).toBe("Melanie went to the museum with the kids.");
  });
});

describe("askedStems", () => {
  const answers = [
    row("Caroline went to an LGBTQ support group."),
    row("Caroline paints sunsets."),
    row("Caroline joined a mentorship program."),
  ];
  test("a name most answers write is no help in telling sentences apart; one only some write is kept", () => {
    const asked = askedStems("How is Caroline part of the LGBTQ community?", ["caroline", "lgbtq"], answers);
    expect(asked.has("caroline")).toBe(false);
    expect(asked.has("lgbtq")).toBe(true);
    expect(asked.has(stem("community"))).toBe(true);
  });
});

describe("composeContext with characters outside the Basic Multilingual Plane", () => {
  // The cut is made at a UTF-16 code unit: it must step back rather than leave a lone surrogate.
  test("cutting an over-long memory never splits a surrogate pair", () => {
    const r = composeContext([row("🎉".repeat(600))]);
    expect(r.context.length).toBeLessThanOrEqual(1_000);
    expect(r.context.isWellFormed()).toBe(true);
  });
});
