// Chooses the extractor from configuration: the LLM extractor when an endpoint is configured,
// otherwise the embedded one (no network). "sentence" stores each sentence as given.
import type { Extractor } from "./extractor.ts";
import { createEmbeddedExtractor } from "./embedded/index.ts";
import { createLlmExtractor } from "./llm-extractor.ts";
import type { LlmConfig } from "../models/llm.ts";
import { sentenceExtractor } from "./sentence-extractor.ts";

export type ExtractorName = "embedded" | "sentence" | "llm";

export function createExtractor(name: ExtractorName, llm: LlmConfig | null): Extractor {
  switch (name) {
    case "llm":
      if (!llm) throw new Error("ENGRAM_EXTRACTOR=llm needs ENGRAM_LLM_URL and ENGRAM_LLM_MODEL");
      return createLlmExtractor(llm);
    case "sentence":
      return sentenceExtractor;
    case "embedded":
      return createEmbeddedExtractor();
  }
}
