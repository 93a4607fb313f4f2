// The user's name said in passing (issue 11): "hey, priya here, backend dev …", "bit of background: i'm
// ellie btw", "sign it off from me, Gareth", "thanks!! niamh x". Each names the user in every memory of
// the write, and the name is a memory of its own, from the message that gives it, through the API.
import { afterEach, describe, expect, test } from "bun:test";
import { statedName } from "../../src/formation/user-name.ts";
import type { Harness } from "../helpers.ts";
import { active, harness, importMessages, inspect, remember } from "./api-support.ts";

describe("a name said in passing", () => {
  test.each([
    ["hey, priya here, backend dev at a small startup (tallyfox, ~12 ppl). django question", "Priya"],
    ["hi!! we're moving to lisbon 🎉 bit of background: i'm ellie btw, i'm a ux designer", "Ellie"],
    ["yes but make it £8 each, covers oranges on the day too lol. sign it off from me, Gareth", "Gareth"],
    ["please dont suggest melatonin, my gp said no.\nthanks!! niamh x", "Niamh"],
  ])("%p names the user %p", (text, name) => {
    expect(statedName(text)).toBe(name);
  });

  test.each([
    "hey, newbie here, how do i set up bank sync",
    "long time lurker here. question about visas",
    "bit of background: i'm exhausted, nights are killing me",
    "sign it off from me please",
  ])("%p names nobody", (text) => {
    expect(statedName(text)).toBeNull();
  });
});

describe("a name given when the assistant asks for one", () => {
  const asked = "## A few questions\n\n1. **What should I call you?**\n2. How far is your school from Birmingham?";
  test.each([
    ["priya is fine. we're in worcester so 45 min on the coach", "Priya"],
    ["Tom.", "Tom"],
    ["just sam, 10 mins away", "Sam"],
  ])("%p names the user %p", (text, name) => {
    expect(statedName(text, asked)).toBe(name);
  });

  test("'yes pls. marcus.' to 'what name should I sign it off with?' names the user", () => {
    expect(
      statedName("yes pls. marcus. and mention im wfh tuesdays", "If so, what name should I sign it off with?"),
    ).toBe("Marcus");
  });

  test("words that are no name, or no question asking for one, name nobody", () => {
    expect(statedName("tuesdays. always", asked)).toBeNull();
    expect(statedName("yes is fine", asked)).toBeNull();
    expect(statedName("priya is fine", "How far is your school?")).toBeNull();
  });
});

describe("the name as a memory of its own", () => {
  let h: Harness;
  afterEach(() => h?.close());

  test("a sign-off ('thanks!! niamh x') forms 'The user's name is Niamh.' from its message; the rest names her", async () => {
    h = await harness();
    await importMessages(
      h,
      [
        { role: "user", content: "i work nights as a nurse and my sleep is a mess. any tips" },
        {
          role: "assistant",
          content: "## Sleep on nights\n\n- **Blackout blinds**\n- **Earplugs**\n\nDo you live with anyone?",
        },
        { role: "user", content: "i live w my boyfriend callum, hes an electrician.\nthanks!! niamh x" },
      ],
      { scope: { user_id: "niamh" } },
    );
    const rows = active(h);
    const naming = rows.find((r) => r.content === "The user's name is Niamh.");
    expect(naming).toBeDefined();
    expect((await inspect(h, naming!.id)).versions[0]!.source).toMatchObject({ type: "import", message_indexes: [2] });
    expect(rows.map((r) => r.content)).toContain("Niamh works nights as a nurse and Niamh's sleep is a mess.");
    expect(rows.filter((r) => /name is/.test(r.content))).toHaveLength(1);
  });

  test("'oh and priya btw, just realised i never said' names the user and forms nothing else of the aside", async () => {
    h = await harness();
    await importMessages(
      h,
      [
        { role: "user", content: "we want a garden office at the bottom of the garden" },
        { role: "assistant", content: "## Next steps\n\n- **Quotes**\n- **Planning**\n\nWhat heating do you want?" },
        {
          role: "user",
          content:
            "a little electric heater. oh and priya btw, just realised i never said lol - the form hartley sent wants us both named",
        },
        { role: "assistant", content: "Thanks, Priya! I'll put both names on the form." },
      ],
      { scope: { user_id: "priya" } },
    );
    const contents = active(h).map((r) => r.content);
    expect(contents).toContain("The user's name is Priya.");
    expect(contents.filter((c) => /never said|realised/.test(c))).toEqual([]);
  });

  test("'priya is fine' to 'What should I call you?' forms the name, and no 'Priya is fine'", async () => {
    h = await harness();
    await importMessages(
      h,
      [
        { role: "user", content: "need help organising a school trip" },
        {
          role: "assistant",
          content: "## A few questions\n\n1. **What should I call you?**\n2. How far is your school?",
        },
        { role: "user", content: "priya is fine. we're in worcester so 45 min on the coach" },
      ],
      { scope: { user_id: "priya" } },
    );
    const rows = active(h).map((r) => r.content);
    expect(rows).toContain("The user's name is Priya.");
    expect(rows.filter((r) => /is fine/.test(r))).toEqual([]);
  });

  test("'I'm Dana' already forms the name: it is not formed twice; a passage's 'Priya here' forms it too", async () => {
    h = await harness();
    await remember(h, "Hi! I am Dana, a backend engineer at Stripe.", { scope: { user_id: "dana" } });
    await remember(h, "Priya here. I run the data team.", { scope: { user_id: "priya" } });
    const named = active(h)
      .filter((r) => /name is/.test(r.content))
      .map((r) => r.content)
      .sort();
    expect(named).toEqual(["The user's name is Dana.", "The user's name is Priya."]);
  });

  test("a project that excludes biography forms no name memory", async () => {
    h = await harness();
    h.engram.accounts.setPolicy(h.project.projectId, { excludeCategories: ["biography"] });
    await importMessages(h, [{ role: "user", content: "hey, priya here. we ship on friday" }], {
      scope: { user_id: "priya" },
    });
    expect(active(h).filter((r) => /name is/.test(r.content))).toEqual([]);
  });
});
