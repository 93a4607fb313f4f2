import { describe, expect, test } from "bun:test";
import { Type } from "@sinclair/typebox";
import { ApiError } from "../../src/errors/api-error.ts";
import { createValidator, FieldErrors, pointerToPath } from "../../src/shared/validate.ts";
import { ImportBody } from "../../src/memories/schemas.ts";

/** The `errors` map of the validation_error a parse throws. */
function errorsOf(fn: () => unknown): Record<string, string[]> {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("validation_error");
    return (err as ApiError).errors!;
  }
  throw new Error("expected a validation_error");
}

describe("pointerToPath", () => {
  test.each([
    ["", "body"],
    ["/content", "content"],
    ["/scope/user_id", "scope.user_id"],
    ["/messages/3/role", "messages[3].role"],
    ["/messages/0", "messages[0]"],
    ["/a/b/c", "a.b.c"],
    ["/a/10/b/2/c", "a[10].b[2].c"],
    ["/0/role", "[0].role"],
  ])("%p becomes %p", (pointer, path) => {
    expect(pointerToPath(pointer)).toBe(path);
  });

  test("~1 is read as a slash and ~0 as a tilde, in that order", () => {
    expect(pointerToPath("/a~1b")).toBe("a/b");
    expect(pointerToPath("/a~0b")).toBe("a~b");
    expect(pointerToPath("/a~01")).toBe("a~1"); // not "a/"
    expect(pointerToPath("/scope/x~1y~0z")).toBe("scope.x/y~z");
  });
});

describe("createValidator", () => {
  const Body = Type.Object(
    {
      content: Type.String({ minLength: 1, maxLength: 5 }),
      name: Type.Optional(Type.String({ minLength: 2 })),
      code: Type.Optional(Type.String({ pattern: "^[a-z]+$", description: "must be lower-case letters" })),
      infer: Type.Optional(Type.Boolean()),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
      scope: Type.Optional(
        Type.Object({ user_id: Type.Optional(Type.String({ maxLength: 3 })) }, { additionalProperties: false }),
      ),
      tags: Type.Optional(Type.Array(Type.String(), { minItems: 1, maxItems: 2 })),
      rating: Type.Optional(Type.Union([Type.Literal("positive"), Type.Literal("negative")])),
      kind: Type.Optional(Type.Literal("memory")),
    },
    { additionalProperties: false },
  );
  const v = createValidator(Body);

  test("returns a valid value as it is", () => {
    const value = { content: "hi", scope: { user_id: "ada" } };
    expect(v.parse(value)).toBe(value);
  });

  test.each([
    [{}, "content", "is required"],
    [{ content: "" }, "content", "must not be empty"],
    [{ content: "hi", name: "a" }, "name", "must be at least 2 characters"],
    [{ content: "toolong" }, "content", "exceeds maximum length of 5 characters"],
    [{ content: 5 }, "content", "must be a string, not a number"],
    [{ content: null }, "content", "must be a string, not null"],
    [{ content: ["a"] }, "content", "must be a string, not an array"],
    [{ content: "hi", code: "ABC" }, "code", "must be lower-case letters"],
    [{ content: "hi", infer: "yes" }, "infer", "must be a boolean, not a string"],
    [{ content: "hi", limit: 2.5 }, "limit", "must be an integer, not 2.5"],
    [{ content: "hi", limit: "3" }, "limit", "must be an integer, not a string"],
    [{ content: "hi", limit: 0 }, "limit", "must be at least 1"],
    [{ content: "hi", limit: 21 }, "limit", "must be at most 20"],
    [{ content: "hi", scope: "ada" }, "scope", "must be an object, not a string"],
    [{ content: "hi", scope: { user_id: "adam" } }, "scope.user_id", "exceeds maximum length of 3 characters"],
    [{ content: "hi", scope: { nickname: "a" } }, "scope.nickname", "is not a permitted field"],
    [{ content: "hi", user_id: "ada" }, "user_id", "is not a permitted field"],
    [{ content: "hi", tags: "a" }, "tags", "must be an array, not a string"],
    [{ content: "hi", tags: [] }, "tags", "must contain at least 1 item"],
    [{ content: "hi", tags: ["a", "b", "c"] }, "tags", "must contain at most 2 items"],
    [{ content: "hi", tags: [1] }, "tags[0]", "must be a string, not a number"],
    [{ content: "hi", rating: "meh" }, "rating", "must be one of positive, negative"],
    [{ content: "hi", kind: "list" }, "kind", 'must be "memory"'],
  ])("%j is refused with errors[%p] = [%p]", (body, path, message) => {
    const errors = errorsOf(() => v.parse(body));
    expect(errors[path]).toEqual([message]);
  });

  test("reports every bad field at once, one message per field", () => {
    const errors = errorsOf(() => v.parse({ content: 7, limit: 0, extra: true }));
    expect(Object.keys(errors).sort()).toEqual(["content", "extra", "limit"]);
    for (const messages of Object.values(errors)) expect(messages).toHaveLength(1);
  });

  test("a body that is not an object is reported on the body", () => {
    expect(errorsOf(() => v.parse("text"))).toEqual({ body: ["must be an object, not a string"] });
    expect(errorsOf(() => v.parse(null))).toEqual({ body: ["must be an object, not null"] });
  });

  test("a nested array item is named by index, as messages[3].role", () => {
    const messages = [0, 1, 2].map(() => ({ role: "user", content: "hi" }));
    const errors = errorsOf(() =>
      createValidator(ImportBody).parse({ messages: [...messages, { role: "robot", content: "hi" }] }),
    );
    expect(Object.keys(errors)).toEqual(["messages[3].role"]);
    expect(errors["messages[3].role"]![0]).toBe("must be one of user, assistant, system, tool");
  });

  test("the error's detail names the fields", () => {
    let detail: string | undefined;
    try {
      v.parse({ content: "" });
    } catch (err) {
      detail = (err as ApiError).detail;
    }
    expect(detail).toBe("The request has an invalid field: content.");
  });
});

describe("FieldErrors", () => {
  test("collects messages per path and throws them as one validation_error", () => {
    const f = new FieldErrors();
    expect(f.empty).toBe(true);
    f.throwIfAny();
    f.add("occurred_at", "must not be in the future");
    f.add("occurred_at", "another");
    f.add("messages[1].occurred_at", "must not be before 1970-01-01");
    expect(f.empty).toBe(false);
    expect(errorsOf(() => f.throwIfAny())).toEqual({
      occurred_at: ["must not be in the future", "another"],
      "messages[1].occurred_at": ["must not be before 1970-01-01"],
    });
  });
});
