// What users paste into a message besides what they say: code and logs, rows of data typed up from a
// spreadsheet ("2025-04-15,tune-up std,Trek FX3,1.0"), which say no statement; and a letter they
// drafted ("Hi Jalen, ... I'd like to offer you the position ... Cheers, Dev"), whose "you" is the one
// it is addressed to, not the assistant the message is written to; and a document pasted to be worked
// on ("here it is:\n\n<a draft abstract>"), whose sentences are not the writer's facts.
import { TITLES } from "./closed-classes.ts";
import { withoutCode } from "./markup.ts";

/** A row of comma-separated values: two commas or more, each with no space after it. */
const ROW = /^[^,\n]*(?:,(?=\S)[^,\n]*){2,}$/;

/** The text without runs of three rows or more (a header and two rows): data says no statement. */
function withoutRows(text: string): string {
  const lines = text.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    let end = i;
    while (end < lines.length && ROW.test(lines[end]!.trim())) end++;
    if (end - i >= 3) {
      // "typed it up:" introduces nothing left: its sentence ends there.
      const last = out.findLastIndex((line) => line.trim() !== "");
      if (last >= 0) out[last] = out[last]!.replace(/:\s*$/, ".");
      out.push("");
      i = end;
    } else out.push(lines[i++]!);
  }
  return out.join("\n");
}

/** A line introducing what follows it: "ok here it is, it's embarrassing:", "my draft abstract:". */
const INTRODUCES =
  /(?:\bhere(?:['’]s| is| it is| you go)|\bthis is|\bbelow|\bpasted|\b(?:draft|abstract|email|letter|bio|post|essay|paragraph|summary|version|statement|cover letter))\b[^\n]*:\s*$|\bhere(?:['’]s| is) (?:a|an|the|my) (?:passage|excerpt|extract|paragraph|section|draft|chapter|bit|part)\b[^\n]*[.:]\s*$/i;
/** A paragraph quoted whole: what was written, not said now. */
const QUOTED = /^\s*["“][\s\S]*["”]\s*$/;
/** The writer's own voice: a paragraph with it is theirs, not a document they paste. */
const OWN_VOICE = /\b(?:i|i['’]m|i['’]ve|i['’]d|i['’]ll|me|my|mine)\b/i;

/**
 * The text without prose pasted after a line introducing it (a draft abstract, a bio to edit): each
 * paragraph of 30 words or more quoted whole or not in the writer's own voice; the writer's remark
 * after it stays.
 */
function withoutPastedProse(text: string): string {
  const paragraphs = text.split(/\n\s*\n/);
  const intro = paragraphs.findIndex((p) => INTRODUCES.test(p));
  if (intro < 0) return text;
  let end = intro + 1;
  const pasted = (p: string) => (QUOTED.test(p) || !OWN_VOICE.test(p)) && p.split(/\s+/).length >= 30;
  while (end < paragraphs.length && pasted(paragraphs[end]!)) end++;
  if (end === intro + 1) return text;
  // The line introducing it says nothing of the writer beside it ("Here is a passage from Chapter Nine.").
  const lead = paragraphs[intro]!.replace(
    /(?:^|(?<=[.!?]\s))\s*here(?:['’]s| is) (?:a|an|the|my) [^\n]*$/i,
    "",
  ).replace(/:\s*$/, ".");
  return [...paragraphs.slice(0, intro), lead, ...paragraphs.slice(end)].join("\n\n");
}

/** A letter's greeting on its own line: "Hi Jalen,", "Dear Ms Patel,". */
const GREETING =
  /^[ \t]*(?:hi|hello|hey|dear)\s+(?!(?:team|all|there|everyone|both|folks|guys)\b)((?:(?:mr|mrs|ms|dr)\.?\s+)?\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)[ \t]*,?[ \t]*$/imu;
/** A letter's closing and the name it is signed with, each on its own line: "Cheers,\nDev", "Regards,\nDerek Pennington". */
export const LETTER_CLOSING = new RegExp(
  String.raw`^[ \t]*(?:cheers|best|thanks|thank you|many thanks|regards|kind regards|best regards|warm regards|best wishes|all the best|sincerely|yours sincerely|yours|love|take care)[ \t]*,?[ \t]*\n[ \t]*(?:(?:${TITLES})\.?[ \t]+)?(\p{Lu}[\p{L}'’-]+(?:[ \t]\p{Lu}[\p{L}'’-]+)?)[ \t]*$`,
  "imu",
);

const ADDRESSED: Array<[RegExp, (name: string) => string]> = [
  [/\byou['’]d\b/gi, (n) => `${n} would`],
  [/\byou['’]re\b/gi, (n) => `${n} is`],
  [/\byou['’]ve\b/gi, (n) => `${n} has`],
  [/\byou['’]ll\b/gi, (n) => `${n} will`],
  [/\byours(?:elf)?\b/gi, (n) => n],
  [/\byour\b/gi, (n) => `${n}'s`],
  [/\byou\b/gi, (n) => n],
];

/**
 * A drafted letter as what it says of its writer and its addressee: "you" is the one the greeting
 * names ("I'd like to offer Jalen the position"); the greeting and the closing say nothing.
 */
function asAddressed(text: string): string {
  const greeting = GREETING.exec(text);
  if (!greeting) return text;
  const start = greeting.index + greeting[0].length;
  const closing = LETTER_CLOSING.exec(text.slice(start));
  const end = closing ? start + closing.index : text.length;
  const name = greeting[1]!;
  let body = text.slice(start, end);
  for (const [re, by] of ADDRESSED) body = body.replace(re, by(name));
  const after = closing ? text.slice(end + closing[0].length) : "";
  return `${text.slice(0, greeting.index)}\n\n${body}\n\n${after}`;
}

/** The message as what its writer says: pasted code, logs, rows and prose gone, a drafted letter addressed. */
export function asSaid(text: string): string {
  return asAddressed(withoutPastedProse(withoutRows(withoutCode(text))));
}
