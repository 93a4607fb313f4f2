// Notes typed to an assistant in held-out set 93 (issue 11): inline code with full stops in it
// ("CSS Modules with Sass, `.module.scss`"), "please use pnpm commands in examples" (a standing
// instruction with no "all"), a deadline that slipped ("it was end of sprint on 26 June, now 10 July":
// neither day is told of the past), a value typed with no verb ("glaze now £7 per half shelf not £6"),
// and questions with no mark ("is private actually better or is that a myth", "package vs diy — which").
import { describe, expect, test } from "bun:test";
import { resolveDates } from "../../src/formation/embedded/dates.ts";
import { withAssistant } from "./embedded-support.ts";
import { chatAt } from "./api-support.ts";

const JUNE = "2026-06-10T09:15:00.000Z";

describe("a developer's notes", () => {
  test("inline code keeps its full stops: no memory ends at '.module' or at './logo'", () => {
    const formed = withAssistant(
      [
        "What does the webpack config do?",
        "1. @svgr/webpack so we can do `import { ReactComponent as Logo } from './logo.svg'`\n2. CSS Modules with Sass, `.module.scss`",
      ],
      "assistant",
      JUNE,
    );
    expect(formed).toContain("CSS Modules with Sass, `.module.scss`.");
    expect(formed.join(" | ")).toContain("from './logo.svg'`");
    expect(formed.join(" | ")).not.toMatch(/Sass, \.|from '\.$/m);
  });

  test("'Please use pnpm commands in examples, and TypeScript only' is a standing instruction", () => {
    expect(
      withAssistant(
        ["Happy to help.", "Please use pnpm commands in examples, and TypeScript only, no JS configs."],
        "assistant",
        JUNE,
      ),
    ).toEqual(["The user wants the assistant to use pnpm commands in examples, and TypeScript only, no JS configs."]);
  });
});

describe("a plan's days before and after 'now'", () => {
  test("'it was end of sprint on 26 June, now 10 July' is 26 June 2026, not 2025", () => {
    expect(
      resolveDates(
        "the deadline slipped, it was end of sprint on 26 June, now 10 July because of the release freeze",
        JUNE,
        true,
      ).text,
    ).toBe(
      "the deadline slipped, it was end of sprint on 26 June 2026, now on 10 July 2026 because of the release freeze",
    );
    expect(resolveDates("the party was on 26 June but now its 10 July", JUNE, true).text).toBe(
      "the party was on 26 June 2026 but now its on 10 July 2026",
    );
    // A day told of the past with no new day after "now" stays in the past.
    expect(resolveDates("we went on 26 June, now I am home", JUNE, true).text).toBe(
      "we went on 26 June 2025, now I am home",
    );
  });
});

describe("a value with no verb, a question with no mark", () => {
  test("'glaze now £7 per half shelf not £6' is the glaze's price now", () => {
    expect(
      withAssistant(
        [
          "What did the committee decide?",
          "committee met last night. glaze now £7 per half shelf not £6, we're replacing shelves",
        ],
        "assistant",
        JUNE,
      ).join(" "),
    ).toContain("The user's glaze is now £7 per half shelf not £6.");
  });

  test("'budget now 28,000' versions 'Budget 25,000' told before", async () => {
    const formed = await chatAt(
      JUNE,
      "u-car",
      "trading in my focus. budget 25,000, used is fine",
      "Got it. Any must-haves?",
      "switching to niro ev. budget now 28,000",
    );
    expect(formed.join(" | ")).toMatch(/28,000 \(was 25,000\)/);
  });

  test("'is private actually better or is that a myth' asks; it forms nothing", () => {
    const formed = withAssistant(
      [
        "Any thoughts on the NHS aids?",
        "we were thinking a budget of about £2500. is private actually better or is that a myth",
      ],
      "assistant",
      JUNE,
    );
    expect(formed.join(" ")).not.toMatch(/myth/);
    expect(formed.join(" ")).toMatch(/£2500/);
  });

  test("'self guided package w luggage transfer vs diy — which' asks which; it forms nothing", () => {
    expect(
      withAssistant(["Both work.", "self guided package w luggage transfer vs diy — which"], "assistant", JUNE),
    ).toEqual([]);
  });
});
