// Questions an assistant asks one after another (issue 11): "Which hip is it, is it a full or partial
// replacement, and how old is she?" is three questions, and "left. full replacement. shes 79" answers
// each in turn; a yes or a no answers the question of yes or no it names, and an age the one asking how old.
import { describe, expect, test } from "bun:test";
import { withAssistant } from "./embedded-support.ts";

const AT = "2026-06-10T10:00:00.000Z";
const HIP = "my mum is having a hip replacement next month";

describe("questions asked one after another", () => {
  test("'left. full replacement. shes 79' answers three questions of one sentence, and 'left' is no one's state", () => {
    const facts = withAssistant(
      [
        HIP,
        "I'm sorry to hear that. Which hip is it, is it a full or partial replacement, and how old is she?",
        "left. full replacement. shes 79",
      ],
      "user",
      AT,
    );
    expect(facts).toContain(
      'Asked "Which hip is it, is it a full or partial replacement?", the user answered "left, full replacement".',
    );
    expect(facts).toContain("The user's mum is 79.");
    expect(facts.join(" ")).not.toContain("The user is left");
  });

  test("a numbered list: an age goes to the question asking how old, not to the answer before it", () => {
    const facts = withAssistant(
      [
        HIP,
        "A few questions:\n\n1. Which hip, and was it a total replacement or a partial (half) one?\n2. How old is she, and what's the house like?\n3. What walking aid is she using?",
        "left. full replacement. shes 79. 2 storey house, bathroom upstairs",
      ],
      "user",
      AT,
    );
    expect(facts).toContain(
      'Asked "Which hip, and was it a total replacement or a partial (half) one?", the user answered "left; full replacement".',
    );
    expect(facts).toContain("The user's mum is 79.");
  });

  test("'no allergies' to 'How old is he, and does he have any allergies?' is a no of the son's", () => {
    const said = ["my son starts nursery in january", "Exciting! How old is he, and does he have any allergies?"];
    const facts = withAssistant([...said, "hes 3 in feb. no allergies"], "user", AT);
    expect(facts).toContain("The user's son does not have any allergies.");
    expect(facts).toContain("The user's son is 3 in February 2027.");
    expect(withAssistant([said[0]!, "Exciting! Does he have any allergies?", "no"], "user", AT)).toContain(
      "The user's son does not have any allergies.",
    );
  });

  test("'full rewrite yes' answers the question of yes or no that names a rewrite, not the one before it", () => {
    const facts = withAssistant(
      [
        "Here are three directions for the reading: a poem, a letter, a list.\n\nWhich direction would suit her best? And do you want me to rewrite the full eulogy now?",
        "full rewrite yes. the list for her",
      ],
      "assistant",
      AT,
    );
    expect(facts).toContain(
      'Asked "Does the user want the assistant to rewrite the full eulogy now?", the user answered "full rewrite yes".',
    );
  });

  test("a reply answering the clauses together is fused with the whole question (guard)", () => {
    expect(
      withAssistant(["Which way do you sell them, and what's your cut?", "As agent, we take 35%."], "assistant", AT),
    ).toContain(
      'Asked "Which way does the user sell them, and what\'s the user\'s cut?", the user answered "As agent".',
    );
  });

  test("'…, and if so, where …?' and 'a plan — what to ask for, and when to book it?' are one question each (guard)", () => {
    const ifSo = withAssistant(
      ["Would you like a hard no-editing rule, and if so, where do you want the notes to live?", "Yes."],
      "assistant",
      AT,
    );
    expect(ifSo.join(" ")).not.toContain("if so?");
    const plan = withAssistant(
      ["Do you want me to put together a short plan — what to ask for, and when to book it?", "sight reading first"],
      "assistant",
      AT,
    );
    expect(plan.join(" ")).not.toContain("When to book it?");
  });

  test("'The second one – reverse replication, with a 24-hour window' picks for the question asking to choose", () => {
    const facts = withAssistant(
      [
        "Two options:\n\n1. **Blue-green** with a snapshot\n2. **Reverse replication** from 8.0 to 5.7\n\nWhich option do you want me to write up for Martin, and how long should the rollback window be?",
        "The second one – reverse replication, with a 24-hour rollback window.",
      ],
      "assistant",
      AT,
    );
    expect(
      facts.some((f) => f.startsWith('Asked "Which option does the user want the assistant to write up for Martin')),
    ).toBe(true);
    expect(facts.join(" ")).not.toContain(
      'Asked "How long should the rollback window be?", the user answered "The second one"',
    );
  });
});
