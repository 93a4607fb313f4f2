// What a message carries besides its sentences: a chat export's notes of shared images, and a diary's
// part labels ("Week 3:"), which the embedded extractor reads apart from the statements.

/** A diary's or a log's part label opening a line ("Week 3: I met ...", "Day 12 - ..."): not part of a fact. */
export const PART_LABEL =
  /(^|\n)[ \t]*(?:week|day|sprint|month|session|entry|part)[ \t]+\d{1,4}[ \t]*[:\u2013\u2014-][ \t]*/giu;

// A chat export's note of a shared image and its caption: "[shares a photo: a dog on a beach]".
const IMAGE_NOTE =
  /\[\s*(?:shares|shared|sends|sent|posts|posted)\s+(?:an?\s+)?(?:photo|image|picture|pic)\s*(?:of\s*)?:?\s*([^\]]{3,500})\]/giu;

/** The text without its image notes, and each note's caption as "a photo of ...". */
export function sharedImages(text: string): { text: string; images: string[] } {
  const images: string[] = [];
  const rest = text.replace(IMAGE_NOTE, (_, caption: string) => {
    const what = caption.trim().replace(/^(?:an?\s+)?(?:photo|photograph|photography|image|picture|pic)\s+of\s+/iu, "");
    if (what) images.push(`a photo of ${what}`);
    return " ";
  });
  return { text: rest, images };
}

/** Words by which a message points at the image it shares. */
const POINTS_AT_IMAGE = /\b(?:this|these|here|look|pic|picture|photo|snap|check out)\b/i;

/**
 * A message's facts with its shared images ("Caroline shared a photo of ..."): an image is its own
 * memory when the message says nothing else worth keeping; said with the message's last statement when
 * the text points at it ("Look at this!", "Here's a pic of ..."); else left out, its words living on in
 * the memories' search context (their message). A caption alone is seldom a fact about the speaker.
 */
export function withSharedImages<F extends { content: string }>(facts: F[], images: F[], text: string): F[] {
  if (facts.length === 0 || images.length === 0) return facts.length ? facts : images;
  if (!POINTS_AT_IMAGE.test(text)) return facts;
  const last = facts.at(-1)!;
  return [...facts.slice(0, -1), { ...last, content: [last.content, ...images.map((i) => i.content)].join(" ") }];
}

/** Words a period follows inside a sentence, before a number ("approx. 12", "No. 5"). */
const ABBREVIATED = /\b(?:approx|appr|ca|vs|no|nr|nos|st|dr|mr|mrs|ms|jr|sr|etc|fig|vol|ch|pt|ref)$/i;

/**
 * A list typed inline, one item a line: "1. saltmarsh studio 2. day rate mostly 3. net 30" answers a
 * numbered list of questions item by item, as does a short line ("yes roommate sam\nher name is juno");
 * and a sentence ending before a number ("cant do sunday.
 * 12 kids now") ends there, not in a date "sunday 12".
 */
export function listedApart(text: string): string {
  let last = 0;
  // Items in order, some skipped ("1. ... 2. ... 4. ..." answering the questions it chose).
  const listed =
    /(?:^|\s)1[.)]\s/.test(text) && /\s2[.)]\s/.test(text)
      ? text.replace(/(^|\s+)(\d{1,2})[.)]\s+/g, (whole, _space: string, n: string) => {
          if (Number(n) <= last || Number(n) > last + 3) return whole;
          const first = last === 0;
          last = Number(n);
          return first ? "" : "\n\n";
        })
      : text;
  return listed
    .replace(/(\p{L}+)\.\s+(?=\d)/gu, (whole, word: string) => (ABBREVIATED.test(word) ? whole : `${word}.\n`))
    .replace(/^([^\n]{1,50})\n(?=[^\n])/gmu, "$1\n\n"); // a short line typed in a chat ends its sentence
}
