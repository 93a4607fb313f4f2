// Identifiers are TypeIDs: a prefix plus a 26-character time-sortable suffix.
import { typeid } from "typeid-js";

export type IdPrefix = "mem" | "prj" | "acct" | "key" | "job" | "wh" | "msg" | "usr";

export function newId(prefix: IdPrefix): string {
  return typeid(prefix).toString();
}

const SUFFIX = "[0-7][0-9a-hjkmnp-tv-z]{25}";
const MEMORY_ID = new RegExp(`^mem_${SUFFIX}$`);

export function isMemoryId(value: string): boolean {
  return MEMORY_ID.test(value);
}

export function isId(prefix: IdPrefix, value: string): boolean {
  return new RegExp(`^${prefix}_${SUFFIX}$`).test(value);
}
