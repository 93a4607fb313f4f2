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
      const options = ((s.anyOf as Array<{ const?: unknown }>) ?? []).map((o) => o.const).filter((c) => c !== undefined);
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
  readonly errors: Record<string, string[]> = {};
  add(path: string, message: string): void {
    (this.errors[path] ??= []).push(message);
  }
  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
  throwIfAny(): void {
    if (!this.empty) throw validationError(this.errors);
  }
}

export function createValidator<T extends TSchema>(schema: T): Validator<T> {
  const check: TypeCheck<T> = TypeCompiler.Compile(schema);
  return {
    schema,
    parse(value: unknown): Static<T> {
      if (check.Check(value)) return value;
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
