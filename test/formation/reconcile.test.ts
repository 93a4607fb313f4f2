// Reconciliation: the same fact again forms nothing, a near-duplicate with more detail merges, a
// changed attribute becomes a superseding version; different facts stay apart however alike.
import { afterEach, describe, expect, test } from "bun:test";
import { attributeKey, decide } from "../../src/formation/reconcile.ts";
import type { MemoryRow } from "../../src/domain/memory.ts";
import type { Harness } from "../helpers.ts";
import { active, find, harness, importMessages, inspect, remember, stored, writesUsed } from "./api-support.ts";

const row = (content: string, id = "mem_x"): MemoryRow => ({ id, content, version: 1 }) as MemoryRow;
const action = (content: string, existing: string) => decide(content, [row(existing)]).action;

describe("decide", () => {
  test.each([
    ["Caroline adopted a dog.", "Caroline adopted a dog."],
    ["caroline adopted a dog.", "Caroline adopted a dog."],
    ["Caroline adopted a dog.", "Caroline adopted a dog named Max on 3 May 2023."], // nothing new
    ["Melanie is swamped with the kids and work.", "Melanie is swamped with work and the kids."],
  ])("%p after %p forms nothing", (content, existing) => {
    expect(action(content, existing)).toBe("skip");
  });

  test.each([
    ["Caroline adopted a dog named Max.", "Caroline adopted a dog."],
    ["Jon is starting a dance studio in the city centre.", "Jon is starting a dance studio."],
    ["Gina opened an online clothing store and it has been great.", "Gina's online clothes store is open."],
  ])("%p merges into %p (more detail)", (content, existing) => {
    expect(action(content, existing)).toBe("merge");
  });

  test.each([
    ["Caroline does not like tea.", "Caroline likes tea."], // negation
    ["Caroline likes tea.", "Caroline never liked tea."],
    ["Caroline has 3 dogs.", "Caroline has 2 dogs."], // numbers
    ["Caroline went to the gym on 8 May 2023.", "Caroline went to the gym on 7 May 2023."], // another day, another event
    ["Melanie adopted a dog.", "Caroline adopted a dog."], // names
    [
      "It is special moments like these that make Melanie appreciate her family.",
      "Family moments like that are so special.",
    ], // words out of order
    ["Family is the most important thing for John.", "Family is important."], // too little to merge into
    ["John and others will keep going and never give up.", "John is going to keep it up."],
    [
      "Maria had a great experience on 16 July 2023 hiking with her church friends.",
      "On 16 July 2023 Maria had a picnic with some friends from church.",
    ],
  ])("%p and %p stay different facts", (content, existing) => {
    expect(action(content, existing)).toBe("create");
  });

  test.each([
    ["Caroline moved to Berlin.", "Caroline lives in Paris."],
    ["Caroline now lives in Berlin.", "Caroline moved to Paris in 2019."],
    ["Sam works as a teacher.", "Sam works as a nurse at St Mary's."],
    ["Sam works at Google.", "Sam works for Spotify."],
    ["Sam got married.", "Sam is engaged."],
    ["Sam turned 31.", "Sam is 30 years old."],
    ["Sam is vegan.", "Sam is vegetarian."],
    ["Sam's favourite colour is green.", "Sam's favourite colour is blue."],
    ["Sam's dog is named Rex.", "Sam's dog's name is Biscuit."],
  ])("%p updates %p (a changed attribute)", (content, existing) => {
    expect(action(content, existing)).toBe("update");
  });

  test("an attribute of another person, or another attribute, is not an update", () => {
    expect(action("Jon moved to Berlin.", "Caroline lives in Paris.")).toBe("create");
    expect(action("Sam works at Google.", "Sam works as a nurse.")).toBe("create");
  });

  test("a stored statement that says much more than the attribute is not replaced by it", () => {
    expect(
      attributeKey("Caroline lives in Paris and teaches dance to children at the community centre every weekend.")
        ?.alone,
    ).toBe(false);
    expect(
      action(
        "Caroline moved to Berlin.",
        "Caroline lives in Paris and teaches dance to children at the community centre every weekend.",
      ),
    ).toBe("create");
  });

  test.each([
    [
      "The user spoke to Jess, the user and others will just up the budget to 450.",
      "The user's budget is about 300 quid all in.",
    ],
    ["The user's rent is now 1,250 a month.", "The user's rent is 1,100 a month."],
    ["The user counted and it is actually 17 plants not 12.", "The user has like 12 plants, thatll take ages."],
    ["Captain Cosmos can only do 3 to 4 now, not 2.30.", "Captain Cosmos can do 2.30 to 3.30."],
  ])("%p updates %p (the same thing counted again, said to have changed)", (content, existing) => {
    expect(action(content, existing)).toBe("update");
  });

  test.each([
    // No word saying it changed: two counts may both hold ("has 2 dogs" and, later, "has 3 dogs" told of another time).
    ["The user and others need 3 volunteers.", "The user and others need around 5 volunteers for the stall."],
    // The person a count is about is no thing counted ("was about 11", "is 41 now").
    ["The user is 41 years old now.", "The user had lessons as a kid till the user was about 11 then quit."],
    // A day of a month is a date, not a count ("on 7 May", "now on 20 May").
    ["Caroline is now going again on 20 May 2023.", "Caroline went to the support group on 7 May 2023."],
    // A year is no count ("in August 2026, rent ..."), nor "41 years old" years of something, nor a share of another thing.
    [
      "Jess might be moving out in August 2026, rent would go to 825 if the user cannot find someone.",
      'Asked "What are the user\'s monthly costs?", the user answered "rent 725".',
    ],
    ["The user is 41 years old now.", "The user wants to get back into piano after like 30 years."],
    [
      "The user agreed with Gary: 20% deposit instead of 30.",
      "Units from Howdens through Gary's trade account, he gets like 50% off list. The kitchen is 3m by 4m.",
    ],
    // A speaker's label is no count ("User 2"), and "go to the park" says no change (only "go to 20" does).
    ["User 2 likes to go to the park too.", "User 1 likes to go to the park."],
    // A name is not what a count is of ("Maya is 5 minutes away now"), but its age is.
    ["Maya is about 5 minutes away now.", "Maya is 41."],
  ])("%p does not replace %p", (content, existing) => {
    expect(action(content, existing)).toBe("create");
  });

  test("the new version of a changed count says what it was, unless the new fact says it", () => {
    expect(decide("The user's rent is now 1,250 a month.", [row("The user's rent is 1,100 a month.")])).toMatchObject({
      action: "update",
      content: "The user's rent is now 1,250 (was 1,100) a month.",
    });
    expect(
      decide("The user counted and it is actually 17 plants not 12.", [row("The user has like 12 plants.")]),
    ).toMatchObject({ action: "update", content: "The user counted and it is actually 17 plants not 12." });
  });

  test("a count changes only where the sentence saying the change gives it; a rate goes with the same rate", () => {
    // "now" of "the battery lasts like 40 minutes now" changes no budget said in the next sentence.
    expect(
      action(
        "The user needs a new laptop, the battery lasts like 40 minutes now. The user's budget is around 1500.",
        "The user's budget is 10 a month max.",
      ),
    ).toBe("create");
    expect(
      decide("If bank sync needs a pricier plan the user can go to 20 a month.", [
        row("The user's budget is 10 a month max."),
      ]),
    ).toMatchObject({
      action: "update",
      content: "If bank sync needs a pricier plan the user can go to 20 (was 10) a month.",
    });
    // Another period is another count.
    expect(action("The user can go to 20 a week.", "The user's budget is 10 a month max.")).toBe("create");
  });

  test("a longer stored fact keeps what else it says, with the changed count in it", () => {
    const long =
      "The user's garden is 12m by 8m, mostly lawn. The user owns the house in Bristol and the budget is 300.";
    expect(decide("The user's budget is now 450.", [row(long)])).toMatchObject({
      action: "update",
      content:
        "The user's garden is 12m by 8m, mostly lawn. The user owns the house in Bristol and the budget is 450 (was 300).",
      alsoNew: false,
    });
    // A name's age said again with "actually"; the new fact says nothing else worth a memory of its own.
    const lily = "The user's daughter lily is 9. The user's daughter loves drawing horses. She goes to brownies.";
    expect(decide("Lily is 10 actually.", [row(lily)])).toMatchObject({
      action: "update",
      content:
        "The user's daughter lily is 10 (was 9). The user's daughter loves drawing horses. She goes to brownies.",
      alsoNew: false,
    });
    // "total income for the year was £38,400.00": the count is of the income, a period between them.
    const gwen =
      "Gwen is treasurer of a small charity. Gwen's financial year ended on 30 June 2026 and total income for the year was £38,400.00.";
    expect(decide("Correction: total income was £41,250.00, not £38,400.00.", [row(gwen)])).toMatchObject({
      action: "update",
      content: gwen.replace("£38,400.00.", "£41,250.00 (was 38,400.00)."),
      alsoNew: false,
    });
    // "push the budget up to £9,000": a change, and its count is of the budget.
    expect(
      decide("Graham and Pauline decided to push the budget up to £9,000.", [
        row("Graham's budget is about £8,000 for the two of them."),
      ]),
    ).toMatchObject({
      action: "update",
      content: "Graham and Pauline decided to push the budget up to £9,000 (was 8,000).",
    });
    expect(action("The user and others are getting 4 now.", "The user is not getting up at 5am to let them out.")).toBe(
      "create",
    );
    // A new fact saying more than the count is a memory of its own too.
    expect(
      decide("Claire and Sian are dropping the surprise thing, Gareth will chip in, and the budget is now £1,500.", [
        row("Claire is planning the dinner for her mum's 70th birthday. The budget is £1,200 and it is a surprise."),
      ]),
    ).toMatchObject({
      action: "update",
      content:
        "Claire is planning the dinner for her mum's 70th birthday. The budget is £1,500 (was 1,200) and it is a surprise.",
      alsoNew: true,
    });
  });

  test("a value corrected by naming the old one ('barclaycard is 27.9 not 24.9') changes it where it was said", () => {
    const cards =
      "The user's barclaycard is 4200 at 24.9% and a tesco one 2600 at 19.9. The user has about 6.8k on credit cards.";
    expect(decide("Just checked the app, barclaycard is 27.9 not 24.9.", [row(cards)])).toMatchObject({
      action: "update",
      content:
        "The user's barclaycard is 4200 at 27.9% (was 24.9%) and a tesco one 2600 at 19.9. The user has about 6.8k on credit cards.",
      alsoNew: false,
    });
    expect(
      decide("The user measured wrong, ceiling is 2.4 not 2.3.", [row("Single garage. Ceiling is low, like 2.3m.")]),
    ).toMatchObject({ action: "update", content: "Single garage. Ceiling is low, like 2.4m (was 2.3m)." });
    // The old value must be said of something the correction names: not the 24.9 of another thing.
    expect(decide("The barclaycard is 27.9 not 24.9.", [row("The user's gym costs 24.9 a month.")]).action).toBe(
      "create",
    );
    // A value said with the new one already, or a correction that names no old value, changes nothing.
    expect(decide("The barclaycard is 27.9 not 24.9.", [row("The barclaycard is 27.9, was 24.9.")]).action).not.toBe(
      "update",
    );
  });

  test("an amount of four digits is no year ('Budget 1000 quid', 'go up to 1400'); a fact naming the value it replaces changes no other", () => {
    expect(
      decide("Leo says we can go up to 1400 if there is something for him.", [row("Budget 1000 quid for the gym.")]),
    ).toMatchObject({
      action: "update",
      content: "Leo says we can go up to 1400 (was 1000) if there is something for him.",
    });
    expect(
      decide("The user's budget is now around 1800.", [
        row(
          "The user needs a new laptop, the dell is from 2017. The user's budget is around 1500. The user likes macs.",
        ),
      ]),
    ).toMatchObject({
      action: "update",
      content:
        "The user needs a new laptop, the dell is from 2017. The user's budget is around 1800 (was 1500). The user likes macs.",
    });
    // "12k now not 15" names the 15,000 it replaces.
    expect(
      decide("Budget is 12k now not 15.", [row("The user's budget is about 15,000 for the refit.")]),
    ).toMatchObject({ action: "update" });
    // A count by another period, or by none, is another count: "go to 1800" is no "20 a month".
    expect(action("I'd go to 1800 if the x1 is that much better.", "The user can go to 20 a month.")).toBe("create");
    // "500 a month on the cards instead of 400" replaces 400, not the "2150 a month" of pay.
    expect(
      decide("The user could do 500 a month on the cards instead of 400.", [
        row("The user's take-home pay is 2150 a month, paid on the 28th."),
      ]).action,
    ).toBe("create");
  });

  test("what moved is what its clause names; a named plan called off is superseded; another event's count is its own", () => {
    const sportive =
      "The user has entered the Cotswold Hundred sportive on Sunday, 13 September 2026: 161 km with 2,300 m of climbing.";
    // The wedding moved, not the sportive the rest of the fact names: the sportive is called off instead.
    const called = decide(
      "The user's sister Laura's wedding has been moved to Saturday, 12 September 2026 in Edinburgh, so the Cotswold Hundred is off.",
      [row(sportive)],
    );
    expect(called).toMatchObject({ action: "update" });
    expect((called as { content?: string }).content).toBeUndefined(); // the new fact is the new version, whole
    // Another named event's count, and a count of a unit only ("90 km" of a ride), change nothing.
    const mendip =
      "The user has entered the Mendip 100 on Sunday, 27 September 2026 instead: 160 km, 1,950 m of climbing.";
    expect(action(mendip, sportive)).toBe("create");
    expect(action(mendip, "On a 90 km ride in April 2026 the user had stomach cramps.")).toBe("create");
    // "the organisers emailed and its moved to ...": the clause names nothing, so the fact says what moved.
    expect(
      decide("Ok tournament. The organisers emailed and its moved to Saturday, 24 October 2026 not on Sunday.", [
        row(
          "The tournament is the Scarborough junior festival, on Sunday, 25 October 2026, weekend of half term. The team would go up the night before, it is about 2.5 hours.",
        ),
      ]),
    ).toMatchObject({
      action: "update",
      content:
        "The tournament is the Scarborough junior festival, on Saturday, 24 October 2026 (was 25 October 2026), weekend of half term. The team would go up the night before, it is about 2.5 hours.",
    });
    // A person off somewhere, a trip off to a bad start: nothing called off.
    expect(action("Maria is off to bake some cakes.", "Maria bakes cakes for the shelter.")).toBe("create");
    expect(action("Melanie's trip got off to a bad start.", "Melanie's trip is to the Grand Canyon.")).toBe("create");
    // "The party is off" names no plan: "The" is no name.
    expect(action("The party is off.", "The user is planning The big party.")).toBe("create");
  });

  test("a day moved by naming the thing after the verb, or what the day is now ('the new deadline')", () => {
    expect(
      decide("Seun and Grace are moving the start to Saturday, 25 July 2026.", [
        row("Seun's start date is on Saturday, 18 July 2026."),
      ]),
    ).toMatchObject({
      action: "update",
      content: "Seun's start date is on Saturday, 25 July 2026 (was 18 July 2026).",
    });
    expect(
      decide("Completion is now on Friday, 19 June 2026, so that is the new deadline for the NAS.", [
        row(
          "Graham's hard deadline: the NAS has to be emptied and switched off by Friday, 29 May 2026. Graham and Graham's family are moving house.",
        ),
      ]),
    ).toMatchObject({
      action: "update",
      content:
        "Graham's hard deadline: the NAS has to be emptied and switched off by Friday, 19 June 2026 (was 29 May 2026). Graham and Graham's family are moving house.",
    });
    // Moving house on a day moves no stored day.
    expect(action("Graham and his family are moving house on 19 June 2026.", "Graham's deadline is 29 May 2026.")).toBe(
      "create",
    );
  });

  test("a day moved ('the deadline moved to 19 June 2026') replaces the stored day, saying what it was", () => {
    expect(
      decide("The user's supervisor said the deadline moved to 19 June 2026.", [
        row("Thesis due on 12 June 2026, the user is 40% done."),
      ]),
    ).toMatchObject({
      action: "update",
      content: "Thesis due on 19 June 2026 (was 12 June 2026), the user is 40% done.",
    });
    expect(
      decide("The release is now Friday, 15 May 2026, pushed from 8 May 2026.", [row("The release is on 8 May 2026.")]),
    ).toMatchObject({ action: "update", content: "The release is now Friday, 15 May 2026, pushed from 8 May 2026." });
    // Another thing's day, a day not said to move, a move to a place: no change.
    expect(action("The party got pushed to 29 May 2026.", "The user's dentist appointment is on 3 June 2026.")).toBe(
      "create",
    );
    expect(action("The party is on 29 May 2026.", "The party is on 22 May 2026.")).toBe("create");
    expect(action("The user moved to Berlin on 3 March 2026.", "The user moved to Lisbon on 1 May 2020.")).not.toBe(
      "update",
    );
  });

  test("a day moved changes it inside a longer memory, and in an answer to 'When ...?'", () => {
    const long =
      "The user's assessment has to be before half term, was thinking on Wednesday, 21 October 2026, extended writing on causes. The user took a group to IWM North at the user's last school.";
    expect(decide("The assessment is moving to Wednesday, 14 October 2026.", [row(long)])).toMatchObject({
      action: "update",
      content: long.replace("Wednesday, 21 October 2026", "Wednesday, 14 October 2026 (was 21 October 2026)"),
      alsoNew: false,
    });
    expect(
      decide("The user's pickup moved to Saturday, 30 May 2026, they want to do a home visit first.", [
        row('Asked "When is pickup day?", the user answered "Saturday, 23 May 2026".'),
      ]),
    ).toMatchObject({
      action: "update",
      content: 'Asked "When is pickup day?", the user answered "Saturday, 30 May 2026 (was 23 May 2026)".',
      alsoNew: true,
    });
    // A time of day is no count: "pick isla up from preschool at 11.30" changes no "preschool 3 mornings a week".
    expect(
      action(
        "Denise can also pick Isla up from preschool at 11.30 on those days which is actually a massive bonus.",
        "Isla is 4 and does preschool 3 mornings a week which is fine for now. Callum is a paramedic.",
      ),
    ).toBe("create");
  });

  test("a choice given up ('switching to onesignal, firebase was a pain') replaces the stored choice", () => {
    expect(
      action(
        "The user is switching to onesignal, firebase was a pain.",
        'Asked "Any preference?", the user answered "firebase".',
      ),
    ).toBe("update");
    expect(action("The user dropped the quartz, going with laminate.", "The user settled on quartz.")).toBe("update");
    // Naming the old choice without giving it up is no change; nor is giving up something else.
    expect(action("Firebase has good docs.", 'Asked "Any preference?", the user answered "firebase".')).toBe("create");
    expect(action("The user is switching gyms.", 'Asked "Any preference?", the user answered "firebase".')).toBe(
      "create",
    );
    expect(
      action(
        "The user dropped evri, staying with royal mail.",
        "The user is thinking switch to evri from Monday, 18 May 2026.",
      ),
    ).toBe("update");
    // A yes or an ok chose nothing a later fact names as given up.
    expect(action("Yes, switching to the 9am train.", 'Asked "Shall I book it?", the user answered "yes".')).toBe(
      "create",
    );
  });

  test("the first matching candidate decides; no candidate creates", () => {
    expect(decide("Caroline adopted a dog.", [])).toEqual({ action: "create" });
    const d = decide("Caroline adopted a dog.", [
      row("Caroline likes tea.", "mem_a"),
      row("Caroline adopted a dog.", "mem_b"),
    ]);
    expect(d).toMatchObject({ action: "skip", memory: { id: "mem_b" } });
  });
});

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe("reconciliation through the API", () => {
  test("a changed attribute is a new version of the same memory: both texts in inspect, updated, superseding, counted once", async () => {
    h = await harness();
    await remember(h, "Caroline lives in Paris.");
    await remember(h, "Caroline moved to Berlin.");
    const rows = active(h);
    expect(rows.map((r) => [r.content, r.version])).toEqual([["Caroline moved to Berlin.", 2]]);
    const view = await inspect(h, rows[0]!.id);
    expect(view.memory).toMatchObject({ content: "Caroline moved to Berlin.", version: 2 });
    expect(view.versions.map((v) => [v.version, v.content, v.change, v.supersedes])).toEqual([
      [1, "Caroline lives in Paris.", "created", undefined],
      [2, "Caroline moved to Berlin.", "updated", 1],
    ]);
    expect(view.versions[1]!.source.type).toBe("create");
    expect(stored(h)).toBe(1);
  });

  test.each([
    ["Priya is vegetarian.", "Priya became vegan."],
    ["Priya has two kids.", "Priya has three children."],
    ["Priya works as a nurse.", "Priya is working as a midwife."],
  ])("among many memories about the same person, %p is updated by %p", async (before, after) => {
    h = await harness();
    await remember(h, before);
    for (let i = 0; i < 40; i++)
      await remember(h, `Priya saw film number ${i} with Priya's friend Priya.`, { infer: false });
    await remember(h, after);
    const changed = active(h).filter((m) => !m.content.includes("film"));
    expect(changed.map((m) => [m.content, m.version])).toEqual([[after, 2]]);
  });

  test("a change told in a chat updates what a passage stored, with the message it came from", async () => {
    h = await harness();
    await remember(h, "Caroline lives in Paris.");
    await importMessages(h, [
      { speaker: "Caroline", content: "Hi Mel!" },
      { speaker: "Melanie", content: "Hey! How are you?" },
      { speaker: "Caroline", content: "Great! I moved to Berlin last month." },
    ]);
    const m = find(h, "Berlin");
    const view = await inspect(h, m.id);
    expect(view.versions.map((v) => v.content)).toEqual([
      "Caroline lives in Paris.",
      "Caroline moved to Berlin in February 2024.",
    ]);
    expect(view.versions[1]).toMatchObject({
      change: "updated",
      supersedes: 1,
      source: { type: "import", message_indexes: [2] },
    });
    expect(m.occurred_at).toBe("2024-02-01T00:00:00.000Z");
    expect(stored(h)).toBe(1);
  });

  test("a budget raised later in a chat with an assistant replaces the budget said first, saying what it was", async () => {
    h = await harness();
    await importMessages(
      h,
      [
        { role: "user", content: "need help planning a party for my son" },
        { role: "assistant", content: "Happy to help! What is your budget?" },
        { role: "user", content: "about 300 quid all in" },
        {
          role: "assistant",
          content: "## Budget\n\nWith **£300** you can cover a hall and food. What entertainment would he like?",
        },
        { role: "user", content: "spoke to my wife, we will up the budget to 450 and book a magician" },
      ],
      { scope: { user_id: "dan" } },
    );
    const m = find(h, "450");
    const view = await inspect(h, m.id);
    expect(view.versions.map((v) => [v.content, v.change])).toEqual([
      ['Asked "What is the user\'s budget?", the user answered "about 300 quid all in".', "created"],
      [
        "The user spoke to the user's wife, the user and the user's wife will up the budget to 450 (was 300) and book a magician.",
        "updated",
      ],
    ]);
    // The old budget is no active memory of its own; the new one says what it was.
    expect(
      active(h)
        .filter((r) => r.content.includes("300"))
        .map((r) => r.id),
    ).toEqual([m.id]);
  });

  test("a deadline moved later in a chat replaces the day said first, saying what it was", async () => {
    h = await harness();
    await importMessages(
      h,
      [
        { role: "user", content: "thesis due 12 june, im 40% done", occurred_at: "2024-03-02T10:00:00Z" },
        { role: "assistant", content: "## Plan\n\nSix weeks is tight but doable. Which chapter are you on?" },
        { role: "user", content: "chapter 3. oh and my supervisor said the deadline moved to 19 june" },
      ].map((m) => ({ occurred_at: "2024-03-02T10:00:00Z", ...m })),
      { scope: { user_id: "dan" } },
    );
    const m = find(h, "19 June");
    expect((await inspect(h, m.id)).versions.map((v) => [v.content, v.change])).toEqual([
      ["Thesis due on 12 June 2024, the user is 40% done.", "created"],
      ["Thesis due on 19 June 2024 (was 12 June 2024), the user is 40% done.", "updated"],
    ]);
    expect(m.occurred_at).toBe("2024-06-19T00:00:00.000Z");
    expect(active(h).filter((r) => r.content.includes("12 June"))).toEqual([m]);
  });

  test("a count corrected later in a chat changes it inside the longer memory that said it", async () => {
    h = await harness();
    await importMessages(
      h,
      [
        {
          role: "user",
          content: "my daughter lily is 9 and she loves drawing horses, she goes to brownies on tuesdays",
        },
        { role: "assistant", content: "## Ideas\n\n- **Horse stencils**\n- A sketchbook\n\nHow old is she turning?" },
        { role: "user", content: "oh wait lily is 10 actually" },
      ].map((m) => ({ occurred_at: "2024-03-04T10:00:00Z", ...m })),
      { scope: { user_id: "dan" } },
    );
    const lily = find(h, "horses");
    expect((await inspect(h, lily.id)).versions.map((v) => v.content)).toEqual([
      "The user's daughter lily is 9. The user's daughter loves drawing horses. The user's daughter goes to brownies on tuesdays.",
      "The user's daughter lily is 10 (was 9). The user's daughter loves drawing horses. The user's daughter goes to brownies on tuesdays.",
    ]);
    // "Lily is 10 actually" says nothing else: no memory of its own; the old age is in no active memory.
    expect(active(h).filter((r) => /\b(?:9|10)\b/.test(r.content))).toEqual([lily]);
  });

  test("the same fact twice forms nothing new and charges no write for the duplicate", async () => {
    h = await harness();
    expect(await remember(h, "Caroline adopted a dog named Max.")).toBe(1);
    const afterFirst = writesUsed(h);
    expect(afterFirst).toBe(2); // acceptance + one fact formed
    await remember(h, "Caroline adopted a dog named Max!");
    expect(writesUsed(h)).toBe(afterFirst + 1); // acceptance only
    await remember(h, "Caroline adopted a dog named Max.");
    expect(writesUsed(h)).toBe(afterFirst + 2);
    expect(active(h).map((r) => [r.content, r.version])).toEqual([["Caroline adopted a dog named Max.", 1]]);
    expect((await inspect(h, active(h)[0]!.id)).versions).toHaveLength(1);
  });

  test("a near-duplicate with extra detail merges into the memory as a new version", async () => {
    h = await harness();
    await remember(h, "Caroline adopted a dog.");
    const before = writesUsed(h);
    await remember(h, "Caroline adopted a dog named Max from the shelter.");
    const [m] = active(h);
    expect(active(h)).toHaveLength(1);
    const view = await inspect(h, m!.id);
    expect(view.versions.map((v) => [v.content, v.change])).toEqual([
      ["Caroline adopted a dog.", "created"],
      ["Caroline adopted a dog named Max from the shelter.", "merged"],
    ]);
    expect(view.versions[1]!.supersedes).toBeUndefined();
    expect(writesUsed(h)).toBe(before + 2); // the merge is a fact formed
    expect(stored(h)).toBe(1);
  });

  test("alike but different facts are stored apart", async () => {
    h = await harness();
    await remember(h, "Caroline likes green tea.");
    await remember(h, "Caroline does not like green tea.");
    await remember(h, "Caroline has 2 cats.");
    await remember(h, "Caroline has 3 cats.");
    expect(active(h).map((r) => r.content)).toEqual([
      "Caroline likes green tea.",
      "Caroline does not like green tea.",
      "Caroline has 2 cats.",
      "Caroline has 3 cats.",
    ]);
  });
});
