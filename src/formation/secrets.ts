// Secrets are never stored: API keys, tokens, passwords, card numbers and similar are found here
// and redacted (or the statement dropped) when the project's policy asks for it (the default).
export const REDACTED = "[redacted]";

const TOKEN_PATTERNS: RegExp[] = [
  /\b(?:sk|pk|rk)[-_](?:live|test|proj|ant)?[-_]?[A-Za-z0-9_-]{16,}/g, // OpenAI, Stripe, Anthropic style
  /\bengram_sk_[A-Za-z0-9_-]{20,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{30,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}\b/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, // JWT
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  /\b\d{3}-\d{2}-\d{4}\b/g, // US SSN
  /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,3})?\b/g, // IBAN
];

// "my password is hunter2", "PIN: 1234", "the wifi passcode was xyz"
const CREDENTIAL =
  /\b(password|passphrase|passcode|passwd|pwd|pin(?: code| number)?|secret(?: key)?|api[ _-]?key|access[ _-]?token|auth[ _-]?token|token|security code|cvv|cvc)\b(\s+(?:for|to|of)\s+[\w .'-]{1,40}?)?\s*(?:is|was|=|:|are)\s*(?:"([^"\n]{1,64})"|'([^'\n]{1,64})'|“([^”\n]{1,64})”|([^\s"'”,;]+))/gi;
// Words that name a password outright: whatever follows "is" is the secret ("my password is hunter").
const SAYS_PASSWORD = /^(password|passphrase|passcode|passwd|pwd)/i;
// Otherwise ("the secret to bread is time", "the token is ...") the value must look like one: digits, or mixed classes.
const LOOKS_SECRET = /^(?=.*\d)|^(?=.*[a-z])(?=.*[A-Z0-9_\-+/=!@#$%^&*]).{8,}$/;
const CARD = /\b(?:\d[ -]?){12,18}\d\b/g;

function luhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) h -= (n / s.length) * Math.log2(n / s.length);
  return h;
}

interface Span {
  start: number;
  end: number;
}

export function findSecrets(text: string): Span[] {
  const spans: Span[] = [];
  for (const re of TOKEN_PATTERNS)
    for (const m of text.matchAll(re)) spans.push({ start: m.index!, end: m.index! + m[0].length });
  for (const m of text.matchAll(CREDENTIAL)) {
    const raw = m[3] ?? m[4] ?? m[5] ?? m[6]!;
    const value = m[6] !== undefined ? raw.replace(/[.!?]+$/, "") : raw;
    if (!SAYS_PASSWORD.test(m[1]!) && !LOOKS_SECRET.test(value)) continue;
    const start = m.index! + m[0].length - raw.length - (m[6] !== undefined ? 0 : 1);
    spans.push({ start, end: start + value.length });
  }
  for (const m of text.matchAll(CARD)) {
    const digits = m[0].replace(/\D/g, "");
    if (digits.length >= 13 && digits.length <= 19 && luhn(digits))
      spans.push({ start: m.index!, end: m.index! + m[0].length });
  }
  // Generic high-entropy tokens (random keys without a known prefix).
  for (const m of text.matchAll(/[A-Za-z0-9_+/=-]{32,}/g)) {
    const s = m[0];
    if (/[A-Za-z]/.test(s) && /\d/.test(s) && entropy(s) >= 4)
      spans.push({ start: m.index!, end: m.index! + s.length });
  }
  return spans.sort((a, b) => a.start - b.start);
}

export function hasSecret(text: string): boolean {
  return findSecrets(text).length > 0;
}

/** Replaces every secret with "[redacted]". */
export function redactSecrets(text: string): string {
  const spans = findSecrets(text);
  if (spans.length === 0) return text;
  let out = "";
  let last = 0;
  for (const s of spans) {
    if (s.start < last) {
      last = Math.max(last, s.end);
      continue;
    }
    out += text.slice(last, s.start) + REDACTED;
    last = s.end;
  }
  return out + text.slice(last);
}

const CREDENTIAL_WORDS =
  /\b(password|passphrase|passcode|passwd|pwd|pin|api[ _-]?key|keys?|token|secret|credentials?|login|cvv|cvc|security code|card number)\b/i;

/**
 * A statement as it may be stored under a policy that redacts secrets: null when it is about a
 * credential (it has no value without it), otherwise the text with every secret redacted. A text
 * redacted before it was split into statements counts as holding a secret.
 */
export function scrubStatement(text: string): string | null {
  if (!hasSecret(text) && !text.includes(REDACTED)) return text;
  return CREDENTIAL_WORDS.test(text) ? null : redactSecrets(text);
}
