// The closed word classes statement selection names: discourse markers, pronouns, reaction subjects,
// calendar words, words of address, announcers, social and light verbs, time words, small talk.
import { MONTHS, WEEKDAYS } from "../../domain/calendar.ts";
export const DISCOURSE = new Set([
  "yeah",
  "yes",
  "yep",
  "yup",
  "nope",
  "oh",
  "ooh",
  "wow",
  "whoa",
  "well",
  "so",
  "ok",
  "okay",
  "haha",
  "hahaha",
  "ha",
  "hah",
  "heh",
  "lol",
  "hmm",
  "um",
  "umm",
  "uh",
  "erm",
  "aw",
  "aww",
  "ah",
  "hey",
  "hi",
  "hello",
  "btw",
  "anyway",
  "anyways",
  "and",
  "but",
  "plus",
  "also",
  "honestly",
  "omg",
  "gosh",
  "man",
  "dude",
  "sure",
  "totally",
  "definitely",
  "absolutely",
  "indeed",
  "right",
  "cool",
  "great",
  "awesome",
  "nice",
  "thanks",
  "thank",
]);
export const FIRST_PERSON = new Set(["i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves"]);
export const SECOND_PERSON = new Set(["you", "your", "yours", "yourself", "yourselves"]);
export const REACTION_SUBJECTS = new Set([
  "that",
  "this",
  "it",
  "these",
  "those",
  "what",
  "how",
  "so",
  "such",
  "sounds",
  "looks",
  "seems",
]);
export const RELATIVE_START = new Set([
  "which",
  "who",
  "whom",
  "whose",
  "where",
  "because",
  "cause",
  "while",
  "whereas",
]);
/** Month names as chat shortens them ("dec 22", "jan 4th"); not "may", which is a word too. */
export const SHORT_MONTHS = new Set("jan feb mar apr jun jul aug sep sept oct nov dec".split(" "));
// Days and months are proper nouns to the tagger but name no one.
export const CALENDAR = new Set<string>([
  ...WEEKDAYS,
  ...WEEKDAYS.map((d) => `${d}s`), // "Mondays" is no one ("He loved it" after "a club on Mondays")
  ...MONTHS,
  ...["fri", "sat", "sun", "mon", "tue", "wed", "thu"],
]);
/** Words that name the day something happens on. */
export const DAY_NAMED = new Set<string>([...WEEKDAYS, "today", "tonight", "tomorrow"]);
// Words of address after a comma at the end ("Chase those dreams, buddy!").
export const ADDRESS = new Set(["buddy", "pal", "mate", "man", "dude", "bro", "girl", "guys", "friend", "hon", "dear"]);
const words = (phrase: string) => phrase.split(" ");
// Openings that announce a fact without being part of it ("Please remember that ...", "Just so you know, ...").
export const ANNOUNCERS: string[][] = [
  ["please"],
  ["remember", "that"],
  ["note", "that"],
  ["keep", "in", "mind", "that"],
  ["just", "so", "you", "know"],
  ["fyi"],
  ["by", "the", "way"],
  ["for", "the", "record"],
  ["to", "be", "honest"],
  ["guess", "what"],
  ["fun", "fact"],
  ["big", "news"],
  ["news"],
  ["update"],
  ["noted"],
  // "bit of background: i'm ellie btw, ...", "for context, we have 2 kids"
  ...["a bit of background", "bit of background", "some background", "quick background", "background :"].map(words),
  ...["for context", "some context first", "some context", "quick context", "context first", "context :"].map(words),
  // "also should say i had acl surgery last year", "i forgot to mention that we have a cat"
  ...["should say", "should mention", "should add", "forgot to say", "forgot to mention", "should probably say"]
    .flatMap((said) => [`i ${said} that`, `i ${said}`, `${said} that`, said])
    .map(words),
];
export const VAGUE_OBJECTS = new Set(["it", "that", "this", "them", "those", "these", "so", "one", "to"]);
// Verbs of talk, feeling and attention: "I agreed", "I'm stoked" say nothing lasting on their own.
export const SOCIAL_VERBS = new Set(
  "agree say tell chat talk wish want love like hope mean know stoke thrill excite please bless pump miss appreciate try start finish come go wait see hear do feel think guess bet forget remember enjoy relate cry laugh smile".split(
    " ",
  ),
);
// Time words date a statement; they are not its content ("Here's one I did last week").
export const TIME_WORDS = new Set(
  "week weeks month months year years day days today yesterday tomorrow tonight night morning evening afternoon weekend last next ago recently lately".split(
    " ",
  ),
);
export const LIGHT_VERBS = new Set("be have do get sound look seem feel make let say know think guess mean".split(" "));
export const SMALL_TALK =
  /^(thanks?|thank you|thx|ty|congrat\w*|happy (birthday|holidays|new year)|good (luck|morning|night|evening|afternoon|job|work|to (see|hear))|nice (to (meet|see|hear)|one|job|work)|great (to (see|hear)|job|work)|see (you|ya)|talk (to you )?(soon|later)|take care|bye|goodbye|have (a|an) (good|great|nice|fun|awesome|amazing|wonderful)|glad (to|you|that)|same here|me too|you too|no (problem|worries)|of course|sounds (good|great|fun|awesome|amazing|like)|looks (good|great|amazing|awesome|like)|keep (it )?up|keep (me|us) (posted|updated)|i(['’]ll| will) (keep (you|ya|u) (posted|updated|in the loop)|let (you|ya|u) know)|let me know|can't wait|cannot wait|i (totally |completely )?agree|i hope (so|you)|hope you|you (are|were) (so |very |really )?(welcome|right|amazing|awesome|great|kind|sweet)|what about you|how about you|fingers crossed|way to go|good on (you|ya)|(so |really |very )?sorry (to hear|about|for)|i (\S+ )?agree|here['’]?s to|cheers|(?:let['’]?s|let us)(?!\s+(?:go with|aim for|stick with|pick|choose|book|move|push|shift|bump|(?:do|use)\s+(?!(?:a|an|the|some|that|this|it)\b|\d))\b)|best of luck|good for you|got it|you got this|you can do it|same to you|me neither|miss you|love you|proud of you|appreciate (it|that|you|your|the)|welcome back|that(?:['’]?s| is) (?:it|all|enough)\b(?:,?\s+(?:for now|for today|thx|thanks|ty))*[\s.!]*$|(?:i\s+)?(?:do not|don['’]?t|dont|still (?:do not|don['’]?t|dont))\s+(?:really\s+|quite\s+|fully\s+)?(?:get|understand|follow)(?:\s+(?:it|this|that|you))?[\s.!?]*$|long time no|(?:hiya\s+|heya\s+)?(?:sorry,?\s+)?(?:this|it)(?:['’]?s|\s+is|\s+will\s+be|(?:\s+is)?\s+(?:going to|gonna)\s+be)\s+(?:(?:a bit|quite|very|so|really|a)\s+)?long\b|.*\b(?:gotta|got to|have to|need to|must|better)\s+(?:go|run|dash)(?:\s+now)?(?:\s+(?:lol|haha|sorry|x+|bye))*[\s.!]*$|nice (one|work|pic|photo|shot)|great (pic|photo|shot|idea|question)|(what|that['’]?s) a (great|nice|cool|lovely|beautiful|awesome) (pic|photo|shot|idea))\b/i;
// Passing states and feelings: "I am so happy" says nothing lasting; "I am vegetarian" does.
export const FEELINGS = new Set([
  "happy",
  "sad",
  "glad",
  "sorry",
  "excited",
  "tired",
  "busy",
  "stoked",
  "thrilled",
  "nervous",
  "proud",
  "grateful",
  "thankful",
  "lucky",
  "blessed",
  "fine",
  "good",
  "great",
  "ok",
  "okay",
  "bored",
  "upset",
  "angry",
  "mad",
  "scared",
  "afraid",
  "worried",
  "curious",
  "sure",
  "ready",
  "confused",
  "stressed",
  "overwhelmed",
  "exhausted",
  "knackered",
  "shattered",
  "pumped",
  "psyched",
  "down",
  "right",
  "wrong",
  "back",
  "here",
  "there",
  "late",
  "early",
  "free",
  "awesome",
  "amazing",
  "cool",
  "interested",
  "impressed",
  "surprised",
  "new",
  "honest",
  "serious",
  "able",
  "unable",
  "close",
  "aware",
  "jealous",
  "envious",
]);
// Openings of a subordinate clause: "Since we last spoke, I moved" is one statement, not a comma splice.
export const SUBORDINATORS = new Set([
  "since",
  "when",
  "if",
  "after",
  "before",
  "while",
  "as",
  "because",
  "although",
  "though",
  "once",
  "until",
  "whenever",
  "unless",
  "given",
]);

/** Titles before a name that are no part of it ("Dr Tomasz Wieczorek" is Tomasz Wieczorek). */
export const TITLES = "Dr|Mr|Mrs|Ms|Miss|Prof";

/** Whom or what a terse note names: a person's role, a service, a pet ("landlord mrs okonkwo", "manager Rui"). */
export const NOTED_ROLES =
  "landlord|landlady|vet|vets|dentist|doctor|gp|physio|coach|boss|manager|agent|accountant|solicitor|lawyer|recruiter|tutor|therapist|mechanic|builder|plumber|electrician|cleaner|childminder|nanny|partner|wife|husband|cat|dog|puppy|kitten|bank|insurer|supplier|school|nursery";

/** The verbs a day or a plan is said to move with (formation/moved-day.ts, moved-thing.ts). */
export const MOVES = [
  "move",
  "push",
  "shift",
  "bump",
  "postpone",
  "reschedule",
  "moved",
  "moves",
  "pushed",
  "postponed",
  "delayed",
  "rescheduled",
  "changed",
  "shifted",
  "bumped",
  "extended",
];

/** What one eats, drinks or smokes, and how much or how often (own-life.ts, tagger-fixes.ts): "eat loads of sardines". */
export const HABIT_VERBS = /^(?:eat|drink|smoke|vape)$/;
export const HOW_MUCH = /^(?:\d.*|loads|lots|plenty|every|daily|weekly|nightly|most|usually|mostly|always|never)$/;
