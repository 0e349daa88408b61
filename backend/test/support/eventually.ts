/** Waits (without asserting on time) until `check` holds, looking every 100 ms and giving up after `bound` ms; answers whether it held. */
export async function eventually(check: () => boolean | Promise<boolean>, bound = 15_000): Promise<boolean> {
  const end = Date.now() + bound;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}
