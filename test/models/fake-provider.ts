// A local server speaking the OpenAI embeddings protocol (POST /v1/embeddings), for tests: vectors
// are hashed bags of words (deterministic: texts sharing words are near). It records requests and can
// be told to fail or to stall.
export interface FakeProvider {
  url: string; // base URL, ending in /v1
  requests: Array<{ authorization: string | null; body: { model: string; input: string[]; dimensions?: number } }>;
  mode: "ok" | "fail" | "stall";
  /** Answers vectors of this size (change it to simulate another model). */
  dims: number;
  stop(): void;
}

export function fakeVector(text: string, dims: number): number[] {
  const v = new Array<number>(dims).fill(0);
  for (const w of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let h = 2166136261;
    for (const ch of w) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
    v[(h >>> 0) % dims]! += 1;
  }
  return v;
}

export function startFakeProvider(dims = 16): FakeProvider {
  const fake: FakeProvider = {
    url: "",
    requests: [],
    mode: "ok",
    dims,
    stop: () => server.stop(true),
  };
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      if (req.method !== "POST" || url.pathname !== "/v1/embeddings") return new Response("not found", { status: 404 });
      const body = (await req.json()) as FakeProvider["requests"][number]["body"];
      fake.requests.push({ authorization: req.headers.get("authorization"), body });
      if (fake.mode === "fail") return Response.json({ error: { message: "overloaded" } }, { status: 503 });
      if (fake.mode === "stall") await new Promise((r) => setTimeout(r, 2_000));
      // Answer out of order, as the protocol allows: clients must place vectors by `index`.
      const data = body.input
        .map((text, index) => ({ object: "embedding", index, embedding: fakeVector(text, fake.dims) }))
        .reverse();
      return Response.json({ object: "list", data, model: body.model, usage: { prompt_tokens: 0, total_tokens: 0 } });
    },
  });
  fake.url = `http://127.0.0.1:${server.port}/v1`;
  return fake;
}
