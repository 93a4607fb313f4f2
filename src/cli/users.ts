// `engram admin user create|link|list`: the dashboard's users. `create` and `link` print a one-time
// link to set the password (valid 24 hours); the link is shown once, as API keys are.
import { type Command, Option } from "commander";
import { localServerUrl, type Config } from "../config.ts";
import { adminAction, withDataOptions } from "./command.ts";
import type { Administration } from "../administration.ts";
import type { DashboardUser, PasswordLink } from "../accounts/users.ts";

/** The server's address as this configuration gives it (the public URL when set). */
const baseUrl = (c: Config) => c.publicUrl?.replace(/\/$/, "") ?? localServerUrl(c);

const action = <A extends unknown[], T>(
  fn: (admin: Administration, config: Config, ...args: A) => T,
  human: (v: T) => string,
) => adminAction("user", fn, human);

interface LinkResult {
  user: DashboardUser;
  link: string;
  expires_at: string;
}

const withLink = (config: Config, r: { user: DashboardUser; link: PasswordLink }): LinkResult => ({
  user: r.user,
  link: `${baseUrl(config)}/dashboard/set-password?token=${r.link.token}`,
  expires_at: r.link.expires_at,
});

const describeLink = (v: LinkResult) =>
  `user ${v.user.id} (${v.user.email}, ${v.user.role})\nset the password at (one-time link, until ${v.expires_at}):\n  ${v.link}`;

export function registerUsers(admin: Command): void {
  const user = admin.command("user").description("dashboard users (admin or member of an account)");
  withDataOptions(
    user.command("create").description("add a dashboard user; prints a one-time link to set the password"),
  )
    .requiredOption("--account <id>", "account id")
    .requiredOption("--email <email>", "the user's email (what they sign in with)")
    .addOption(
      new Option("--role <role>", "admin (may revoke keys, delete projects) or member")
        .choices(["admin", "member"])
        .default("member"),
    )
    .action(
      action(
        (a, config, o: { account: string; email: string; role: string }) =>
          withLink(config, a.users.create({ accountId: o.account, email: o.email, role: o.role })),
        describeLink,
      ),
    );
  withDataOptions(user.command("link").description("a new one-time link to set a user's password (forgotten, expired)"))
    .requiredOption("--email <email>", "the user's email")
    .action(action((a, config, o: { email: string }) => withLink(config, a.users.newLink(o.email)), describeLink));
  withDataOptions(user.command("list").description("an account's dashboard users"))
    .requiredOption("--account <id>", "account id")
    .action(
      action(
        (a, _config, o: { account: string }) => a.users.list(o.account),
        (v: DashboardUser[]) =>
          v
            .map((u) => `${u.id}  ${u.role.padEnd(6)} ${u.email}${u.has_password ? "" : "  (no password yet)"}`)
            .join("\n") || "(no users)",
      ),
    );
}
