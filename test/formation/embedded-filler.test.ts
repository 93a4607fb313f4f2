// What is not worth remembering forms nothing; what is, survives the filler around it.
import { describe, expect, test } from "bun:test";
import { contents, passage, say } from "./embedded-support.ts";

const PEOPLE = ["Caroline", "Melanie"];
const chat = (text: string, speaker = "Caroline") =>
  contents(say(speaker, text, { participants: PEOPLE, at: "2023-05-08T13:56:00.000Z" }));

describe("filler forms nothing", () => {
  test.each([
    "Hey Mel! Good to see you!",
    "Hi Melanie, how are you?",
    "Thanks so much, Melanie!",
    "Thank you for the kind words.",
    "That's awesome!",
    "Wow, Caroline!",
    "Wow, that's so cool!",
    "Good luck!",
    "Good luck with the interview tomorrow!",
    "Way to go!",
    "Way to go, hard work's paying off!",
    "Woah, that sounds cool!",
    "Oof, sorry to hear that.",
    "So sorry about your job.",
    "Congrats on the new job!",
    "Keep it up, you're doing great!",
    "You got this!",
    "Let's keep going and chase our dreams!",
    "Let's grab coffee soon!",
    "Here's to new adventures! Cheers!",
    "So much has happened since we last spoke!",
    "A lot's happened since we last chatted.",
    "Since we last spoke, some big things have happened.",
    "Hey Mel, been a few days since we chatted.",
    "Wow, something massive happened since we last spoke.",
    "Sounds great, Mel!",
    "Looks like a great day!",
    "I totally agree.",
    "I 100% agree, Mel.",
    "Take care, see you soon!",
    "Talk to you later!",
    "What have you been up to?",
    "Did you go to the concert?",
    "You're such a good friend.",
    "You're doing amazing!",
    "Check out this pic!",
    "Come join us!",
    "Believe in yourself and keep pushing!",
    "Wishing you many happy years together!",
    "Glad you had a great time.",
    "Fingers crossed for you!",
    "Next Friday works.",
    "Gonna be awesome!",
    "Been a few days since we chatted.",
    "Haha, yeah.",
    "lol",
    "Sure thing!",
    "Yep!",
    "It's so beautiful!",
    "That must have been amazing.",
    "I'll keep ya posted. Bye!",
    "I will let you know!",
    "It's great to see the love and support for the LGBTQ+ community.",
    "It is amazing how much they have grown.",
  ])("%p", (text) => {
    expect(chat(text)).toEqual([]);
  });
});

describe("what is worth remembering survives the filler around it", () => {
  test.each([
    ["Hey Mel! I adopted a dog yesterday!", "Caroline adopted a dog on 7 May 2023."],
    ["Wow, Melanie! I just got back from Paris.", "Caroline just got back from Paris."],
    [
      "Thanks, Mel! I'm starting a new job at the library next week.",
      "Caroline is starting a new job at the library in the week of 15 May 2023.",
    ],
    ["Woah, guess what, I got engaged!", "Caroline got engaged."],
    ["Oh, and btw, I'm allergic to peanuts.", "Caroline is allergic to peanuts."],
    ["Please remember that my birthday is on 14 June.", "Caroline's birthday is on 14 June."],
    ["Just so you know, I don't eat meat.", "Caroline does not eat meat."],
    ["I play the violin, Mel.", "Caroline plays the violin."],
    ["I've been learning Spanish for 2 years, buddy!", "Caroline has been learning Spanish for 2 years."],
    ["I'm still job hunting, by the way.", "Caroline is still job hunting."],
    ["Lost my job as a banker yesterday.", "Caroline lost Caroline's job as a banker on 7 May 2023."],
    ["Been busy volunteering at the shelter.", "Caroline has been busy volunteering at the shelter."],
    ["Researching adoption agencies — it's been a dream.", "Caroline is researching adoption agencies."],
    ["Still following my passion for dance.", "Caroline is still following Caroline's passion for dance."],
    ["Gotta check the size of the studio.", "Caroline has to check the size of the studio."],
    ["Thrilled to announce my engagement!", "Caroline is thrilled to announce Caroline's engagement."],
    ["Inspiring 💪 I emailed some wholesalers today!", "Caroline emailed some wholesalers on 8 May 2023."],
    ["I'm vegetarian.", "Caroline is vegetarian."],
    ["We both went to the same school, Mel!", "Caroline and Melanie both went to the same school."],
    // Catching up on the talk itself is no part of the news.
    ["Since we last spoke, I moved to Berlin.", "Caroline moved to Berlin."],
    [
      "A lot's happened since we last chatted - I just joined a new LGBTQ activist group.",
      "Caroline just joined a new LGBTQ activist group.",
    ],
    ["I've been running longer since our last chat.", "Caroline has been running longer."],
    // An appraisal that tells of the speaker is no mere reaction.
    ["It's amazing how yoga helped my back.", "It is amazing how yoga helped Caroline's back."],
  ])("%p forms %p", (text, expected) => {
    expect(chat(text)).toEqual([expected]);
  });

  test("a dash's verbless aside completes the clause before it instead of being lost", () => {
    expect(
      chat(
        "I'm carving out some me-time each day - running, reading, or playing my violin - which refreshes me.",
        "Melanie",
      ),
    ).toEqual([
      "Melanie is carving out some me-time each day, running, reading, or playing Melanie's violin, which refreshes Melanie.",
    ]);
  });

  test("a question after a dash is dropped and the statement before it kept", () => {
    expect(chat("FYI, I finished another pottery project - want to see a pic?", "Melanie")).toEqual([
      "Melanie finished another pottery project.",
    ]);
  });

  test("an opening that announces the news is not part of it: 'I wanted to let you know that ...'", () => {
    expect(chat("I wanted to let you know that I'm running for office again.")).toEqual([
      "Caroline is running for office again.",
    ]);
    expect(
      chat("Hey Mel, I'm so excited to tell you I started a weekend yoga class with a colleague - it's awesome!"),
    ).toEqual(["Caroline started a weekend yoga class with a colleague."]);
    expect(chat("I just wanted to share with you that my sister had a baby girl.")).toEqual([
      "Caroline's sister had a baby girl.",
    ]);
    // Without news after it, the opening is what was said.
    expect(chat("I wanted to tell you about the trip.")).toEqual(["Caroline wanted to tell Melanie about the trip."]);
  });

  test("a plan told with a feeling is kept; the feeling at meeting or talking to the listener is not", () => {
    expect(chat("I'm so excited to meet other people in the community and learn more about advocacy.")).toEqual([
      "Caroline is so excited to meet other people in the community and learn more about advocacy.",
    ]);
    expect(chat("So nice to meet you! I'm happy to talk about it. I'm glad to help.")).toEqual([]);
  });

  test("'Check out these kids I met at the shelter!' tells what the speaker did", () => {
    expect(chat("Check out these kids I met at the shelter!")).toEqual(["Caroline met kids at the shelter."]);
    expect(chat("Check this out!")).toEqual([]);
  });

  test("a subject-less doing before ', it is ...' gets the speaker; an opening participle keeps its clause", () => {
    expect(chat("Trying to get a petition going, it's pretty rewarding but kinda stressful.")).toEqual([
      "Caroline is trying to get a petition going, it is pretty rewarding but kinda stressful.",
    ]);
    expect(chat("Growing up, I saw how crumbling roads affected my neighborhood.")).toEqual([
      "Growing up, Caroline saw how crumbling roads affected Caroline's neighborhood.",
    ]);
    expect(chat("Starting a business takes courage.")).toEqual([]);
  });

  test("'So far, so good' keeps its 'So'", () => {
    expect(chat("So far, so good, customers love the new offers and promotions.")).toEqual([
      "According to Caroline, so far, so good, customers love the new offers and promotions.",
    ]);
  });

  test("a passage keeps plain statements a chat would need a subject for, but not questions or reactions", () => {
    expect(
      contents(passage("The office moved to the fourth floor. Is the printer still broken? What a mess!")),
    ).toEqual(["The office moved to the fourth floor."]);
  });
});

test("a diary's part labels ('Week 3:', 'Day 12 -') open no memory", () => {
  const facts = passage(
    "Week 3: I met my mentor Tomas for coffee.\nDay 12 - I shipped the ledger migration to production.",
  );
  expect(contents(facts)).toEqual([
    "The user met the user's mentor Tomas for coffee.",
    "The user shipped the ledger migration to production.",
  ]);
});
