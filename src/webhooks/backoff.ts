// Webhook delivery settings (config.ts reads them from ENGRAM_WEBHOOK_*) and the retry schedule.

export interface WebhookConfig {
  /** How long an endpoint has to answer one attempt. */
  readonly timeoutMs: number;
  /** The pause after the first failed attempt; it doubles with each failure up to backoffMaxMs (with jitter). */
  readonly backoffBaseMs: number;
  readonly backoffMaxMs: number;
  /** How long after its event a delivery is retried before it is marked failed. */
  readonly retryForMs: number;
}

/** 10 s to answer; retried after ~5 s, ~10 s, ~20 s … up to ~1 h between attempts, for a day. */
export const WEBHOOK_DEFAULTS: WebhookConfig = Object.freeze({
  timeoutMs: 10_000,
  backoffBaseMs: 5_000,
  backoffMaxMs: 3_600_000,
  retryForMs: 86_400_000,
});

/**
 * The pause after `attempts` failed attempts: base·2^(attempts-1), at most the ceiling, of which the
 * second half is random (jitter), so endpoints that come back are not hit by every retry at once.
 */
export function retryDelay(attempts: number, config: WebhookConfig, random: () => number = Math.random): number {
  const ceiling = Math.min(config.backoffBaseMs * 2 ** Math.max(0, attempts - 1), config.backoffMaxMs);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
