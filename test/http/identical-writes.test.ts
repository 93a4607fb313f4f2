// Identical writes (spec: endpoints 1 and 3, Writes used; decisions: Identical writes): a repeat
// that arrives while the first copy is still forming is accepted with 202 and counts nothing; one
// that arrived before the first was answered is refused with 409 duplicate_request_in_progress.
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { allIds } from "./support.ts";

let h: Harness | undefined;
beforeEach(async () => {
  await h?.close();
  h = await createHarness();
});
afterAll(() => h?.close());

const writes = () => h!.engram.accounts.usage(h!.project.accountId).writes;
const contents = async () =>
  Promise.all(
    (await allIds(h!)).map(async (id) => (await (await h!.call("GET", `/v1/memories/${id}`)).json()).content as string),
  );

describe("a repeat while the first copy is forming", () => {
  test("a repeated create is 202 with writes=0, and only one memory forms", async () => {
    const body = { content: "Yara collects vintage maps.", infer: false };
    const first = await h!.call("POST", "/v1/memories", { body });
    const repeat = await h!.call("POST", "/v1/memories", { body });
    expect([first.status, first.headers.get("service-usage")]).toEqual([202, "writes=1"]);
    expect([repeat.status, repeat.headers.get("service-usage")]).toEqual([202, "writes=0"]);
    expect(await repeat.text()).toBe("");
    expect(writes()).toBe(1);
    await h!.form();
    expect(await contents()).toEqual(["Yara collects vintage maps."]);
  });

  test("the same body with its keys in another order is the same write", async () => {
    await h!.call("POST", "/v1/memories", {
      body: { content: "Order test.", infer: false, scope: { user_id: "u", team_id: "t" } },
    });
    const r = await h!.call("POST", "/v1/memories", {
      body: { scope: { team_id: "t", user_id: "u" }, infer: false, content: "Order test." },
    });
    expect(r.headers.get("service-usage")).toBe("writes=0");
    await h!.form();
    expect(await contents()).toEqual(["Order test."]);
  });

  test("a repeated import is 202 with writes=0, and its memories form once", async () => {
    const body = { messages: [{ role: "user", content: "I run a bakery in Ghent. We open at six." }] };
    const first = await h!.call("POST", "/v1/memories/import", { body });
    const repeat = await h!.call("POST", "/v1/memories/import", { body });
    expect(first.headers.get("service-usage")).toBe("writes=1");
    expect([repeat.status, repeat.headers.get("service-usage")]).toEqual([202, "writes=0"]);
    await h!.form();
    expect((await contents()).sort()).toEqual(["The user runs a bakery in Ghent. The user and others open at six."]);
  });

  test("a create and an import with the same text are different writes", async () => {
    await h!.call("POST", "/v1/memories", { body: { content: "Same text." } });
    const r = await h!.call("POST", "/v1/memories/import", {
      body: { messages: [{ role: "user", content: "Same text." }] },
    });
    expect(r.headers.get("service-usage")).toBe("writes=1");
  });

  test("the same body sent to another project is a different write", async () => {
    const body = { content: "Shared body.", infer: false };
    await h!.call("POST", "/v1/memories", { body });
    const r = await h!.call("POST", "/v1/memories", { body, key: h!.demo.key });
    expect(r.headers.get("service-usage")).toBe("writes=1");
  });

  test("bodies that differ in any field are different writes", async () => {
    await h!.call("POST", "/v1/memories", { body: { content: "Differ.", infer: false } });
    for (const body of [
      { content: "Differ.", infer: true },
      { content: "Differ." },
      { content: "Differ.", infer: false, occurred_at: "2024-01-01" },
      { content: "Differ!", infer: false },
    ]) {
      expect((await h!.call("POST", "/v1/memories", { body })).headers.get("service-usage")).toBe("writes=1");
    }
  });
});

describe("a repeat after the first copy has formed", () => {
  test("is a new write that counts and forms again", async () => {
    const body = { content: "Zeno plays chess on Fridays.", infer: false };
    await h!.call("POST", "/v1/memories", { body });
    await h!.form();
    const again = await h!.call("POST", "/v1/memories", { body });
    expect([again.status, again.headers.get("service-usage")]).toEqual([202, "writes=1"]);
    await h!.form();
    expect(await contents()).toEqual(["Zeno plays chess on Fridays.", "Zeno plays chess on Fridays."]);
    expect(writes()).toBe(2);
  });
});

describe("a refused write is not remembered as forming", () => {
  test("a create refused with 400 does not make the next valid copy count nothing", async () => {
    const bad = await h!.call("POST", "/v1/memories", { body: { content: "Refused.", occurred_at: "2999-01-01" } });
    expect(bad.status).toBe(400);
    const good = await h!.call("POST", "/v1/memories", { body: { content: "Refused." } });
    expect(good.headers.get("service-usage")).toBe("writes=1");
  });
});

describe("identical writes racing before the first is answered", () => {
  /** A request whose body arrives only when `send` is called: it has arrived, its body has not. */
  function slowPost(path: string, body: unknown): { response: Promise<Response>; send(): void } {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const stream = new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c;
      },
    });
    const response = h!.engram.handle(
      new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${h!.project.key}`, "content-type": "application/json" },
        body: stream,
      }),
    );
    return {
      response,
      send() {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(body)));
        controller.close();
      },
    };
  }

  test("one is stored; a copy that arrived before the first was answered gets 409 duplicate_request_in_progress", async () => {
    const body = { content: "Quill races identical writes.", infer: false };
    const early = slowPost("/v1/memories", body); // arrives first, its body later
    const first = await h!.call("POST", "/v1/memories", { body }); // arrives second, answered at once
    expect([first.status, first.headers.get("service-usage")]).toEqual([202, "writes=1"]);
    early.send();
    const raced = await early.response;
    expect(raced.status).toBe(409);
    expect(raced.headers.get("retry-after")).toBe("1");
    expect(await raced.json()).toMatchObject({ code: "conflict", reason: "duplicate_request_in_progress" });
    // A copy that arrives after the first was answered finds it forming: 202, counts nothing.
    const later = await h!.call("POST", "/v1/memories", { body });
    expect([later.status, later.headers.get("service-usage")]).toEqual([202, "writes=0"]);
    expect(writes()).toBe(1);
    await h!.form();
    expect(await contents()).toEqual(["Quill races identical writes."]);
  });

  test("different bodies racing are both stored", async () => {
    const early = slowPost("/v1/memories", { content: "Race one.", infer: false });
    const other = await h!.call("POST", "/v1/memories", { body: { content: "Race two.", infer: false } });
    early.send();
    expect([(await early.response).status, other.status]).toEqual([202, 202]);
    await h!.form();
    expect((await contents()).sort()).toEqual(["Race one.", "Race two."]);
  });

  test("real concurrent HTTP copies: exactly one is stored and counted, the others are 409 or 202 counting nothing", async () => {
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (r) => h!.engram.handle(r) });
    try {
      const body = JSON.stringify({ content: "Concurrent copies.", infer: false });
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          fetch(`http://127.0.0.1:${server.port}/v1/memories`, {
            method: "POST",
            headers: { authorization: `Bearer ${h!.project.key}`, "content-type": "application/json" },
            body,
          }),
        ),
      );
      const statuses = answers.map((r) => `${r.status} ${r.headers.get("service-usage") ?? ""}`);
      expect(statuses.filter((s) => s === "202 writes=1")).toHaveLength(1);
      expect(statuses.every((s) => s === "202 writes=1" || s === "202 writes=0" || s.startsWith("409"))).toBe(true);
      expect(writes()).toBe(1);
      await h!.form();
      expect(await contents()).toEqual(["Concurrent copies."]);
    } finally {
      server.stop(true);
    }
  });
});
