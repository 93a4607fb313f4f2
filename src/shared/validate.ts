// Validates a value against a TypeBox schema and throws a validation_error whose `errors` map
// field paths (`scope.user_id`, `messages[3].role`) to messages. Never coerces. The same schemas
// validate REST bodies and describe MCP tool inputs, so messages read well in both.
import type { TSchema, Static } from "@sinclair/typebox";
import { TypeCompiler, type TypeCheck } from "@sinclair/typebox/compiler";
import { ValueErrorType, type ValueError } from "@sinclair/typebox/errors";
import { validationError } from "../errors/api-error.ts";

/** `/messages/3/role` → `messages[3].role`; the empty pointer is the body itself. */
export function pointerToPath(pointer: string): string {
  if (pointer === "" || pointer === "/") return "body";
  let out = "";
  for (const raw of pointer.split("/").slice(1)) {
    const part = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else out += out ? `.${part}` : part;
  }
  return out;
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

export function messageFor(e: ValueError): string {
  const s = e.schema as Record<string, unknown>;
  switch (e.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return "is required";
    case ValueErrorType.ObjectAdditionalProperties:
      return "is not a permitted field";
    case ValueErrorType.String:
      return `must be a string, not ${typeName(e.value)}`;
    case ValueErrorType.StringMinLength:
      return s.minLength === 1 ? "must not be empty" : `must be at least ${s.minLength} characters`;
    case ValueErrorType.StringMaxLength:
      return `exceeds maximum length of ${s.maxLength} characters`;
    case ValueErrorType.StringPattern:
      return (s.description as string) ?? "has an invalid format";
    case ValueErrorType.Boolean:
      return `must be a boolean, not ${typeName(e.value)}`;
    case ValueErrorType.Integer:
      return `must be an integer, not ${typeof e.value === "number" ? String(e.value) : typeName(e.value)}`;
    case ValueErrorType.IntegerMinimum:
      return `must be at least ${s.minimum}`;
    case ValueErrorType.IntegerMaximum:
      return `must be at most ${s.maximum}`;
    case ValueErrorType.Object:
      return `must be an object, not ${typeName(e.value)}`;
    case ValueErrorType.Array:
      return `must be an array, not ${typeName(e.value)}`;
    case ValueErrorType.ArrayMinItems:
      return `must contain at least ${s.minItems} item${s.minItems === 1 ? "" : "s"}`;
    case ValueErrorType.ArrayMaxItems:
      return `must contain at most ${s.maxItems} items`;
    case ValueErrorType.Union: {
      const options = ((s.anyOf as Array<{ const?: unknown }>) ?? [])
        .map((o) => o.const)
        .filter((c) => c !== undefined);
      return options.length ? `must be one of ${options.join(", ")}` : "has an invalid value";
    }
    case ValueErrorType.Literal:
      return `must be ${JSON.stringify(s.const)}`;
    default:
      return "has an invalid value";
  }
}

export interface Validator<T extends TSchema> {
  readonly schema: T;
  /** Returns the value typed, or throws validation_error. */
  parse(value: unknown): Static<T>;
}

/** A collector for checks beyond the schema, reported in the same shape. */
export class FieldErrors {
  // No prototype: a field named `__proto__`, `constructor` or `toString` is just another path.
  readonly errors: Record<string, string[]> = Object.create(null);
  add(path: string, message: string): void {
    this.errors[path] ??= [];
    this.errors[path].push(message);
  }
  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
  throwIfAny(): void {
    if (!this.empty) throw validationError(this.errors);
  }
}

/**
 * Text the schema cannot judge: a lone surrogate (`"\ud800"` in JSON) cannot be stored as UTF-8
 * and would silently become U+FFFD, and NUL breaks consumers that treat text as C strings. Both are
 * refused on their field. Other characters (RTL marks, zero-width spaces, ...) are kept exactly.
 * Only runs on values that passed the schema, so its depth is bounded by the schema's.
 */
function checkText(value: unknown, path: string, fields: FieldErrors): void {
  if (typeof value === "string") {
    if (!value.isWellFormed()) fields.add(path || "body", "must be valid Unicode (it contains a lone surrogate)");
    else if (value.includes("\u0000")) fields.add(path || "body", "must not contain NUL characters");
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => {
      checkText(v, `${path}[${i}]`, fields);
    });
  } else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) checkText(v, path ? `${path}.${k}` : k, fields);
  }
}

export function createValidator<T extends TSchema>(schema: T): Validator<T> {
  const check: TypeCheck<T> = TypeCompiler.Compile(schema);
  return {
    schema,
    parse(value: unknown): Static<T> {
      if (check.Check(value)) {
        const text = new FieldErrors();
        checkText(value, "", text);
        text.throwIfAny();
        return value;
      }
      const fields = new FieldErrors();
      const seen = new Set<string>();
      for (const e of check.Errors(value)) {
        const path = pointerToPath(e.path);
        if (seen.has(path)) continue; // one message per field: the first is the most specific
        seen.add(path);
        fields.add(path, messageFor(e));
      }
      if (fields.empty) fields.add("body", "has an invalid value");
      throw validationError(fields.errors);
    },
  };
}
