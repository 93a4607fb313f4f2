// Files a statement under a category by the words it uses (a project may exclude categories).
import type { Category } from "../../domain/categories.ts";

const CATEGORY_RULES: Array<[Category, RegExp]> = [
  [
    "health",
    /\b(allerg\w*|diagnos\w*|illness|sick|surgery|hospital|doctor|therapy|therapist|medication|diabet\w*|asthma|injur\w*|pregnan\w*|vegan|vegetarian|diet)\b/i,
  ],
  [
    "preference",
    /\b(love[sd]?|loving|like[sd]?|enjoy\w*|prefer\w*|favou?rite|hate[sd]?|dislike[sd]?|fan of|into|passionate|passion|keen on|fond of)\b/i,
  ],
  [
    "plan",
    /\b(plan\w*|going to|will|want(s|ed)? to|hop(e|es|ing) to|intend\w*|thinking (about|of)|next (week|month|year)|tomorrow|soon|goal|dream|aim\w*|looking forward|decided to|would love to)\b/i,
  ],
  [
    "relationship",
    /\b(wife|husband|partner|boyfriend|girlfriend|spouse|married|marriage|wedding|dating|divorc\w*|engaged|friends?|mom|mum|mother|dad|father|parents?|kids?|children|son|daughter|sister|brother|siblings?|family|grandm\w*|grandp\w*|cousin|aunt|uncle|niece|nephew|baby|adopt\w*)\b/i,
  ],
  [
    "biography",
    /\b(born|grew up|lives?|lived|living|moved|from|years old|age|works?|worked|working|job|career|studi\w*|student|school|college|university|graduat\w*|degree|retired|profession\w*|identif\w*|transgender|religio\w*|nationality|hometown)\b/i,
  ],
  [
    "skill",
    /\b(can|skill\w*|learn\w*|speaks?|fluent|knows? (a little|a bit|some|basic|how to)|play(s|ed|ing)? (the )?(guitar|piano|violin|drums|cello|flute|clarinet|trumpet|ukulele|harp|sax\w*)|good at|trained|certified|expert)\b/i,
  ],
  [
    "possession",
    /\b(own[sd]?|bought|has an?|have an?|got an?|dogs?|cats?|pets?|car|house|apartment|collection|puppy|kitten)\b/i,
  ],
  [
    "event",
    /\b(went|visited|attended|ran|joined|started|finished|met|saw|took|travel\w*|trip|event|conference|concert|festival|party|race|camping|vacation|holiday)\b/i,
  ],
  [
    "opinion",
    /\b(think|thinks|believe\w*|feel|feels|opinion|important|amazing|great|awesome|terrible|proud|grateful|happy|sad|excited)\b/i,
  ],
];

export function categorise(text: string): Category {
  for (const [c, re] of CATEGORY_RULES) if (re.test(text)) return c;
  return "other";
}
