// The words that state a person's standing attributes (where they live, what they do, ...). Formation
// searches them beside a fact's subject for the memories an update may replace; retrieval reads a
// question that asks for an attribute ("Where does Dana live?") as asking for any of them, so that
// "Dana moved from Lisbon to Berlin" answers it.

/** Words that say an attribute is (or changed), by attribute. */
export const ATTRIBUTE_HINTS: Readonly<Record<string, readonly string[]>> = {
  location: ["live", "lives", "lived", "moved", "relocated", "based", "resides", "settled"],
  job: ["works", "working", "job"],
  relationship_status: ["married", "engaged", "single", "divorced", "separated", "widowed"],
  age: ["years", "old", "turned"],
  favorite: ["favorite", "favourite"],
  name: ["named", "called", "name"],
  diet: ["vegetarian", "vegan", "pescatarian", "keto", "gluten", "carnivore", "diet"],
  children: ["kids", "kid", "children", "child"],
};

/**
 * Questions that ask for an attribute, the question's words that name it, and the words an answer
 * may state it with. Only a question's form that asks for the attribute itself counts: "Where does
 * Dana live?" asks where she lives; "When did Jon lose his job?" asks when, and "her kids" asks
 * nothing of the kind.
 */
const ASKED: ReadonlyArray<{ question: RegExp; asks: readonly string[]; answers: readonly string[] }> = [
  {
    question: /\bwhere\b.*\b(?:live|lives|living|lived|reside|resides|based|stay|stays)\b|\bhometown\b/i,
    asks: ["live", "lives", "living", "lived", "reside", "resides", "based", "stay", "stays", "hometown"],
    answers: [...ATTRIBUTE_HINTS.location!, "living", "hometown"],
  },
  {
    question: /\b(?:what|where|which)\b.*\b(?:work|works|job|occupation|profession)\b|\bfor a living\b/i,
    asks: ["work", "works", "job", "occupation", "profession", "living"],
    answers: [
      ...ATTRIBUTE_HINTS.job!,
      "work",
      "employed",
      "engineer",
      "developer",
      "designer",
      "manager",
      "teacher",
      "nurse",
      "doctor",
      "lawyer",
      "student",
      "researcher",
      "analyst",
      "consultant",
      "founder",
    ],
  },
  {
    question: /\bhow old\b|\bwhat age\b/i,
    asks: ["old", "age"],
    answers: [...ATTRIBUTE_HINTS.age!, "born", "birthday"],
  },
  {
    question: /\brelationship status\b|\b(?:is|are)\b.*\b(?:married|single|dating|engaged)\b/i,
    asks: ["relationship", "status", "married", "single", "dating", "engaged"],
    answers: [
      ...ATTRIBUTE_HINTS.relationship_status!,
      "husband",
      "wife",
      "partner",
      "boyfriend",
      "girlfriend",
      "dating",
    ],
  },
];

/**
 * For each term of a question, the other words an answer may state its attribute with (empty for
 * most terms and most questions).
 */
export function askedAttributeWords(query: string, terms: readonly string[]): string[][] {
  const asked = ASKED.filter((a) => a.question.test(query));
  return terms.map((t) => {
    const a = asked.find((x) => x.asks.includes(t));
    return a ? a.answers.filter((w) => w !== t) : [];
  });
}
