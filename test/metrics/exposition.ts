// A strict reader of the Prometheus text exposition format (0.0.4), for the metrics tests: every line
// must be a HELP, a TYPE, a comment, a blank line or a well-formed sample of a family whose HELP and
// TYPE came first; histograms must have cumulative buckets ending in le="+Inf" equal to their count.
// It throws on the first line that breaks a rule, naming it.

export type Labels = Record<string, string>;
export interface Sample {
  name: string;
  labels: Labels;
  value: number;
}
export interface Family {
  name: string;
  type: string;
  help: string;
}
export interface Exposition {
  families: Map<string, Family>;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);
const SUFFIXES: Record<string, string[]> = {
  histogram: ["_bucket", "_sum", "_count"],
  summary: ["", "_sum", "_count"],
};

/** A value as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case; prom-client writes "Nan"). */
function parseValue(text: string, line: string): number {
  if (/^\+?inf(inity)?$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf(inity)?$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (/^nan$/i.test(text)) return Number.NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`bad value "${text}" in: ${line}`);
  return Number(text);
}

/** Reads `{a="x",b="y\"z"}` from `text` at `at` (the "{"); returns the labels and the index after "}". */
function parseLabels(text: string, at: number, line: string): { labels: Labels; end: number } {
  const labels: Labels = {};
  let i = at + 1;
  for (;;) {
    if (text[i] === "}") return { labels, end: i + 1 };
    const eq = text.indexOf("=", i);
    if (eq < 0) throw new Error(`unterminated labels in: ${line}`);
    const name = text.slice(i, eq);
    if (!LABEL_NAME.test(name)) throw new Error(`bad label name "${name}" in: ${line}`);
    if (Object.hasOwn(labels, name)) throw new Error(`repeated label "${name}" in: ${line}`);
    if (text[eq + 1] !== '"') throw new Error(`label value not quoted in: ${line}`);
    let value = "";
    let j = eq + 2;
    for (; j < text.length && text[j] !== '"'; j++) {
      if (text[j] === "\n") throw new Error(`raw newline in a label value: ${line}`);
      if (text[j] !== "\\") {
        value += text[j];
        continue;
      }
      const escaped = text[++j];
      if (escaped === "n") value += "\n";
      else if (escaped === "\\" || escaped === '"') value += escaped;
      else throw new Error(`bad escape in a label value: ${line}`);
    }
    if (j >= text.length) throw new Error(`unterminated label value in: ${line}`);
    labels[name] = value;
    i = j + 1;
    if (text[i] === ",") i++;
    else if (text[i] !== "}") throw new Error(`expected "," or "}" after a label in: ${line}`);
  }
}

function familyOf(name: string, families: Map<string, Family>): Family | undefined {
  const exact = families.get(name);
  if (exact && !SUFFIXES[exact.type]) return exact;
  for (const f of families.values()) {
    const suffixes = SUFFIXES[f.type];
    if (suffixes?.some((s) => name === f.name + s)) return f;
  }
  return undefined;
}

function checkHistograms(samples: Sample[], families: Map<string, Family>): void {
  for (const f of families.values()) {
    if (f.type !== "histogram") continue;
    const series = new Map<string, { buckets: Array<[number, number]>; count?: number; sum?: number }>();
    for (const s of samples) {
      if (![`${f.name}_bucket`, `${f.name}_sum`, `${f.name}_count`].includes(s.name)) continue;
      const { le, ...rest } = s.labels;
      const key = JSON.stringify(Object.entries(rest).sort());
      const entry = series.get(key) ?? { buckets: [] };
      series.set(key, entry);
      if (s.name === `${f.name}_bucket`) {
        if (le === undefined) throw new Error(`${s.name} without le`);
        entry.buckets.push([parseValue(le, `le="${le}"`), s.value]);
      } else if (s.name === `${f.name}_count`) entry.count = s.value;
      else if (s.name === `${f.name}_sum`) entry.sum = s.value;
    }
    for (const [key, e] of series) {
      const last = e.buckets.at(-1);
      if (!last || last[0] !== Number.POSITIVE_INFINITY) throw new Error(`${f.name}${key}: no le="+Inf" bucket`);
      for (let i = 1; i < e.buckets.length; i++) {
        const [le, n] = e.buckets[i]!;
        const [lePrev, nPrev] = e.buckets[i - 1]!;
        if (!(le > lePrev) || n < nPrev) throw new Error(`${f.name}${key}: buckets not cumulative`);
      }
      if (e.count !== last[1] || e.sum === undefined) throw new Error(`${f.name}${key}: _count or _sum wrong`);
    }
  }
}

export function parseExposition(text: string): Exposition {
  const families = new Map<string, Family>();
  const helps = new Map<string, string>();
  const samples: Sample[] = [];
  const seen = new Set<string>();
  if (!text.endsWith("\n")) throw new Error("the exposition does not end with a line feed");
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      if (!METRIC_NAME.test(name)) throw new Error(`bad metric name in: ${line}`);
      if (kind === "HELP") {
        if (helps.has(name)) throw new Error(`second HELP for ${name}`);
        helps.set(name, rest);
      } else {
        if (families.has(name)) throw new Error(`second TYPE for ${name}`);
        if (!TYPES.has(rest)) throw new Error(`unknown type in: ${line}`);
        const own = (SUFFIXES[rest] ?? [""]).map((suffix) => name + suffix);
        if (samples.some((s) => own.includes(s.name))) throw new Error(`TYPE after samples of ${name}`);
        families.set(name, { name, type: rest, help: helps.get(name) ?? "" });
      }
      continue;
    }
    if (line.startsWith("#")) continue; // a comment
    const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)?.[0];
    if (!name) throw new Error(`not a sample line: ${line}`);
    let rest = line.slice(name.length);
    let labels: Labels = {};
    if (rest.startsWith("{")) {
      const parsed = parseLabels(rest, 0, line);
      labels = parsed.labels;
      rest = rest.slice(parsed.end);
    }
    const parts = rest.trim().split(/ +/);
    if (!rest.startsWith(" ") || parts.length < 1 || parts.length > 2) throw new Error(`bad sample line: ${line}`);
    if (parts[1] !== undefined && !/^-?\d+$/.test(parts[1])) throw new Error(`bad timestamp in: ${line}`);
    const family = familyOf(name, families);
    if (!family) throw new Error(`sample without a TYPE before it: ${line}`);
    if (!helps.has(family.name)) throw new Error(`sample without a HELP before it: ${line}`);
    family.help = helps.get(family.name)!;
    const key = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seen.has(key)) throw new Error(`repeated series: ${line}`);
    seen.add(key);
    samples.push({ name, labels, value: parseValue(parts[0]!, line) });
  }
  for (const name of helps.keys()) if (!families.has(name)) throw new Error(`HELP without TYPE for ${name}`);
  for (const f of families.values()) if (!helps.has(f.name)) throw new Error(`TYPE without HELP for ${f.name}`);
  checkHistograms(samples, families);
  return { families, samples };
}

/** The value of the one sample with this name whose labels include `labels`, or undefined. */
export function sampleOf(e: Exposition, name: string, labels: Labels = {}): number | undefined {
  const found = e.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** The sum of every sample with this name whose labels include `labels`. */
export function sumOf(e: Exposition, name: string, labels: Labels = {}): number {
  return e.samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((n, s) => n + s.value, 0);
}
