// Plans and their figures (docs/api.md: Limits). A custom plan stores its own figures on the account.
export interface PlanFigures {
  reads: number; // per month
  writes: number; // per month
  memories: number; // stored-memory limit
  projects: number | null; // null = unlimited
  read_burst: number;
  read_rate: number; // tokens per second
  write_burst: number;
  write_rate: number;
}

export const PLANS: Record<"free" | "starter" | "growth" | "scale", PlanFigures> = {
  free: {
    reads: 10_000,
    writes: 1_000,
    memories: 500,
    projects: 3,
    read_burst: 10,
    read_rate: 5,
    write_burst: 5,
    write_rate: 5,
  },
  starter: {
    reads: 50_000,
    writes: 5_000,
    memories: 5_000,
    projects: 10,
    read_burst: 100,
    read_rate: 50,
    write_burst: 50,
    write_rate: 25,
  },
  growth: {
    reads: 300_000,
    writes: 30_000,
    memories: 50_000,
    projects: null,
    read_burst: 400,
    read_rate: 200,
    write_burst: 200,
    write_rate: 100,
  },
  scale: {
    reads: 3_000_000,
    writes: 250_000,
    memories: 500_000,
    projects: null,
    read_burst: 2_000,
    read_rate: 1_000,
    write_burst: 1_000,
    write_rate: 500,
  },
};

export type PlanName = keyof typeof PLANS | "custom";

export function isPlanName(name: string): name is keyof typeof PLANS {
  return Object.hasOwn(PLANS, name);
}

export function planFigures(plan: string, custom: string | null): PlanFigures {
  if (plan === "custom" && custom) return JSON.parse(custom) as PlanFigures;
  if (isPlanName(plan)) return PLANS[plan];
  throw new Error(`unknown plan "${plan}"`);
}
