// Numbered migrations, embedded in the binary as text. Append only; never edit a shipped one.
import m001 from "./001_initial.sql" with { type: "text" };
import m002 from "./002_counting.sql" with { type: "text" };
import m003 from "./003_vectors.sql" with { type: "text" };
import m004 from "./004_formation.sql" with { type: "text" };
import m005 from "./005_context.sql" with { type: "text" };
import m006 from "./006_people.sql" with { type: "text" };
import m007 from "./007_idempotency.sql" with { type: "text" };
import m008 from "./008_webhooks.sql" with { type: "text" };
import m009 from "./009_dashboard.sql" with { type: "text" };
import m010 from "./010_lance.sql" with { type: "text" };
import m011 from "./011_lance_version.sql" with { type: "text" };

export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  { version: 1, name: "initial", sql: m001 },
  { version: 2, name: "counting", sql: m002 },
  { version: 3, name: "vectors", sql: m003 },
  { version: 4, name: "formation", sql: m004 },
  { version: 5, name: "context", sql: m005 },
  { version: 6, name: "people", sql: m006 },
  { version: 7, name: "idempotency", sql: m007 },
  { version: 8, name: "webhooks", sql: m008 },
  { version: 9, name: "dashboard", sql: m009 },
  { version: 10, name: "lance", sql: m010 },
  { version: 11, name: "lance_version", sql: m011 },
];
