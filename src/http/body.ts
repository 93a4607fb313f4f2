// Reads a JSON request body: 415 for other media types, 413 (problem+json) past 5 MiB whether
// declared by Content-Length or discovered while reading a chunked body, a clear 400 for bad JSON.
import { ApiError, validationError } from "../errors/api-error.ts";

export function isJsonMediaType(header: string | null): boolean {
  if (!header) return false;
  const type = header.split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

function tooLarge(limit: number): ApiError {
  return new ApiError("invalid_argument", {
    status: 413,
    detail: `The request body exceeds ${limit / 1024 / 1024} MiB.`,
  });
}

export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  if (!isJsonMediaType(request.headers.get("content-type"))) {
    throw new ApiError("unsupported_media_type", { detail: "Request bodies must be application/json." });
  }
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge(maxBytes);

  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.byteLength;
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw validationError({ body: ["is not valid UTF-8"] }, "The request body is not valid UTF-8.");
  }
  if (text.trim() === "")
    throw validationError({ body: ["is required"] }, "The request body is empty; a JSON object is required.");
  try {
    return JSON.parse(text);
  } catch (err) {
    const why = err instanceof Error ? err.message : "syntax error";
    throw validationError({ body: [`is not valid JSON: ${why}`] }, `The request body is not valid JSON: ${why}.`);
  }
}
