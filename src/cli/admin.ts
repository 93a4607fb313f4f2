// `engram admin ...`: accounts, projects, keys, plans and usage, working on the data directory
// directly (also while the server runs: SQLite WAL with a busy timeout).
import { type Command, InvalidArgumentError, Option } from "commander";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../storage/db.ts";
import { systemClock } from "../shared/clock.ts";
import { createAdministration } from "../administration.ts";
import type { AccountService, KeyView } from "../accounts/service.ts";
import { ApiError } from "../errors/api-error.ts";
import type { PlanFigures } from "../limits/plans.ts";
import { CATEGORIES } from "../domain/categories.ts";
import { describePolicy, policyChange, type PolicyOptions } from "./policy.ts";
import { registerCheck } from "./check.ts";
import { openExisting, reportFailure, withDataOptions, type CommonOptions } from "./command.ts";
import { registerBackup } from "./backup.ts";
import { registerTransfer } from "./transfer.ts";
import { registerReindex } from "./reindex.ts";
import { registerWebhooks } from "./webhooks.ts";
import { registerUsers } from "./users.ts";

// biome-ignore lint/suspicious/noExplicitAny: each command prints its own result shape
function print(value: unknown, json: boolean | undefined, human: (v: any) => string): void {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${human(value)}\n`);
}

/**
 * Runs an admin action on a freshly opened database and reports errors as one message and exit
 * code 1 (JSON on stderr with --json). Only `account create` may start a new data directory: any
 * other command on a missing one is a mistyped --data, not an empty store.
 */
function action<A extends unknown[]>(
  fn: (svc: AccountService & { reindex(projectId: string | null): number }, ...args: A) => void,
  opts: { createsData?: boolean } = {},
) {
  return async (...args: A) => {
    const cmd = args[args.length - 1] as Command;
    const common = cmd.optsWithGlobals() as CommonOptions;
    let db: Awaited<ReturnType<typeof openDatabase>> | null = null;
    try {
      const config = loadConfig({ dataDir: common.data });
      db = opts.createsData ? await openDatabase(config.dataDir) : await openExisting(config.dataDir);
      const admin = createAdministration({ db, clock: systemClock });
      fn({ ...admin.accounts, reindex: admin.reindex }, ...args);
    } catch (err) {
      reportFailure("engram admin", err, common.json);
      process.exitCode = 1;
    } finally {
      db?.close();
    }
  };
}

const int = (v: string) => {
  if (!/^\d+$/.test(v)) throw new InvalidArgumentError("expected a non-negative integer.");
  return Number(v);
};

export function registerAdmin(program: Command): void {
  const admin = program.command("admin").description("manage accounts, projects, keys, plans and usage");
  registerAccounts(admin);
  registerProjects(admin);
  registerKeys(admin);
  registerPlansAndUsage(admin);
  registerCheck(admin);
  registerReindex(admin);
  registerBackup(admin);
  registerTransfer(admin);
  registerWebhooks(admin);
  registerUsers(admin);
}

function registerAccounts(admin: Command): void {
  const account = admin.command("account").description("accounts");
  withDataOptions(account.command("create").description("create an account with its Demo Project"))
    .requiredOption("--name <name>", "account name")
    .addOption(new Option("--plan <plan>", "plan").choices(["free", "starter", "growth", "scale"]).default("free"))
    .action(
      action(
        (svc, opts: { name: string; plan: string; json?: boolean }) => {
          const r = svc.createAccount({ name: opts.name, plan: opts.plan });
          print(r, opts.json, (v) => `account ${v.id}\ndemo project ${v.demo_project_id}`);
        },
        { createsData: true },
      ),
    );
  withDataOptions(account.command("list").description("list accounts")).action(
    action((svc, opts: CommonOptions) => {
      print(
        svc.listAccounts(),
        opts.json,
        (v: Array<{ id: string; name: string; plan: string }>) =>
          v.map((a) => `${a.id}  ${a.plan.padEnd(8)} ${a.name}`).join("\n") || "(no accounts)",
      );
    }),
  );
}

function registerProjects(admin: Command): void {
  const project = admin.command("project").description("projects");
  withDataOptions(project.command("create").description("create a project"))
    .requiredOption("--account <id>", "account id")
    .requiredOption("--name <name>", "project name")
    .action(
      action((svc, opts: { account: string; name: string; json?: boolean }) => {
        print(svc.createProject({ accountId: opts.account, name: opts.name }), opts.json, (v) => `project ${v.id}`);
      }),
    );
  withDataOptions(project.command("list").description("list an account's projects"))
    .requiredOption("--account <id>", "account id")
    .action(
      action((svc, opts: { account: string; json?: boolean }) => {
        print(svc.listProjects(opts.account), opts.json, (v: Array<{ id: string; name: string; is_demo: boolean }>) =>
          v.map((p) => `${p.id}  ${p.name}${p.is_demo ? " (demo)" : ""}`).join("\n"),
        );
      }),
    );
  withDataOptions(project.command("delete").description("delete a project; its keys stop working at once"))
    .argument("<project_id>")
    .action(
      action((svc, id: string, opts: CommonOptions) => {
        print(svc.deleteProject(id), opts.json, (v) => `deleted ${v.id}`);
      }),
    );

  withDataOptions(
    project.command("policy").description("show or set a project's memory policy (used by every key of the project)"),
  )
    .argument("<project_id>")
    .option("--instructions <text>", 'extraction instructions for the LLM extractor ("" clears them)')
    .option(
      "--exclude-categories <list>",
      `categories never stored, comma-separated, or "none" (${CATEGORIES.join(", ")})`,
    )
    .addOption(
      new Option("--redact-secrets <on|off>", "redact API keys, passwords and card numbers before storing").choices([
        "on",
        "off",
      ]),
    )
    .addOption(
      new Option(
        "--assistant-commitments <on|off>",
        'keep an assistant\'s commitments to the user ("I will remind you on Friday") as memories',
      ).choices(["on", "off"]),
    )
    .action(
      action((svc, id: string, o: PolicyOptions & { json?: boolean }) => {
        const change = policyChange(o);
        const view = Object.keys(change).length ? svc.setPolicy(id, change) : svc.policy(id);
        print(view, o.json, describePolicy);
      }),
    );
}

function registerKeys(admin: Command): void {
  const key = admin.command("key").description("API keys");
  withDataOptions(key.command("create").description("create a key (the full key is shown once)"))
    .requiredOption("--project <id>", "project id")
    .requiredOption("--name <name>", "key name")
    .option("--expires <rfc3339>", "expiry time (default: never)")
    .action(
      action((svc, opts: { project: string; name: string; expires?: string; json?: boolean }) => {
        const r = svc.createKey({ projectId: opts.project, name: opts.name, expiresAt: opts.expires ?? null });
        print(
          { id: r.id, key: r.key },
          opts.json,
          (v) => `key id ${v.id}\nkey    ${v.key}\n(shown once: store it now)`,
        );
      }),
    );
  withDataOptions(key.command("revoke").description("revoke a key; it fails on its next request"))
    .argument("<key_id>")
    .action(
      action((svc, id: string, opts: CommonOptions) => {
        print(svc.revokeKey(id), opts.json, (v) => `revoked ${v.id} (…${v.last4})`);
      }),
    );
  withDataOptions(key.command("list").description("list a project's keys (never the secret)"))
    .requiredOption("--project <id>", "project id")
    .action(
      action((svc, opts: { project: string; json?: boolean }) => {
        print(
          svc.listKeys(opts.project),
          opts.json,
          (v: KeyView[]) =>
            v
              .map((k) => {
                const used = k.last_used_at ? `last used ${k.last_used_at}` : "never used";
                const expires = k.expires_at ? `  expires ${k.expires_at}` : "";
                return `${k.id}  …${k.last4}  ${k.status.padEnd(7)} ${k.name}  ${used}${expires}`;
              })
              .join("\n") || "(no keys)",
        );
      }),
    );
}

function registerPlansAndUsage(admin: Command): void {
  const plan = admin.command("plan").description("plans");
  withDataOptions(plan.command("set").description("set an account's plan, or custom figures"))
    .requiredOption("--account <id>", "account id")
    .addOption(new Option("--plan <plan>", "plan").choices(["free", "starter", "growth", "scale", "custom"]))
    .addOption(new Option("--reads <n>", "reads per month").argParser(int))
    .addOption(new Option("--writes <n>", "writes per month").argParser(int))
    .addOption(new Option("--memories <n>", "stored-memory limit").argParser(int))
    .addOption(new Option("--projects <n>", "project limit").argParser(int))
    .addOption(new Option("--read-burst <n>", "read bucket size").argParser(int))
    .addOption(new Option("--read-rate <n>", "reads per second").argParser(int))
    .addOption(new Option("--write-burst <n>", "write bucket size").argParser(int))
    .addOption(new Option("--write-rate <n>", "writes per second").argParser(int))
    .action(
      // biome-ignore lint/suspicious/noExplicitAny: commander gives options untyped
      action((svc, o: Record<string, any>) => {
        const custom: Partial<PlanFigures> = {
          reads: o.reads,
          writes: o.writes,
          memories: o.memories,
          projects: o.projects,
          read_burst: o.readBurst,
          read_rate: o.readRate,
          write_burst: o.writeBurst,
          write_rate: o.writeRate,
        };
        if (!o.plan && Object.values(custom).every((v) => v === undefined))
          throw new ApiError("validation_error", { detail: "Give --plan NAME or at least one custom figure." });
        print(
          svc.setPlan(o.account, o.plan ?? null, custom),
          o.json,
          (v) => `${v.account_id}: ${v.plan}\n${JSON.stringify(v.figures)}`,
        );
      }),
    );

  withDataOptions(admin.command("usage").description("reads, writes and stored memories this month"))
    .requiredOption("--account <id>", "account id")
    .action(
      action((svc, opts: { account: string; json?: boolean }) => {
        print(
          svc.usage(opts.account),
          opts.json,
          (v) => `reads ${v.reads}\nwrites ${v.writes}\nmemories ${v.memories}\nresets at ${v.resets_at}`,
        );
      }),
    );
}
