/**
 * Waits for a condition that a test expects to become true (a process gone, a request seen by a server). Polls
 * every 50 ms; the cap is generous on purpose — only a real hang should fail a test, never a busy machine (the
 * suite runs beside other work: CONTRIBUTING.md, "Tests"). Resolves to whether the condition held.
 */
export const EVENTUALLY_CAP_MS = 180_000;

export async function eventually(condition: () => boolean): Promise<boolean> {
  const end = Date.now() + EVENTUALLY_CAP_MS;
  while (Date.now() < end) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}
